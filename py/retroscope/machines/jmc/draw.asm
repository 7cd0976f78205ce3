; The screens, drawn by the CPU into MODE 2 screen memory ($3000-$7FFF).
;
; MODE 2 (BBC Micro Advanced User Guide, the screen layout): 160 x 256 pixels
; of 16 logical colours, two pixels a byte, the left one in bits 7/5/3/1 and
; the right one in 6/4/2/0; 8-byte character cells (one byte per scan line),
; 80 cells to a 640-byte character row. x below counts MODE 2 pixels.
;
; draw_screen draws the whole screen for Z_phase from the board arrays and the
; UI's variables (vars.inc). The pure-Python draw.py is its reference model.

; draw_screen: what changed since the last time. A new kind of screen
; (another phase, or other bridges) is cleared and drawn whole; otherwise
; only the spaces, tray slots, menu rows and message whose look changed are
; drawn again (V_shown1/2, V_tray_q/f, V_menu_shown/extra, V_shown_msg).
; During the computer's turn the board stays as the player left it, if that is
; what the screen shows: the computer plays on a swapped board, and drawing
; that (or the board swapped back, whole) takes the 6502 most of a second, in
; sweeps the player would watch. Only the message line changes, in the
; player's colours; back in play, only the spaces the computer's move changed
; are drawn again.
draw_screen:
        lda #0
        sta Z_dirty             ; (Z_drawing is set by whatever draws)
        lda Z_phase
        cmp #5                  ; (PH_COMPUTER)
        bne @drawn
        lda Z_shown_kind
        and #15
        cmp #3                  ; the play screen is up: keep it
        bne @drawn
        lda Z_turn              ; in the player's colours (swap_sides
        eor #1                  ; gave the computer's)
        jsr side_colours
        ldx #2
        ldy #2
        jsr draw_message
        jmp @done
@drawn: lda Z_phase
        cmp #6
        bcc @phase
        lda #5                  ; an unknown phase draws as the computer's turn
@phase: sta Z_kind
        lda Z_bridges
        asl
        asl
        asl
        asl
        ora Z_kind
        cmp Z_shown_kind
        beq @same
        sta Z_shown_kind
        jsr clear_screen
        jsr forget_shown
        lda Z_kind
        bne @static
        jsr menu_static
        jmp @same
@static:
        cmp #2
        bne @boardstatic
        jsr pass_static
        jmp @same
@boardstatic:
        jsr board_static
@same:  lda Z_shown_kind
        and #15
        bne @notmenu
        jsr draw_menu
        jmp @done
@notmenu:
        cmp #2
        bne @board
        jsr draw_pass
        jmp @done
@board: jsr draw_board
        ldx #2
        ldy #2
        jsr draw_message
@done:  lda #0
        sta Z_drawing
        rts

; forget_shown: nothing on the screen is known to be drawn.
forget_shown:
        ldx #47
        lda #$FF
@cell:  sta V_shown1,x
        sta V_shown2,x
        dex
        bpl @cell
        ldx #15
@tray:  sta V_tray_f,x
        dex
        bpl @tray
        ldx #5
@menu:  sta V_menu_shown,x
        dex
        bpl @menu
        sta Z_name_shown
        sta V_shown_msg
        lda #0
        sta V_shown_msg+1       ; $FF then 0: no message matches it
        rts

; draw_message: V_message at X, Y in yellow, if it is not what the screen
; shows (the line is cleared first).
draw_message:
        stx Z_fx
        sty Z_y
        ldy #0
@cmp:   lda V_message,y
        cmp V_shown_msg,y
        bne @new
        cmp #0
        beq @out
        iny
        cpy #D_MESSAGE_LEN
        bne @cmp
@out:   rts
@new:   ldy #D_MESSAGE_LEN
@copy:  lda V_message,y
        sta V_shown_msg,y
        dey
        bpl @copy
        jsr clear_line
        lda Z_fx
        sta Z_x
        jsr message_text
        lda #C_YELLOW
        jmp draw_text

message_text:
        lda #<V_message
        sta Z_str
        lda #>V_message
        sta Z_str+1
        rts

