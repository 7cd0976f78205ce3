; Reset, the interrupt and the game. Everything runs from the vertical blank,
; once a frame; the main program only waits for it.

        org $0000
reset:  di
        ld sp,STACK_TOP
        jp start

        org $0100
start:  ld hl,$4C00             ; clear the work RAM and the sprites
        ld de,$4C01
        ld bc,$03FF
        ld (hl),0
        ldir
        ld a,$FF                ; the switches start open
        ld (lastIn0),a
        ld (lastIn1),a
        call clearScreen
        ld a,VECTORS >> 8
        ld i,a
        im 2
        xor a
        out (0),a               ; the vector's low byte
        ld (gameState),a        ; ST_ATTRACT
        ld a,1
        ld (IRQ_ENABLE),a
        ld (SOUND_ENABLE),a
        ei
idle:   halt
        jr idle

; ----------------------------------------------------------------------------
; The vertical blank.
vblank: push af
        push bc
        push de
        push hl
        push ix
        push iy
        ld (WATCHDOG),a
        call soundOut           ; last frame's sound, in one burst
        ld hl,frameCount
        inc (hl)
        call readInput
        call runState
        call soundTick
        call drawScores
        call drawSprites
        pop iy
        pop ix
        pop hl
        pop de
        pop bc
        pop af
        ei
        reti

runState:
        ld a,(gameState)
        add a,a
        ld e,a
        ld d,0
        ld hl,stateTable
        add hl,de
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        jp (hl)

stateTable:
        dw stAttract, stReady, stPlay, stDying, stLevelDone, stGameOver

; ----------------------------------------------------------------------------
; Inputs: coins, start, the stick.
readInput:
        ld a,(IN0)
        ld b,a
        ld a,(lastIn0)
        and $20                 ; the coin switch was open...
        jr z,.stick
        bit 5,b                 ; ...and is closed now
        jr nz,.stick
        ld a,(credits)
        cp $99
        jr z,.coined
        add a,1
        daa
        ld (credits),a
.coined:
        ld a,(demo)             ; a coin ends the demonstration
        or a
        call nz,endDemo
.stick: ld a,b
        ld (lastIn0),a
        ld a,(demo)
        or a
        jr nz,.start            ; the demonstration steers itself
        ld c,UP
        bit 0,b
        jr z,.want
        ld c,LEFT
        bit 1,b
        jr z,.want
        ld c,RIGHT
        bit 2,b
        jr z,.want
        ld c,DOWN
        bit 3,b
        jr nz,.start
.want:  ld a,c
        ld (wanted),a
.start: ld a,(IN1)
        ld b,a
        ld a,(lastIn1)
        ld c,a
        ld a,b
        ld (lastIn1),a
        bit 5,c                 ; start was up...
        ret z
        bit 5,b                 ; ...and is down now
        ret nz
        ld a,(credits)
        or a
        ret z
        ld a,(demo)
        or a
        jr nz,.go
        ld a,(gameState)
        or a                    ; ST_ATTRACT
        ret nz
.go:    ld a,(credits)
        sub 1
        daa
        ld (credits),a
        xor a
        ld (demo),a
        call sndTune
        jp newGame

endDemo:
        xor a
        ld (demo),a
        ld (gameState),a        ; ST_ATTRACT
        ld (stateTimer),a
        ld (stateTimer+1),a
        ret

; ----------------------------------------------------------------------------
; The attract mode: the title, then a game that plays itself.
stAttract:
        ld hl,(stateTimer)
        ld a,h
        or l
        call z,drawTitle
        ld hl,(stateTimer)
        inc hl
        ld (stateTimer),hl
        ld de,600
        and a
        sbc hl,de
        jr c,.prompt
        ld a,1                  ; ten seconds of title: the demonstration
        ld (demo),a
        jp newGame
.prompt:
        ld hl,txtInsertCoin
        ld a,(credits)
        or a
        jr z,.show
        ld hl,txtPushStart
.show:  jp writeString

drawTitle:
        call clearScreen
        ld hl,titleStrings
.next:  ld a,(hl)
        cp $FF
        jr z,.ghosts
        call writeString        ; leaves hl after the string
        jr .next
.ghosts:                        ; the four ghosts beside their names
        ld ix,BLINKY
        ld b,4
        ld c,52                 ; y of the first name's row (row 8)
.place: ld (ix+A_X),48
        ld (ix+A_Y),c
        ld a,4
        sub b
        ld (ix+A_ID),a
        ld (ix+A_DIR),RIGHT
        ld (ix+A_STATE),GS_HOUSE
        ld (ix+A_FRIGHT),0
        ld a,c
        add a,24
        ld c,a
        ld de,16
        add ix,de
        djnz .place
        ld a,$0F
        ld (spriteMask),a
        ret

; ----------------------------------------------------------------------------
; A new game, a new level, a new life.
newGame:
        xor a
        ld (score),a
        ld (score+1),a
        ld (score+2),a
        ld (bonusGiven),a
        ld (demoClock),a
        ld (demoClock+1),a
        inc a
        ld (level),a
        ld a,(demo)
        or a
        ld a,1
        jr nz,.lives            ; the demonstration has one life
        ld a,(DSW1)
        rrca
        rrca
        and 3
        ld e,a
        ld d,0
        ld hl,livesTable
        add hl,de
        ld a,(hl)
.lives: ld (lives),a
        ; fall through

startLevel:
        xor a
        ld (globalOn),a
        call clearScreen
        call copyMaze
        call countDots
        xor a
        ld (dotsEaten),a
        ld (fruitShown),a
        ld (PINKY+A_DOTS),a
        ld (INKY+A_DOTS),a
        ld (CLYDE+A_DOTS),a
        ld a,(level)            ; levelTable = LEVELS + (min(level, 21) - 1) * 16
        cp 21
        jr c,.row
        ld a,21
