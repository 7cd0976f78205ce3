; The unfinished 2-player versus mode the article documents (our own code):
; $00BE = 2 puts two fields into the 1-player screen, player 1's at column
; -2 and player 2's at +12 of the table's (the 1-player field is at +6), each
; player's lines above its field, the one next piece where it always is
; (inside the right field), the squares in whatever colours the screen's
; attributes give there. Each player moves its own pieces (pad 1 and pad 2);
; a double, triple or Tetris raises garbage rows with one hole in the
; opponent's field (play state 7, which holds only this logic); when a
; player loses, the game begins again.
;
; Player 1's state is the block $0040-$005F and its field $0400; player 2's
; is $0060-$007F (the 1-player mirror) and $0500. For player 2's turn the
; blocks, the pads' bytes and the field pointer are exchanged (swapPlayers),
; so the mechanics run unchanged for both. The 1-player frame pays only a
; test of playersActive in renderPlay and readPad, and a zero-page operand for
; the field's column (its NMI ends near the end of vblank after a lock).

GARBAGE_TILE = $7B

; A = 2 when $00BE asks for two players, else 1 (the article's code tests
; for 1 in some places and 2 in others; ours reads only "2 or not").
playersWanted:
        lda numberOfPlayers
        cmp #2
        beq @two
        lda #1
@two:   rts

; When a game begins, before its screen (an NMI may come while the rest of
; the game is set up): how many play; the demo plays alone.
choosePlayers:
        lda #FIELD_SHIFT        ; the 1-player field's column (renderTwo moves it)
        sta fieldShift
        jsr playersWanted
        ldx gameMode
        cpx #5
        bne @set
        lda #1
@set:   sta playersActive
        rts

; Then, with two, player 2 begins as player 1 has: the same field (a B-type's
; garbage too), the same block (first piece, level, lines); both fields are
; copied to VRAM afresh (an NMI meanwhile may have drawn a half-made one).
initVersus:
        lda playersActive
        cmp #2
        bne @done
        ldx #0
@field: lda playfield,x
        sta playfield2,x
        inx
        bne @field
        ldx #$1F
@block: lda $40,x
        sta $60,x
        dex
        bpl @block
        lda #0
        sta vramRow
        sta vramRow+$20
@done:  rts

; C set when $00BE no longer says what this game began with: then the game
; begins again (next frame) in the mode it asks for.
checkPlayers:
        lda gameMode
        cmp #5
        beq @same
        jsr playersWanted
        cmp playersActive
        beq @same
        lda #0
        sta gameStarted
        sec
        rts
@same:  clc
        rts

; One frame of play for both: player 1's turn, then player 2's with the
; blocks exchanged; each piece drawn over its field, then the next piece.
; A player who lost (play state $0A: the piece did not fit, or a B-type
; goal) begins the game again for both.
playTwo:
        inc fallTimer
        jsr branchOnPlayState
        lda #0
        sta oamNext
        lda #FIELD1_X
        jsr drawActivePiece
        jsr swapPlayers
        inc fallTimer
        jsr branchOnPlayState
        lda #FIELD2_X
        jsr drawActivePiece
        jsr swapPlayers
        jsr drawNextPiece
        lda playState
        cmp #$0A
        beq @again
        lda playState+$20
        cmp #$0A
        bne @done
@again: lda #0
        sta gameStarted
@done:  rts

; Exchange the players: the blocks $0040-$005F and $0060-$007F, the buttons
; the mechanics read ($00B5/$00B6) with pad 2's, and the field pointed at.
swapPlayers:
        ldx #$1F
@swap:  lda $40,x
        ldy $60,x
        sta $60,x
        sty $40,x
        dex
        bpl @swap
        lda newlyPressed
        ldy pressed2
        sta pressed2
        sty newlyPressed
        lda heldButtons
        ldy held2
        sta held2
        sty heldButtons
        lda playfieldPtr+1
        eor #$01                ; $04 <-> $05
        sta playfieldPtr+1
        rts

