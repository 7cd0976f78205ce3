; The board: new_game, swap_sides, placing pieces.

; new_game: empty board, full quantities, the bridge tables for Z_bridges.
new_game:
        ldx #47
@clear: lda #$FF
        sta V_board_pieces,x
        lda #0
        sta V_piece_types,x
        sta V_board_marks,x
        dex
        bpl @clear
        ldx #15
@qty:   lda T_quantities,x
        sta V_piece_quantities,x
        dex
        bpl @qty
        lda #0
        sta Z_turn
        sta Z_winner
        sta Z_moves
        jsr set_side_colours
; init_bridges: copy the layout for Z_bridges into V_map_bridge_up/down.
init_bridges:
        ldx #47
        lda Z_bridges
        cmp #4
        beq @four
@two:   lda T_bridge_up_2,x
        sta V_map_bridge_up,x
        lda T_bridge_down_2,x
        sta V_map_bridge_down,x
        dex
        bpl @two
        rts
@four:  lda T_bridge_up_4,x
        sta V_map_bridge_up,x
        lda T_bridge_down_4,x
        sta V_map_bridge_down,x
        dex
        bpl @four
        rts

; swap_sides: rotate the board 180 degrees. Each position and ID p becomes
; 47 - p (X and Y flipped by one subtraction), with the headquarters' cells
; swapped back; types move with their IDs; the side colours swap.
swap_sides:
        ldx #0
@pair:  txa
        and #4
        bne @next               ; visit each pair once, from its top half
        txa
        jsr flip_position
        tay                     ; Y = the partner cell
        lda V_board_pieces,x
        jsr flip_id
        pha
        lda V_board_pieces,y
        jsr flip_id
        sta V_board_pieces,x
        pla
        sta V_board_pieces,y
        lda V_piece_types,x
        pha
        lda V_piece_types,y
        sta V_piece_types,x
        pla
        sta V_piece_types,y
@next:  inx
        cpx #48
        bne @pair
        lda Z_turn
        eor #1
        sta Z_turn
        jmp set_side_colours

flip_id:
        bpl flip_position
        rts                     ; empty stays empty
flip_position:
        sta Z_tmp
        lda #$2F
        sec
        sbc Z_tmp
        pha
        and #$37                ; the headquarters row cells, X 2 or 3?
        cmp #HQ_TOP
        beq @hq
        cmp #HQ_BOTTOM
        beq @hq
        pla
        rts
@hq:    pla
        eor #8                  ; flip X's least significant bit back
        rts

; place_piece: X = position (the current player's half), A = type. Writes the
; piece (ID = position) if one is left and the setup rules allow it; a piece
; already there goes back to the tray. C clear when placed, A = 0; else C set.
place_piece:
        stx Z_place_pos
        sta Z_tmp
        tay
        lda V_piece_quantities,y
        beq @no
        lda Z_tmp
        jsr may_place
        bcs @no
        jsr remove_piece
        ldx Z_place_pos
        ldy Z_tmp
        lda V_piece_quantities,y
        sec
        sbc #1
        sta V_piece_quantities,y
        tya
        sta V_piece_types,x
        txa
        sta V_board_pieces,x
        lda #0
        clc
        rts
@no:    lda #1
        sec
        rts

; remove_piece: X = position: its piece goes back to the tray.
remove_piece:
        ldy V_board_pieces,x
        bmi @none
        lda V_piece_types,y
        tay
        lda V_piece_quantities,y
        clc
        adc #1
        sta V_piece_quantities,y
        lda #$FF
        sta V_board_pieces,x
@none:  lda #0
        rts

; may_place: X = position, A = type: C clear if the setup rules allow it there
; (no banner on the back row; no mine on a front space at a bridge entrance).
may_place:
        cpx #48
        bcs @no
        cpx #$1F
        beq @no
        cpx #$18
        beq @no
        cmp #BANNER
        bne @mine
        txa
        and #7
        cmp #7
        beq @no
        cmp #0
        beq @no
        clc
        rts
@mine:  cmp #MINE
        bne @yes
        txa
        and #7
        cmp #4
        bne @top
        lda V_map_bridge_up,x
        bpl @no                 ; not blocked: a bridge entrance
        clc
        rts
@top:   cmp #3
        bne @yes
        lda V_map_bridge_down,x
        bpl @no
@yes:   clc
        rts
@no:    sec
        rts
