; The ghosts' direction choice (seed 004) at the article's addresses, and the
; helpers it calls. Our own code, written from the article's description: the
; instruction starts $2966, $2988, $298F, $299F, $29BC, $29C6, $29D4 are the
; listing's, and so are the names.

        org $2966
; In: HL = the ghost's tile position, DE = its target tile, A = its direction.
; Out: A = the direction chosen, HL = its vector from offsetPointers.
chooseDirection:
        ld (curPosition),hl
        ld (curTarget),de
        ld (curDirection),a
        xor 2                   ; the opposite direction
        ld (revDirection),a
        ld hl,$FFFF             ; no distance yet: the largest
        ld (minDistance),hl
        ld ix,offsetPointers    ; ix: this direction's vector
        ld iy,curPosition       ; iy: the ghost's position
        ld hl,myDirection
        ld (hl),0               ; try right, down, left, up
check:                          ; $2988
        ld a,(revDirection)
        cp (hl)                 ; never back the way it came
        jp z,next
        call calcOffsetPosition ; $298F: the tile one step this way
        ld (myPosition),hl
        call getMazePosition
        ld a,(hl)
        and $C0                 ; $C0 and up is solid
        sub $C0
        jr z,next
        push ix                 ; $299F
        push iy
        ld ix,curTarget
        ld iy,myPosition
        call calcDistance       ; hl = squared distance to the target
        pop iy
        pop ix
        ex de,hl
        ld hl,(minDistance)
        and a
        sbc hl,de               ; carry when this one is further: skip it
        jp c,next               ; (equal is not further: a later direction wins a tie)
        ld (minDistance),de     ; $29BC
        ld a,(myDirection)
        ld (curDirection),a
next:                           ; $29C6
        inc ix
        inc ix
        ld hl,myDirection
        inc (hl)
        ld a,4
        cp (hl)
        jp nz,check
        ld a,(curDirection)     ; $29D4: every direction refused leaves it as it was
        add a,a
        ld e,a
        ld d,0
        ld ix,offsetPointers
        add ix,de
        ld l,(ix+0)
        ld h,(ix+1)
        srl a
        ret

; HL = the position at (iy) plus the vector at (ix), each byte on its own.
calcOffsetPosition:
        ld a,(iy+0)
        add a,(ix+0)
        ld l,a
        ld a,(iy+1)
        add a,(ix+1)
        ld h,a
        ret

; HL = a tile position (L row, H column) -> HL = its address in tile RAM:
; $4040 + (H - $20) * 32 + (L - $20).
getMazePosition:
        push de
        ld a,l
        sub $20
        ld e,a
        ld d,0
        ld a,h
        sub $20
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,de
        ld de,TILE_RAM+$40
        add hl,de
        pop de
        ret

; HL = the squared distance between the positions at (ix) and (iy): each
; difference taken as a byte, its square as 16 bits, the sum kept to 16 bits.
calcDistance:
        ld a,(ix+0)
        sub (iy+0)
        jr nc,.rows
        neg
.rows:  call square
        push hl
        ld a,(ix+1)
        sub (iy+1)
        jr nc,.columns
        neg
.columns:
        call square
        pop de
        add hl,de
        ret

; HL = A * A.
square:
        push bc
        push de
        ld h,a
        ld e,a
        ld d,0
        ld l,d
        ld b,8
.bit:   add hl,hl
        jr nc,.skip
        add hl,de
.skip:  djnz .bit
        pop de
        pop bc
        ret

; A frightened ghost's choice: a pseudo-random direction (the low two bits
; of a ROM byte, Pac-Man Dossier); while that is the reverse or solid, the
; next one clockwise (right, down, left, up: the id plus one; the order
; Retro Game Mechanics Explained shows in the original's code, where the
; Dossier's text lists up, left, down, right). With all four refused (a dead
; end) the ghost takes the random direction itself, through that wall, unlike
; a ghost that is not frightened, which goes straight on: our choice, as no
; source we have describes a frightened ghost in a dead end.
; In: HL = position, A = direction. Out: A = the direction chosen.
chooseFrightened:
        ld (curPosition),hl
        ld (curDirection),a
        xor 2
        ld (revDirection),a
        call random
        and 3
        ld c,a                  ; the direction to try
        ld (myDirection),a      ; the random pick, kept for a dead end
        ld b,4
.try:   ld a,(revDirection)
        cp c
        jr z,.refuse
        ld a,c
        add a,a
        ld e,a
        ld d,0
        ld ix,offsetPointers
        add ix,de
        ld iy,curPosition
        call calcOffsetPosition
        call getMazePosition
        ld a,(hl)
        and $C0
        sub $C0
        jr z,.refuse
        ld a,c
        ld (curDirection),a
        ret
.refuse:
        ld a,c
        inc a
        and 3
        ld c,a
        djnz .try
        ld a,(myDirection)
        ld (curDirection),a
        ret

; The Dossier's generator: seed = seed * 5 + 1, kept to 13 bits, and the
; answer is the ROM byte at that address.
random:
        push de
        push hl
        ld hl,(rngSeed)
        ld d,h
        ld e,l
        add hl,hl
        add hl,hl
        add hl,de
        inc hl
        ld a,h
        and $1F
        ld h,a
        ld (rngSeed),hl
        ld a,(hl)
        pop hl
        pop de
        ret

        org $32FF
; The direction vectors, (row, column) bytes, in the order of the ids.
offsetPointers:
        db 0,-1                 ; right
        db 1,0                  ; down
        db 0,1                  ; left
        db -1,0                 ; up