.row:   dec a
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld de,LEVELS
        add hl,de
        ld (levelTable),hl
        ; fall through

startLife:
        call placeActors
        xor a
        ld (modeIndex),a
        ld (frightTimer),a
        ld (frightTimer+1),a
        ld (rngSeed),a
        ld (rngSeed+1),a
        ld (idleTimer),a
        ld (idleTimer+1),a
        ld (freeze),a
        ld (pacPause),a
        ld (fruitTimer),a
        ld (fruitTimer+1),a
        call loadModeTime
        ld a,LEFT
        ld (wanted),a
        call drawLives
        ld hl,txtReady
        call keepUnder
        ld hl,txtReady
        call writeString
        ld a,$1F
        ld (spriteMask),a
        ld hl,120
        ld (stateTimer),hl
        ld a,ST_READY
        ld (gameState),a
        ret

placeActors:
        ld hl,startTable
        ld ix,ACTORS
        ld b,5
.one:   push bc
        ld a,(hl)
        ld (ix+A_X),a
        inc hl
        ld a,(hl)
        ld (ix+A_Y),a
        inc hl
        ld a,(hl)
        ld (ix+A_DIR),a
        ld (ix+A_PLAN),a
        inc hl
        ld a,(hl)
        ld (ix+A_STATE),a
        inc hl
        ld a,(hl)
        ld (ix+A_ID),a
        inc hl
        xor a
        ld (ix+A_ACC),a
        ld (ix+A_FRIGHT),a
        call actorTile
        ld (ix+A_TX),b
        ld (ix+A_TY),c
        ld de,16
        add ix,de
        pop bc
        djnz .one
        ret

; Tile RAM and colour RAM from the maze in ROM.
copyMaze:
        ld hl,MAZE_TILES
        ld de,TILE_RAM
        ld bc,$0400
        ldir
        ld hl,MAZE_COLOURS
        ld de,COLOUR_RAM
        ld bc,$0400
        ldir
        jp drawLabels

clearScreen:
        ld hl,TILE_RAM
        ld de,TILE_RAM+1
        ld bc,$03FF
        ld (hl),TILE_EMPTY
        ldir
        ld hl,COLOUR_RAM
        ld de,COLOUR_RAM+1
        ld bc,$03FF
        ld (hl),0
        ldir
        xor a
        ld (spriteMask),a
        jp drawLabels

; dotsLeft = the pellets and energizers in tile RAM.
countDots:
        ld hl,TILE_RAM
        ld bc,$0400
        ld de,0
.tile:  ld a,(hl)
        cp TILE_PELLET
        jr z,.dot
        cp TILE_ENERGIZER
        jr nz,.next
.dot:   inc de
.next:  inc hl
        dec bc
        ld a,b
        or c
        jr nz,.tile
        ld (dotsLeft),de
        ret

; modeTimer = MODE_TIMES[levelTable.modes + 2 * modeIndex]
loadModeTime:
        ld ix,(levelTable)
        ld a,(modeIndex)
        add a,a
        add a,(ix+LV_MODES)
        ld e,a
        ld d,0
        ld hl,MODE_TIMES
        add hl,de
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ld (modeTimer),hl
        ret

; ----------------------------------------------------------------------------
stReady:
        ld hl,(stateTimer)
        dec hl
        ld (stateTimer),hl
        ld a,h
        or l
        ret nz
        ld hl,txtReady
        call putBackUnder
        ld a,ST_PLAY
        ld (gameState),a
        ret

stGameOver:
        ld hl,(stateTimer)
        dec hl
        ld (stateTimer),hl
        ld a,h
        or l
        ret nz
        jp endDemo

stDying:
        ld hl,(stateTimer)
        inc hl
        ld (stateTimer),hl
        ld a,l
        cp 60
        jr nz,.done
        ld a,$10                ; the ghosts go: Pac-Man alone
        ld (spriteMask),a
        call sndDeath
        ld a,60
.done:  cp 150
        ret nz
        ld a,(demo)
        or a
        jp nz,endDemo
        ld hl,lives
        dec (hl)
        jr z,.over
        ld a,1                  ; after a death the house counts dots globally
        ld (globalOn),a
        xor a
        ld (globalDots),a
        jp startLife
.over:
        ld hl,txtGameOver
        call writeString
        ld hl,180
        ld (stateTimer),hl
        ld a,ST_GAME_OVER
        ld (gameState),a
        ret

stLevelDone:
        ld hl,(stateTimer)
        inc hl
        ld (stateTimer),hl
        ld a,l
        cp 60
        jr nz,.flash
        ld a,$10
        ld (spriteMask),a
.flash: ld a,l
        cp 60
        ret c
        cp 160
        jr nc,.next
        sub 60
.mod:   jr z,flashWalls         ; every 12 frames the walls change colour
        sub 12
        jr nc,.mod
        ret
.next:  ld a,(demo)
        or a
        jp nz,endDemo
        ld hl,level
        inc (hl)
        jp startLevel

flashWalls:
        ld hl,COLOUR_RAM+$40
        ld bc,$0380
.one:   ld a,(hl)
        cp 16
        jr z,.white
        cp 31
        jr nz,.next
        ld (hl),16
        jr .next
.white: ld (hl),31
.next:  cpi                     ; hl+1, bc-1
        jp pe,.one
        ret

; ----------------------------------------------------------------------------
; Play: one frame.
stPlay: ld a,(freeze)           ; a ghost just eaten: all stand still
        or a
        jr z,.run
        dec a
        ld (freeze),a
        ret
.run:   call demoSteer
        call timers
        call movePacman
        call collide
        ld a,(gameState)
        cp ST_PLAY
        ret nz
        ld a,(freeze)
        or a
        ret nz
        call moveGhosts
        call collide
        jp eatFruit

