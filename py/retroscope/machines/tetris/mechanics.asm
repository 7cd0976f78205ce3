; The mechanics the article documents, each at its documented entry point.
; Our own code, written from the described behaviour (quirks included).

; ---------------------------------------------------------------------------
; $88AB rotate: A clockwise, B counter-clockwise, no kicks.
.org $88AB
rotateTetrimino:
        lda orientationID
        sta originalValue
        asl
        tax                     ; X = 2 * orientation: the counter-clockwise entry
        lda newlyPressed
        bpl @notA               ; bit 7 = A just pressed
        inx                     ; the clockwise entry
        bne @turn               ; (X is never 0 here)
@notA:  and #BTN_B
        beq @done
@turn:  lda rotationTable,x
        sta orientationID
        jsr isPositionValid
        bne @undo
        lda #5
        sta sfxEffect           ; rotation sound
        rts
@undo:  lda originalValue
        sta orientationID
@done:  rts
        .assert * <= $88EE, "rotate runs into the rotation table"

; ---------------------------------------------------------------------------
; $8914 drop: the first piece hangs while autorepeatY < 0; soft drop after 3
; frames then every frame (only when Down alone is held); gravity by level.
.org $8914
dropTetrimino:
        lda autorepeatY
        bpl @notHanging
        lda newlyPressed
        and #BTN_DOWN
        beq @countUp            ; still hanging
        lda #0
        sta autorepeatY
@notHanging:
        bne @repeating          ; autorepeatY > 0
        lda heldButtons
        and #BTN_LEFT|BTN_RIGHT
        bne @gravity
        lda newlyPressed
        and #$0F
        cmp #BTN_DOWN
        bne @gravity
        lda #1
        sta autorepeatY         ; Down alone just pressed: start counting
        bne @gravity
@repeating:
        lda heldButtons
        and #$0F
        cmp #BTN_DOWN
        beq @downHeld
        lda #0                  ; released (or mixed with a direction)
        sta autorepeatY
        sta holdDownPoints
        beq @gravity
@downHeld:
        inc autorepeatY
        lda autorepeatY
        cmp #3
        bcc @gravity
        lda #1
        sta autorepeatY
        inc holdDownPoints
@fall:  lda #0
        sta fallTimer
        lda tetriminoY
        sta originalValue
        inc tetriminoY
        jsr isPositionValid
        beq @done
        lda originalValue       ; blocked: the piece locks where it was
        sta tetriminoY
        lda #2
        sta playState
        jsr updatePlayfield
@done:  rts
@gravity:
        ldx levelNumber
        lda #1                  ; level 29 and up: one row per frame
        cpx #29
        bcs @speed
        lda framesPerDropTable,x
@speed: sta dropSpeed
        lda fallTimer
        cmp dropSpeed
        bpl @fall
        rts
@countUp:
        inc autorepeatY
        rts
        .assert * <= $898E, "drop runs into the frames-per-drop table"

; ---------------------------------------------------------------------------
; $89AE shift: a press moves at once; held, after 16 frames then every 6.
; Nothing moves while Down is held.
.org $89AE
shiftTetrimino:
        lda tetriminoX
        sta originalValue
        lda heldButtons
        and #BTN_DOWN
        bne @done
        lda newlyPressed
        and #BTN_LEFT|BTN_RIGHT
        bne @pressed
        lda heldButtons
        and #BTN_LEFT|BTN_RIGHT
        beq @done
        inc autorepeatX
        lda autorepeatX
        cmp #16
        bmi @done
        lda #10                 ; next repeat 6 frames later
        bne @move
@pressed:
        lda #0
@move:  sta autorepeatX
        lda heldButtons
        lsr                     ; C = Right
        bcc @left
        inc tetriminoX
        bcs @check              ; (INC keeps C)
@left:  lsr                     ; C = Left
        bcc @done
        dec tetriminoX
@check: jsr isPositionValid
        bne @undo
        lda #3
        sta sfxEffect           ; shift sound
        rts
@undo:  lda originalValue
        sta tetriminoX
        lda #16                 ; blocked: the next frame may try again
        sta autorepeatX
