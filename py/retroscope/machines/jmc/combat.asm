; resolve_move and the fight, then check_win.

; resolve_move: X = from, Y = to. The mover leaves X ($FF); into an empty
; space it simply moves; onto a piece they fight by type. Z_result: 0 the
; attacker won (it moves in), 1 the defender won (the attacker vanishes),
; 2 both are removed, $FF no fight. A = Z_result.
resolve_move:
        stx Z_last_from
        sty Z_last_to
        sty Z_to
        lda V_board_pieces,x
        sta Z_attacker
        lda #$FF
        sta V_board_pieces,x
        lda V_board_pieces,y
        sta Z_defender
        bpl @fight
        lda Z_attacker
        sta V_board_pieces,y
        lda #$FF
        sta Z_result
        jmp sound_fight         ; (sound.asm) a tick
@fight: jsr combat
        sta Z_result
        ldy Z_to
        cmp #1
        beq @done               ; the defender stays
        bcs @both
        lda Z_attacker
        sta V_board_pieces,y
        lda #0
        jmp sound_fight
@both:  lda #$FF
        sta V_board_pieces,y
        lda #2
@done:  jmp sound_fight         ; the clash, by who won

; combat: Z_attacker against Z_defender (at Z_to); A = 0, 1 or 2 as above.
; Strength order by type, with the exceptions: the banner fights as the piece
; behind it if that is its own side's, else loses; a mine is destroyed when
; attacked and only the engineer and the plane survive it; the spy beats the
; general when attacking; a spy attacking a spy loses; equal types both die.
combat:
        ldx Z_attacker
        lda V_piece_types,x
        sta Z_atype
        ldx Z_defender
        lda V_piece_types,x
        sta Z_dtype
        cmp #BANNER
        bne combat_types
        jsr banner_behind
        bmi combat_types@attacker ; nobody of its own behind it
        sta Z_dtype
; combat_types: the outcome for types Z_atype against Z_dtype (a banner
; already replaced by what it fights as): A = 0, 1 or 2.
combat_types:
        lda Z_dtype
        cmp #MINE
        bne @spy
        lda Z_atype
        cmp #ENGINEER
        beq @attacker
        cmp #PLANE
        beq @attacker
        bne @both
@spy:   lda Z_atype
        bne @compare
        lda Z_dtype
        cmp #GENERAL
        beq @attacker
@compare:
        lda Z_atype
        cmp Z_dtype
        beq @same
        bcs @attacker
@defender:
        lda #1
        rts
@same:  cmp #SPY                ; a spy attacking a spy loses
        beq @defender
@both:  lda #2
        rts
@attacker:
        lda #0
        rts

; banner_behind: the type of the piece behind the banner (Z_defender at
; Z_to) if it is the banner's own side's, else $FF. Behind is up the board
; for a top piece, down for a bottom one: the bridge tables say where.
banner_behind:
        ldy Z_to
        lda Z_defender
        and #4
        bne @bottom
        lda V_map_bridge_up,y
        jmp @look
@bottom:
        lda V_map_bridge_down,y
@look:  bmi @none
        and #$3F
        tay
        lda V_board_pieces,y
        bmi @none
        eor Z_defender
        and #4
        bne @none               ; the other side's piece
        lda V_board_pieces,y
        tay
        lda V_piece_types,y
        rts
@none:  lda #$FF
        rts

; check_win (after the bottom player's move): A = 1 if the bottom player has
; won (a flag officer or the general on the opponent's headquarters, or the
; opponent has no legal move), 2 if the bottom player has no legal move
; itself, else 0. The same marking code counts the moves.
check_win:
        ldx V_board_pieces+HQ_TOP
        bmi @moves
        txa
        and #4
        beq @moves
        lda V_piece_types,x
        cmp #FO7
        bcc @moves
        cmp #GENERAL+1
        bcs @moves
        lda #1
        jmp sound_result        ; (sound.asm) the jingle
@moves: jsr swap_sides
        jsr count_moves
        pha
        jsr swap_sides
        pla
        bne @mine
        lda #1
        jmp sound_result
@mine:  jsr count_moves
        bne @none
        lda #2
        jmp sound_result
@none:  lda #0
        rts

; count_moves: marks every move of the bottom player's pieces; A = spaces marked.
count_moves:
        jsr clear_marks
        ldx #47
@piece: stx Z_loop
        lda V_board_pieces,x
        bmi @next
        and #4
        beq @next
        jsr mark_piece
@next:  ldx Z_loop
        dex
        bpl @piece
        jmp count_marks
