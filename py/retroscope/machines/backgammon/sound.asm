; Backgammon's sound effects on the FDS wavetable channel (our own code).
; SoundInit loads the wave; SoundUpdate runs once a frame: it starts the
; effect asked for in SfxReq (1 dice, 2 move: the frame loop asks for the
; dice after a roll, the game for a move) and steps it, one step every
; `frames` frames: pitch, a gain, then the volume envelope decreasing.
; Data (wave, steps): sounds.inc, made from backgammon/sounds.py.

SfxReq    = $0310               ; the effect to start (0: none)
SfxWait   = $0311               ; frames left in the current step
SfxPtr    = $14                 ; (zero page) the next step; high byte 0: silent
FDS_WAVE  = $4040
FDS_VOL   = $4080
FDS_FREQ_LO = $4082
FDS_FREQ_HI = $4083
FDS_MASTER  = $4089
FDS_ENV     = $408A

        .org $8300
SoundInit:
        LDA #$80
        STA FDS_MASTER          ; open the wave RAM
        LDX #0
@wave:
        LDA SfxWave,X
        STA FDS_WAVE,X
        INX
        CPX #64
        BNE @wave
        LDA #0
        STA FDS_MASTER          ; close it, master volume 2/2
        LDA #FDS_ENV_SPEED
        STA FDS_ENV
SoundOff:
        LDA #$80
        STA FDS_FREQ_HI         ; wave halted
        STA FDS_VOL             ; gain 0
        LDA #0
        STA SfxPtr+1
        RTS

SoundUpdate:
        LDA SfxReq
        BEQ @run
        ASL A
        TAX
        LDA SfxTable-2,X
        STA SfxPtr
        LDA SfxTable-1,X
        STA SfxPtr+1
        LDA #0
        STA SfxReq
        STA SfxWait             ; its first step now
@run:
        LDA SfxPtr+1
        BEQ @done               ; nothing playing
        LDA SfxWait
        BEQ @step
        DEC SfxWait
@done:
        RTS
@step:
        LDY #0
        LDA (SfxPtr),Y          ; frames; 0 ends the effect
        BEQ SoundOff
        SEC
        SBC #1
        STA SfxWait
        INY
        LDA (SfxPtr),Y
        STA FDS_FREQ_LO
        INY
        LDA (SfxPtr),Y
        STA FDS_FREQ_HI         ; bit 7 clear: the wave runs
        INY
        LDA (SfxPtr),Y
        STA FDS_VOL             ; M=1: the gain
        INY
        LDA (SfxPtr),Y
        STA FDS_VOL             ; M=0, D=0: the envelope takes it down from there
        LDA SfxPtr
        CLC
        ADC #5
        STA SfxPtr
        BCC @same
        INC SfxPtr+1
@same:
        RTS

        .include "sounds.inc"
