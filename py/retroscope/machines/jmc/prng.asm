; Brad Smith's 32-bit LFSR PRNG for the 6502, the smallest version, as he
; publishes it (our code, his algorithm): seed is the register, little
; endian; each call shifts it left 8 times, EORing $C5 into the low byte
; whenever a 1 is shifted out of the top; A = the new low byte (~200 cycles).
galois32:
        ldy #8
        lda seed+0
@shift: asl
        rol seed+1
        rol seed+2
        rol seed+3
        bcc @no
        eor #$C5
@no:    dey
        bne @shift
        sta seed+0
        cmp #0
        rts

; prng_seed (command 6, and every key press in the menu): read the MOS
; centisecond clock with OSWORD $01, count how often we can read it again
; before it changes, and EOR its two low bytes and that count into the
; register, each followed by a run of the generator. A register left all zero
; (which would only ever give zeros) becomes 1.
prng_seed:
        lda #$01
        ldx #<Z_clock
        ldy #>Z_clock
        jsr OSWORD
        lda Z_clock
        sta Z_tmp
        lda Z_clock+1
        sta Z_count
        lda #0
        sta Z_spin
@spin:  inc Z_spin
        beq @sampled            ; 256 reads without a tick: enough
        lda #$01
        ldx #<Z_clock
        ldy #>Z_clock
        jsr OSWORD
        lda Z_clock
        cmp Z_tmp
        beq @spin
@sampled:
        lda Z_tmp
        jsr @mix
        lda Z_count
        jsr @mix
        lda Z_spin
        jsr @mix
        lda seed
        ora seed+1
        ora seed+2
        ora seed+3
        bne @ok
        inc seed
@ok:    rts
@mix:   eor seed
        sta seed
        jmp galois32
