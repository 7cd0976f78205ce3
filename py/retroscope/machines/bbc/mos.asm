; Retroscope's stand-in for the few MOS calls a game uses: our own code, written
; from the documented entry points and behaviour (BBC Micro Advanced User Guide),
; not Acorn's ROM. It lives at $C000-$FFFF where the MOS ROM sits.
;
;   OSFIND $FFCE, OSGBPB $FFD1   open/close and block transfer: handed to the
;                                host filing system at $FC00 (see bbc/hostfs.py)
;   OSWORD $FFF1  A=$01          read the centisecond clock into (X,Y) 5 bytes
;                 A=$07          SOUND: (X,Y) = channel, amplitude, pitch,
;                                duration (16 bits each); queued, 4 notes a
;                                channel, played by the 100 Hz interrupt
;   OSBYTE $FFF4  A=$13          wait for vertical sync
;                 A=$81, Y=$FF   scan one key: X = negative INKEY number;
;                                X=Y=$FF when pressed, else 0
; The IRQ handler counts the system VIA's T1 (10 ms) into the clock, plays
; the SOUND queues on that beat, and counts CA1 (vertical sync) into mos_vsync.
; SOUND as the User Guide has it, less the envelopes: channel 0 is the noise
; (pitch 0-7: its control bits), 1-3 the tones; amplitude -15 (loudest) to
; 0 (an envelope number 1-4 plays at -15); pitch in quarter semitones (53 =
; middle C); duration in 20ths of a second (at most 51: 2.55 s). A full
; queue drops the note (the MOS would wait). The chip is written as the AUG
; says: the byte on port A, then addressable-latch bit 0 low and high again.

mos_clock       = $0292         ; 5 bytes, least significant first
mos_vsync       = $0290
mos_snd_tmp     = $02F0
mos_snd_tmp2    = $02F1
mos_snd_chan    = $02F2
mos_irq_a       = $FC           ; where the MOS keeps A during an IRQ
mos_snd_left    = $02A0         ; 4: centiseconds left of each channel's note
mos_snd_count   = $02A4         ; 4: notes queued
mos_snd_head    = $02A8         ; 4: the first queued note (0-3)
mos_snd_on      = $02AC         ; 4: the channel sounds (silence it at the end)
mos_snd_queue   = $02B0         ; 4 channels x 4 notes x 4 bytes: latch, data,
                                ;   volume byte, centiseconds
IRQ1V           = $0204
BRKV            = $0202
SYSVIA_ORB      = $FE40
SYSVIA_DDRB     = $FE42
SYSVIA_DDRA     = $FE43
SYSVIA_T1CL     = $FE44
SYSVIA_T1CH     = $FE45
SYSVIA_T1LL     = $FE46
SYSVIA_T1LH     = $FE47
SYSVIA_ACR      = $FE4B
SYSVIA_IFR      = $FE4D
SYSVIA_IER      = $FE4E
SYSVIA_ORA_NH   = $FE4F
HOSTFS_CMD      = $FC00         ; write a command: the host does it at once
HOSTFS_A        = $FC01
HOSTFS_X        = $FC02
HOSTFS_Y        = $FC03

        .org $C000
mos_reset:
        sei
        cld
        ldx #$FF
        txs
        lda #$7F
        sta SYSVIA_IER          ; all VIA interrupts off
        sta SYSVIA_IFR
        lda #$0F
        sta SYSVIA_DDRB         ; PB0-3 drive the addressable latch
        lda #$7F
        sta SYSVIA_DDRA         ; PA0-6 key number out, PA7 key state in
        lda #$0B
        sta SYSVIA_ORB          ; latch bit 3 high: keyboard auto-scan
        lda #0
        ldx #4
@clk:   sta mos_clock,x
        dex
        bpl @clk
        sta mos_vsync
        ldx #15
@snd:   sta mos_snd_left,x      ; the sound queues empty
        dex
        bpl @snd
        ldx #3
