; The game around the mechanics: reset, NMI, main loop, modes, menus, the play
; frame, sprites, the HUD. Our own program; documented entry points kept.

.org $8000
reset:  jmp init

; ---------------------------------------------------------------------------
; $8005 NMI, once per frame at the start of vblank.
.org $8005
nmi:    pha
        txa
        pha
        tya
        pha
        jsr render
        dec legalCounter1       ; counts down to 0 and stays there
        lda legalCounter1
        cmp #$FF
        bne @oam
        inc legalCounter1
@oam:   jsr initializeOAM
        inc frameCounter
        bne @random
        inc frameCounter+1
@random:
        ldx #rng
        ldy #2
        jsr generateNextPseudorandomNumber  ; at least once per frame, always
        lda #0
        sta $2005
        sta $2005
        lda ppuCtrl             ; after $2006 writes: the nametable bits again
        sta $2000
        lda ppuMask
        sta $2001
        lda #1
        sta vblankFlag
        jsr pollControllerButtons
        pla
        tay
        pla
        tax
        pla
        rti
        .assert * <= $804B, "the NMI handler runs into render"

; $804B: what the NMI draws depends on the render mode.
.org $804B
render: lda renderMode
        jsr jumpTable
        .word renderNothing, renderMenu, renderCongrats, renderPlay, renderEnding

; ---------------------------------------------------------------------------
; $8138 the main loop: one frame of the current mode, then wait for the NMI.
.org $8138
mainLoop:
        jsr branchOnGameMode
        jsr waitForVBlank
        jmp mainLoop

.org $8161
branchOnGameMode:
        lda gameMode
        jsr jumpTable
        .word legalScreen, titleScreen, gameTypeMenu, levelMenu, playMode, playMode

; $81B2: one frame of play, by play state.
.org $81B2
branchOnPlayState:
        lda playState
        jsr jumpTable
        .word unassignOrientation, playerControls, lockTetrimino, checkCompletedRows
        .word noop, updateLinesAndStatistics, bTypeGoalCheck, versusState
        .word spawnTetrimino, noop, updateCurtain, incrementPlayState
        .assert * == $81CF, "the play-state table must end at $81CF"
playerControls:
        jsr shiftTetrimino
        jsr rotateTetrimino
        jsr dropTetrimino
        rts

; ---------------------------------------------------------------------------
; $94EE: the play screen's VRAM work in vblank.
.org $94EE
renderPlay:
        lda playersActive
        cmp #2
        bne @one
        jmp renderTwo
@one:   lda playState
        cmp #4
        bne @copy
        jsr updateLineClearingAnimation
        jmp @hud
@copy:  jsr copyPlayfieldRowToVRAM
        jsr copyPlayfieldRowToVRAM
        jsr copyPlayfieldRowToVRAM
        jsr copyPlayfieldRowToVRAM
@hud:   jsr updateTetrisFlash
        jmp drawHud

; $9673: on a Tetris, the backdrop's colour ($3F0E) turns white every 4th
; frame while the lines clear (and sounds every 8th).
.org $9673
updateTetrisFlash:
        lda #$3F
        sta $2006
        lda #$0E
        sta $2006
        ldx #$00                ; dark grey
        lda completedLines
        cmp #4
        bne @put
        lda frameCounter
        and #3
        bne @put
        ldx #$30                ; white
        lda frameCounter
        and #7
        bne @put
        lda #9
        sta sfxEffect
@put:   stx $2007
        rts
        .assert * <= $96B8, "the flash runs into the level display table"

; $9725: one playfield row to VRAM per call; vramRow 20 -> 32 means done.
.org $9725
copyPlayfieldRowToVRAM:
        ldx vramRow
        cpx #20
        bpl @done
        lda rowOffsetTable,x
        tay
        txa
        asl
        tax
        lda vramPlayfieldRows+1,x
        sta $2006
        lda vramPlayfieldRows,x
        clc
        adc fieldShift          ; +6; two players' fields -2 and +12
        sta $2006
        ldx #10
@cell:  lda (playfieldPtr),y
        sta $2007
        iny
        dex
        bne @cell
        inc vramRow
        lda vramRow
        cmp #20
        bmi @done
        lda #32
        sta vramRow
@done:  rts
        .assert * <= $977F, "the row copy runs into the clearing animation"

; $977F: every 4th frame, blank two more columns of each cleared row, from
; the middle out; after 5 passes, play state 5.
.org $977F
updateLineClearingAnimation:
        lda frameCounter
        and #3
        bne @done
        lda #0
        sta tmpAA
@row:   ldx tmpAA
        lda completedRows,x
        beq @next               ; row 0 means "none" (so row 0 never animates)
        asl
        tay
        lda vramPlayfieldRows,y
        clc
        adc fieldShift
        sta tmpA8
        lda vramPlayfieldRows+1,y
        sta tmpA9
        ldx clearColumnIndex
        sta $2006
        lda leftColumns,x
        clc
        adc tmpA8
        sta $2006
        lda #BLANK_TILE
        sta $2007
        lda tmpA9
        sta $2006
        lda rightColumns,x
        clc
        adc tmpA8
        sta $2006
        lda #BLANK_TILE
        sta $2007
@next:  inc tmpAA
        lda tmpAA
        cmp #4
        bne @row
        inc clearColumnIndex
        lda clearColumnIndex
        cmp #5
        bmi @done
        inc playState
@done:  rts
        .assert * <= $97FE, "the clearing animation runs into its column tables"

; $9808: the level's colours into background palette 2 and sprite palette 2.
; Level mod 10 by repeated subtraction with a signed test: from level 138 on,
; the loop is skipped and the table is read far past its end.
.org $9808
setLevelColours:
        lda levelMirror
@mod:   cmp #10
        bmi @index
        sec
        sbc #10
        bcs @mod
@index: asl
        asl
        tax
        ldy #$08
@pal:   lda #$3F
        sta $2006
        sty $2006
        lda colorTable,x
        sta $2007
        lda colorTable+1,x
        sta $2007
        lda colorTable+2,x
        sta $2007
        lda colorTable+3,x
        sta $2007
        tya
        clc
        adc #$10
        tay
        cpy #$28
        bne @pal
        rts
        .assert * <= $984C, "the colour routine runs into the colour table"

; ---------------------------------------------------------------------------
; $9D51: read the pad (or, in the demo, the recorded buttons) into $F5/$F6
; and their mirrors $B5/$B6.
.org $9D51
pollControllerButtons:
        lda gameMode
        cmp #5
        beq demoButtons
        jmp readPad
        nop
.org $9D5B
demoButtons:
        lda demoRecording       ; $FF: recording, the pad plays
        cmp #$FF
        beq @record
        jsr pollController
        lda pressedRaw
        cmp #BTN_START
        beq @quit
        lda demoRepeats
        beq @nextMove
        dec demoRepeats
        lda #0
        sta pressedRaw
        beq @hold
