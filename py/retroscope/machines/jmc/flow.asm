; The game's flow: the menu, the setup, the turns with the interstitial, move
; input from the keys and the pointer, fights, the end and its reveal, and
; what the computer infers. flow_frame runs once a frame from the main loop,
; after the key scan; it changes the UI's variables and the message line and
; sets Z_dirty, and draw_screen shows them.
;
; Keys (Z_keys_new, the order of program.GAME_KEYS): low byte Left Right Up
; Down Space P Return S, high byte E F1 R B D H C Escape.
K_LEFT = $01
K_RIGHT = $02
K_UP = $04
K_DOWN = $08
K_SPACE = $10
K_P = $20
K_RETURN = $40
K_S = $80
K_E = $01                       ; (high byte)
K_F1 = $02
K_R = $04
K_B = $08
K_D = $10
K_H = $20
K_C = $40
K_ESCAPE = $80

PH_MENU = 0
PH_SETUP = 1
PH_PASS = 2
PH_PLAY = 3
PH_OVER = 4
PH_COMPUTER = 5
MODE_HOTSEAT = 0
MODE_COMPUTER = 1
MODE_DEBUG = 2

; the pointer: our stand-in for a mouse, in FRED beside the filing system
; (bbc/pointer.py): x in MODE 2 pixels, y, and a latch set by a click
POINTER_X = $FC10
POINTER_Y = $FC11
POINTER_CLICK = $FC12

; flow_frame: the keys pressed since the last frame, then a click.
flow_frame:
        lda Z_phase
        cmp #6
        bcc @known
        lda #PH_PLAY            ; an edited phase: play on
        sta Z_phase
@known: ldy Z_kb_tail            ; each press game_irq put in the buffer
        cpy Z_kb_head
        beq @click
        lda V_keybuf,y
        iny
        tya
        and #15
        sta Z_kb_tail
        lda V_keybuf-1,y        ; (Y is the old tail + 1)
        and #15
        tax
        lda #0
        sta Z_fk
        sta Z_fk2
        lda T_bits,x            ; its bit, as in Z_keys
        cpx #8
        bcs @high
        sta Z_fk
        bcc @seed
@high:  lda T_bits-8,x
        sta Z_fk2
@seed:  lda Z_phase             ; a key press in the menu seeds the PRNG
        bne @keys               ; from the timer
        jsr prng_seed
@keys:  jsr on_keys
        jmp @known
@click: lda POINTER_CLICK
        beq @done
        lda #0
        sta POINTER_CLICK       ; taken
        lda POINTER_X
        sta Z_click_x
        lda POINTER_Y
        sta Z_click_y
        jmp on_click
@done:  rts

; on_keys: Z_fk/Z_fk2 by phase.
on_keys:
        lda #1
        sta Z_dirty
        lda Z_phase
        asl
        tax
        lda T_phase_keys,x
        sta Z_tab
        lda T_phase_keys+1,x
        sta Z_tab+1
        jmp (Z_tab)

T_phase_keys:
        .word keys_menu, keys_setup, keys_pass, keys_play, keys_over, keys_play

; -- the menu --------------------------------------------------------------------

keys_menu:
        lda Z_fk2
        and #K_H
        beq @c
        lda #MODE_HOTSEAT
        sta Z_mode
@c:     lda Z_fk2
        and #K_C
        beq @d
        lda #MODE_COMPUTER
        sta Z_mode
@d:     lda Z_fk2
        and #K_D
        beq @r
        lda #MODE_DEBUG
        sta Z_mode
@r:     lda Z_fk2
        and #K_R
        beq @b
        lda Z_random
        eor #1
        and #1
        sta Z_random
@b:     lda Z_fk2
        and #K_B
        beq @go
        ldx #4
        lda Z_opt_bridges
        cmp #2
        beq @set
        ldx #2
@set:   stx Z_opt_bridges
@go:    lda Z_fk
        and #K_RETURN | K_SPACE
        beq @out
        jmp start_game
