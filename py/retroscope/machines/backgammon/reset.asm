; Reset: seed capture at $6245 (seed 003), then our own start-up, frame loop
; and NMI. Variables we chose (the article does not say where the game keeps
; them): $20 NMI flag, $0300 mode (0 title, 1 game), $0301 pad buttons.

Counter   = $33                 ; +1 per frame, not cleared before the capture
NmiFlag   = $20
Mode      = $0300
Pad       = $0301
Seed      = $0500
ReadyFlag = $030C               ; 0: GetDiceRoll rolls at the next frame
PPUCTRL   = $2000
PPUMASK   = $2001
PPUSCROLL = $2005
JOY1      = $4016
BUTTON_START = $10

        .org $6245
Reset:
SeedCapture:
        LDX Counter             ; the frame counter survives the reset: our seed
        ; The listing elides $6247-$6251 (11 bytes). Our choice: point ($10)
        ; at page 7 offset 0 and keep NMIs off while RAM is cleared.
        LDY #$07
        STY $11
        LDY #$00
        STY $10
        STY PPUCTRL
        .assert * == $6252, "the clear loop's LDA #0 is at $6252"
        LDA #0
ClearRam:
        .assert * == $6254, "the clear loop is at $6254"
        STA ($10),Y             ; printed "STA $10,Y": no such opcode; the
        DEY                     ; printed addresses fit (zp),Y and DEC $11
        BNE ClearRam            ; walks the pointer's page: $07FF down to $0000
        DEC $11
        BPL ClearRam
        TXA
        BNE SeedKept
        LDX #$5F                ; counter 0 = power-on: sequence 31
SeedKept:
        .assert * == $6262, "the seed store is at $6262"
        STX Seed
        LDX #$FF                ; the stack page was just cleared
        TXS
        JSR InitTable
        JSR SoundInit
        LDA #1
        STA ReadyFlag           ; no roll asked for yet
        LDA #PPUCTRL_NMI
        STA PPUCTRL
        LDA #$1E                ; background and sprites, left column too
        STA PPUMASK

; The frame loop: wait for the NMI, then do this frame's work.
MainLoop:
        LDA NmiFlag
        BEQ MainLoop
        LDA #0
        STA NmiFlag
        JSR SoundUpdate         ; early in the frame: effects keep their beat
        LDA Mode
        BNE InGame
        JSR GetRandomVal        ; title: one number of the sequence per frame
        JSR ReadPad
        AND #BUTTON_START
        BEQ MainLoop
        INC Mode                ; Start clears the title: the dice are fixed now
        JMP MainLoop
InGame:
        LDA ReadyFlag
        PHA
        JSR GetDiceRoll         ; rolls only when ReadyFlag is 0
        PLA
        BNE MainLoop            ; no roll asked for: none made
        LDA #SFX_DICE
        STA SfxReq              ; the dice rattle from the next frame
        JMP MainLoop

PPUCTRL_NMI = $80

; Read pad 1 into A and Pad: A is bit 7, Right bit 0.
ReadPad:
        LDA #1
        STA JOY1
        LDA #0
        STA JOY1
        LDX #8
@bit:
        LDA JOY1
        LSR A
        ROL Pad
        DEX
        BNE @bit
        LDA Pad
        RTS

Nmi:
        PHA
        INC Counter
        LDA #0
        STA PPUSCROLL           ; show nametable 0 unscrolled
        STA PPUSCROLL
        LDA #PPUCTRL_NMI
        STA PPUCTRL
        LDA #1
        STA NmiFlag
        PLA
Irq:
        RTI