; The demonstration's Pac-Man follows a target that goes round the corners,
; choosing with the ghosts' own routine.
demoSteer:
        ld a,(demo)
        or a
        ret z
        ld hl,(demoClock)
        inc hl
        ld (demoClock),hl
        ld a,h                  ; a corner every 256 frames
        and 3
        add a,a
        ld e,a
        ld d,0
        ld hl,scatterTargets
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld ix,PACMAN
        ld a,(ix+A_X)
        and 7
        cp 4
        ret nz
        ld a,(ix+A_Y)
        and 7
        cp 4
        ret nz
        ld a,(ix+A_TX)
        cp 2
        ret c
        cp 30
        ret nc
        call actorPosition
        ld a,(ix+A_DIR)
        call chooseDirection
        ld (wanted),a
        ret

; Mode, fright, release and fruit timers.
timers: ld hl,(frightTimer)
        ld a,h
        or l
        jr z,.mode
        dec hl
        ld (frightTimer),hl
        ld a,h
        or l
        call z,endFright
        jr .idle
.mode:  ld hl,(modeTimer)
        ld a,h
        and l
        inc a
        jr z,.idle              ; $FFFF: chase for ever
        dec hl
        ld (modeTimer),hl
        ld a,h
        or l
        jr nz,.idle
        ld hl,modeIndex
        inc (hl)
        call loadModeTime
        call reverseGhosts
.idle:  ld hl,(idleTimer)
        inc hl
        ld (idleTimer),hl
        ld ix,(levelTable)
        ld e,(ix+LV_IDLE)
        ld d,0
        and a
        sbc hl,de
        jr c,.house
        ld hl,0
        ld (idleTimer),hl
        call nextInHouse
        jr nz,.house
        ld (ix+A_STATE),GS_LEAVING
.house: call nextInHouse        ; let out the first ghost whose dots are counted
        jr nz,.fruit
        ld a,(globalOn)
        or a
        jr nz,.global
        call dotLimit
        cp (ix+A_DOTS)
        jr z,.out
        jr nc,.fruit
.out:   ld (ix+A_STATE),GS_LEAVING
        jr .fruit
.global:                        ; after a death: Pinky at 7 dots, Inky 17, Clyde 32
        ld a,(ix+A_ID)
        ld e,a
        ld d,0
        ld hl,globalLimits-1
        add hl,de
        ld a,(globalDots)
        cp (hl)
        jr c,.fruit
        ld (ix+A_STATE),GS_LEAVING
        ld a,(ix+A_ID)
        cp 3                    ; Clyde let out by it: back to each ghost's own count
        jr nz,.fruit
        xor a
        ld (globalOn),a
.fruit: ld hl,(fruitTimer)
        ld a,h
        or l
        ret z
        dec hl
        ld (fruitTimer),hl
        ld a,h
        or l
        ret nz
        ld hl,spriteMask
        res 5,(hl)
        ret

; IX = the first of Pinky, Inky, Clyde still in the house (Z set), else NZ.
nextInHouse:
        ld ix,PINKY
        ld b,3
.one:   ld a,(ix+A_STATE)
        or a                    ; GS_HOUSE
        ret z
        ld de,16
        add ix,de
        djnz .one
        or 1
        ret

; A = the dots the ghost at IX waits for in the house on this level.
dotLimit:
        push ix
        ld a,(ix+A_ID)
        ld ix,(levelTable)
        cp 2
        ld b,(ix+LV_INKY_DOTS)
        jr z,.got
        cp 3
        ld b,(ix+LV_CLYDE_DOTS)
        jr z,.got
        ld b,0
.got:   ld a,b
        pop ix
        ret

; ----------------------------------------------------------------------------
; Pac-Man.
movePacman:
        ld a,(pacPause)
        or a
        jr z,.go
        dec a
        ld (pacPause),a
        ret
.go:    ld ix,(levelTable)
        ld a,(frightTimer)
        ld b,a
        ld a,(frightTimer+1)
        or b
        ld a,(ix+LV_PAC)
        jr z,.speed
        ld a,(ix+LV_PAC_FRIGHT)
.speed: ld ix,PACMAN
        add a,(ix+A_ACC)
.steps: cp 64
        jr c,.left
        sub 64
        push af
        call pacStep
        pop af
        ld hl,pacPause          ; a pellet eaten: stop here
        ld b,a
        ld a,(hl)
        or a
        ld a,b
        jr z,.steps
.left:  ld (ix+A_ACC),a
        call actorPosition
        ld (pacTile),hl
        ret

pacStep:
        ld a,(wanted)
        ld b,a
        ld a,(ix+A_DIR)
        cp b
        jr z,.move
        xor 2
        cp b
        jr z,.turn              ; back the other way: at once
        ld a,b                  ; a corner: if the way is open
        call tileOpen
        jr nz,.move
.turn:  ld (ix+A_DIR),b
.move:  ld a,(ix+A_DIR)
        call alongAxis
        cp 4
        jr nz,.free
        ld a,(ix+A_DIR)
        call tileOpen
        ret nz                  ; a wall ahead: stand at the centre
.free:  ld a,(ix+A_DIR)
        call stepActor
        call cornerCorrect
        inc (ix+A_ANIM)
        call actorTile
        ld a,b
        cp (ix+A_TX)
        jr nz,.new
        ld a,c
        cp (ix+A_TY)
        ret z
.new:   ld (ix+A_TX),b
        ld (ix+A_TY),c
        ; fall through: Pac-Man enters a tile

