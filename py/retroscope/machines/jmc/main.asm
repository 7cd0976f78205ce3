; The main loop, once a frame: wait for vertical sync, scan the game's keys,
; run a command the side panel has posted (the mailbox at Z_command: save,
; load, new game), play the game on (flow.asm), draw what changed (draw.asm).
main:
        ldx #$FF
        txs
        lda #0
        sta Z_command
        sta Z_keys
        sta Z_keys+1
        sta Z_keys_prev
        sta Z_keys_prev+1
        lda Z_bridges           ; as the machine was set up: 2 unless 4
        cmp #4
        beq @four
        lda #2
        sta Z_bridges
@four:  sta Z_opt_bridges
        jsr install_irq
        jsr set_palette
        jsr new_game
        lda #$FF
        sta Z_selected
        sta Z_last_a
        sta Z_last_b
        lda Z_link              ; a link with a seed: its random setup at once
        beq @menu
        lda #0
        sta Z_link
        lda #1
        sta Z_random
        jsr start_game
@menu:
        lda #$FF
        sta Z_shown_kind        ; nothing drawn yet
        lda #1
        sta Z_dirty
@loop:  lda #1                  ; all of this frame's work done: the computer's
        sta Z_waiting           ; hands may look at the board (hands.py)
        lda #$13
        jsr OSBYTE              ; wait for vertical sync
        lda #0
        sta Z_waiting
        lda Z_command           ; the side panel's save, load and new game
        beq @draw
        jsr run_command
        ldx Z_command
        lda #0
        sta Z_command
        lda Z_cmd_result
        jsr after_command
        lda #1
        sta Z_dirty             ; the boards may have changed: not yet drawn
@draw:  jsr flow_frame          ; the keys and the pointer: the game goes on
        lda Z_dirty            ; what changed: at once when the game says so,
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
        .word prng_seed, place_piece, cmd_new_game, load_save, remove_piece

cmd_new_game:                   ; command 8: the menu (after_command)
        jmp new_game

; game_irq (IRQ1V): at each vertical sync, scan the keys of T_keys, then
; the MOS's own handler. Presses wait in the key buffer until flow_frame takes
; them, so a key pressed while the game is busy drawing is not lost.
game_irq:
        lda $FE4D               ; the system VIA's IFR: CA1 = vertical sync
        and #$02
        beq @mos
        txa
        pha
        tya
        pha
        jsr scan_keys
        pla
        tay
        pla
        tax
@mos:   jmp (Z_irq_mos)

install_irq:
        sei
        lda IRQ1V
        sta Z_irq_mos
        lda IRQ1V+1
        sta Z_irq_mos+1
        lda #<game_irq
        sta IRQ1V
        lda #>game_irq
        sta IRQ1V+1
        cli
        rts

; scan_keys: each key of T_keys with OSBYTE $81 (negative INKEY); each new
; press goes into the key buffer (V_keybuf, 16 presses, as the MOS keeps one)
; as its number in T_keys.
scan_keys:
        lda Z_keys
        sta Z_keys_prev
        lda Z_keys+1
        sta Z_keys_prev+1
        lda #0
        sta Z_keys
        sta Z_keys+1
        ldx #15
@key:   stx Z_scan
        lda T_keys,x
        tax
        ldy #$FF
        lda #$81
        jsr OSBYTE
        cpx #$FF                ; C = down
        rol Z_keys
        rol Z_keys+1
        ldx Z_scan
        dex
        bpl @key
        lda Z_keys_prev
        eor #$FF
        and Z_keys
        sta Z_keys_new
        lda Z_keys_prev+1
        eor #$FF
        and Z_keys+1
        sta Z_keys_new+1
        ldx #0                  ; each new press, in key order, into the buffer
@press: lsr Z_keys_new+1
        ror Z_keys_new
        bcc @next
        ldy Z_kb_head
        txa
        sta V_keybuf,y
        iny
        tya
        and #15
        cmp Z_kb_tail
        beq @next               ; the buffer is full: the press is dropped
        sta Z_kb_head
@next:  inx
        cpx #16
        bne @press
        rts

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
; side_colours: the same for A (bit 0) the colour at the bottom.
side_colours:
        and #1
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
