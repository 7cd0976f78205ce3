; Marking legal destinations in V_board_marks: 1 = move there, 2 = attack.

; mark_moves: X = position. Clears the marks, marks that piece's moves;
; A = how many spaces are marked.
mark_moves:
        stx Z_origin
        jsr clear_marks
        ldx Z_origin
        jsr mark_piece
count_marks:
        ldx #47
        lda #0
        sta Z_count
@count: lda V_board_marks,x
        beq @zero
        inc Z_count
@zero:  dex
        bpl @count
        lda Z_count
        rts

clear_marks:
        ldx #47
        lda #0
@clr:   sta V_board_marks,x
        dex
        bpl @clr
        rts

; mark_piece: X = position; adds its piece's moves to the marks (no clearing).
mark_piece:
        stx Z_origin
        ldy V_board_pieces,x
        bmi @none
        lda V_piece_types,y
        tay
        lda T_move_up,y
        beq @down
        cmp #$FF
        bne @up
        jsr mark_column         ; the plane flies its column
        jmp @down
@up:    sta Z_range
        lda #<V_map_bridge_up
        sta Z_tab
        lda #>V_map_bridge_up
        sta Z_tab+1
        lda Z_origin
        jsr mark_up_down
@down:  ldx Z_origin
        ldy V_board_pieces,x
        lda V_piece_types,y
        tay
        lda T_move_down,y
        beq @side
        sta Z_range
        lda #<V_map_bridge_down
        sta Z_tab
        lda #>V_map_bridge_down
        sta Z_tab+1
        lda Z_origin
        jsr mark_up_down
@side:  ldx Z_origin
        ldy V_board_pieces,x
        lda V_piece_types,y
        tay
        lda T_move_side,y
        beq @none
        jmp mark_left_right
@none:  rts

; mark_cell: X = cell. Empty: mark 1, C clear (go on). The opponent's piece:
; mark 2, C set (stop). Our own: C set, no mark.
mark_cell:
        lda V_board_pieces,x
        bmi @empty
        and #4
        bne @own
        lda #2
        sta V_board_marks,x
@own:   sec
        rts
@empty: lda #1
        sta V_board_marks,x
        clc
        rts

; mark_up_down: A = from, Z_range = steps, Z_tab = V_map_bridge_up or _down.
; Follows the bridge table: blocked (bit 7) ends the way; double (bit 6) means
; the space to the right is next too, and both ways go on from there.
mark_up_down:
        tay
        lda (Z_tab),y
        bmi @out                ; the river or the edge
        tax
        and #$3F
        pha                     ; the (left) next cell
        txa
        and #$40
        beq @single
        pla
        pha
        clc
        adc #8                  ; the right-hand cell of a double
        jsr mark_branch
@single:
        pla
mark_branch:                    ; A = the cell to enter; keeps Z_range
        tax
        lda Z_range
        pha
        jsr mark_cell
        bcs @stop
        dec Z_range
        beq @stop
        txa
        jsr mark_up_down
@stop:  pla
        sta Z_range
mark_up_down@out:
        rts

; mark_left_right: Z_origin's row, Z_range steps each way; the unused cell
; beside each headquarters is stepped over.
mark_left_right:
        lda #$F8                ; -8: one column left
        jsr @way
        lda #$08
@way:   sta Z_delta
        ldx Z_origin
        ldy Z_origin
        lda V_board_pieces,x
        tax
        lda V_piece_types,x
        tax
        lda T_move_side,x
        sta Z_range
        tya
@next:  clc
        adc Z_delta
        cmp #48
        bcs @done               ; off either edge
        cmp #$18
        beq @next               ; the headquarters' unused cells
        cmp #$1F
        beq @next
        tax
        jsr mark_cell
        bcs @done
        txa
        dec Z_range
        bne @next
@done:  rts

; mark_column: the plane at Z_origin flies up and down its column over
; everything and the river; from a headquarters, both of its columns.
mark_column:
        lda Z_origin
        jsr @walk
        lda Z_origin
        cmp #HQ_TOP
        beq @hq
        cmp #HQ_BOTTOM
        bne @done
@hq:    ora #8
@walk:  and #$38
        sta Z_count             ; the column's X bits
        ldy #7
@cell:  tya
        ora Z_count
        cmp #$18
        beq @swap
        cmp #$1F
        bne @keep
@swap:  eor #8                  ; the headquarters' data cell
@keep:  cmp Z_origin
        beq @skip               ; where the plane stands
        tax
        sty Z_walk
        jsr mark_cell
        ldy Z_walk
@skip:  dey
        bpl @cell
@done:  rts