pacEnter:
        ld a,b
        cp 2
        ret c
        cp 30
        ret nc
        call actorPosition
        call getMazePosition
        ld a,(hl)
        cp TILE_PELLET
        jr z,.pellet
        cp TILE_ENERGIZER
        ret nz
        ld (hl),TILE_EMPTY
        call sndDot
        ld a,3
        ld (pacPause),a
        ld de,points50
        call addScore
        call eatDot
        push ix
        call startFright
        pop ix
        ret
.pellet:
        ld (hl),TILE_EMPTY
        call sndDot
        ld a,1
        ld (pacPause),a
        ld de,points10
        call addScore
        ; fall through

eatDot: ld hl,0
        ld (idleTimer),hl
        ld a,(dotsEaten)
        inc a
        jr z,.counted
        ld (dotsEaten),a
        cp 70
        call z,showFruit
        ld a,(dotsEaten)
        cp 170
        call z,showFruit
.counted:
        ld a,(globalOn)
        or a
        jr z,.own
        ld hl,globalDots
        inc (hl)
        jr .dots
.own:   push ix
        call nextInHouse
        jr nz,.left
        inc (ix+A_DOTS)
.left:  pop ix
.dots:
        ld hl,(dotsLeft)
        dec hl
        ld (dotsLeft),hl
        ld a,h
        or l
        ret nz
        ld hl,0                 ; the last one: the level is done
        ld (stateTimer),hl
        ld a,ST_LEVEL_DONE
        ld (gameState),a
        ret

showFruit:
        ld hl,570
        ld (fruitTimer),hl
        ld hl,spriteMask
        set 5,(hl)
        ld hl,fruitShown
        inc (hl)
        ret

; A = direction: Z when the tile next to the actor at IX that way is open.
; Off the screen's sides (the tunnel) only left and right are open.
tileOpen:
        push hl
        push de
        ld d,a
        call actorPosition
        ld a,d
        add a,a
        ld e,a
        push de
        ld d,0
        push ix
        ld ix,offsetPointers
        add ix,de
        ld a,l
        add a,(ix+0)
        ld l,a
        ld a,h
        add a,(ix+1)
        ld h,a
        pop ix
        pop de
        ld a,h                  ; columns on screen: H = $20-$3B
        cp $20
        jr c,.off
        cp $3C
        jr nc,.off
        call getMazePosition
        ld a,(hl)
        and $C0
        cp $C0                  ; Z when solid: turn it round
        jr z,.shut
        xor a
        jr .out
.off:   ld a,d                  ; the direction
        and 1                   ; Z for left/right
        jr .out
.shut:  or 1
.out:   pop de
        pop hl
        ret

; A = the actor's coordinate along direction A's axis, within its tile (0-7).
alongAxis:
        and 1
        ld a,(ix+A_X)
        jr z,.x
        ld a,(ix+A_Y)
.x:     and 7
        ret

; One pixel in direction A; the tunnel joins the sides.
stepActor:
        cp RIGHT
        jr z,.right
        cp DOWN
        jr z,.down
        cp LEFT
        jr z,.left
        dec (ix+A_Y)
        ret
.down:  inc (ix+A_Y)
        ret
.right: inc (ix+A_X)
        ld a,(ix+A_X)
        cp 253
        ret nz
        ld (ix+A_X),13
        ret
.left:  dec (ix+A_X)
        ld a,(ix+A_X)
        cp 3
        ret nz
        ld (ix+A_X),243
        ret

; While turning a corner, come back to the centre line a pixel a step.
cornerCorrect:
        ld a,(ix+A_DIR)
        and 1
        jr nz,.vertical
        ld a,(ix+A_Y)
        and 7
        cp 4
        ret z
        jr c,.downY
        dec (ix+A_Y)
        ret
.downY: inc (ix+A_Y)
        ret
.vertical:
        ld a,(ix+A_X)
        and 7
        cp 4
        ret z
        jr c,.rightX
        dec (ix+A_X)
        ret
.rightX:
        inc (ix+A_X)
        ret

; B = tile column (X >> 3), C = tile row (Y >> 3) of the actor at IX.
actorTile:
        ld a,(ix+A_X)
        rrca
        rrca
        rrca
        and $1F
        ld b,a
        ld a,(ix+A_Y)
        rrca
        rrca
        rrca
        and $1F
        ld c,a
        ret

; HL = the tile position of the actor at IX: H = $3D - (X >> 3), L = (Y >> 3) + $20.
actorPosition:
        push bc
        call actorTile
        ld a,$3D
        sub b
        ld h,a
        ld a,c
        add a,$20
        ld l,a
        pop bc
        ret

; ----------------------------------------------------------------------------
; Energizers, modes and reversals.
startFright:
        xor a
        ld (ghostsEaten),a
        call reverseGhosts
        ld ix,(levelTable)
        ld a,(ix+LV_FRIGHT_SECS)
        or a
        ret z                   ; late levels: the ghosts only turn round
        ld l,a                  ; frames = seconds * 60
        ld h,0
        add hl,hl
        add hl,hl
        ld d,h
        ld e,l
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        and a
        sbc hl,de
        ld (frightTimer),hl
        ld ix,BLINKY
        ld b,4
.one:   ld a,(ix+A_STATE)
        cp GS_EYES
        jr nc,.next
        ld (ix+A_FRIGHT),1
.next:  ld de,16
        add ix,de
        djnz .one
        ret

endFright:
        push ix
        ld ix,BLINKY
        ld b,4
.one:   ld (ix+A_FRIGHT),0
        ld de,16
        add ix,de
        djnz .one
        pop ix
        ret

reverseGhosts:
        ld ix,BLINKY
        ld b,4
.one:   ld a,(ix+A_STATE)
        cp GS_ACTIVE
        jr nz,.next
        ld a,(ix+A_DIR)
        xor 2
        ld (ix+A_DIR),a
        ld (ix+A_PLAN),a
.next:  ld de,16
        add ix,de
        djnz .one
        ret