@out:   rts

; start_game: a new game as the menu has it.
start_game:
        lda Z_opt_bridges
        cmp #4
        beq @b
        lda #2
@b:     sta Z_bridges
        lda Z_mode
        cmp #3
        bcc @m
        lda #MODE_HOTSEAT
        sta Z_mode
@m:     lda #0
        sta Z_set_up
        sta Z_moved
        sta Z_after_pass
        sta Z_tray
        sta Z_focus
        sta Z_cur_x
        lda #7
        sta Z_cur_y
        lda #$FF
        sta Z_selected
        sta Z_last_a
        sta Z_last_b
        sta Z_fight
        jsr new_game            ; (Z_turn, Z_winner, Z_moves to 0)
        jsr forget_all
        lda Z_random
        beq @manual
        jsr random_setup        ; both sides: straight into play
        lda #3
        sta Z_set_up
        jmp enter_play
@manual:
        lda Z_mode
        cmp #MODE_COMPUTER
        bne @setup
        lda #0
        jsr random_setup_sides  ; the computer's army, at random
@setup: ldx #3
        lda #0
@noseed:
        sta Z_setup_seed,x      ; set up by hand: no link sets it up again
        dex
        bpl @noseed
        jmp to_setup

; forget_all: the computer knows nothing of the other side's pieces yet.
forget_all:
        ldx #47
        lda #$FF
@id:    sta V_know_lo,x
        sta V_know_hi,x
        dex
        bpl @id
        rts

; to_setup: the bottom player sets up.
to_setup:
        lda #PH_SETUP
        sta Z_phase
        lda #0
        sta Z_focus
        sta Z_cur_x
        lda #7
        sta Z_cur_y
        jsr msg_start
        lda Z_turn
        jsr msg_colour
        ldx #<S_set_up
        ldy #>S_set_up
        jmp msg_add

; -- the setup -------------------------------------------------------------------

keys_setup:
        lda Z_fk
        and #K_S | K_RETURN
        beq @move
        lda Z_focus
        eor #1
        and #1
        sta Z_focus
@move:  lda Z_focus
        bne @tray
        lda #4
        jsr move_cursor
        jmp @place
@tray:  lda Z_fk
        and #K_UP
        beq @down
        dec Z_tray
@down:  lda Z_fk
        and #K_DOWN
        beq @left
        inc Z_tray
@left:  lda Z_fk
        and #K_LEFT | K_RIGHT
        beq @wrap
        lda Z_tray
        eor #8                  ; the other column of the tray (+8 or -8)
        sta Z_tray
@wrap:  lda Z_tray
        and #15
        sta Z_tray
@place: lda Z_fk
        and #K_P | K_SPACE
        beq @random
        jsr cursor_pos
        jsr place_from_tray
@random:
        lda Z_fk2
        and #K_R
        beq @end
        lda #4
        jsr random_setup_sides  ; the bottom side at random
        jsr msg_start
        ldx #<S_random_mine
        ldy #>S_random_mine
        jsr msg_add
@end:   lda Z_fk2
        and #K_E | K_F1
        beq @out
        jsr pieces_left
        beq @done
        ldx Z_mode
        cpx #MODE_DEBUG
        beq @done               ; debug mode: a setup may be short
        pha
        jsr msg_start
        ldx #<S_place_all
        ldy #>S_place_all
        jsr msg_add
        pla
        jsr msg_num
        ldx #<S_left_close
        ldy #>S_left_close
        jmp msg_add
@done:  jmp end_setup
@out:   rts

; place_from_tray: A = position: the tray's type there (place_piece), and
; the message; the tray moves on when its type runs out.
place_from_tray:
        tax
        lda Z_tray
        and #15
        jsr place_piece
        bcc @placed
        jsr msg_start
        ldx #<S_cannot
        ldy #>S_cannot
        jsr msg_add
        lda Z_tray
        and #15
        asl
        tax
        lda T_names+1,x
        tay
        lda T_names,x
        tax
        jsr msg_add
        ldx #<S_there
        ldy #>S_there
        jmp msg_add