@quiet: lda mos_silence,x       ; and the chip silent
        jsr mos_snd_write
        dex
        bpl @quiet
        lda #<mos_irq_default
        sta IRQ1V
        lda #>mos_irq_default
        sta IRQ1V+1
        lda #<mos_brk_default
        sta BRKV
        lda #>mos_brk_default
        sta BRKV+1
        lda #$40
        sta SYSVIA_ACR          ; T1 free-running
        lda #<9998              ; 10 ms at the VIA's 1 MHz (latch + 2)
        sta SYSVIA_T1LL
        sta SYSVIA_T1CL
        lda #>9998
        sta SYSVIA_T1LH
        sta SYSVIA_T1CH
        lda #$C2
        sta SYSVIA_IER          ; enable T1 and CA1 (vertical sync)
        cli
        jmp LANGUAGE_ENTRY      ; the game (it defines LANGUAGE_ENTRY before this file)

mos_irq:
        sta mos_irq_a
        pla                     ; P as pushed: BRK or IRQ?
        pha
        and #$10
        bne @brk
        jmp (IRQ1V)
@brk:   lda mos_irq_a
        jmp (BRKV)

mos_irq_default:
        txa
        pha
        lda SYSVIA_IFR
        and #$40
        beq @notT1
        sta SYSVIA_IFR          ; acknowledge T1
        ldx #$FF
@inc:   inx
        inc mos_clock,x
        bne @t1done
        cpx #4
        bne @inc
@t1done:
        tya
        pha
        jsr mos_snd_tick
        pla
        tay
@notT1: lda SYSVIA_IFR
        and #$02
        beq @done
        sta SYSVIA_IFR          ; acknowledge CA1
        inc mos_vsync
@done:  pla
        tax
        lda mos_irq_a
        rti

mos_brk_default:
        jmp mos_brk_default     ; a break with no handler: hang, as the article's loader does

; OSWORD: A=1 (read the clock) and A=7 (SOUND).
mos_osword:
        cmp #$07
        bne @not7
        jmp mos_sound
@not7:  cmp #$01
        bne @out
        php
        sei
        stx $FA
        sty $FB
        ldy #4
@copy:  lda mos_clock,y
        sta ($FA),y
        dey
        bpl @copy
        ldx $FA
        ldy $FB
        lda #$01
        plp
@out:   rts

; OSBYTE: A=$13 wait for vsync, A=$81 with Y=$FF scan a key.
mos_osbyte:
        cmp #$13
        bne @not13
        lda mos_vsync
@wait:  cmp mos_vsync
        beq @wait
        lda #$13
        rts
@not13: cmp #$81
        bne @out
        cpy #$FF
        bne @out
        php
        sei
        lda #$03                ; latch bit 3 low: read keys ourselves
        sta SYSVIA_ORB
        txa
        eor #$FF                ; INKEY -n scans internal key n-1
        sta SYSVIA_ORA_NH
        lda SYSVIA_ORA_NH       ; PA7 = the key is down
        tax
        lda #$0B
        sta SYSVIA_ORB          ; back to auto-scan
        txa
        ldx #0
        asl
        bcc @up
        dex
@up:    txa
        tay
        lda #$81
        plp
@out:   rts

; OSFIND and OSGBPB: the registers go to the host filing system, which
; reads or writes the control block in our memory and leaves A (and C) here.
mos_osfind:
        pha
        lda #1
        bne mos_hostfs
mos_osgbpb:
        pha
        lda #2
mos_hostfs:
        stx HOSTFS_X
        sty HOSTFS_Y
        sta HOSTFS_CMD + 4      ; which call
        pla
        sta HOSTFS_A
        sta HOSTFS_CMD          ; go: A comes back in HOSTFS_A, C in bit 0 of +5
        lda HOSTFS_CMD + 5
        lsr                     ; C = error / end of file
        lda HOSTFS_A
        rts

; SOUND (OSWORD 7): queue the note in (X,Y)'s block. X, Y kept.
mos_sound:
        php
        sei
        stx $FA
        sty $FB
        ldy #0
        lda ($FA),y
        and #3
        tax                     ; X: the channel
        lda mos_snd_count,x
        cmp #4
        bcc @room
        jmp @full
@room:  adc mos_snd_head,x      ; the free slot: (head + count) & 3
        and #3
        sta mos_snd_tmp
        txa
        asl
        asl
        ora mos_snd_tmp
        asl
        asl
        tay                     ; Y: the slot's offset in mos_snd_queue
        sty mos_snd_tmp
        lda mos_chan_bits,x     ; the channel bits of the chip's bytes
        sta mos_snd_chan
        ldy #4
        lda ($FA),y             ; pitch
        cpx #0
        bne @tone
        and #7                  ; the noise: its control bits
        ora #$80
        ora mos_snd_chan
        ldy mos_snd_tmp
        sta mos_snd_queue,y
        lda #0                  ; (no data byte: 0 marks none)
        beq @data