; clear_screen: every byte of $3000-$7FFF to 0 (logical colour 0).
clear_screen:
        lda #1
        sta Z_drawing
        lda #$30
        sta Z_ptr+1
        ldy #0
        sty Z_ptr
        tya
@byte:  sta (Z_ptr),y
        iny
        sta (Z_ptr),y
        iny
        sta (Z_ptr),y
        iny
        sta (Z_ptr),y
        iny
        bne @byte
        inc Z_ptr+1
        ldx Z_ptr+1
        bpl @byte               ; up to $7FFF
        rts

; -- primitives ----------------------------------------------------------------

; row_ptr: Z_rp = the screen address of pixel row Z_row, byte column Z_bytecol.
row_ptr:
        lda Z_row
        lsr
        lsr
        lsr
        tax
        lda Z_row
        and #7
        ora T_row_lo,x          ; a character row starts at $00 or $80 in its page
        sta Z_rp
        lda T_row_hi,x
        sta Z_rp+1
        ldx Z_bytecol
        lda Z_rp
        clc
        adc T_col_lo,x
        sta Z_rp
        lda Z_rp+1
        adc T_col_hi,x
        sta Z_rp+1
        rts

; next_line: Z_row and Z_rp one pixel row down (the next byte inside a
; character row, else the next character row: 640 - 7 bytes on).
next_line:
        inc Z_row
        lda Z_row
        and #7
        beq @cross
        inc Z_rp                ; the line was 0-6: no carry
        rts
@cross: lda Z_rp
        clc
        adc #<(640 - 7)
        sta Z_rp
        lda Z_rp+1
        adc #>(640 - 7)
        sta Z_rp+1
        rts

; fill_rect: A = colour; Z_x, Z_y, Z_w, Z_h (kept). A half byte at each end
; when x or the end is odd, whole bytes between.
fill_rect:
        ldx #1
        stx Z_drawing
        tax
        lda T_colour,x
        sta Z_colbyte
        lda Z_h
        beq @none
        sta Z_rows
        ldx Z_w
        bne @some
@none:  rts
@some:
        lda Z_x
        lsr
        sta Z_bytecol
        lda #0
        bcc @even
        dex                     ; an odd x: the first byte's right pixel
        lda #$55
@even:  sta Z_lmask
        txa
        lsr
        sta Z_nfull
        lda #0
        bcc @noright
        lda #$AA                ; one pixel left over: the last byte's left one
@noright:
        sta Z_rmask
        and Z_colbyte
        sta Z_mset+1
        lda Z_rmask
        eor #$FF
        sta Z_minv+1
        lda Z_lmask
        and Z_colbyte
        sta Z_mset
        lda Z_lmask
        eor #$FF
        sta Z_minv
        lda Z_y
        sta Z_row
        jsr row_ptr
@row:   lda Z_rp
        sta Z_ptr
        lda Z_rp+1
        sta Z_ptr+1
        ldy #0
        lda Z_lmask
        beq @full
        lda (Z_ptr),y
        and Z_minv
        ora Z_mset
        sta (Z_ptr),y
        ldy #8
@full:  ldx Z_nfull
        beq @right
@byte:  lda Z_colbyte
        sta (Z_ptr),y
        tya
        clc
        adc #8
        tay
        bcc @same
        inc Z_ptr+1
@same:  dex
        bne @byte
@right: lda Z_rmask
        beq @next
        lda (Z_ptr),y
        and Z_minv+1
        ora Z_mset+1
        sta (Z_ptr),y
@next:  dec Z_rows
        beq @out
        jsr next_line
        jmp @row
@out:   rts

; frame: A = colour; the outline of Z_x, Z_y, Z_w, Z_h (kept), one pixel wide.
frame:
        sta Z_fcol
        lda Z_y
        sta Z_fy
        lda Z_h
        sta Z_fh
        lda Z_x
        sta Z_fx
        lda Z_w
        sta Z_fw
        lda #1
        sta Z_h
        lda Z_fcol
        jsr fill_rect           ; top
        lda Z_fy
        clc
        adc Z_fh
        sec
        sbc #1
        sta Z_y
        lda Z_fcol
        jsr fill_rect           ; bottom
        lda Z_fy
        sta Z_y
        lda Z_fh
        sta Z_h
        lda #1
        sta Z_w
        lda Z_fcol
        jsr fill_rect           ; left
        lda Z_fx
        clc
        adc Z_fw
        sec
        sbc #1
        sta Z_x
        lda Z_fcol
        jsr fill_rect           ; right
        lda Z_fx
        sta Z_x
        lda Z_fw
        sta Z_w
        rts