; ----------------------------------------------------------------------------
; The ghosts.
moveGhosts:
        ld ix,BLINKY
        ld b,4
.one:   push bc
        call moveGhost
        pop bc
        ld de,16
        add ix,de
        djnz .one
        ret

moveGhost:
        call ghostSpeed
        add a,(ix+A_ACC)
.steps: cp 64
        jr c,.left
        sub 64
        push af
        call ghostStep
        pop af
        jr .steps
.left:  ld (ix+A_ACC),a
        ret

; A = the speed of the ghost at IX (1/64 pixel a frame).
ghostSpeed:
        ld a,(ix+A_STATE)
        cp GS_EYES
        ld a,128
        ret nc                  ; eyes and entering: fast
        ld a,(ix+A_STATE)
        cp GS_ACTIVE
        ld a,32
        ret c                   ; in the house, leaving: slow
        push ix
        ld e,(ix+A_FRIGHT)
        call actorTile
        ld a,b
        cp 2
        jr c,.tunnel
        cp 30
        jr nc,.tunnel
        call actorPosition
        call getMazePosition
        ld a,(hl)
        cp TILE_TUNNEL
        jr z,.tunnel
        ld ix,(levelTable)
        ld a,e
        or a
        ld a,(ix+LV_GHOST)
        jr z,.out
        ld a,(ix+LV_FRIGHT)
        jr .out
.tunnel:
        ld ix,(levelTable)
        ld a,(ix+LV_TUNNEL)
.out:   pop ix
        ret

ghostStep:
        ld a,(ix+A_STATE)
        or a
        jp z,houseStep
        cp GS_LEAVING
        jp z,leaveStep
        cp GS_ENTERING
        jp z,enterStep
        ld a,(ix+A_DIR)
        call stepActor
        ld a,(ix+A_X)           ; at the centre: turn as planned
        and 7
        cp 4
        jr nz,.eyes
        ld a,(ix+A_Y)
        and 7
        cp 4
        jr nz,.eyes
        ld a,(ix+A_PLAN)
        ld (ix+A_DIR),a
.eyes:  ld a,(ix+A_STATE)
        cp GS_EYES
        jr nz,.tile
        ld a,(ix+A_X)
        cp HOME_X
        jr nz,.tile
        ld a,(ix+A_Y)
        cp DOOR_Y
        jr nz,.tile
        ld (ix+A_STATE),GS_ENTERING
        ld (ix+A_DIR),DOWN
        ret
.tile:  call actorTile
        ld a,b
        cp (ix+A_TX)
        jr nz,.new
        ld a,c
        cp (ix+A_TY)
        ret z
.new:   ld (ix+A_TX),b
        ld (ix+A_TY),c
        ; fall through: the ghost enters a tile and plans its turn there

ghostDecide:
        ld a,(ix+A_TX)          ; off the screen's sides: straight on
        cp 2
        jr c,.keep
        cp 30
        jr nc,.keep
        call actorPosition
        ld (ix+A_DPOS),l
        ld (ix+A_DPOS+1),h
        ld a,(ix+A_DIR)
        ld (ix+A_DDIR),a
        ld a,(ix+A_FRIGHT)
        or a
        jr z,.target
        ld a,(ix+A_DIR)
        push ix
        call chooseFrightened
        pop ix
        ld (ix+A_PLAN),a
        ret
.target:
        ld a,(ix+A_STATE)       ; the four tiles where chasing and scattering
        cp GS_ACTIVE            ; ghosts may not turn up: going sideways there,
        jr nz,.free             ; they go on sideways
        ld a,(ix+A_DIR)
        and 1
        jr nz,.free
        push hl
        ld de,noUpTiles
        ld b,4
.nu:    ld a,(de)
        inc de
        cp l
        ld a,(de)
        inc de
        jr nz,.nn
        cp h
        jr z,.found
.nn:    djnz .nu
        pop hl
        jr .free
.found: pop hl
.keep:  ld a,(ix+A_DIR)
        ld (ix+A_PLAN),a
        ret
.free:  push hl
        call ghostTarget
        pop hl
        ld (ix+A_TARGET),e
        ld (ix+A_TARGET+1),d
        ld a,(ix+A_DIR)
        push ix
        call chooseDirection
        pop ix
        ld (ix+A_PLAN),a
        ret

; DE = the target tile of the ghost at IX.
ghostTarget:
        ld a,(ix+A_STATE)
        cp GS_EYES
        jr nz,.mode
        ld de,$2E2C             ; the tile above the door, (13, 14)
        ret
.mode:  ld a,(modeIndex)
        and 1
        jr nz,.chase
.scatter:
        ld a,(ix+A_ID)
        add a,a
        ld e,a
        ld d,0
        ld hl,scatterTargets
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ret
.chase: ld a,(ix+A_ID)
        or a
        jr nz,.pinky
        ld de,(pacTile)         ; Blinky: Pac-Man's tile
        ret
.pinky: cp 1
        jr nz,.inky
        call pacVector          ; four tiles ahead, as one 16-bit sum
        add hl,hl
        add hl,hl
        ld de,(pacTile)
        add hl,de
        ex de,hl
        ret
.inky:  cp 2
        jr nz,.clyde
        call pacVector          ; two ahead, then twice the way from Blinky
        add hl,hl
        ld de,(pacTile)
        add hl,de
        push ix
        ld ix,BLINKY
        ex de,hl
        call actorPosition      ; hl = Blinky's tile, de = the pivot
        pop ix
        ld a,e
        add a,a
        sub l
        ld c,a
        ld a,d
        add a,a
        sub h
        ld d,a
        ld e,c
        ret