@tone:  tay
        lda mos_pitch_lo,y
        ora #$80
        ora mos_snd_chan
        pha
        lda mos_pitch_hi,y
        ldy mos_snd_tmp
        sta mos_snd_queue+1,y
        pla
        sta mos_snd_queue,y
        jmp @amp
@data:  sta mos_snd_queue+1,y
@amp:   ldy #3
        lda ($FA),y             ; amplitude's high byte: negative = a level
        bmi @level
        dey
        lda ($FA),y             ; 0: silence; 1-4: an envelope, at the loudest
        beq @mute
        lda #0
        beq @vol
@mute:  lda #15
        bne @vol
@level: dey
        lda ($FA),y
        clc
        adc #15                 ; -15..0 -> attenuation 0..15
        and #15
@vol:   ora #$90
        ora mos_snd_chan
        ldy mos_snd_tmp
        sta mos_snd_queue+2,y
        ldy #6
        lda ($FA),y             ; duration, 20ths of a second
        cmp #52
        bcc @dur
        lda #51
@dur:   sta mos_snd_tmp2
        asl
        asl
        adc mos_snd_tmp2        ; x 5: centiseconds
        bne @some
        lda #1
@some:  ldy mos_snd_tmp
        sta mos_snd_queue+3,y
        inc mos_snd_count,x
@full:  ldx $FA
        ldy $FB
        lda #$07
        plp
        rts

; The 100 Hz beat: each channel's note counts down; the next queued note
; starts as one ends, and a channel with nothing left falls silent.
mos_snd_tick:
        ldx #3
@chan:  lda mos_snd_left,x
        beq @next
        dec mos_snd_left,x
        bne @skip
@next:  lda mos_snd_count,x
        beq @quiet
        dec mos_snd_count,x
        txa                     ; Y: the head slot's offset
        asl
        asl
        ora mos_snd_head,x
        asl
        asl
        tay
        lda mos_snd_head,x
        clc
        adc #1
        and #3
        sta mos_snd_head,x
        lda mos_snd_queue,y
        jsr mos_snd_write
        lda mos_snd_queue+1,y
        beq @nodata
        jsr mos_snd_write
@nodata:
        lda mos_snd_queue+2,y
        jsr mos_snd_write
        lda mos_snd_queue+3,y
        sta mos_snd_left,x
        lda #1
        sta mos_snd_on,x
        bne @skip
@quiet: lda mos_snd_on,x
        beq @skip
        lda #0
        sta mos_snd_on,x
        lda mos_silence,x
        jsr mos_snd_write
@skip:  dex
        bpl @chan
        rts

; A byte to the SN76489 on the slow data bus (interrupts off): port A out,
; then the sound chip's write enable (latch bit 0) low for a while, high.
mos_snd_write:
        pha
        lda #$FF
        sta SYSVIA_DDRA
        pla
        sta SYSVIA_ORA_NH
        lda #$00                ; latch bit 0 := 0: write enable
        sta SYSVIA_ORB
        nop                     ; the chip needs its 8 us
        nop
        nop
        nop
        lda #$08                ; latch bit 0 := 1
        sta SYSVIA_ORB
        lda #$7F
        sta SYSVIA_DDRA         ; PA7 back to the keyboard
        rts

mos_silence:                    ; attenuation 15 by MOS channel (0 = noise)
        .byte $FF, $DF, $BF, $9F
mos_chan_bits:                  ; MOS channel n is the chip's channel 3 - n
        .byte $60, $40, $20, $00

        .include "mos_pitch.inc"

mos_nmi:
        rti

        .org $FFCE
OSFIND: jmp mos_osfind
OSGBPB: jmp mos_osgbpb
        .org $FFEE
OSWRCH: rts
        .org $FFF1
OSWORD: jmp mos_osword
OSBYTE: jmp mos_osbyte
        .org $FFF7
        .byte $00, $00, $00
        .word mos_nmi
        .word mos_reset
        .word mos_irq