@nextMove:
        ldx #0
        lda (demoIndex,x)
        sta tmpA8
        jsr demoAdvance
        lda demoHeld
        eor tmpA8
        and tmpA8
        sta pressedRaw
        lda tmpA8
        sta demoHeld
        ldx #0
        lda (demoIndex,x)
        sta demoRepeats
        jsr demoAdvance
@hold:  lda demoHeld
        sta heldRaw
        jmp mirrorButtons
@record:
        jsr pollController
        jmp mirrorButtons
@quit:  lda #>demoButtonTable
        sta demoIndex+1
        lda #0
        sta pressedRaw          ; the title screen must not take this Start too
        sta frameCounter+1
        lda #1
        sta gameMode
        jmp mirrorButtons

.org $9DE8
demoAdvance:
        inc demoIndex
        bne @done
        inc demoIndex+1
@done:  rts

; ---------------------------------------------------------------------------
.org $9E2F
unassignOrientation:
        lda #UNASSIGNED
        sta orientationID
        rts
.org $9E37
incrementPlayState:
        inc playState
noop:   rts                     ; $9E39

; $9E3A: the ending, chosen by score (A-type) or by start level (B-type).
showEnding:
        lda #MUSIC_STOP         ; (a B-type win ends with the music playing)
        sta musicTrack
        lda gameType
        bne @b
        jsr selectEnding
@b:     jsr isCastle
        bne @cathedral
        lda #<screenCastle
        ldx #>screenCastle
        jmp @enter
@cathedral:
        lda #<screenEnding
        ldx #>screenEnding
@enter: ldy #4
        jsr enterScreen
        lda ppuCtrl
        ora #$08                ; sprites from pattern table 1
        sta ppuCtrl
        jsr setupEnding
@frame: jsr waitForVBlank
        jsr drawEnding
        inc endingTimer
        bne @long
        inc endingTimer+1
@long:  lda endingTimer+1
        cmp #>ENDING_FRAMES
        bne @early
        lda endingTimer
        cmp #<ENDING_FRAMES
        beq @out                ; 10 s at most
@early: lda endingTimer+1
        bne @start
        lda endingTimer
        cmp #64
        bcc @frame
@start: lda newlyPressed        ; after a second, Start ends it
        cmp #BTN_START
        bne @frame
@out:   lda ppuCtrl
        and #$F7
        sta ppuCtrl
        rts

; $A3F2 play state 6: the B-type goal, the countdown from 25 at 0.
.org $A3F2
bTypeGoalCheck:
        lda gameType
        beq @next
        lda lines               ; the countdown from 25 has reached 0
        ora lines+1
        bne @next
        lda playersActive       ; two players: no ending, the game begins again
        cmp #2
        beq @versus
        lda menuLevel
        sta endingNumber
        jsr showEnding
        lda #0
        sta playState           ; game over, won
        rts
@versus:
        lda #$0A                ; as a loss (playTwo)
        sta playState
        rts
@next:  inc playState
        rts

; B-type: one line fewer to go, in packed BCD, stopping at 0.
subtractOneLine:
        lda lines
        beq @done
        sec
        sbc #1
        sta lines
        and #$0F
        cmp #$0F
        bne @done
        lda lines               ; $x0 - 1 = $xF: borrow, $xF - 6 = $(x-1)9
        sbc #6                  ; (C set by CMP)
        sta lines
@done:  rts
        .assert * <= $A459, "the B-type goal runs into waitFrames"