.clyde: push ix                 ; Clyde: Pac-Man's tile from 8 tiles away,
        push ix                 ; his corner when nearer
        pop iy
        ld de,A_DPOS
        add iy,de
        ld ix,pacTile
        call calcDistance
        pop ix
        ld de,64
        and a
        sbc hl,de
        jr c,.scatter
        ld de,(pacTile)
        ret

; HL = the vector of Pac-Man's direction as a word (H column, L row).
pacVector:
        ld a,(PACMAN+A_DIR)
        add a,a
        ld e,a
        ld d,0
        ld hl,offsetPointers
        add hl,de
        ld a,(hl)
        inc hl
        ld h,(hl)
        ld l,a
        ret

houseStep:
        ld a,(ix+A_DIR)
        cp UP
        jr nz,.down
        dec (ix+A_Y)
        ld a,(ix+A_Y)
        cp HOUSE_Y-4
        ret nz
        ld (ix+A_DIR),DOWN
        ret
.down:  inc (ix+A_Y)
        ld a,(ix+A_Y)
        cp HOUSE_Y+4
        ret nz
        ld (ix+A_DIR),UP
        ret

leaveStep:
        ld a,(ix+A_X)
        cp HOME_X
        jr z,.up
        jr c,.right
        dec (ix+A_X)
        ld (ix+A_DIR),LEFT
        ret
.right: inc (ix+A_X)
        ld (ix+A_DIR),RIGHT
        ret
.up:    ld a,(ix+A_Y)
        cp DOOR_Y
        jr z,.out
        dec (ix+A_Y)
        ld (ix+A_DIR),UP
        ret
.out:   ld (ix+A_STATE),GS_ACTIVE
        ld (ix+A_DIR),LEFT
        ld (ix+A_PLAN),LEFT
        call actorTile
        ld (ix+A_TX),b
        ld (ix+A_TY),c
        ret

enterStep:
        ld a,(ix+A_Y)
        cp HOUSE_Y
        jr z,.home
        inc (ix+A_Y)
        ret
.home:  ld (ix+A_STATE),GS_LEAVING
        ld (ix+A_FRIGHT),0
        ret

; ----------------------------------------------------------------------------
; Pac-Man meets a ghost: same tile.
collide:
        ld a,(PACMAN+A_TX)
        ld b,a
        ld a,(PACMAN+A_TY)
        ld c,a
        ld ix,BLINKY
        ld e,4
.one:   ld a,(ix+A_STATE)
        cp GS_ACTIVE
        jr nz,.next
        ld a,(ix+A_TX)
        cp b
        jr nz,.next
        ld a,(ix+A_TY)
        cp c
        jr nz,.next
        ld a,(ix+A_FRIGHT)
        or a
        jp z,die
        jp eatGhost
.next:  push de
        ld de,16
        add ix,de
        pop de
        dec e
        jr nz,.one
        ret

die:    ld hl,0
        ld (stateTimer),hl
        ld a,ST_DYING
        ld (gameState),a
        ret

eatGhost:
        call sndGhost
        ld (ix+A_STATE),GS_EYES
        ld (ix+A_FRIGHT),0
        ld a,(ix+A_ID)
        ld (eatenGhost),a
        ld hl,ghostsEaten
        ld a,(hl)
        cp 4
        jr nc,.max
        inc (hl)
.max:   ld a,(hl)
        dec a
        add a,a
        ld e,a
        ld d,0
        ld hl,ghostPoints
        add hl,de
        ex de,hl
        call addScore
        ld a,60
        ld (freeze),a
        ret

eatFruit:
        ld hl,(fruitTimer)
        ld a,h
        or l
        ret z
        ld a,(PACMAN+A_Y)
        cp FRUIT_Y
        ret nz
        ld a,(PACMAN+A_X)
        sub FRUIT_X-6
        cp 12
        ret nc
        ld hl,0
        ld (fruitTimer),hl
        ld hl,spriteMask
        res 5,(hl)
        ld de,(levelTable)
        ld hl,LV_FRUIT_POINTS
        add hl,de
        ex de,hl
        call sndFruit
        jp addScore

; ----------------------------------------------------------------------------
; Score: DE = 2 BCD bytes of points (tens-units first) added to the score.
addScore:
        ld hl,score
        ld a,(de)
        add a,(hl)
        daa
        ld (hl),a
        inc de
        inc hl
        ld a,(de)
        adc a,(hl)
        daa
        ld (hl),a
        inc hl
        ld a,0
        adc a,(hl)
        daa
        ld (hl),a
        ld a,(demo)
        or a
        ret nz
        ld hl,(hiScore+1)       ; the high score
        ld de,(score+1)
        and a
        sbc hl,de
        jr c,.high
        jr nz,.bonus
        ld a,(hiScore)
        ld b,a
        ld a,(score)
        cp b
        jr c,.bonus
.high:  ld hl,score
        ld de,hiScore
        ld bc,3
        ldir
.bonus: ld a,(bonusGiven)
        or a
        ret nz
        ld a,(DSW1)
        rrca
        rrca
        rrca
        rrca
        and 3
        cp 3
        ret z                   ; no extra life
        add a,a
        ld e,a
        ld d,0
        ld hl,bonusTable
        add hl,de
        ld e,(hl)               ; thousands byte
        inc hl
        ld d,(hl)               ; ten-thousands byte
        ld hl,(score+1)
        and a
        sbc hl,de
        ret c
        ld a,1
        ld (bonusGiven),a
        ld hl,lives
        inc (hl)
        jp drawLives

; ----------------------------------------------------------------------------
; Text. A string is x, y, colour set, characters, 0; HL is left after it.
writeString:
        ld b,(hl)
        inc hl
        ld c,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld (textColour),a
        push hl
        call screenAddr
        ld de,-32               ; playfield rows: the next column is 32 lower
        ld a,c
        cp 2
        jr c,.row
        cp 34
        jr c,.go