@placed:
        jsr msg_start
        jsr pieces_left
        pha
        jsr msg_num
        ldx #<S_pieces_left
        ldy #>S_pieces_left
        jsr msg_add
        pla
        beq @out                ; none left anywhere
        ldx Z_tray
        lda V_piece_quantities,x
        bne @out
        ldy #16
@next:  inx                     ; the next type that has some left
        txa
        and #15
        tax
        lda V_piece_quantities,x
        bne @found
        dey
        bne @next
        rts
@found: stx Z_tray
@out:   rts

; pieces_left: A = the pieces still in the tray (Z set when none).
pieces_left:
        ldx #15
        lda #0
        clc
@sum:   adc V_piece_quantities,x
        dex
        bpl @sum
        cmp #0
        rts

; end_setup: this side is ready; the other sets up, or play begins.
end_setup:
        ldx Z_turn
        lda T_bit,x
        ora Z_set_up
        sta Z_set_up
        cmp #3
        bne @other
        jmp begin_turn_change
@other: lda Z_mode
        cmp #MODE_COMPUTER
        bne @pass
        lda #3
        sta Z_set_up
        jmp enter_play
@pass:  lda #1
        sta Z_after_pass        ; after the interstitial: the other side's setup
        jmp to_pass

T_bit:  .byte 1, 2

; to_pass: the interstitial before the other side's turn (none in debug mode).
to_pass:
        lda Z_mode
        cmp #MODE_DEBUG
        bne @screen
        jsr swap_sides
        jmp after_swap
@screen:
        lda #PH_PASS
        sta Z_phase
        jsr msg_start
        ldx #<S_pass_to
        ldy #>S_pass_to
        jsr msg_add
        lda Z_turn
        eor #1
        jmp msg_colour

keys_pass:
        lda Z_fk
        and #K_RETURN | K_SPACE
        bne @go
        lda Z_fk2
        and #K_E | K_F1
        beq @out
@go:    jsr swap_sides
        jmp after_swap
@out:   rts

after_swap:
        lda Z_after_pass
        beq enter_play
        jmp to_setup

; begin_turn_change: after a turn (or both setups), over to the other side.
begin_turn_change:
        lda #0
        sta Z_after_pass
        sta Z_moved
        lda #$FF
        sta Z_selected
        lda Z_mode
        cmp #MODE_COMPUTER
        beq @computer
        jmp to_pass
@computer:
        lda #PH_COMPUTER
        sta Z_phase
        lda #$FF
        sta Z_fight
        jsr msg_start
        ldx #<S_thinking
        ldy #>S_thinking
        jsr msg_add
        jmp swap_sides          ; the computer at the bottom, as every player is

enter_play:
        lda #PH_PLAY
        sta Z_phase
        lda #0
        sta Z_moved
        lda #$FF
        sta Z_selected
        jsr clear_marks
        jsr msg_start
        lda Z_turn
        jsr msg_colour
        ldx #<S_to_move
        ldy #>S_to_move
        jmp msg_add

; -- play ------------------------------------------------------------------------

; keys_play: the player's turn, and the computer's (its keys come the same way).
keys_play:
        lda #0
        jsr move_cursor
        lda Z_fk
        and #K_P | K_SPACE | K_RETURN
        beq @end
        jsr cursor_pos
        jsr choose
@end:   lda Z_fk2
        and #K_E | K_F1
        beq @out
        lda Z_phase
        cmp #PH_COMPUTER
        beq @done               ; the computer ends its turn when it has moved
        lda Z_moved
        bne @done
        lda Z_mode
        cmp #MODE_DEBUG
        beq @done
        jsr msg_start
        ldx #<S_move_first
        ldy #>S_move_first
        jmp msg_add
@done:  jsr clear_marks
        lda Z_phase
        cmp #PH_COMPUTER
        beq computer_done
        jmp begin_turn_change
@out:   rts