@done:  rts
        .assert * <= $8A9C, "shift runs into the orientation table"

; ---------------------------------------------------------------------------
; $948B collision test: A = 0 (and $A8 = 0, Z set) when all four squares are
; on the field (rows -2 and -1 allowed) over empty cells, else A = $FF.
; The column bound is checked after the cell has been read.
.org $948B
isPositionValid:
        lda tetriminoY
        asl
        sta tmpA8
        asl
        asl
        clc
        adc tmpA8
        clc
        adc tetriminoX
        sta tmpA8               ; 10 * y + x
        lda orientationID
        asl
        asl
        sta tmpA9
        asl
        clc
        adc tmpA9
        tax                     ; 12 * orientation
        lda #4
        sta tmpAA
@square:
        lda orientationTable,x  ; square Y
        clc
        adc tetriminoY
        clc
        adc #2
        cmp #22                 ; rows -2..19 only
        bcs @invalid
        lda orientationTable,x
        asl
        sta tmpAB
        asl
        asl
        clc
        adc tmpAB
        clc
        adc tmpA8
        sta tmpAD               ; 10 * (y + squareY) + x
        inx
        inx
        lda orientationTable,x  ; square X
        clc
        adc tmpAD
        tay
        lda (playfieldPtr),y
        cmp #EMPTY_TILE
        bcc @invalid
        lda orientationTable,x
        clc
        adc tetriminoX
        cmp #10
        bcs @invalid
        inx
        dec tmpAA
        bne @square
        lda #0
        sta tmpA8
        rts
@invalid:
        lda #$FF
        sta tmpA8
        rts
        .assert * <= $94EE, "the collision test runs into the play renderer"

; ---------------------------------------------------------------------------
; $988E play state 8: the next piece becomes the active one.
.org $988E
spawnTetrimino:
        lda nextPiece
        sta orientationID
        jsr countPiece
        lda #0
        sta fallTimer
        sta tetriminoY
        sta autorepeatY         ; a held Down does not soft-drop the new piece
        lda #1
        sta playState
        lda #5
        sta tetriminoX
        jsr updateMusicSpeed
        jsr chooseNextTetrimino
        sta nextPiece
        rts
        .assert * <= $98EB, "spawn runs into the next-piece choice"

; $98EB: the demo reads its pieces from a table; otherwise $9907 chooses.
.org $98EB
chooseNextTetrimino:
        lda gameMode
        cmp #5
        bne pickRandomTetrimino
        ldx demoPieceIndex
        inc demoPieceIndex
        lda demoPieceTable,x
        lsr
        lsr
        lsr
        lsr
        and #7                  ; bits 6-4; a 7 reads past the spawn table
        tax
        lda spawnTable,x
        rts
        .assert * <= $9907, "the demo choice runs into the random choice"

; $9907: pick the next piece from the PRNG's high byte plus spawnCount; a 7 or a
; repeat rerolls once, adding the previous spawn ID (the bias).
.org $9907
pickRandomTetrimino:
        inc spawnCount
        lda rng
        clc
        adc spawnCount
        and #7
        cmp #7
        beq @reroll
        tax
        lda spawnTable,x
        cmp spawnID
        bne @store
@reroll:
        ldx #rng
        ldy #2
        jsr generateNextPseudorandomNumber
        lda rng
        and #7
        clc
        adc spawnID
@mod7:  cmp #7
        bcc @index
        sbc #7                  ; (C is set)
        bcs @mod7
@index: tax
        lda spawnTable,x
@store: sta spawnID
        rts
        .assert * <= $993B, "the random choice runs into the type table"

; ---------------------------------------------------------------------------
; $99A2 play state 2: lock the piece into the playfield, or end the game when
; it overlaps (it spawned on top of the pile).
.org $99A2
lockTetrimino:
        jsr isPositionValid
        beq @place
        lda #2
        sta sfxCurtain
        lda #$0A
        sta playState           ; the game-over curtain
        lda #$F0
        sta curtainRow          ; -16: a short wait before it falls
        jsr updateAudio2
        rts
@place: lda orientationID
        asl
        asl
        sta tmpA9
        asl
        clc
        adc tmpA9
        tax                     ; 12 * orientation
        lda #4
        sta tmpAA
