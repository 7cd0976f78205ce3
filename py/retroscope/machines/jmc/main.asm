; The main loop: wait for vertical sync, scan the game's keys, run the command
; the game has posted (the mailbox at Z_command), go round again.
main:
        ldx #$FF
        txs
        lda #0
        sta Z_command
        sta Z_seeding
        sta Z_keys
        sta Z_keys+1
        sta Z_keys_prev
        sta Z_keys_prev+1
        lda Z_bridges           ; as the machine was set up: 2 unless 4
        cmp #4
        beq @four
        lda #2
        sta Z_bridges
@four:  jsr set_palette
        jsr new_game
        lda #$FF
        sta Z_shown_kind        ; nothing drawn yet
@loop:  lda #$13
        jsr OSBYTE              ; wait for vertical sync
        jsr scan_keys
        lda Z_command
        beq @draw
        jsr run_command
        lda #0
        sta Z_command
        lda #1
        sta Z_dirty             ; the boards may have changed: not yet drawn
@draw:  lda Z_dirty             ; what changed: at once when the game says so,
        bne @now                ; and every 8th frame for edits from outside
        lda mos_vsync
        and #7
        bne @loop
@now:   jsr draw_screen
        jmp @loop

; Run command Z_command (1..) with X = Z_arg_x, Y = Z_arg_y, A = Z_arg_a; its A
; comes back in Z_cmd_result.
run_command:
        asl
        tax
        lda T_commands-2,x
        sta Z_tab
        lda T_commands-1,x
        sta Z_tab+1
        ldx Z_arg_x
        ldy Z_arg_y
        lda Z_arg_a
        jsr @go
        sta Z_cmd_result
        rts
@go:    jmp (Z_tab)

T_commands:
        .word mark_moves, resolve_move, check_win, swap_sides, random_setup
        .word prng_seed, place_piece, new_game, load_save, remove_piece

; Scan the keys of T_keys with OSBYTE $81 (negative INKEY); a new press in the
; menu (Z_seeding) seeds the PRNG from the timer.
scan_keys:
        lda Z_keys
        sta Z_keys_prev
        lda Z_keys+1
        sta Z_keys_prev+1
        lda #0
        sta Z_keys
        sta Z_keys+1
        ldx #15
@key:   stx Z_loop
        lda T_keys,x
        tax
        ldy #$FF
        lda #$81
        jsr OSBYTE
        cpx #$FF                ; C = down
        rol Z_keys
        rol Z_keys+1
        ldx Z_loop
        dex
        bpl @key
        lda Z_keys
        eor Z_keys_prev
        and Z_keys
        sta Z_keys_new
        lda Z_keys+1
        eor Z_keys_prev+1
        and Z_keys+1
        sta Z_keys_new+1
        ora Z_keys_new
        beq @done
        lda Z_seeding
        beq @done
        jsr prng_seed
@done:  rts

; The ULA palette: logical 0 black, 1 the bottom player's colour, 2 the top
; player's, 3 yellow, 4 white, 5 green (board), 6 cyan (river), 7 blue-black.
set_palette:
        ldx #15
@pal:   lda T_palette,x
        sta $FE21
        dex
        bpl @pal
        rts

; Logical colours 1 and 2 follow Z_turn (red 1, blue 4 physical).
set_side_colours:
        lda Z_turn
        beq @red
        lda #$10 | (4 ^ 7)
        sta $FE21
        lda #$20 | (1 ^ 7)
        sta $FE21
        rts
@red:   lda #$10 | (1 ^ 7)
        sta $FE21
        lda #$20 | (4 ^ 7)
        sta $FE21
        rts