.row:   ld de,-1                ; the top and bottom rows: one lower
.go:    pop bc                  ; bc = the characters
.ch:    ld a,(bc)
        inc bc
        or a
        jr z,.end
        ld (hl),a
        push hl
        push de
        ld de,$0400
        add hl,de
        ld a,(textColour)
        ld (hl),a
        pop de
        pop hl
        add hl,de
        jr .ch
.end:   ld h,b
        ld l,c
        ret

; The arcade maze has no dots where READY! shows; ours, or a linked one, may:
; keepUnder saves the tiles and colours a playfield string (HL: x, y,
; colour, characters, 0) will cover, putBackUnder restores them, so no
; pellet is lost. At most 10 characters.
keepUnder:
        call underStart
.cell:  ld a,(hl)
        ld (de),a
        inc de
        set 2,h                 ; the colour: $400 higher
        ld a,(hl)
        ld (de),a
        inc de
        res 2,h
        call underNext
        djnz .cell
        ret

putBackUnder:
        call underStart
.cell:  ld a,(de)
        ld (hl),a
        inc de
        set 2,h
        ld a,(de)
        ld (hl),a
        inc de
        res 2,h
        call underNext
        djnz .cell
        ret

; HL = the string: HL = its first cell's tile address, B = its length,
; DE = underText.
underStart:
        ld b,(hl)
        inc hl
        ld c,(hl)
        inc hl
        inc hl
        ld d,0
.len:   ld a,(hl)
        or a
        jr z,.got
        inc d
        inc hl
        jr .len
.got:   push de
        call screenAddr
        pop bc                  ; B = the length
        ld de,underText
        ret

; HL = the next cell along a playfield row (32 lower), DE kept.
underNext:
        push de
        ld de,-32
        add hl,de
        pop de
        ret

; HL = the tile RAM address of screen tile (B = x, C = y).
screenAddr:
        push de
        ld a,c
        cp 2
        jr c,.top
        cp 34
        jr nc,.bottom
        ld a,27                 ; playfield: $4040 + 32 * (27 - x) + (y - 2)
        sub b
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        ld a,c
        sub 2
        ld e,a
        ld d,0
        add hl,de
        ld de,TILE_RAM+$40
        add hl,de
        pop de
        ret
.top:   ld hl,TILE_RAM+$3C0+29  ; $43C0 + 32 * y + 29 - x
        jr .rows
.bottom:
        ld hl,TILE_RAM+29       ; $4000 + 32 * (y - 34) + 29 - x
        sub 34
.rows:  or a
        jr z,.column
        ld de,32
        add hl,de
.column:
        ld e,b
        ld d,0
        and a
        sbc hl,de
        pop de
        ret

; The score and the high score (six BCD digits), the credits: the numbers
; each frame, their labels when the screen is cleared (drawLabels).
drawLabels:
        ld a,$FF                ; the numbers too, next frame
        ld (shownNumbers+6),a
        ld hl,txtHeader
        call writeString
        call writeString
        ld hl,txtCredit
        jp writeString

drawScores:
        ld hl,score             ; only when a number changed since last drawn
        ld de,shownNumbers
        ld b,6
.same:  ld a,(de)
        cp (hl)
        jr nz,.draw
        inc hl
        inc de
        djnz .same
        ld a,(credits)
        ld b,a
        ld a,(de)
        cp b
        ret z
.draw:  ld hl,score
        ld de,shownNumbers
        ld bc,6
        ldir
        ld a,(credits)
        ld (de),a
        ld de,score+2
        ld bc,$0101
        call drawNumber
        ld de,hiScore+2
        ld bc,$0B01
        call drawNumber
        ld hl,numBuffer
        ld (hl),9
        inc hl
        ld (hl),35
        inc hl
        ld (hl),20
        inc hl
        ld a,(credits)
        ld c,a
        rrca
        rrca
        rrca
        rrca
        and $0F
        add a,'0'
        ld (hl),a
        inc hl
        ld a,c
        and $0F
        add a,'0'
        ld (hl),a
        inc hl
        ld (hl),0
        ld hl,numBuffer
        jp writeString

; DE = the high byte of a 3-byte BCD number, B = x, C = y: six digits, the
; leading zeros blank (the last two always shown).
drawNumber:
        ld hl,numBuffer
        ld (hl),b
        inc hl
        ld (hl),c
        inc hl
        ld (hl),20
        inc hl
        ld b,3
        ld c,1                  ; 1 while the zeros lead
.byte:  ld a,(de)
        dec de
        push af
        rrca
        rrca
        rrca
        rrca
        and $0F
        call .digit
        pop af
        and $0F
        call .digit
        djnz .byte
        ld (hl),0
        ld a,(numBuffer+7)
        cp ' '
        jr nz,.shown
        ld a,'0'
        ld (numBuffer+7),a
        ld (numBuffer+8),a
.shown: ld hl,numBuffer
        jp writeString
.digit: or a
        jr nz,.show
        bit 0,c
        jr z,.show
        ld (hl),' '
        inc hl
        ret
.show:  ld c,0
        add a,'0'
        ld (hl),a
        inc hl
        ret

; The lives left (beside the first) and the level, on row 34.
drawLives:
        ld bc,$0222
        call screenAddr
        ld a,(lives)
        dec a
        ld e,a
        ld d,5
.one:   ld (hl),' '
        ld a,e
        or a
        jr z,.colour
        ld (hl),TILE_LIFE
        dec e
.colour:
        push hl
        push de
        ld de,$0400
        add hl,de
        ld (hl),9
        pop de
        pop hl
        dec hl
        dec d
        jr nz,.one
        ld hl,numBuffer
        ld (hl),20
        inc hl
        ld (hl),34
        inc hl
        ld (hl),21
        inc hl
        ld (hl),'L'
        inc hl
        ld (hl),'V'
        inc hl
        ld (hl),' '
        inc hl
        ld a,(level)
        ld b,'0'