; Pad 2 ($4017; pollController's strobe of $4016 loaded it too): new presses
; in pressed2, held buttons in held2.
pollPad2:
        ldx #8
@bit:   lda $4017
        lsr
        rol padBits2
        dex
        bne @bit
        lda padBits2
        eor held2
        and padBits2
        sta pressed2
        lda padBits2
        sta held2
        rts

; vblank, two players: each field's rows (two a frame each, four would
; outlast vblank) or its clearing animation, at its column (the article's
; $9725 and $977F add -2 for player 1's field, +12 for player 2's; ours add
; fieldShift), then each player's lines above its field. The HUD's boxes lie
; under the fields: only the colours and the pause are drawn.
renderTwo:
        lda playfieldPtr+1
        cmp #>playfield
        bne @lines              ; player 2's turn is under way (a long frame)
        lda #VERSUS_SHIFT1
        sta fieldShift
        jsr renderField
        jsr swapRenderBytes
        inc playfieldPtr+1
        lda #VERSUS_SHIFT2
        sta fieldShift
        jsr renderField
        dec playfieldPtr+1
        jsr swapRenderBytes
        lda #FIELD_SHIFT
        sta fieldShift
@lines: lda #>VRAM_VERSUS1
        sta $2006
        lda #<VRAM_VERSUS1
        sta $2006
        lda lines+1
        sta $2007
        lda lines
        jsr putBcd
        lda #>VRAM_VERSUS2
        sta $2006
        lda #<VRAM_VERSUS2
        sta $2006
        lda lines+$21
        sta $2007
        lda lines+$20
        jsr putBcd
        jsr updateTetrisFlash
        lda hudDirty
        and #HUD_PALETTE|HUD_PAUSE
        sta hudDirty
        jmp drawHud

renderField:
        lda playState
        cmp #4
        bne @copy
        jmp updateLineClearingAnimation
@copy:  jsr copyPlayfieldRowToVRAM
        jmp copyPlayfieldRowToVRAM

; The bytes the NMI's field drawing reads and writes (play state, vramRow,
; the completed rows, the clearing column), exchanged between the players.
swapRenderBytes:
        ldx #completedRows+3-playState
@swap:  lda playState,x
        ldy playState+$20,x
        sta playState+$20,x
        sty playState,x
        dex
        bpl @swap
        lda clearColumnIndex
        ldy clearColumnIndex+$20
        sta clearColumnIndex+$20
        sty clearColumnIndex
        rts

; Play state 7: the versus logic and nothing else (with one player an unused
; frame, as the article says). The rows this lock cleared send garbage to the
; opponent (a double 1 row, a triple 2, a Tetris 4: the Game Boy's rule, the
; article gives no numbers); garbage the opponent sent rises into this field.
; (A full row 0 is recorded as 0, "none", and is not counted.)
versusState:
        lda playersActive
        cmp #2
        bne @next
        ldx #0
        ldy #3
@count: lda completedRows,y
        beq @none
        inx
@none:  dey
        bpl @count
        lda garbageSent,x
        clc
        adc pendingGarbage+$20  ; the opponent's: the other block
        sta pendingGarbage+$20
        lda pendingGarbage
        beq @next
        jsr raiseGarbage
        lda #0
        sta pendingGarbage
        sta vramRow             ; show the whole field again
@next:  inc playState
        rts
garbageSent:
        .byte 0, 0, 1, 2, 4

; Raise the field A rows (20 at most): rows pushed over the top are lost;
; the new bottom rows are squares with one hole, in a column from the RNG.
raiseGarbage:
        cmp #20
        bcc @rows
        lda #20
@rows:  asl
        sta tmpA8
        asl
        asl
        adc tmpA8               ; (C clear)
        sta tmpA8               ; 10 * rows: how far each cell moves up
        clc
        adc playfieldPtr
        sta garbagePtr
        lda playfieldPtr+1
        adc #0
        sta garbagePtr+1
        lda #200
        sec
        sbc tmpA8
        sta tmpA9               ; the cells that stay
        ldy #0
        cpy tmpA9
        beq @hole
@up:    lda (garbagePtr),y
        sta (playfieldPtr),y
        iny
        cpy tmpA9
        bne @up
@hole:  lda rng                 ; the hole's column: the RNG's high byte mod 10
@mod:   cmp #10
        bcc @put
        sbc #10
        bcs @mod
@put:   sta tmpAB
        ldx #0                  ; column
@cell:  lda #GARBAGE_TILE
        cpx tmpAB
        bne @fill
        lda #EMPTY_TILE
@fill:  sta (playfieldPtr),y
        inx
        cpx #10
        bne @row
        ldx #0
@row:   iny
        cpy #200
        bne @cell
        rts