; $A459: wait A frames (the legal screen's first counter).
.org $A459
waitFrames:
        sta legalCounter1
@wait:  jsr waitForVBlank
        lda legalCounter1
        bne @wait
        rts

; $A96E: the A-type ending from the score's top two digits.
.org $A96E
selectEnding:
        ldx #0
@try:   lda scoreMirror+2
        cmp endingThresholds,x
        bcc @found
        inx
        cpx #4
        bne @try
@found: stx endingNumber
        rts
endingThresholds:
        .byte $05, $07, $10, $12

; $AA2F: wait for the NMI, then clear the sprite page.
.org $AA2F
waitForVBlank:
        jsr updateAudio
        lda #0
        sta vblankFlag
        nop
@wait:  lda vblankFlag          ; $AA37: the machine may fast-forward this loop
        beq @wait
        lda #$FF
        ldx #>oamPage
        ldy #>oamPage
        jsr memsetPages
        rts

; $AB5E: sprites to the PPU by DMA.
.org $AB5E
initializeOAM:
        lda #0
        sta $2003
        lda #>oamPage
        sta $4014
        rts

; $AB9D: read the pad: held buttons in $F6, new presses in $F5.
.org $AB9D
pollController:
        lda #1
        sta $4016
        lda #0
        sta $4016
        ldx #8
@bit:   lda $4016
        lsr
        rol padBits
        dex
        bne @bit
        lda padBits
        eor heldRaw
        and padBits
        sta pressedRaw
        lda padBits
        sta heldRaw
        rts

; $AC6A: fill pages X..Y with A.
.org $AC6A
memsetPages:
        stx tmp1
        sty tmpAB
        ldy #0
        sty tmp0
@fill:  sta (tmp0),y
        iny
        bne @fill
        ldx tmp1
        cpx tmpAB
        beq @done
        inc tmp1
        bne @fill
@done:  rts

; $AC82: jump through the table of addresses that follows the JSR, by A.
.org $AC82
jumpTable:
        asl
        tay
        iny                     ; the return address is the table's first byte - 1
        pla
        sta tmp0
        pla
        sta tmp1
        lda (tmp0),y
        tax
        iny
        lda (tmp0),y
        sta tmp1
        stx tmp0
        jmp (tmp0)

; ---------------------------------------------------------------------------
; Our code beyond the documented places.
.org $B000
init:   sei
        cld
        ldx #$FF
        txs
        lda #0
        sta $2000
        sta $2001
@vbl1:  bit $2002               ; the PPU needs two frames to warm up
        bpl @vbl1
@vbl2:  bit $2002
        bpl @vbl2
        lda #0                  ; clear RAM except the stack and the high scores
        ldx #0
@clear: sta $00,x
        sta $0300,x
        sta $0500,x
        sta $0600,x
        inx
        bne @clear
        lda #EMPTY_TILE
        ldx #>playfield
        ldy #>playfield
        jsr memsetPages
        lda #$FF
        ldx #>oamPage
        ldy #>oamPage
        jsr memsetPages
        ; The link's parameters: each operand below is labelled, and the machine
        ; writes a link's values into them (machine.py: LINK_SLOTS), so one
        ; image assembled at build time serves every link.
        lda #>SEED              ; the seed ($8988 unless the link says otherwise)
linkSeedHi = * - 1
        sta rng
        lda #<SEED
linkSeedLo = * - 1
        sta rng+1
        lda #<playfield
        sta playfieldPtr
        lda #>playfield
        sta playfieldPtr+1
        lda #1
        sta numberOfPlayers
        lda #>demoButtonTable
        sta demoIndex+1
        lda #START_TYPE
linkType = * - 1
        sta gameType
        lda #START_LEVEL
linkMenuLevel = * - 1
        sta menuLevel
        lda #START_HEIGHT
linkHeight = * - 1
        sta startHeight
        lda #START_LEVEL
linkLevel = * - 1
        sta levelNumber
        sta startLevel
        lda #START_MODE
linkMode = * - 1
        sta gameMode
        lda #START_MUSIC
linkMusic = * - 1
        sta musicChoice
        lda #$FF
        sta modeDrawn
        jsr initAudio
        jsr loadPalette
        lda #$80
        sta ppuCtrl
        sta $2000
        jmp mainLoop


loadPalette:
        lda #$3F
        sta $2006
        lda #0
        sta $2006
        ldx #0
@copy:  lda basePalette,x
        sta $2007
        inx
        cpx #32
        bne @copy
        rts
basePalette:
        .byte $0F, $30, $10, $00, $0F, $30, $10, $00, $0F, $30, $21, $12, $0F, $30, $00, $10
        .byte $0F, $30, $10, $00, $0F, $30, $10, $00, $0F, $30, $21, $12, $0F, $30, $00, $10
        ; palette 3 colour 2 ($3F0E) is the wallpaper the Tetris flash lights

; drawScreen: A/X = RLE data (low/high); rendering and NMI off meanwhile.
drawScreen:
        sta tmp0
        stx tmp1
        lda #0
        sta $2001
        lda ppuCtrl
        and #$7F
        sta $2000
        lda $2002
        lda #$20
        sta $2006
        lda #0
        sta $2006
@pair:  ldy #0
        lda (tmp0),y
        beq @done
        tax
        iny
        lda (tmp0),y
@run:   sta $2007
        dex
        bne @run
        lda tmp0
        clc
        adc #2
        sta tmp0
        bcc @pair
        inc tmp1
        bne @pair
@done:  rts

; Switch to a screen once per mode: A/X = data, Y = render mode. What the
; screen shows besides its picture is drawn while rendering is still off.
enterScreen:
        sty renderMode
        jsr drawScreen
        jsr loadPalette         ; (an ending changes some colours)
        lda renderMode
        cmp #4
        bne @play
        jsr loadEndingPalette
@play:  lda renderMode
        cmp #3
        bne @menu
        jsr drawTypeLabel
@menu:  lda renderMode
        cmp #2
        beq @table              ; the name entry
        lda gameMode
        cmp #3
        bne @on
@table: jsr drawHighScores
@on:    bit $2002               ; no NMI at once for a vblank already under way
        lda ppuCtrl
        sta $2000
        lda gameMode
        sta modeDrawn
        lda #$1E
        sta ppuMask
        rts

; -- mode 0: the legal screen: 255 frames, then 255 more that Start skips --
legalScreen:
        lda #<screenLegal
        ldx #>screenLegal
        ldy #0
        jsr enterScreen
        lda #$FF
        jsr waitFrames
        lda #$FF
        sta tmpA8
@skip:  lda newlyPressed
        cmp #BTN_START
        beq @done
        jsr waitForVBlank
        dec tmpA8
        bne @skip
@done:  inc gameMode
        rts

; -- mode 1: title --
titleScreen:
        lda modeDrawn
        cmp gameMode
        beq @wait
        lda #<screenTitle
        ldx #>screenTitle
        ldy #0
        jsr enterScreen
        lda #MUSIC_STOP         ; (after the demo)
        sta musicTrack
        lda #0
        sta frameCounter+1
@wait:  lda newlyPressed
        cmp #BTN_START
        bne @idle
        lda #2
        sta sfxEffect
        inc gameMode
        rts
@idle:  lda frameCounter+1      ; about 13 s without Start: the demo
        cmp #3
        bcc @done
        lda #5
        sta gameMode
        lda #0
        sta gameStarted
@done:  rts

; -- mode 2: A-type or B-type --
gameTypeMenu:
        lda modeDrawn
        cmp gameMode
        beq @input
        lda #<screenType
        ldx #>screenType
        ldy #1
        jsr enterScreen
        jsr playChosenMusic     ; the menu plays the music it offers
@input: lda newlyPressed
        and #BTN_LEFT|BTN_RIGHT
        beq @music
        lda gameType
        eor #1
        sta gameType
        lda #1
        sta sfxEffect
@music: lda newlyPressed        ; Up/Down: MUSIC-1, -2, -3, OFF
        and #BTN_UP|BTN_DOWN
        beq @start
        and #BTN_UP
        beq @down
        lda musicChoice
        beq @start
        dec musicChoice
        bpl @chosen
@down:  lda musicChoice
        cmp #3
        bcs @start
        inc musicChoice
@chosen:
        lda #1
        sta sfxEffect
        jsr playChosenMusic
@start: lda newlyPressed
        cmp #BTN_START
        bne @back
        inc gameMode
        lda #2
        sta sfxEffect
        rts
@back:  cmp #BTN_B
        bne @cursor
        dec gameMode
        rts
@cursor:
        lda #8*TYPE_ROW-1       ; the arrow before the chosen type
        sta oamPage
        lda #CURSOR_TILE
        sta oamPage+1
        lda #0
        sta oamPage+2
        ldx gameType
        lda typeCursorX,x
        sta oamPage+3
        lda musicChoice         ; and before the chosen music (every other row)
        asl
        asl
        asl
        asl
        adc #8*MUSIC_ROW-1      ; (C clear)
        sta oamPage+4
        lda #CURSOR_TILE
        sta oamPage+5
        lda #0
        sta oamPage+6
        lda #8*MUSIC_COL-16
        sta oamPage+7
        rts
typeCursorX:
        .byte 8*TYPE_COL_A-16, 8*TYPE_COL_B-16

; The menu's music choice to the driver: tune 1-3 (request 3-5), or silence.
playChosenMusic:
        lda musicChoice
        cmp #3
        bcc @tune
        lda #MUSIC_STOP
        bne @put
@tune:  adc #3                  ; (C clear)
@put:   sta musicTrack
        rts

; Play state 8, before the new piece: the music at its allegro tempo while a
; square is in the top ALLEGRO_ROWS rows, at its own tempo otherwise (the
; article says only "when the stack nears the ceiling": the rows are ours).
ALLEGRO_ROWS = 5
updateMusicSpeed:
        lda musicChoice
        cmp #3
        bcs @done               ; no music
        ldx #0
        ldy #10*ALLEGRO_ROWS-1
@cell:  lda playfield,y
        cmp #EMPTY_TILE
        bne @high
        dey
        bpl @cell
        bmi @set
@high:  inx
@set:   cpx sndAllegro
        beq @done
        lda musicChoice
        clc
        adc #3
        cpx #0
        beq @put
        clc
        adc #3
@put:   sta musicTrack
@done:  rts

; -- mode 3: level 0-9 (A+Start adds 10) and, for B-type, height 0-5 --
levelMenu:
        lda modeDrawn
        cmp gameMode
        beq @input
        lda #<screenLevel
        ldx #>screenLevel
        ldy #1
        jsr enterScreen
@input: ldx menuLevel
        lda newlyPressed
        cmp #BTN_RIGHT
        bne @l
        cpx #9
        beq @sel
        inx
        bne @sel
@l:     cmp #BTN_LEFT
        bne @u
        cpx #0
        beq @sel
        dex
        jmp @sel
@u:     cmp #BTN_UP
        bne @d
        cpx #5
        bcc @sel
        txa
        sbc #5
        tax
        jmp @sel
@d:     cmp #BTN_DOWN
        bne @sel
        cpx #5
        bcs @sel
        txa
        adc #5
        tax
@sel:   cpx menuLevel
        beq @same
        lda #1
        sta sfxEffect
@same:  stx menuLevel
        lda newlyPressed
        cmp #BTN_SELECT
        bne @start
        inc startHeight
        lda startHeight
        cmp #6
        bcc @start
        lda #0
        sta startHeight
@start: lda newlyPressed
        and #BTN_START
        beq @back
        lda menuLevel
        ldx heldButtons
        bpl @go                 ; A held: ten more
        clc
        adc #10
@go:    sta levelNumber
        sta startLevel
        lda #2
        sta sfxEffect
        lda #0
        sta gameStarted
        inc gameMode
        rts
@back:  lda newlyPressed
        cmp #BTN_B
        bne @cursor
        dec gameMode
        rts
@cursor:
        lda menuLevel           ; the arrow before the chosen digit
        cmp #5
        ldy #87
        bcc @row
        ldy #103
        sbc #5
@row:   sty oamPage
        asl
        asl
        asl
        asl
        adc #72
        sta oamPage+3
        lda #CURSOR_TILE
        sta oamPage+1
        lda #0
        sta oamPage+2
        rts

; The ending in vblank: its number, and the cathedral redrawn as it rises,
; four tile rows per frame (a whole redraw would outlast vblank), with a
; blank row under it.
renderEnding:
        lda #>VRAM_ENDING
        sta $2006
        lda #<VRAM_ENDING
        sta $2006
        lda endingNumber
        sta $2007
        lda liftRow
        cmp #CATHEDRAL_H+1
        bcs @done
        lda #<VRAM_CATHEDRAL    ; row liftRow of the block, lifted
        sta nmiLo
        lda #>VRAM_CATHEDRAL
        sta nmiHi
        ldx endingLift
        beq @map0
@up:    lda nmiLo
        sec
        sbc #32
        sta nmiLo
        bcs @up1
        dec nmiHi
@up1:   dex
        bne @up
@map0:  ldx liftRow
        beq @map
@down:  lda nmiLo
        clc
        adc #32
        sta nmiLo
        bcc @down1
        inc nmiHi
@down1: dex
        bne @down
@map:   lda liftRow             ; X = liftRow * CATHEDRAL_W
        ldx #0
        ldy liftRow
        beq @rows
@mul:   txa
        clc
        adc #CATHEDRAL_W
        tax
        dey
        bne @mul
@rows:  lda #4
        sta nmiCount
@row:   lda nmiHi
        sta $2006
        lda nmiLo
        sta $2006
        ldy #CATHEDRAL_W
        lda liftRow
        cmp #CATHEDRAL_H
        bcs @blank
@tile:  lda cathedralMap,x
        sta $2007
        inx
        dey
        bne @tile
        beq @next
@blank: lda #BLANK_TILE
@clear: sta $2007
        dey
        bne @clear
@next:  lda nmiLo
        clc
        adc #32
        sta nmiLo
        bcc @more
        inc nmiHi
@more:  inc liftRow
        lda liftRow
        cmp #CATHEDRAL_H+1
        bcs @done
        dec nmiCount
        bne @row
@done:  rts

renderMenu:
        lda gameMode            ; the level screen, for B-type, shows the height
        cmp #3
        bne @done
        lda gameType
        beq @done
        lda #>VRAM_HEIGHT
        sta $2006
        lda #<VRAM_HEIGHT
        sta $2006
        lda startHeight
        sta $2007
@done:
renderNothing:
        rts

; -- modes 4 and 5: play --
playMode:
        lda gameStarted
        bne @run
        jsr initGame
        rts
@run:   lda gameMode
        cmp #5
        bne @pause
        lda demoIndex+1         ; the demo's recording has run out: title
        cmp #>demoPieceTable
        bne @logic
        lda #1
        sta gameMode
        lda #0
        sta gameStarted
        rts
@pause: lda newlyPressed
        and #BTN_START
        beq @logic
        lda playState
        cmp #$0A
        bcs @logic              ; no pause once the curtain falls
        lda paused
        eor #1
        sta paused
        lda #HUD_PAUSE
        ora hudDirty
        sta hudDirty
@logic: lda paused
        bne @done
        jsr checkPlayers        ; $00BE changed: the game begins again
        bcs @done
        lda playersActive
        cmp #2
        bne @one
        jmp playTwo
@one:   inc fallTimer
        jsr branchOnPlayState
        lda levelNumber         ; player 1's copy at $0060-$007F
        cmp levelMirror
        beq @copy
        lda #HUD_PALETTE|HUD_LEVEL
        ora hudDirty
        sta hudDirty
@copy:  ldx #$1F
@mirror:
        lda $40,x
        sta $60,x
        dex
        bpl @mirror
        lda playState
        bne @sprites
        jmp gameOver
@sprites:
        jmp stageSprites
@done:  rts

initGame:
        lda levelNumber         ; chosen in the menu (or by the link)
        pha
        lda #0
        sta ppuMask
        ldx #$3F                ; $0040-$007F: piece, lines, score, mirror
@zero:  sta $40,x
        dex
        bpl @zero
        ldx #13
@stats: sta statistics,x
        dex
        bpl @stats
        sta spawnID             ; Tu ($00) before the first piece
        sta paused
        sta demoPieceIndex
        pla
        sta levelNumber
        lda gameMode
        cmp #5
        bne @field
        lda #0                  ; the demo: level 0, A-type, from its tables
        sta levelNumber
        sta gameType
        sta demoIndex
        sta demoRepeats
        sta demoHeld
        lda #>demoButtonTable
        sta demoIndex+1
@field:
        lda gameType
        beq @empty
        lda #$25                ; B-type: 25 lines to go
        sta lines
@empty: lda #EMPTY_TILE
        ldx #>playfield
        ldy #>playfield
        jsr memsetPages
        lda gameType
        beq @pieces
        jsr fillGarbage
@pieces:
        jsr chooseNextTetrimino
        sta nextPiece
        jsr spawnTetrimino
        lda #$A0                ; -96: the first piece hangs 1.6 s
        sta autorepeatY
        jsr choosePlayers
        lda #<screenPlay
        ldx #>screenPlay
        ldy #3
        jsr enterScreen
        lda #0
        sta vramRow             ; copy the whole playfield
        lda #$FF
        sta hudDirty
        lda levelNumber
        sta levelMirror
        jsr playChosenMusic     ; at its own tempo (the menu's tune goes on)
        jsr initVersus
        lda #1
        sta gameStarted
        rts

; The level screen's table: this type's three best scores and start levels.
drawHighScores:
        lda gameType
        asl
        asl
        asl
        asl
        sta tmpAB
        ldx #0
@rank:  lda #>VRAM_HISCORES
        sta $2006
        lda hiscoreRows,x
        sta $2006
        txa
        clc
        adc #1
        sta $2007               ; the rank
        lda #BLANK_TILE
        sta $2007
        txa
        jsr putName
        lda #BLANK_TILE
        sta $2007
        lda tmpAB
        clc
        adc rankOffsets,x
        tay
        lda highScores,y
        jsr putBcd
        lda highScores+1,y
        jsr putBcd
        lda highScores+2,y
        jsr putBcd
        lda #BLANK_TILE
        sta $2007
        txa
        clc
        adc tmpAB
        tay
        lda highScores+9,y
        jsr putDecimal
        inx
        cpx #3
        bne @rank
        rts
hiscoreRows:
        .byte <VRAM_HISCORES, <(VRAM_HISCORES+32), <(VRAM_HISCORES+64)

; The name of rank A (this game type) to $2007. X kept; Y, tmpAA used.
putName:
        jsr nameIndex
        lda #NAME_LENGTH
        sta tmpAA
@char:  stx tmpAD
        ldx highNames,y         ; a letter is its place in nameChars
        lda nameChars,x
        ldx tmpAD
        sta $2007
        iny
        dec tmpAA
        bne @char
        rts

; A = rank -> Y = where its name starts in highNames, for this game type.
nameIndex:
        stx tmpAD
        sta tmpAC
        lda gameType
        asl
        adc gameType            ; (C clear: type is 0 or 1)
        adc tmpAC
        tax
        ldy nameOffsets,x
        ldx tmpAD
        rts
nameOffsets:
        .byte 0, 6, 12, 18, 24, 30

; A (0-99) as two decimal digit tiles.
putDecimal:
        ldy #0
@tens:  cmp #10
        bcc @ones
        sbc #10
        iny
        bne @tens
@ones:  sty $2007
        sta $2007
        rts

drawTypeLabel:
        lda gameType
        beq @done
        lda #>VRAM_TYPE
        sta $2006
        lda #<VRAM_TYPE
        sta $2006
        lda #$0B                ; B
        sta $2007
@done:  rts

; B-type: rows of random squares with a hole in each, from the bottom up.
fillGarbage:
        ldx startHeight
        lda garbageRows,x
        beq @done
        sta tmpAA               ; rows to fill
        lda #190
        sta tmpA9               ; index of row 19
@row:   lda #0
        sta tmpAB               ; column
@cell:  ldx #rng
        ldy #2
        jsr generateNextPseudorandomNumber
        lda rng+1
        and #3
        tax
        lda tmpA9
        clc
        adc tmpAB
        tay
        lda garbageTiles,x
        sta playfield,y
        inc tmpAB
        lda tmpAB
        cmp #10
        bne @cell
        lda rng
        and #7                  ; a sure hole somewhere in columns 0-7
        clc
        adc tmpA9
        tay
        lda #EMPTY_TILE
        sta playfield,y
        lda tmpA9
        sec
        sbc #10
        sta tmpA9
        dec tmpAA
        bne @row
@done:  rts
garbageRows:
        .byte 0, 3, 5, 8, 10, 12
garbageTiles:
        .byte EMPTY_TILE, $7B, $7C, $7D

gameOver:
        jsr recordHighScore
        lda nameRank
        bmi @over               ; not in the table (or the demo)
        jsr enterName
@over:  lda #0
        sta gameStarted
        sta renderMode
        lda gameMode
        cmp #5
        beq @title
        lda #2                  ; back to the game-type menu
        sta gameMode
        rts
@title: lda #1
        sta gameMode
        rts

; High scores: for each type, three 3-byte BCD scores (big end first) and
; their start levels, best first, at $0700 (A) and $0710 (B).
recordHighScore:
        lda #$FF
        sta nameRank
        lda gameMode
        cmp #5
        beq @done
        lda gameType
        asl
        asl
        asl
        asl
        sta tmpAB               ; table base
        ldx #0                  ; rank
@rank:  lda tmpAB
        clc
        adc rankOffsets,x
        tay
        lda score+2
        cmp highScores,y
        bne @decide
        lda score+1
        cmp highScores+1,y
        bne @decide
        lda score
        cmp highScores+2,y
@decide:
        bcc @lower
        beq @lower              ; a tie keeps the older entry
        jmp @insert
@lower: inx
        cpx #3
        bne @rank
@done:  rts
@insert:
        stx tmpAA               ; move lower entries down, from the bottom
        ldx #1
@shift: cpx tmpAA
        bcc @place
        lda tmpAB
        clc
        adc rankOffsets,x
        tay
        lda highScores,y
        sta highScores+3,y
        lda highScores+1,y
        sta highScores+4,y
        lda highScores+2,y
        sta highScores+5,y
        txa
        clc
        adc tmpAB
        tay
        lda highScores+9,y
        sta highScores+10,y
        txa                     ; and the name
        jsr nameIndex
        lda #NAME_LENGTH
        sta tmpAD
@move:  lda highNames,y
        sta highNames+NAME_LENGTH,y
        iny
        dec tmpAD
        bne @move
        dex
        bpl @shift
@place: ldx tmpAA
        lda tmpAB
        clc
        adc rankOffsets,x
        tay
        lda score+2
        sta highScores,y
        lda score+1
        sta highScores+1,y
        lda score
        sta highScores+2,y
        txa
        clc
        adc tmpAB
        tay
        lda startLevel
        sta highScores+9,y
        stx nameRank            ; (X = the rank still)
        txa
        jsr nameIndex
        lda #0                  ; a new name starts blank (nameChars[0])
        ldx #NAME_LENGTH
@blank: sta highNames,y
        iny
        dex
        bne @blank
        ldx nameRank
        rts
rankOffsets:
        .byte 0, 3, 6

; The name entry (render mode 2): Up/Down change the letter under the cursor
; (names keep each letter as its place in nameChars, so cleared RAM is a
; blank name), Left/B and Right/A move it, Start is done. The NMI
; shows the name as it changes; the page keeps the table in the browser.
enterName:
        lda #<screenCongrats
        ldx #>screenCongrats
        ldy #2
        jsr enterScreen
        lda #0
        sta nameCursor
@frame: jsr waitForVBlank
        lda newlyPressed
        cmp #BTN_START
        beq @done
        jsr editName
        jsr drawNameCursor
        jmp @frame
@done:  lda #0
        sta newlyPressed        ; the menu must not take this Start too
        rts

editName:
        lda nameRank
        jsr nameIndex
        tya
        clc
        adc nameCursor
        tax                     ; X: the letter under the cursor
        lda newlyPressed
        and #BTN_UP|BTN_DOWN
        beq @move
        ldy highNames,x         ; the letter's place in nameChars
        and #BTN_UP
        beq @prev
        iny
        cpy #NAME_CHARS
        bcc @put
        ldy #0
        beq @put
@prev:  dey
        bpl @put
        ldy #NAME_CHARS-1
@put:   tya
        sta highNames,x
        rts
@move:  lda newlyPressed
        and #BTN_RIGHT|BTN_A
        beq @left
        lda nameCursor
        cmp #NAME_LENGTH-1
        bcs @out
        inc nameCursor
        rts
@left:  lda newlyPressed
        and #BTN_LEFT|BTN_B
        beq @out
        lda nameCursor
        beq @out
        dec nameCursor
@out:   rts

; A blinking bar under the letter being edited (sprite 0, table 0's '-').
drawNameCursor:
        lda frameCounter
        and #16
        beq @hide
        lda nameRank
        asl
        asl
        asl
        clc
        adc #8*HISCORES_ROW+4   ; the bar (the tile's row 3) under the letter
        sta oamPage
        lda #DASH_TILE
        sta oamPage+1
        lda #0
        sta oamPage+2
        lda nameCursor
        asl
        asl
        asl
        clc
        adc #8*(HISCORES_COL+2)
        sta oamPage+3
@hide:  rts

; vblank, render mode 2: the name being entered, as it is now.
renderCongrats:
        lda nameRank
        bmi @done
        tax
        lda #>VRAM_HISCORES
        sta $2006
        lda hiscoreRows,x
        clc
        adc #2                  ; past the rank and a blank
        sta $2006
        lda gameType            ; the name's offset (nameIndex without tmps)
        asl
        adc gameType
        adc nameRank
        tax
        ldy nameOffsets,x
        lda #NAME_LENGTH
        sta nmiCount
@char:  ldx highNames,y
        lda nameChars,x
        sta $2007
        iny
        dec nmiCount
        bne @char
@done:  rts

; The active piece and the next one as sprites (palette 2), every play frame.
stageSprites:
        ldy #0                  ; OAM offset
        sty oamNext
        lda #FIELD_X
        jsr drawActivePiece
        jmp drawNextPiece

; The active piece (if any) over the field whose left edge is pixel A, from
; OAM offset oamNext on (moved past it).
drawActivePiece:
        sta pieceLeft
        ldy oamNext
        lda orientationID
        cmp #UNASSIGNED
        beq @done
        jsr pieceBase
@sq1:   lda orientationTable,x
        clc
        adc tetriminoY
        bmi @skip1              ; rows -1 and -2 are hidden
        asl
        asl
        asl
        adc #47
        sta oamPage,y
        lda orientationTable+1,x
        sta oamPage+1,y
        lda #2
        sta oamPage+2,y
        lda orientationTable+2,x
        clc
        adc tetriminoX
        asl
        asl
        asl
        adc pieceLeft
        sta oamPage+3,y
        iny
        iny
        iny
        iny
@skip1: inx
        inx
        inx
        dec tmpAA
        bne @sq1
@done:  sty oamNext
        rts

; The next piece in its box (one for both players), from OAM offset oamNext.
drawNextPiece:
        ldy oamNext
        lda nextPiece
        jsr pieceBase
@sq2:   lda orientationTable,x
        asl
        asl
        asl
        clc
        adc #111
        sta oamPage,y
        lda orientationTable+1,x
        sta oamPage+1,y
        lda #2
        sta oamPage+2,y
        lda orientationTable+2,x
        asl
        asl
        asl
        clc
        adc #208
        sta oamPage+3,y
        iny
        iny
        iny
        iny
        inx
        inx
        inx
        dec tmpAA
        bne @sq2
        rts

; A = orientation -> X = 12 * orientation, tmpAA = 4 squares
pieceBase:
        asl
        asl
        sta tmpA9
        asl
        clc
        adc tmpA9
        tax
        lda #4
        sta tmpAA
        rts

; Statistics: the spawned type's counter, BCD low byte, free-running top byte.
countPiece:
        ldx orientationID
        lda typeTable,x
        asl
        tax
        inc statistics,x
        lda statistics,x
        and #$0F
        cmp #$0A
        bcc @done
        lda statistics,x
        clc
        adc #6
        sta statistics,x
        cmp #$A0
        bcc @done
        and #$0F
        sta statistics,x
        inc statistics+1,x
@done:  rts

; The HUD in vblank: only what changed.
drawHud:
        lda hudDirty
        bne @some
        rts
@some:  and #HUD_PALETTE
        beq @score
        jsr setLevelColours
@score: lda hudDirty
        and #HUD_SCORE
        beq @lines
        lda #>VRAM_SCORE
        sta $2006
        lda #<VRAM_SCORE
        sta $2006
        lda score+2
        jsr putBcd
        lda score+1
        jsr putBcd
        lda score
        jsr putBcd
        lda #>VRAM_TOP
        sta $2006
        lda #<VRAM_TOP
        sta $2006
        lda gameType
        asl
        asl
        asl
        asl
        tax
        lda highScores,x
        jsr putBcd
        lda highScores+1,x
        jsr putBcd
        lda highScores+2,x
        jsr putBcd
@lines: lda hudDirty
        and #HUD_LINES
        beq @level
        lda #>VRAM_LINES
        sta $2006
        lda #<VRAM_LINES
        sta $2006
        lda lines+1             ; the whole top byte is one tile (999 quirk)
        sta $2007
        lda lines
        jsr putBcd
@level: lda hudDirty
        and #HUD_LEVEL
        beq @stats
        lda #>VRAM_LEVEL
        sta $2006
        lda #<VRAM_LEVEL
        sta $2006
        ldx levelNumber         ; past 29: the bytes after the table
        lda levelDisplayTable,x
        jsr putBcd
@stats: lda hudDirty
        and #HUD_STATS
        beq @pause
        ldx #0
@stat:  txa
        asl
        tay
        lda statsVramLow,x
        pha
        lda statsVramHigh,x
        sta $2006
        pla
        sta $2006
        lda statistics+1,y
        sta $2007
        lda statistics,y
        jsr putBcd
        inx
        cpx #7
        bne @stat
@pause: lda hudDirty
        and #HUD_PAUSE
        beq @clean
        lda #>VRAM_PAUSE
        sta $2006
        lda #<VRAM_PAUSE
        sta $2006
        ldx #0
@text:  lda paused
        beq @blank
        lda pauseText,x
        bne @put
@blank: lda #BLANK_TILE
@put:   sta $2007
        inx
        cpx #5
        bne @text
@clean: lda #0
        sta hudDirty
        rts
pauseText:
        .byte $19, $0A, $1E, $1C, $0E  ; PAUSE
statsVramLow:
        .byte <(VRAM_STATS+0), <(VRAM_STATS+64), <(VRAM_STATS+128), <(VRAM_STATS+192)
        .byte <(VRAM_STATS+256), <(VRAM_STATS+320), <(VRAM_STATS+384)
statsVramHigh:
        .byte >(VRAM_STATS+0), >(VRAM_STATS+64), >(VRAM_STATS+128), >(VRAM_STATS+192)
        .byte >(VRAM_STATS+256), >(VRAM_STATS+320), >(VRAM_STATS+384)

; Two BCD digits of A to $2007 (each nibble is its own tile).
putBcd: pha
        lsr
        lsr
        lsr
        lsr
        sta $2007
        pla
        and #$0F
        sta $2007
        rts

readPad:
        jsr pollController
        lda playersActive
        cmp #2
        bne mirrorButtons
        jsr pollPad2
mirrorButtons:
        lda pressedRaw
        sta newlyPressed
        lda heldRaw
        sta heldButtons
        rts

CURSOR_TILE = $50
ROCKET_TILE = $40               ; in pattern table 1: nose, body, flame
UFO_TILE = $32                  ; the article's UFO ($A7F3, ending 3)
endingTimer = $D5               ; ours: $00D5-$00D6 frames into the ending
endingLift = $D7                ; ours: tile rows the cathedral has risen
liftRow = $D8                   ; ours: next cathedral row the NMI redraws
nmiLo = $D9                     ; ours: the NMI's own temporaries
nmiHi = $DA
nmiCount = $DB
endingX = $0310                 ; ours: the six objects' columns
endingObjY = $0318              ; ours: and rows
ENDING_FRAMES = 600             ; 10 s; Start ends it after the first 64 frames

; The endings' objects: B-type endings 0-8 place six objects from the
; article's tables ($A7B7 rows, $A77B gaps).
setupEnding:
        lda #0
        sta endingTimer
        sta endingTimer+1
        sta endingLift
        lda #$FF
        sta liftRow             ; nothing for the NMI to redraw
        ldx endingNumber
        cpx #9
        bcs @done
        txa
        asl
        sta tmpA9
        asl
        clc
        adc tmpA9
        tax                     ; 6 * ending
        lda #0
        sta tmpA8
        ldy #0
@obj:   lda tmpA8
        clc
        adc endingGaps,x
        sta tmpA8
        sta endingX,y
        lda endingY,x
        sta endingObjY,y
        inx
        iny
        cpy #6
        bne @obj
@done:  rts

; One frame of the ending's sprites (the main loop's side; the NMI redraws
; the cathedral as it lifts).
drawEnding:
        jsr liftCathedral
        ldy #0                  ; OAM offset
        lda gameType
        bne @typeB
        lda endingNumber
        cmp #4
        bcc @rocket
        jmp drawUfo
@rocket:
        jmp drawRocket
@typeB: lda endingNumber
        cmp #9
        bcc @objects
        jmp drawCastle
@objects:
        ldx endingNumber
        lda startHeight         ; the height (plus one) is how many fly
        sta tmpA9
        inc tmpA9
        ldx #0
@next:  lda endingObjY,x
        sta oamPage,y
        sta oamPage+4,y
        stx tmpAA
        ldx endingNumber
        lda endingSprite,x
        sta oamPage+1,y
        clc
        adc #1
        sta oamPage+5,y
        lda endingSpeed,x
        ldx tmpAA
        clc
        adc endingX,x
        sta endingX,x
        sta oamPage+3,y
        clc
        adc #8
        sta oamPage+7,y
        lda #$20                ; behind the background: they pass behind the cathedral
        sta oamPage+2,y
        sta oamPage+6,y
        tya
        clc
        adc #8
        tay
        inx
        dec tmpA9
        bne @next
        rts

; The best A-type ending: after two seconds the cathedral rises a tile row
; every 16 frames, LIFT_ROWS rows in all (in the best B-type ending the
; castle's domes fly as sprites: drawCastle).
liftCathedral:
        lda gameType
        bne @done
        lda endingNumber
        cmp #4
        bne @done
        lda endingTimer+1
        bne @step
        lda endingTimer
        cmp #120
        bcc @done
@step:  lda endingTimer
        and #15
        bne @done
        lda endingLift
        cmp #LIFT_ROWS
        bcs @done
        inc endingLift
        lda #0
        sta liftRow             ; the NMI redraws it from its top row
@done:  rts

; A-type endings 0-3: a rocket on the pad, bigger for a better ending (the
; fourth carries the Buran orbiter); it ignites, then lifts off.
drawRocket:
        lda endingTimer+1       ; the engines roar as it ignites
        bne @quiet
        lda endingTimer
        cmp #40
        bne @quiet
        lda #3
        sta sfxCurtain
@quiet: ldx endingNumber
        lda rocketBodies,x
        sta tmpAB               ; body rows
        clc
        adc #2
        asl
        asl
        asl
        sta tmpA8
        lda #LAUNCH_BOTTOM
        sec
        sbc tmpA8
        sta tmpAD               ; the nose's top row, on the pad
        lda endingTimer         ; rise = frames since 64, at most 255
        sec
        sbc #64
        sta tmpA9
        lda endingTimer+1
        sbc #0
        bcs @risen
        lda #0                  ; not yet
        sta tmpA9
        beq @rows
@risen: beq @rows
        lda #255
        sta tmpA9
@rows:  lda #0
        sta tmpAA               ; row: 0 nose, 1..bodies body, then flame
@row:   lda tmpAA
        beq @nose
        cmp tmpAB
        beq @body
        bcc @body
        lda tmpA9               ; the flame: flickers until it lifts
        bne @flame
        lda endingTimer
        cmp #40
        bcc @skip
        and #2
        beq @skip
@flame: lda #2
        bne @tile
@nose:  lda #0
        beq @tile
@body:  lda #1
@tile:  sta tmpA8               ; 0 nose, 1 body, 2 flame
        lda tmpAA
        jsr rocketRowY
        bcs @skip               ; flown off the top
        ldx endingNumber
        lda rocketWide,x
        bne @wide
        lda tmpA8
        clc
        adc #ROCKET_TILE
        sta oamPage+1,y
        lda #LAUNCH_X+4
        jsr putSprite
        jmp @skip
@wide:  lda tmpA8
        asl
        adc #ROCKET_WIDE
        sta oamPage+1,y
        lda #LAUNCH_X
        jsr putSprite
        lda oamPage-4,y         ; the right half: the next tile, same row
        sta oamPage,y
        ldx oamPage-3,y
        inx
        txa
        sta oamPage+1,y
        lda #LAUNCH_X+8
        jsr putSprite
@skip:  inc tmpAA
        lda tmpAB               ; rows 0 .. bodies + 1
        clc
        adc #1
        cmp tmpAA
        bcs @row
        lda endingNumber        ; the fourth: Buran on the carrier's side
        cmp #3
        bne @done
        lda #0
        sta tmpAA
@buran: lda tmpAA
        clc
        adc #2                  ; beside body rows 2-4
        jsr rocketRowY
        bcs @nextB
        lda tmpAA
        clc
        adc #BURAN_UP
        sta oamPage+1,y
        lda #LAUNCH_X+16
        jsr putSprite
@nextB: inc tmpAA
        lda tmpAA
        cmp #3
        bne @buran
@done:  rts
rocketBodies:
        .byte 1, 3, 4, 6
rocketWide:
        .byte 0, 0, 1, 1

; A = row of the rocket -> oamPage,y = its OAM Y; C set when it has
; flown off the top (then nothing is placed).
rocketRowY:
        asl
        asl
        asl
        clc
        adc tmpAD               ; the row's top on the pad
        sec
        sbc tmpA9               ; minus the rise
        bcc @gone
        sbc #1                  ; OAM Y is the line above
        bcc @gone
        sta oamPage,y
        clc
        rts
@gone:  sec
        rts

; Finish the sprite at oamPage,y (Y and tile set): A = X, palette 0, in front;
; Y moves to the next sprite.
putSprite:
        sta oamPage+3,y
        lda #0
        sta oamPage+2,y
        iny
        iny
        iny
        iny
        rts

; A-type ending 4: the UFO hangs over the launch pad, bobbing, while the
; cathedral lifts off.
drawUfo:
        lda endingTimer
        lsr
        lsr
        lsr
        lsr
        and #3
        cmp #2
        bcc @bob
        eor #3                  ; 0 1 1 0: up and down
@bob:   clc
        adc #120
        sta oamPage,y
        sta oamPage+4,y
        lda #UFO_TILE
        sta oamPage+1,y
        lda #UFO_TILE+1
        sta oamPage+5,y
        lda #0
        sta oamPage+2,y
        sta oamPage+6,y
        lda #LAUNCH_X
        sta oamPage+3,y
        lda #LAUNCH_X+8
        sta oamPage+7,y
        rts

; B-type ending 9: the castle (screenCastle). Its band plays in its windows
; and dances before its gate, more of it the higher the start height
; (castleCast), while the cathedral's domes on its towers lift off in turn.
drawCastle:
        ldx startHeight
        lda castleCast,x
        sta tmpAA               ; players to show
        ldx #0
@player:
        lda endingTimer
        and castleBeat,x        ; the pose: 16 frames each, the dancers 8
        beq @pose
        lda #4                  ; the second pose's four tiles
@pose:  clc
        adc castleTiles,x
        sta tmpA8
        lda castleX,x
        sta tmpAB
        lda castleY,x
        sta tmpAD
        lda castleAttr,x
        sta tmpAC
        lda #0
        sta tmpA9               ; they stay where they are
        txa
        pha
        lda tmpAA
        pha
        lda #2
        jsr putBlock
        pla
        sta tmpAA
        pla
        tax
        inx
        dec tmpAA
        bne @player
        ldx #0
@dome:  txa
        pha
        lda endingTimer         ; frames since its lift-off
        sec
        sbc domeStart,x
        sta tmpA9
        lda endingTimer+1
        sbc #0
        bcs @lifting
        lda #0                  ; not yet: the dome on its tower, no flame
        sta tmpA9
        lda #DOME_ROWS
        bne @put
@lifting:
        bne @gone               ; a long time ago
        lda tmpA9               ; one line a frame, two after 32 frames
        cmp #32
        bcc @fire
        asl
        bcs @gone
        sec
        sbc #32
        sta tmpA9
        bcs @fire
@gone:  lda #255                ; off the top
        sta tmpA9
@fire:  lda #DOME_ROWS+1        ; with its flame
@put:   pha
        lda #DOME
        sta tmpA8
        lda domeX,x
        sta tmpAB
        lda domeY,x
        sta tmpAD
        lda #0
        sta tmpAC
        pla
        jsr putBlock
        pla
        tax
        inx
        cpx #DOMES
        bne @dome
        rts

; Sprites for a block two tiles wide and A rows tall: tiles from tmpA8 on,
; two a row; left edge tmpAB, top line tmpAD less tmpA9 (how far it has
; risen), attributes tmpAC. Rows above the top of the screen are left out;
; Y (the OAM offset) moves past the sprites placed.
putBlock:
        sta tmpAA               ; rows
        lda tmpAD
        sec
        sbc tmpA9
        sta tmpAD               ; the top line, low byte
        lda #0
        sbc #0
        sta tmpA9               ; and high: $FF above the screen
@row:   lda tmpA9
        bne @skip
        ldx tmpAD
        dex                     ; OAM Y is the line above
        cpx #$EF
        bcs @skip               ; line 0, or below the picture
        txa
        sta oamPage,y
        sta oamPage+4,y
        lda tmpA8
        sta oamPage+1,y
        clc
        adc #1
        sta oamPage+5,y
        lda tmpAC
        sta oamPage+2,y
        sta oamPage+6,y
        lda tmpAB
        sta oamPage+3,y
        clc
        adc #8
        sta oamPage+7,y
        tya
        clc
        adc #8
        tay
@skip:  inc tmpA8
        inc tmpA8
        lda tmpAD
        clc
        adc #8
        sta tmpAD
        bcc @more
        inc tmpA9
@more:  dec tmpAA
        bne @row
        rts

; Z set when the ending is the castle's (B-type ending 9).
isCastle:
        lda gameType
        beq @no
        lda endingNumber
        cmp #9
        rts
@no:    lda #1
        rts

; The ending's colours (rendering off, from enterScreen): the cathedral
; (background palette 1), the rockets and objects (sprite 0); the castle's
; are a whole palette of their own.
loadEndingPalette:
        jsr isCastle
        bne @cathedral
        lda #$3F
        sta $2006
        lda #0
        sta $2006
        tax
@castle:
        lda castlePalette,x
        sta $2007
        inx
        cpx #32
        bne @castle
        rts
@cathedral:
        lda #$3F
        sta $2006
        lda #$05
        sta $2006
        ldx #0
@bg:    lda endingColours,x
        sta $2007
        inx
        cpx #3
        bne @bg
        lda #$3F
        sta $2006
        lda #$11
        sta $2006
@spr:   lda endingColours,x
        sta $2007
        inx
        cpx #10
        bne @spr
        rts
endingColours:
        .byte $30, $16, $1A                     ; cathedral: white, red, green
        .byte $30, $16, $27, $0F, $27, $16, $12 ; rockets; (backdrop); palette 1

        .include "versus.asm"

; ---------------------------------------------------------------------------
; The demo's recorded buttons ($DD00, pairs of buttons/frames) and pieces ($DF00).
.org $DD00
demoButtonTable:
        .include "demo.inc"

.org $E100
        .include "screens.inc"

.org $FFFA
        .word nmi, reset, reset