@square:
        lda orientationTable,x
        clc
        adc tetriminoY
        bmi @skip               ; rows -1 and -2 are not stored
        tay
        lda rowOffsetTable,y
        clc
        adc orientationTable+2,x
        clc
        adc tetriminoX
        tay
        lda orientationTable+1,x
        sta (playfieldPtr),y
@skip:  inx
        inx
        inx
        dec tmpAA
        bne @square
        lda #0
        sta lineIndex
        jsr updatePlayfield
        inc playState           ; 3: look for completed rows
        lda #HUD_STATS
        ora hudDirty
        sta hudDirty
        rts
        .assert * <= $9A11, "the lock runs into the curtain"

; $9A11 play state $0A: the curtain falls one row per 4 frames; then the
; ending (score of 30,000 or more) or a wait for Start.
.org $9A11
updateCurtain:
        lda curtainRow
        cmp #20
        beq @end
        lda frameCounter
        and #3
        bne @wait
        ldx curtainRow
        bmi @next
        ldy rowOffsetTable,x
        lda #UNASSIGNED
        sta orientationID
        lda #CURTAIN_TILE
        ldx #10
@fill:  sta (playfieldPtr),y
        iny
        dex
        bne @fill
        lda curtainRow
        sta vramRow
@next:  inc curtainRow
@wait:  rts
@end:   lda scoreMirror+2
        cmp #$03
        bcc @noEnding
        lda #$80
        jsr waitFrames
        jsr showEnding
        jmp @over
@noEnding:
        lda newlyPressed
        cmp #BTN_START
        bne @wait
@over:  lda #0
        sta playState           ; game over
        sta newlyPressed
        rts
        .assert * <= $9A6B, "the curtain runs into the row check"

; $9A6B play state 3: four passes, one per frame, over rows y-2 .. y+1; a full
; row is recorded, the rows above move down, the top row empties.
.org $9A6B
checkCompletedRows:
        lda vramRow
        cmp #32
        bpl @scan
        rts                     ; the playfield is still being copied to VRAM
@scan:  lda tetriminoY
        sec
        sbc #2
        bpl @row
        lda #0
@row:   clc
        adc lineIndex
        sta tmpA9               ; rowY
        asl
        sta tmpA8
        asl
        asl
        clc
        adc tmpA8
        sta tmpA8               ; 10 * rowY
        tay
        ldx #10
@cell:  lda (playfieldPtr),y
        cmp #EMPTY_TILE
        beq @notFull
        iny
        dex
        bne @cell
        lda #$0A
        sta sfxEffect
        inc completedLines
        ldx lineIndex
        lda tmpA9
        sta completedRows,x
        ldy tmpA8
        dey
@down:  lda playfield,y         ; every cell above moves down a row
        sta playfield+10,y
        dey
        cpy #$FF
        bne @down
        lda #EMPTY_TILE
        ldy #9
@top:   sta playfield,y
        dey
        bpl @top
        lda #UNASSIGNED
        sta orientationID
        bne @nextPass
@notFull:
        ldx lineIndex
        lda #0
        sta completedRows,x
@nextPass:
        inc lineIndex
        lda lineIndex
        cmp #4
        bmi @out
        lda #0
        sta vramRow
        sta clearColumnIndex
        lda completedLines
        cmp #4
        bne @notTetris
        lda #4
        sta sfxEffect
@notTetris:
        inc playState           ; 4: the clearing animation
        lda completedLines
        bne @out
        inc playState           ; 5: nothing to animate
        lda #7
        sta sfxEffect
@out:   rts
        .assert * <= $9B53, "the row check runs into the garbage table"

; $9B58 play state 5: lines (and level), soft-drop points, score.
.org $9B58
updateLinesAndStatistics:
        lda completedLines
        beq @points
        sta tmpAB
@line:  lda gameType            ; B-type counts down from 25
        beq @up
        jsr subtractOneLine
        jmp @counted
@up:    jsr addOneLine
@counted:
        dec tmpAB
        bne @line
