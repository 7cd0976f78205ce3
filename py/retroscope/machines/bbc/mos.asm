; Retroscope's stand-in for the few MOS calls a game uses: our own code, written
; from the documented entry points and behaviour (BBC Micro Advanced User Guide),
; not Acorn's ROM. It lives at $C000-$FFFF where the MOS ROM sits.
;
;   OSFIND $FFCE, OSGBPB $FFD1   open/close and block transfer: handed to the
;                                host filing system at $FC00 (see bbc/hostfs.py)
;   OSWORD $FFF1  A=$01          read the centisecond clock into (X,Y) 5 bytes
;   OSBYTE $FFF4  A=$13          wait for vertical sync
;                 A=$81, Y=$FF   scan one key: X = negative INKEY number;
;                                X=Y=$FF when pressed, else 0
; The IRQ handler counts the system VIA's T1 (10 ms) into the clock and CA1
; (vertical sync) into mos_vsync.

mos_clock       = $0292         ; 5 bytes, least significant first
mos_vsync       = $0290
mos_irq_a       = $FC           ; where the MOS keeps A during an IRQ
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

; OSWORD: only A=1 (read the clock).
mos_osword:
        cmp #$01
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
