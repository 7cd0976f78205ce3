; random_setup: places both players' pieces at random, driven by its plan
; table (T_plan_2 or T_plan_4 for Z_bridges). Control bytes (bit 7 set):
; bit 4 end, bit 3 reset the list of pieces for the side in bit 2, bit 1 allow
; the banner, bit 0 allow mines. Other bytes are a position to fill: a random
; entry of the list (5 bits of galois32, again if past the end or not allowed
; here) is placed and the list's last entry moves into its slot.
; As the article has it, it places all the pieces for both players one after
; another, whatever the registers hold: the plan's control bytes name the side.
random_setup:
        lda #$FF
; random_setup_sides (ours): the same with A = $FF for both sides, $04 for
; only the bottom one, $00 for only the top one (setting up against the
; computer, and R in the setup phase).
random_setup_sides:
        sta Z_setup_only
        ldx #3
@keep:  lda seed,x              ; where this setup began: a link can start it again
        sta Z_setup_seed,x
        dex
        bpl @keep
        lda #0
        sta Z_skip
        lda #<T_plan_2
        ldx #>T_plan_2
        ldy Z_bridges
        cpy #4
        bne @plan
        lda #<T_plan_4
        ldx #>T_plan_4
@plan:  sta Z_plan
        stx Z_plan+1
        lda #0
        sta Z_plan_index
        ldx #15
        lda #1
@allow: sta V_setup_allowed,x
        dex
        bpl @allow
@byte:  ldy Z_plan_index
        inc Z_plan_index
        lda (Z_plan),y
        bmi @control
        ldx Z_skip
        bne @byte               ; the side we leave alone
        sta Z_place_pos
@pick:  jsr galois32
        and #$1F
        cmp Z_list_len
        bcs @pick               ; past the end of the list
        tax
        ldy V_setup_list,x
        lda V_setup_allowed,y
        beq @pick               ; not allowed here
        tya
        ldy Z_place_pos
        sta V_piece_types,y
        tya
        sta V_board_pieces,y
        dec Z_list_len
        ldy Z_list_len
        lda V_setup_list,y
        sta V_setup_list,x      ; the last entry fills the gap
        jmp @byte
@control:
        sta Z_tmp
        and #$10
        bne @end
        lda Z_tmp
        and #1
        sta V_setup_allowed+MINE
        lda Z_tmp
        lsr
        and #1
        sta V_setup_allowed+BANNER
        lda Z_tmp
        and #$08
        beq @byte
        lda Z_setup_only
        bmi @reset              ; both sides
        eor Z_tmp
        and #4
        sta Z_skip              ; not this side: skip its places
        bne @byte
@reset: jsr reset_list
        jmp @byte
@end:   lda Z_setup_only
        beq @kept               ; only the top side: the tray is the bottom's
        ldx #15
        lda #0
@empty: sta V_piece_quantities,x ; every piece (of the side set up) is on the board
        dex
        bpl @empty
@kept:  rts

; reset_list: V_setup_list = every type as often as T_quantities says; the
; side's half of the board (Z_tmp bit 2) is emptied first.
reset_list:
        ldx #47
@clear: txa
        eor Z_tmp
        and #4
        bne @other
        lda #$FF
        sta V_board_pieces,x
@other: dex
        bpl @clear
        ldy #0
        ldx #0
@type:  lda T_quantities,x
        sta Z_count
@copy:  lda Z_count
        beq @nexttype
        txa
        sta V_setup_list,y
        iny
        dec Z_count
        jmp @copy
@nexttype:
        inx
        cpx #16
        bne @type
        sty Z_list_len
        rts
