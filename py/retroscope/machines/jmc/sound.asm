; Our sound for JMC, through the MOS's SOUND (OSWORD 7): a tick for a move,
; a clash for a fight (by who won), a jingle for the end of the game (a win,
; or against the computer its win: a lament). The MOS queues the notes and
; plays them on its 100 Hz interrupt, so the game only hands them over.
; A block is the 8 bytes of OSWORD 7: channel, amplitude, pitch, duration
; (16 bits each; amplitude -15 loudest; pitch 53 middle C, 4 a semitone;
; duration in 20ths of a second); a list ends with $FF.

Z_snd           = $BC   ; 2 bytes: the block play_sounds is at

; After resolve_move: the sound of Z_result. A, X and Y are kept.
sound_fight:
        pha
        txa
        pha
        tya
        pha
        lda Z_result
        ldx #<T_snd_move
        ldy #>T_snd_move
        cmp #$FF
        beq @play
        ldx #<T_snd_won
        ldy #>T_snd_won
        cmp #0
        beq @play
        ldx #<T_snd_lost
        ldy #>T_snd_lost
        cmp #1
        beq @play
        ldx #<T_snd_both
        ldy #>T_snd_both
@play:  jsr play_sounds
        jmp sound_pop

; After check_win found a winner: A = 1 the bottom player won, 2 the top one.
; Against the computer (which plays blue) its win is the lament. A, X, Y kept.
sound_result:
        pha
        txa
        pha
        tya
        pha
        tsx
        lda $0103,x             ; A as it came
        ldx Z_mode
        cpx #1
        bne @win                ; hot-seat: every win is a win
        lsr                     ; the winner's colour: Z_turn if the bottom won (1),
        and #1                  ; the other if the top did (2)
        eor Z_turn
        bne @lose               ; blue (the computer) won
@win:   ldx #<T_snd_win
        ldy #>T_snd_win
        bne @play
@lose:  ldx #<T_snd_lose
        ldy #>T_snd_lose
@play:  jsr play_sounds
sound_pop:
        pla
        tay
        pla
        tax
        pla
        rts

; Hand the blocks at (X,Y) to OSWORD 7 until the $FF.
play_sounds:
        stx Z_snd
        sty Z_snd+1
@next:  ldy #0
        lda (Z_snd),y
        cmp #$FF
        beq @done
        ldx Z_snd
        ldy Z_snd+1
        lda #7
        jsr OSWORD
        lda Z_snd
        clc
        adc #8
        sta Z_snd
        bcc @next
        inc Z_snd+1
        bne @next
@done:  rts

T_snd_move:                     ; a light tick
        .word 1, -9, 137, 1
        .byte $FF
T_snd_won:                      ; a clash, then a rising pair
        .word 0, -12, 6, 2
        .word 1, -12, 101, 2
        .word 1, -12, 121, 3
        .byte $FF
T_snd_lost:                     ; a clash, then a falling pair
        .word 0, -12, 6, 2
        .word 1, -12, 121, 2
        .word 1, -12, 89, 3
        .byte $FF
T_snd_both:                     ; a long crash and a low note
        .word 0, -15, 4, 5
        .word 1, -10, 41, 5
        .byte $FF
T_snd_win:                      ; C E G C over C G C
        .word 1, -13, 101, 3
        .word 1, -13, 117, 3
        .word 1, -13, 129, 3
        .word 1, -13, 149, 8
        .word 2, -10, 53, 6
        .word 2, -10, 81, 3
        .word 2, -10, 101, 8
        .byte $FF
T_snd_lose:                     ; G F Eb C over a low C
        .word 1, -12, 81, 4
        .word 1, -12, 73, 4
        .word 1, -12, 65, 4
        .word 1, -12, 53, 10
        .word 2, -10, 5, 22
        .byte $FF