@points:
        lda #HUD_SCORE|HUD_LINES|HUD_LEVEL
        ora hudDirty
        sta hudDirty
        jmp addHoldDownPoints
        .assert * <= $9BA8, "state 5 runs into the lines increment"

; $9BA8: one more line in packed BCD; the top byte counts on freely. At every
; tenth line the level goes up while it is below lines / 10 taken as BCD
; (the article's bug: the level is compared with BCD tens, signed).
.org $9BA8
addOneLine:
        inc lines
        lda lines
        and #$0F
        cmp #$0A
        bmi @levelCheck
        lda lines
        clc
        adc #6
        sta lines
        and #$F0
        cmp #$A0
        bcc @levelCheck
        lda lines
        and #$0F
        sta lines
        inc lines+1
@levelCheck:
        lda lines
        and #$0F
        bne @done
        lda lines+1
        sta tmpA9
        lda lines
        sta tmpA8
        ldx #4
@shift: lsr tmpA9
        ror tmpA8
        dex
        bne @shift
        lda levelNumber
        cmp tmpA8
        bpl @done
        inc levelNumber
        lda #6
        sta sfxEffect
        lda #HUD_PALETTE
        ora hudDirty
        sta hudDirty
@done:  rts
        .assert * <= $9BFE, "the lines increment runs into the soft-drop points"

; $9BFE: soft-drop points, holdDownPoints - 1 when at least 2, then cleared
; at $9C2F; then the score loop.
.org $9BFE
addHoldDownPoints:
        lda holdDownPoints
        cmp #2
        bmi @clear
        sbc #1                  ; (C set by CMP)
        clc
        adc score
        sta score
        and #$0F
        cmp #$0A
        bcc @tens
        lda score
        clc
        adc #6
        sta score
@tens:  lda score
        cmp #$A0
        bcc @clear
        adc #$5F                ; +$60 with C set
        sta score
        inc score+1
@clear: lda #0
        jmp clearHoldDownPoints
        .assert * <= $9C2F, "the soft-drop points run into $9C2F"
.org $9C2F
clearHoldDownPoints:
        sta holdDownPoints

; $9C31: the score: points[completedLines] added level + 1 times, each add
; fixed up digit by digit (the 2A03 has no decimal mode); at high levels this
; loop outlasts a frame. The score stops at 999999.
addLineClearPoints:
        lda levelNumber
        sta tmpA8
        inc tmpA8
@again: lda completedLines
        asl
        tax
        lda pointsTable,x
        clc
        adc score
        cmp #$A0
        bcc @low
        adc #$5F                ; +$60 (C set)
        inc score+1
@low:   sta score
        lda pointsTable+1,x
        clc
        adc score+1
        sta score+1
        and #$0F
        cmp #$0A
        bcc @mid
        lda score+1
        adc #5                  ; +6 (C set)
        sta score+1
@mid:   lda score+1
        cmp #$A0
        bcc @high
        adc #$5F
        sta score+1
        inc score+2
@high:  lda score+2
        and #$0F
        cmp #$0A
        bcc @top
        lda score+2
        adc #5
        sta score+2
@top:   lda score+2
        cmp #$A0
        bcc @count
        lda #$99
        sta score
        sta score+1
        sta score+2
@count: dec tmpA8
        bne @again
        jmp finishScoring
        .assert * <= $9C9E, "the score loop runs into $9C9E"
.org $9C9E
finishScoring:
        lda #0
        sta completedLines
        inc playState           ; 6: the B-type goal check
        rts

; $9CAF: restart the playfield copy from two rows above the piece.
.org $9CAF
updatePlayfield:
        ldx tetriminoY
        dex
        dex
        bpl @row
        ldx #0
@row:   txa
        cmp vramRow
        bpl @done
        sta vramRow
@done:  rts

; ---------------------------------------------------------------------------
; $AB47: the PRNG. X = address of a big-endian shift register, Y = its length
; in bytes; bit 1 XOR bit 9 enters at the top as it all shifts right.
.org $AB47
generateNextPseudorandomNumber:
        lda $01,x
        eor $00,x
        lsr
        lsr                     ; C = bit 1 of the low byte XOR bit 1 of the high
@ror:   ror $00,x
        inx
        dey
        bne @ror
        rts