.tens:  cp 10
        jr c,.units
        sub 10
        inc b
        jr .tens
.units: ld (hl),b
        inc hl
        add a,'0'
        ld (hl),a
        inc hl
        ld (hl),0
        ld hl,numBuffer
        jp writeString

; ----------------------------------------------------------------------------
; Sprites: 0-3 the ghosts, 4 Pac-Man, 5 the fruit.
drawSprites:
        ld ix,BLINKY
        ld b,0
.ghost: push bc
        ld a,(spriteMask)
        ld c,a
        ld a,b
.shift: or a
        jr z,.test
        rrc c
        dec a
        jr .shift
.test:  bit 0,c
        jr z,.hide
        call ghostLook
        ld h,(ix+A_X)
        ld l,(ix+A_Y)
        call putSprite
        jr .next
.hide:  call hideSprite
.next:  pop bc
        ld de,16
        add ix,de
        inc b
        ld a,b
        cp 4
        jr nz,.ghost
        ld ix,PACMAN
        ld b,4
        ld a,(freeze)           ; hidden while a ghost's points show
        or a
        jr nz,.nopac
        ld a,(spriteMask)
        bit 4,a
        jr z,.nopac
        call pacLook
        ld h,(ix+A_X)
        ld l,(ix+A_Y)
        call putSprite
        jr .fruit
.nopac: call hideSprite
.fruit: ld b,5
        ld a,(spriteMask)
        bit 5,a
        jp z,hideSprite
        ld ix,(levelTable)
        ld a,(ix+LV_FRUIT)
        add a,a
        add a,a
        ld d,a
        ld e,(ix+LV_FRUIT_COLOUR)
        ld h,FRUIT_X
        ld l,FRUIT_Y
        ; fall through

; Sprite B: D = number << 2 | flips, E = colour set, H = X, L = Y (centre).
; The board draws at top = 272 - x register, left = 239 - y register (238
; for sprites 0-2); the centre is 8 pixels in: x = 8 - Y, y = 7 - X (6 - X).
putSprite:
        push hl
        ld a,b
        add a,a
        add a,SPRITE_ATTR & $FF
        ld l,a
        ld h,SPRITE_ATTR >> 8
        ld (hl),d
        inc hl
        ld (hl),e
        pop hl
        ld a,b
        add a,a
        add a,SPRITE_XY & $FF
        ld e,a
        ld d,SPRITE_XY >> 8
        ld a,8
        sub l
        ld (de),a
        inc de
        ld a,b
        cp 3
        ld a,7
        jr nc,.y
        ld a,6
.y:     sub h
        ld (de),a
        ret

; Sprite B off the screen (x register 0: top = 272, below the last row shown).
hideSprite:
        ld a,b
        add a,a
        add a,SPRITE_XY & $FF
        ld e,a
        ld d,SPRITE_XY >> 8
        xor a
        ld (de),a
        ret

; D, E = the sprite and colour of the ghost at IX.
ghostLook:
        push bc
        ld a,(freeze)           ; the ghost just eaten shows its points
        or a
        jr z,.state
        ld a,(eatenGhost)
        cp (ix+A_ID)
        jr nz,.state
        ld a,(ghostsEaten)
        add a,27
        add a,a
        add a,a
        ld d,a
        ld e,28
        pop bc
        ret
.state: ld a,(frameCount)
        rrca
        rrca
        rrca
        and 1
        ld c,a                  ; the frame of the skirt
        ld a,(ix+A_STATE)
        cp GS_EYES
        jr nc,.eyes
        ld a,(ix+A_FRIGHT)
        or a
        jr z,.normal
        ld a,14
        add a,c
        add a,a
        add a,a
        ld d,a
        ld e,17
        ld hl,(frightTimer)     ; the last two seconds: flashing
        ld a,h
        or a
        jr nz,.done
        ld a,l
        cp 120
        jr nc,.done
        ld a,(frameCount)
        and 16
        jr z,.done
        ld e,18
        jr .done
.eyes:  ld e,19
        jr .dir
.normal:
        ld a,(ix+A_ID)
        add a,a
        inc a
        ld e,a
.dir:   ld a,(ix+A_DIR)
        ld b,0
        cp UP
        jr nz,.notup
        ld a,10
        jr .sprite
.notup: cp DOWN
        jr nz,.notdown
        ld a,12
        jr .sprite
.notdown:
        cp LEFT
        jr nz,.right
        ld b,2                  ; left: the right-looking ghost mirrored
.right: ld a,8
.sprite:
        add a,c
        add a,a
        add a,a
        or b
        ld d,a
.done:  pop bc
        ret

; D, E = Pac-Man's sprite and colour.
pacLook:
        ld e,9
        ld a,(gameState)
        cp ST_DYING
        jr nz,.alive
        ld a,(stateTimer)
        sub 60
        jr c,.alive
        ld d,24 << 2
        cp 22
        ret c
        ld d,25 << 2
        cp 44
        ret c
        ld d,26 << 2
        cp 66
        ret c
        ld d,27 << 2
        ret
.alive: ld a,(ix+A_ANIM)
        rrca
        rrca
        and 3
        ld c,a
        ld a,(ix+A_DIR)
        and 1
        ld hl,pacSideways
        jr z,.frames
        ld hl,pacUpDown
.frames:
        ld a,c
        add a,l
        ld l,a
        ld a,0
        adc a,h
        ld h,a
        ld a,(hl)
        add a,a
        add a,a
        ld d,a
        ld a,(ix+A_DIR)
        cp LEFT
        jr nz,.notleft
        set 1,d                 ; mirrored
.notleft:
        cp DOWN
        ret nz
        set 0,d                 ; upside down
        ret