; blit: A = colour; a bitmap at Z_src, Z_n rows Z_stride apart, each row's
; pixels from bit 7 rightwards, 2 * Z_bw of them (Z_bw 1-4), each row drawn
; twice (MODE 2's pixels are twice as wide as they are high). Clear bits are
; left as they were. Z_x must be even.
blit:
        tax
        lda T_colour,x
        sta Z_colbyte
        lda Z_x
        lsr
        sta Z_bytecol
        lda Z_y
        sta Z_row
        jsr row_ptr
        lda Z_n
        sta Z_rows
@src:   ldy #0
        lda (Z_src),y
        sta Z_bits
        ldx #0
@mask:  lda #0
        asl Z_bits
        rol
        asl Z_bits
        rol                     ; A = the next two pixels, the left one in bit 1
        tay
        lda T_pair,y
        and Z_colbyte
        sta Z_mset,x
        lda T_pair,y
        eor #$FF
        sta Z_minv,x
        inx
        cpx Z_bw
        bne @mask
        lda #2
        sta Z_k
@line:  lda Z_rp
        sta Z_ptr
        lda Z_rp+1
        sta Z_ptr+1
        ldx #0
        ldy #0
@put:   lda Z_minv,x
        cmp #$FF
        beq @skip
        lda (Z_ptr),y
        and Z_minv,x
        ora Z_mset,x
        sta (Z_ptr),y
@skip:  tya
        clc
        adc #8
        tay
        inx
        cpx Z_bw
        bne @put
        jsr next_line
        dec Z_k
        bne @line
        lda Z_src               ; the next row of the bitmap
        clc
        adc Z_stride
        sta Z_src
        bcc @nc
        inc Z_src+1
@nc:    dec Z_rows
        bne @src
        rts

; draw_icon: A = colour, X = piece type; at Z_x (even), Z_y.
draw_icon:
        pha
        txa
        and #15
        asl
        asl
        asl
        clc
        adc #<T_icons
        sta Z_src
        lda #>T_icons
        adc #0
        sta Z_src+1
        lda #1
        sta Z_stride
        lda #8
        sta Z_n
        lda #4
        sta Z_bw
        pla
        jmp blit

; draw_text: A = colour; the text at Z_str (0 ends it, at most 39 characters)
; from Z_x (even), Z_y; 4 pixels a character. Z_x ends after the text.
draw_text:
        sta Z_tcol
        lda #0
        sta Z_ti
@char:  ldy Z_ti
        cpy #D_MESSAGE_LEN
        bcs @done
        lda (Z_str),y
        beq @done
        cmp #$60
        bcc @upper
        and #$DF                ; lower case as upper case
@upper: sec
        sbc #$20
        cmp #$40
        bcc @known
        lda #'?' - $20          ; no glyph: a question mark
@known: clc
        adc #<T_font
        sta Z_src
        lda #>T_font
        adc #0
        sta Z_src+1
        lda #64
        sta Z_stride
        lda #5
        sta Z_n
        lda #2
        sta Z_bw
        lda Z_tcol
        jsr blit
        lda Z_x
        clc
        adc #4
        sta Z_x
        inc Z_ti
        bne @char
@done:  rts

; text_at: A = colour, X = x, Y = y, Z_str = the text.
text_at:
        stx Z_x
        sty Z_y
        jmp draw_text

; num_text: A = a number: V_number = its decimal digits, Z_str points at them.
num_text:
        ldx #0
        ldy #100
        jsr @digit
        ldy #10
        jsr @digit
        ora #'0'
        sta V_number,x
        inx
        lda #0
        sta V_number,x
        lda #<V_number
        sta Z_str
        lda #>V_number
        sta Z_str+1
        rts
@digit: sty Z_dtmp
        ldy #0
@sub:   cmp Z_dtmp
        bcc @got
        sbc Z_dtmp
        iny
        bne @sub
@got:   cpy #0
        bne @put
        cpx #0
        beq @skip               ; no leading zeros
@put:   pha
        tya
        ora #'0'
        sta V_number,x
        inx
        pla
@skip:  rts

; -- the menu and the interstitial -----------------------------------------------

; menu_static: the title and the lines under the options.
menu_static:
        lda #<S_title0
        sta Z_str
        lda #>S_title0
        sta Z_str+1
        ldx #S_title0_x
        ldy #S_title0_y
        lda #C_YELLOW
        jsr text_at
        lda #<S_title1
        sta Z_str
        lda #>S_title1
        sta Z_str+1
        ldx #S_title1_x
        ldy #S_title1_y
        lda #C_WHITE
        jsr text_at
        lda #<S_foot0
        sta Z_str
        lda #>S_foot0
        sta Z_str+1
        ldx #8
        ldy #180
        lda #C_WHITE
        jsr text_at
        lda #<S_foot1
        sta Z_str
        lda #>S_foot1
        sta Z_str+1
        ldx #8
        ldy #192
        lda #C_WHITE
        jsr text_at
        lda #<S_foot2
        sta Z_str
        lda #>S_foot2
        sta Z_str+1
        ldx #8
        ldy #204
        lda #C_WHITE
        jmp text_at

; draw_menu: each option row whose colour or value changed: the chosen mode
; and random setup (when on) in yellow with a pointer, the others in white.
draw_menu:
        lda #0
        sta Z_kind              ; the menu's row
@row:   jsr menu_row_on
        sta Z_fcol
        ldx Z_kind
        lda #0
        cpx #3
        bne @nr
        lda Z_random
@nr:    cpx #4
        bne @nb
        lda Z_opt_bridges
@nb:    cmp V_menu_extra,x
        bne @new
        lda Z_fcol
        cmp V_menu_shown,x
        beq @next
@new:   sta V_menu_extra,x      ; (A is the option or the colour: set both again)
        lda Z_fcol
        sta V_menu_shown,x
        lda #0
        cpx #3
        bne @nr2
        lda Z_random
@nr2:   cpx #4
        bne @nb2
        lda Z_opt_bridges
@nb2:   sta V_menu_extra,x
        jsr menu_row
@next:  inc Z_kind
        lda Z_kind
        cmp #6
        bne @row
        rts

; clear_line: black over the screen's width, 10 lines down from Z_y.
clear_line:
        lda #0
        sta Z_x
        lda #160
        sta Z_w
        lda #10
        sta Z_h
        lda #C_BLACK
        jmp fill_rect

; menu_row: clear row Z_kind and draw it in colour Z_fcol.
menu_row:
        lda Z_kind
        asl
        asl
        asl
        asl
        adc #D_MENU_Y
        sta Z_y
        jsr clear_line
        lda Z_kind
        asl
        tax
        lda T_menu_rows,x
        sta Z_str
        lda T_menu_rows+1,x
        sta Z_str+1
        lda #16
        sta Z_x
        lda Z_fcol
        jsr draw_text
        lda Z_kind
        cmp #3
        bne @bridges
        lda #<S_on
        ldx #>S_on
        ldy Z_random
        bne @suffix
        lda #<S_off
        ldx #>S_off
        bne @suffix
@bridges:
        cmp #4
        bne @mark
        lda #<S_colon
        sta Z_str
        lda #>S_colon
        sta Z_str+1
        lda Z_fcol
        jsr draw_text
        lda Z_opt_bridges
        jsr num_text
        lda Z_fcol
        jsr draw_text
        jmp @mark
@suffix:
        sta Z_str
        stx Z_str+1
        lda Z_fcol
        jsr draw_text
@mark:  lda Z_fcol
        cmp #C_YELLOW
        bne @done
        lda #<S_pointer
        sta Z_str
        lda #>S_pointer
        sta Z_str+1
        lda #8
        sta Z_x
        lda #C_YELLOW
        jmp draw_text
@done:  rts

; menu_row_on: A = C_YELLOW for the chosen mode's row and for random setup
; when it is on, else C_WHITE.
menu_row_on:
        lda Z_kind
        cmp #3
        bcc @mode
        bne @off
        lda Z_random
        bne @on
@off:   lda #C_WHITE
        rts
@mode:  cmp Z_mode
        bne @off
@on:    lda #C_YELLOW
        rts

S_on:   .byte ": ON", 0
S_off:  .byte ": OFF", 0
S_colon: .byte ": ", 0
S_pointer: .byte ">", 0
S_hq:   .byte "HQ", 0

; draw_pass: the interstitial: whose turn it is, centred, and nothing of the
; board. x = half the screen less 2 pixels a character (4 a character).
draw_pass:
        ldy #0
@len:   lda V_message,y
        beq @got
        iny
        cpy #D_MESSAGE_LEN
        bne @len
@got:   tya
        asl
        sta Z_dtmp
        lda #D_SCREEN_W / 2
        sec
        sbc Z_dtmp              ; (39 characters still leave 2 pixels)
        tax
        ldy #D_PASS_Y
        jmp draw_message

pass_static:
        lda #<S_pass0
        sta Z_str
        lda #>S_pass0
        sta Z_str+1
        ldx #S_pass0_x
        ldy #S_pass0_y
        lda #C_WHITE
        jsr text_at
        lda #<S_pass1
        sta Z_str
        lda #>S_pass1
        sta Z_str+1
        ldx #S_pass1_x
        ldy #S_pass1_y
        lda #C_WHITE
        jmp text_at

; -- the board -------------------------------------------------------------------

; cell_geom: A = position: Z_cx, Z_cy, Z_cw (16, or 32 for a headquarters).
cell_geom:
        sta Z_cell
        and #$38
        asl
        clc
        adc #D_BOARD_X
        sta Z_cx
        lda Z_cell
        and #7
        tax
        lda T_cell_y,x
        sta Z_cy
        ldx #D_CELL_W
        lda Z_cell
        cmp #HQ_TOP
        beq @hq
        cmp #HQ_BOTTOM
        bne @one
@hq:    ldx #D_CELL_W * 2
@one:   stx Z_cw
        rts

; cell_frame: A = colour, X = inset (0 or 1): a frame around the cell at
; Z_cx, Z_cy, Z_cw, inset by X on every side.
cell_frame:
        pha
        stx Z_dtmp
        lda Z_cx
        clc
        adc Z_dtmp
        sta Z_x
        lda Z_cy
        clc
        adc Z_dtmp
        sta Z_y
        txa
        asl
        sta Z_dtmp
        lda Z_cw
        sec
        sbc Z_dtmp
        sta Z_w
        lda #D_CELL_H
        sec
        sbc Z_dtmp
        sta Z_h
        pla
        jmp frame

; set_rect: X = x, Y = y, A = width (Z_h as it is).
set_rect:
        stx Z_x
        sty Z_y
        sta Z_w
        rts

; board_static: the river with its bridges, the legend, and the types'
; legend beside the board (the tray's place, in the setup).
board_static:
        ldx #D_BOARD_X
        ldy #D_BOARD_Y + 4 * D_CELL_H
        lda #D_RIVER
        sta Z_h
        lda #6 * D_CELL_W
        jsr set_rect
        lda #C_CYAN
        jsr fill_rect
        lda #0
        sta Z_kind              ; the column
@bridge:
        lda Z_kind
        asl
        asl
        asl
        ora #4                  ; the bottom half's front space
        tax
        lda V_map_bridge_up,x
        bmi @nobridge
        lda Z_kind
        asl
        asl
        asl
        asl
        adc #D_BOARD_X
        tax
        ldy #D_BOARD_Y + 4 * D_CELL_H
        jsr draw_bridge
@nobridge:
        inc Z_kind
        lda Z_kind
        cmp #6
        bne @bridge
        lda Z_phase
        cmp #1
        bne @legend
        ldx #0                  ; the setup's legend
        beq @lines
@legend:
        jsr side_legend
        ldx #6                  ; the play's legend
        lda Z_phase
        cmp #4
        bne @lines
        ldx #12                 ; the end's
@lines: stx Z_kind
        lda #3
        sta Z_lines
        lda #D_LEGEND_Y + 2
        sta Z_fy
@line:  ldx Z_kind
        lda T_legends,x
        sta Z_str
        lda T_legends+1,x
        sta Z_str+1
        ldx #2
        ldy Z_fy
        lda #C_WHITE
        jsr text_at
        lda Z_fy
        clc
        adc #11
        sta Z_fy
        inc Z_kind
        inc Z_kind
        dec Z_lines
        bne @line
        lda #D_BRIDGE_KEY_H     ; the key to the bridges, after the first line
        sta Z_h
        ldx #D_BRIDGE_KEY_X
        ldy #D_LEGEND_Y + 2
        lda #D_CELL_W
        jsr set_rect
        lda #C_CYAN
        jsr fill_rect
        ldx #D_BRIDGE_KEY_X
        ldy #D_LEGEND_Y + 2
        jsr draw_bridge
        lda #<S_bridge_key
        sta Z_str
        lda #>S_bridge_key
        sta Z_str+1
        ldx #D_BRIDGE_KEY_X + D_CELL_W + 2
        ldy #D_LEGEND_Y + 2
        lda #C_WHITE
        jmp text_at

; draw_bridge: X = the x of a column's space, Y = the river's top, Z_h its
; height: dark planks between two yellow rails, across the river.
draw_bridge:
        inx
        inx
        inx
        lda #D_CELL_W - 6
        jsr set_rect
        lda #C_DARK
        jsr fill_rect
        dec Z_x
        lda #1
        sta Z_w
        lda #C_YELLOW
        jsr fill_rect
        lda Z_x
        clc
        adc #D_CELL_W - 5
        sta Z_x
        lda #C_YELLOW
        jmp fill_rect

T_legends:
        .word S_legend_setup0, S_legend_setup1, S_legend_setup2
        .word S_legend_play0, S_legend_play1, S_legend_play2
        .word S_legend_over0, S_legend_over1, S_legend_over2

; draw_board: every space whose look changed (its piece, its mark, the
; cursor, the last move, the chosen piece), then the tray in the setup.
draw_board:
        lda #$FF
        sta Z_pc
        sta Z_pla
        sta Z_plb
        sta Z_ps
        lda Z_phase             ; the cursor, in the setup (unless in the tray) and in play
        cmp #3
        beq @cursor
        cmp #1
        bne @last
        lda Z_focus
        bne @last
@cursor:
        jsr cursor_pos          ; (flow.asm; its Z_ft is free while drawing)
        sta Z_pc
@last:  lda Z_phase             ; the last move, in play and at the end
        cmp #3
        beq @lastok
        cmp #4
        bne @selected
@lastok:
        lda Z_last_a
        jsr is_valid
        bcs @selected
        lda Z_last_b
        jsr is_valid
        bcs @selected
        lda Z_last_a
        jsr this_side
        sta Z_pla
        lda Z_last_b
        jsr this_side
        sta Z_plb
@selected:
        lda Z_selected
        jsr is_valid
        bcs @cells
        lda Z_selected
        sta Z_ps
@cells: ldx #0
@cell:  stx Z_pid
        txa
        jsr is_valid
        bcs @skip
        jsr cell_look
        ldx Z_pid
        lda Z_sig1
        cmp V_shown1,x
        bne @draw
        lda Z_sig2
        cmp V_shown2,x
        beq @skip
@draw:  lda Z_sig1
        sta V_shown1,x
        lda Z_sig2
        sta V_shown2,x
        txa
        jsr draw_cell
@skip:  ldx Z_pid
        inx
        cpx #48
        bne @cell
        lda Z_phase
        cmp #1
        bne @done
        jmp draw_tray
@done:  rts

; this_side: A = a position with red at the bottom: where it is on the board
; as it stands.
this_side:
        ldx Z_turn
        beq @red
        jmp flip_position
@red:   rts

; cell_look: X = a space: Z_sig1 = its piece as shown (0 empty, else the
; block's colour 1 ours / 2 theirs, plus (type + 1) << 2 when its icon shows);
; Z_sig2 = its mark (0, 1, 2 for an attack) | 4 cursor | 8 last move | 16 chosen.
cell_look:
        lda #0
        sta Z_sig1
        lda V_board_pieces,x
        bmi @mark
        tay
        and #4
        bne @ours
        lda #2
        sta Z_sig1
        lda Z_phase
        cmp #4
        beq @icon               ; the end: every piece revealed
        lda Z_mode
        cmp #2
        bne @mark               ; debug mode sees all
        beq @icon
@ours:  lda #1
        sta Z_sig1
        lda Z_phase
        cmp #5
        beq @mark               ; the computer's turn: its pieces stay hidden
@icon:  cpy #48
        bcs @mark               ; an edited board: no type to show
        lda V_piece_types,y
        and #15
        clc
        adc #1
        asl
        asl
        ora Z_sig1
        sta Z_sig1
@mark:  lda V_board_marks,x
        beq @flags
        cmp #2
        beq @flags
        lda #1
@flags: cpx Z_pc
        bne @nc
        ora #4
@nc:    cpx Z_pla
        beq @lm
        cpx Z_plb
        bne @nl
@lm:    ora #8
@nl:    cpx Z_ps
        bne @ns
        ora #16
@ns:    sta Z_sig2
        rts

; is_valid: A = a position: C clear if it is a space of the board.
is_valid:
        cmp #48
        bcs @no
        cmp #$18
        beq @no
        cmp #$1F
        beq @no
        clc
        rts
@no:    sec
        rts

; valid_cell: A = a position; the unused half of a headquarters becomes its
; data cell.
valid_cell:
        cmp #$18
        beq @hq
        cmp #$1F
        bne @ok
@hq:    eor #8
@ok:    rts

; draw_cell: A = position, with Z_sig1/Z_sig2 its look: the space, its
; piece (and icon), its mark, and its frames.
draw_cell:
        jsr cell_geom
        ldx Z_cx
        ldy Z_cy
        lda #D_CELL_H
        sta Z_h
        lda Z_cw
        jsr set_rect
        lda #C_GREEN
        jsr fill_rect
        lda #C_DARK
        jsr frame
        lda Z_sig1
        bne @piece
        lda Z_cw
        cmp #D_CELL_W * 2
        bne @mark
        lda #<S_hq              ; an empty headquarters
        sta Z_str
        lda #>S_hq
        sta Z_str+1
        lda Z_cx
        clc
        adc #D_CELL_W - 4
        tax
        lda Z_cy
        clc
        adc #8
        tay
        lda #C_DARK
        jsr text_at
        jmp @mark
@piece: lda Z_cw                ; the piece's block: x + w/2 - 6
        lsr
        clc
        adc Z_cx
        sec
        sbc #6
        tax
        lda Z_cy
        clc
        adc #3
        tay
        lda #D_CELL_H - 6
        sta Z_h
        lda #12
        jsr set_rect
        lda Z_sig1
        and #3
        jsr fill_rect           ; colour 1 ours, 2 theirs
        lda Z_sig1
        lsr
        lsr
        beq @mark               ; no icon
        sec
        sbc #1
        tax
        inc Z_x
        inc Z_x
        inc Z_y
        lda #C_WHITE
        jsr draw_icon
@mark:  lda Z_sig2
        and #3
        beq @frames
        ldy #C_MAGENTA
        cmp #2
        beq @colour
        ldy #C_YELLOW
@colour:
        sty Z_fcol
        lda Z_cw
        lsr
        clc
        adc Z_cx
        sec
        sbc #2
        tax
        lda Z_cy
        clc
        adc #D_CELL_H - 6
        tay
        lda #4
        sta Z_h
        jsr set_rect
        lda Z_fcol
        jsr fill_rect
@frames:
        lda Z_sig2
        and #4
        beq @nocursor
        lda #C_YELLOW
        ldx #0
        jsr cell_frame
        lda #C_YELLOW
        ldx #1
        jsr cell_frame
@nocursor:
        lda Z_sig2
        and #8
        beq @nolast
        lda #C_CYAN
        ldx #1
        jsr cell_frame
@nolast:
        lda Z_sig2
        and #16
        beq @done
        lda #C_WHITE
        ldx #0
        jmp cell_frame
@done:  rts

; tray_geom: Z_kind = type: Z_cx, Z_cy = its place in the tray (or the legend).
tray_geom:
        lda Z_kind
        and #8
        beq @left
        lda #D_TRAY_X + D_TRAY_W
        bne @x
@left:  lda #D_TRAY_X
@x:     sta Z_cx
        lda Z_kind
        and #7
        tax
        lda T_cell_y,x
        cpx #4
        bcc @y
        sbc #D_RIVER            ; the tray has no river
@y:     sta Z_cy
        rts

; draw_tray: each slot whose count or frame changed: the type's icon on a
; block (dark when none are left), how many are left, and a frame round the
; chosen type (yellow while the tray has the keys); the chosen type's name.
draw_tray:
        lda #0
        sta Z_kind
@kind:  ldx Z_kind
        ldy #0
        lda Z_tray
        and #15
        cmp Z_kind
        bne @f
        iny
        lda Z_focus
        beq @f
        iny
@f:     tya
        cmp V_tray_f,x
        bne @new
        lda V_piece_quantities,x
        cmp V_tray_q,x
        beq @next
@new:   tya
        sta V_tray_f,x
        lda V_piece_quantities,x
        sta V_tray_q,x
        jsr tray_slot
@next:  inc Z_kind
        lda Z_kind
        cmp #16
        bne @kind
        lda Z_tray
        and #15
        cmp Z_name_shown
        beq @done
        sta Z_name_shown
        ldx #D_TRAY_X
        ldy #D_BOARD_Y + 8 * D_CELL_H + 2
        lda #10
        sta Z_h
        lda #160 - D_TRAY_X
        jsr set_rect
        lda #C_BLACK
        jsr fill_rect
        lda Z_name_shown
        asl
        tax
        lda T_names,x
        sta Z_str
        lda T_names+1,x
        sta Z_str+1
        ldx #D_TRAY_X
        ldy #D_BOARD_Y + 8 * D_CELL_H + 2
        lda #C_YELLOW
        jmp text_at
@done:  rts

; tray_slot: Z_kind's slot, cleared and drawn.
tray_slot:
        jsr tray_geom
        ldx Z_cx
        ldy Z_cy
        iny
        lda #D_CELL_H - 2
        sta Z_h
        lda #D_TRAY_W
        jsr set_rect
        lda #C_BLACK
        jsr fill_rect
        ldx Z_kind
        lda V_piece_quantities,x
        beq @none
        lda #C_OURS
        bne @colour
@none:  lda #C_DARK
@colour:
        pha
        lda Z_cx
        clc
        adc #1
        tax
        lda Z_cy
        clc
        adc #3
        tay
        lda #D_CELL_H - 6
        sta Z_h
        lda #10
        jsr set_rect
        pla
        jsr fill_rect
        inc Z_x
        inc Z_y
        ldx Z_kind
        lda #C_WHITE
        jsr draw_icon
        ldx Z_kind
        lda V_piece_quantities,x
        jsr num_text
        lda Z_cx
        clc
        adc #14
        tax
        lda Z_cy
        clc
        adc #8
        tay
        lda #C_WHITE
        jsr text_at
        ldx Z_kind
        lda V_tray_f,x
        beq @done
        ldx Z_cx
        ldy Z_cy
        iny
        lda #D_CELL_H - 2
        sta Z_h
        lda #D_TRAY_W - 2
        jsr set_rect
        lda #C_WHITE
        ldx Z_kind
        ldy V_tray_f,x
        cpy #2
        bne @frame
        lda #C_YELLOW
@frame: jmp frame
@done:  rts

; side_legend: every type's icon and short name where the tray would be.
side_legend:
        lda #0
        sta Z_kind
@kind:  jsr tray_geom
        lda Z_cx
        clc
        adc #2
        sta Z_x
        lda Z_cy
        clc
        adc #4
        sta Z_y
        ldx Z_kind
        lda #C_WHITE
        jsr draw_icon
        lda Z_kind
        asl
        tax
        lda T_shorts,x
        sta Z_str
        lda T_shorts+1,x
        sta Z_str+1
        lda Z_cx
        clc
        adc #12
        tax
        lda Z_cy
        clc
        adc #8
        tay
        lda #C_WHITE
        jsr text_at
        inc Z_kind
        lda Z_kind
        cmp #16
        bne @kind
        rts