; computer_done: back to the player, who is told of the computer's fight.
computer_done:
        jsr swap_sides
        lda Z_fight             ; (still the computer's phase: its texts)
        jsr fight_text
        php
        txa
        pha
        tya
        pha
        jsr enter_play
        pla
        tay
        pla
        tax
        plp
        beq @out
        jsr msg_start
        jsr msg_add
        ldx #<S_dash
        ldy #>S_dash
        jsr msg_add
        lda Z_turn
        jsr msg_colour
        ldx #<S_to_move
        ldy #>S_to_move
        jmp msg_add
@out:   rts

; choose: A = position: pick one of our pieces, or move the picked one there.
choose:
        sta Z_fp
        tax
        lda V_board_pieces,x
        bmi @notmine
        and #4
        beq @notmine
        lda Z_moved
        beq @pick
        lda Z_mode
        cmp #MODE_DEBUG
        bne @notmine
@pick:  lda Z_fp
        cmp Z_selected
        bne @select
        lda #$FF                ; chosen again: put it down
        sta Z_selected
        jmp clear_marks
@select:
        sta Z_selected
        tax
        jsr mark_moves
        bne @out
        jsr msg_start
        ldx #<S_cannot_move
        ldy #>S_cannot_move
        jmp msg_add
@notmine:
        lda Z_selected
        cmp #$FF
        bne @move
        jsr msg_start
        ldx #<S_choose
        ldy #>S_choose
        lda Z_moved
        beq @say
        ldx #<S_have_moved
        ldy #>S_have_moved
@say:   jmp msg_add
@move:  ldx Z_fp
        lda V_board_marks,x
        bne @legal
        lda Z_mode              ; debug mode: anywhere but our own pieces
        cmp #MODE_DEBUG
        bne @illegal
        lda Z_fp
        cmp Z_selected
        beq @illegal
        lda V_board_pieces,x
        bmi @legal
        and #4
        beq @legal
@illegal:
        jsr msg_start
        ldx #<S_not_legal
        ldy #>S_not_legal
        jmp msg_add
@legal: ldx Z_selected
        ldy Z_fp
        jsr resolve_move
        jmp after_move
@out:   rts

; after_move: the move is made (Z_last_from/to, Z_result): what the other
; side learns, the message, and whether somebody has won.
after_move:
        lda Z_last_from
        jsr red_frame
        sta Z_last_a
        lda Z_last_to
        jsr red_frame
        sta Z_last_b
        lda Z_mode
        cmp #MODE_COMPUTER
        bne @learnt
        jsr learn
@learnt:
        lda #1
        sta Z_moved
        lda #$FF
        sta Z_selected
        inc Z_moves
        lda Z_result
        sta Z_fight
        jsr clear_marks
        jsr msg_start
        lda Z_result
        jsr fight_text
        beq @nofight
        jsr msg_add
        ldx #<S_colon_sp
        ldy #>S_colon_sp
        jsr msg_add
@nofight:
        lda Z_phase
        cmp #PH_COMPUTER
        beq @won
        ldx #<S_e_ends
        ldy #>S_e_ends
        jsr msg_add
@won:   jsr check_win
        pha
        jsr clear_marks         ; (check_win marked every move it counted)
        pla
        beq @out
; somebody has won: A = 1 the bottom player, 2 the top one
        sta Z_ft
        ldx Z_turn              ; the winner's colour
        cmp #1
        beq @bottom
        txa
        eor #1
        tax
@bottom:
        inx
        stx Z_winner            ; 1 red, 2 blue
        jsr msg_start
        lda Z_winner
        sec
        sbc #1
        jsr msg_colour
        ldx #<S_wins
        ldy #>S_wins
        jsr msg_add
        lda Z_ft
        cmp #1
        bne @cannot
        ldx V_board_pieces+HQ_TOP
        bmi @cannot
        txa
        and #4
        beq @cannot
        ldx #<S_took_hq
        ldy #>S_took_hq
        jsr msg_add
        jmp @over
@cannot:
        lda Z_winner
        and #1                  ; the loser: 1 red wins -> blue (1), 2 -> red (0)
        jsr msg_colour
        ldx #<S_cannot_go
        ldy #>S_cannot_go
        jsr msg_add
@over:  lda Z_phase
        cmp #PH_COMPUTER
        bne @end
        jsr swap_sides          ; the player at the bottom again for the reveal
@end:   lda #PH_OVER
        sta Z_phase
@out:   rts

; red_frame: A = a position as the board stands: where it is with red at the
; bottom (swap_sides' flip is its own inverse).
red_frame:
        ldx Z_turn
        beq @red
        jmp flip_position
@red:   rts

; fight_text: A = a result: X/Y = what a player at the table is told (who
; survived, no types), Z clear; Z set (A = 0) when there was no fight.
fight_text:
        cmp #3
        bcs @none
        ldx Z_phase
        cpx #PH_COMPUTER
        bne @human
        clc
        adc #3
@human: asl
        tax
        lda T_fights+1,x
        tay
        lda T_fights,x
        tax
        lda #1
        rts
@none:  lda #0
        rts

T_fights:
        .word S_attack_won, S_attack_failed, S_both_lost
        .word S_computer_won, S_computer_lost, S_both_lost

keys_over:
        lda Z_fk
        and #K_RETURN | K_SPACE
        bne @menu
        lda Z_fk2
        and #K_ESCAPE
        beq @out
@menu:  lda #PH_MENU
        sta Z_phase
        jmp msg_start
@out:   rts

; move_cursor: the arrows in Z_fk move the cursor; A = the top row it may reach.
move_cursor:
        sta Z_ft
        lda Z_fk
        and #K_LEFT
        beq @right
        lda Z_cur_x
        beq @right
        dec Z_cur_x
@right: lda Z_fk
        and #K_RIGHT
        beq @up
        lda Z_cur_x
        cmp #5
        bcs @up
        inc Z_cur_x
@up:    lda Z_fk
        and #K_UP
        beq @down
        lda Z_cur_y
        cmp Z_ft
        beq @down
        bcc @down
        dec Z_cur_y
@down:  lda Z_fk
        and #K_DOWN
        beq @out
        lda Z_cur_y
        cmp #7
        bcs @out
        inc Z_cur_y
@out:   rts

; cursor_pos: A = the cursor's space (a headquarters' right half is its left).
cursor_pos:
        lda Z_cur_x
        cmp #6
        bcc @x
        lda #5
@x:     asl
        asl
        asl
        sta Z_ft
        lda Z_cur_y
        and #7
        ora Z_ft
        jmp valid_cell

; -- the pointer -----------------------------------------------------------------

; on_click: a click at Z_click_x, Z_click_y (MODE 2 pixels).
on_click:
        lda #1
        sta Z_dirty
        lda #0
        sta Z_fk
        sta Z_fk2
        lda Z_phase
        bne @notmenu
        lda Z_click_y           ; the menu: its rows are 16 apart, 12 high
        sec
        sbc #D_MENU_Y
        bcc @out
        sta Z_ft
        and #15
        cmp #12
        bcs @out
        lda Z_ft
        lsr
        lsr
        lsr
        lsr
        cmp #6
        bcs @out
        tax
        lda T_menu_keys,x
        sta Z_fk2
        lda T_menu_keys_lo,x
        sta Z_fk
        jmp keys_menu
@notmenu:
        cmp #PH_PASS
        beq @return
        cmp #PH_OVER
        bne @legend
@return:
        lda #K_RETURN
        sta Z_fk
        jmp on_keys
@legend:
        cmp #PH_COMPUTER
        beq @out                ; the computer's turn: hands off
        lda Z_click_y
        cmp #D_LEGEND_Y
        bcc @board
        lda #K_E                ; the legend line: end the setup or the turn
        sta Z_fk2
        jmp on_keys
@board: lda Z_phase
        cmp #PH_SETUP
        bne @play
        jsr tray_at
        bcs @cell
        sta Z_tray
        lda #1
        sta Z_focus
        rts
@cell:  jsr board_cell_at
        bcs @out
        tax
        and #4
        beq @out                ; only our own half in the setup
        txa
        pha
        jsr cursor_to
        lda #0
        sta Z_focus
        pla
        jmp place_from_tray
@play:  jsr board_cell_at
        bcs @out
        pha
        jsr cursor_to
        pla
        jmp choose
@out:   rts

T_menu_keys:    .byte K_H, K_C, K_D, K_R, K_B, 0
T_menu_keys_lo: .byte 0, 0, 0, 0, 0, K_RETURN

; cursor_to: A = a position: the cursor there.
cursor_to:
        pha
        and #7
        sta Z_cur_y
        pla
        lsr
        lsr
        lsr
        sta Z_cur_x
        rts

; board_cell_at: the space under the click, C clear and A = it; C set if none.
board_cell_at:
        lda Z_click_x
        sec
        sbc #D_BOARD_X
        bcc @none
        lsr
        lsr
        lsr
        lsr
        cmp #6
        bcs @none
        asl
        asl
        asl
        sta Z_ft                ; X bits
        lda Z_click_y
        sec
        sbc #D_BOARD_Y
        bcc @none
        ldx #0
@top:   cmp #D_CELL_H           ; the top half: rows 0-3
        bcc @row
        sbc #D_CELL_H
        inx
        cpx #4
        bne @top
        sbc #D_RIVER            ; the river: no space
        bcc @none
@bottom:
        cmp #D_CELL_H
        bcc @row
        sbc #D_CELL_H
        inx
        cpx #8
        bne @bottom
@none:  sec
        rts
@row:   txa
        ora Z_ft
        jsr valid_cell
        clc
        rts

; tray_at: the tray's type under the click, C clear and A = it; C set if none.
tray_at:
        lda Z_click_x
        sec
        sbc #D_TRAY_X
        bcc @none
        ldx #0
        cmp #D_TRAY_W
        bcc @col
        sbc #D_TRAY_W
        ldx #8
        cmp #D_TRAY_W
        bcs @none
@col:   stx Z_ft
        lda Z_click_y
        sec
        sbc #D_BOARD_Y
        bcc @none
        ldx #0
@row:   cmp #D_CELL_H
        bcc @got
        sbc #D_CELL_H
        inx
        cpx #8
        bne @row
@none:  sec
        rts
@got:   txa
        ora Z_ft
        clc
        rts

; -- what the computer infers ---------------------------------------------------
;
; V_know_lo/hi: for each enemy piece, by its ID with the computer at the
; bottom, a bit for each type it may still be (bit t: type t). A fight narrows
; it to the types that would have fought so (the computer's own type and the
; result are all it sees); a move rules out the mine and the banner, and a
; move of more than one space leaves the engineer, cavalry, tank and plane.
; A set that would become empty is kept as it was.

; learn: after a move (Z_phase says whose: the computer's own or the player's).
learn:
        lda #0
        sta Z_know
        sta Z_know+1
        lda Z_phase
        cmp #PH_COMPUTER
        bne @player
        lda Z_result            ; the computer moved: only a fight tells it anything
        cmp #3
        bcc @fought
        rts
@fought:
        ldx Z_attacker
        lda V_piece_types,x
        and #15
        sta Z_atype
        lda #15
        sta Z_dtype
@each:  jsr combat_types        ; every type the defender may be
        cmp Z_result
        bne @no1
        ldx Z_dtype
        jsr know_add
@no1:   dec Z_dtype
        bpl @each
        ldx #BANNER             ; a banner fights as what stands behind it
        jsr know_add
        lda Z_defender
        jmp know_narrow
@player:
        lda Z_result
        cmp #3
        bcs @moved
        ldx Z_defender          ; the player attacked the computer's piece
        lda V_piece_types,x
        and #15
        sta Z_dtype
        lda #MINE - 1           ; no mine or banner moves
        sta Z_atype
@each2: jsr combat_types
        cmp Z_result
        bne @no2
        ldx Z_atype
        jsr know_add
@no2:   dec Z_atype
        bpl @each2
        jmp @narrow
@moved: lda #<(MOVERS)          ; it moved: no mine, no banner
        sta Z_know
        lda #>(MOVERS)
        sta Z_know+1
        lda Z_last_from         ; more than one space, along a row or a column?
        and #7
        sta Z_ft
        lda Z_last_to
        and #7
        jsr distance
        bcs @far
        lda Z_last_from
        lsr
        lsr
        lsr
        sta Z_ft
        lda Z_last_to
        lsr
        lsr
        lsr
        jsr distance
        bcc @narrow
@far:   lda #<(FAR_MOVERS)
        sta Z_know
        lda #>(FAR_MOVERS)
        sta Z_know+1
@narrow:
        lda Z_attacker          ; the player's piece, in the computer's frame
        bmi @out
        jsr flip_position
        jmp know_narrow
@out:   rts

; distance: C set if A and Z_ft are more than 1 apart.
distance:
        sec
        sbc Z_ft
        bcs @abs
        eor #$FF
        adc #1
@abs:   cmp #2
        rts

MOVERS = $3FFF                  ; types 0-13
FAR_MOVERS = (1 << ENGINEER) | (1 << 2) | (1 << 9) | (1 << PLANE)

; know_add: X = a type: its bit into Z_know.
know_add:
        cpx #8
        bcs @high
        lda T_bits,x
        ora Z_know
        sta Z_know
        rts
@high:  lda T_bits-8,x
        ora Z_know+1
        sta Z_know+1
        rts

T_bits: .byte 1, 2, 4, 8, 16, 32, 64, 128

; know_narrow: A = an enemy ID: its set AND Z_know, unless that is empty.
know_narrow:
        cmp #48
        bcs @out
        tax
        lda V_know_lo,x
        and Z_know
        sta Z_ft
        lda V_know_hi,x
        and Z_know+1
        tay
        ora Z_ft
        beq @out                ; nothing left: what we saw must be wrong; keep it
        lda Z_ft
        sta V_know_lo,x
        tya
        sta V_know_hi,x
@out:   rts

; -- the message line ------------------------------------------------------------

msg_start:
        lda #0
        sta Z_msg_len
        sta V_message
        lda #1
        sta Z_dirty
        rts

; msg_add: X/Y = a text (0 at its end) added to the message (39 at most).
msg_add:
        stx Z_str
        sty Z_str+1
        ldy #0
@copy:  lda (Z_str),y
        beq @end
        ldx Z_msg_len
        cpx #D_MESSAGE_LEN
        bcs @end
        sta V_message,x
        inc Z_msg_len
        iny
        bne @copy
@end:   ldx Z_msg_len
        lda #0
        sta V_message,x
        lda #1
        sta Z_dirty
        rts

; msg_colour: A = 0 red, 1 blue.
msg_colour:
        and #1
        beq @red
        ldx #<S_blue
        ldy #>S_blue
        jmp msg_add
@red:   ldx #<S_red
        ldy #>S_red
        jmp msg_add

; msg_num: A = a number, in decimal.
msg_num:
        jsr num_text
        ldx #<V_number
        ldy #>V_number
        jmp msg_add

; -- after a command from the side panel -----------------------------------------

; after_command: X = the command run, A = its result.
after_command:
        cpx #8
        beq @new
        cpx #9
        bne @out
        ldx Z_arg_a
        beq @saved
        jmp after_load
@saved: pha
        jsr msg_start
        pla
        ldx #<S_saved
        ldy #>S_saved
        cmp #0
        beq @say
        ldx #<S_not_saved
        ldy #>S_not_saved
@say:   jmp msg_add
@new:   lda #PH_MENU            ; "new game": back to the menu
        sta Z_phase
        jmp msg_start
@out:   rts

; after_load: A = load_save's result: the game as it was saved, or why not.
after_load:
        cmp #0
        beq @loaded
        tax
        jsr msg_start
        cpx #2
        bne @damaged
        ldx #<S_foreign
        ldy #>S_foreign
        jmp msg_add
@damaged:
        cpx #3
        bne @none
        ldx #<S_damaged
        ldy #>S_damaged
        jmp msg_add
@none:  ldx #<S_no_save
        ldy #>S_no_save
        jmp msg_add
@loaded:
        lda #$FF                ; (the saved state stays as it was saved)
        sta Z_selected
        sta Z_last_a
        sta Z_last_b
        lda #0
        sta Z_focus
        lda Z_bridges
        sta Z_opt_bridges
        jsr clear_marks
        jsr msg_start
        ldx #<S_loaded
        ldy #>S_loaded
        jsr msg_add
        lda Z_phase
        cmp #PH_SETUP
        bne @won
        lda Z_turn
        jsr msg_colour
        ldx #<S_sets_up
        ldy #>S_sets_up
        jmp msg_add
@won:   lda Z_winner
        beq @play
        cmp #3
        bcs @play
        lda #PH_OVER
        sta Z_phase
        lda Z_winner
        sec
        sbc #1
        jsr msg_colour
        ldx #<S_has_won
        ldy #>S_has_won
        jmp msg_add
@play:  lda #PH_PLAY
        sta Z_phase
        lda Z_turn
        jsr msg_colour
        ldx #<S_to_move
        ldy #>S_to_move
        jmp msg_add

; -- texts -----------------------------------------------------------------------
S_red:          .byte "RED", 0
S_blue:         .byte "BLUE", 0
S_set_up:       .byte ": SET UP YOUR ARMY", 0
S_random_mine:  .byte "A RANDOM SETUP: E TO END", 0
S_place_all:    .byte "PLACE ALL YOUR PIECES (", 0
S_left_close:   .byte " LEFT)", 0
S_cannot:       .byte "CANNOT PLACE ", 0
S_there:        .byte " THERE", 0
S_pieces_left:  .byte " PIECES LEFT", 0
S_pass_to:      .byte "PASS TO ", 0
S_thinking:     .byte "THE COMPUTER IS THINKING", 0
S_to_move:      .byte " TO MOVE", 0
S_move_first:   .byte "MOVE A PIECE FIRST", 0
S_dash:         .byte " - ", 0
S_cannot_move:  .byte "THAT PIECE CANNOT MOVE", 0
S_choose:       .byte "CHOOSE ONE OF YOUR PIECES", 0
S_have_moved:   .byte "YOU HAVE MOVED: E ENDS THE TURN", 0
S_not_legal:    .byte "NOT A LEGAL MOVE", 0
S_colon_sp:     .byte ": ", 0
S_e_ends:       .byte "E ENDS THE TURN", 0
S_wins:         .byte " WINS: ", 0
S_took_hq:      .byte "TOOK THE HEADQUARTERS", 0
S_cannot_go:    .byte " CANNOT MOVE", 0
S_attack_won:   .byte "YOUR ATTACK WON", 0
S_attack_failed: .byte "YOUR ATTACK FAILED", 0
S_both_lost:    .byte "BOTH PIECES WERE LOST", 0
S_computer_won: .byte "THE COMPUTER WON A FIGHT", 0
S_computer_lost: .byte "THE COMPUTER LOST A FIGHT", 0
S_saved:        .byte "GAME SAVED", 0
S_not_saved:    .byte "THE GAME COULD NOT BE SAVED", 0
S_foreign:      .byte "THAT FILE IS NOT A JMC SAVED GAME", 0
S_damaged:      .byte "THE SAVED GAME IS DAMAGED", 0
S_no_save:      .byte "NO SAVED GAME TO LOAD", 0
S_loaded:       .byte "LOADED: ", 0
S_sets_up:      .byte " SETS UP", 0
S_has_won:      .byte " HAS WON", 0
