; Reset, the interrupt and the game (all of it runs from the vertical blank).

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
        call copyMaze
        ld a,VECTORS >> 8
        ld i,a
        im 2
        xor a
        out (0),a               ; the vector's low byte
        ld a,1
        ld (IRQ_ENABLE),a
        ei
idle:   halt
        jr idle

; The vertical blank: everything happens here, once a frame.
vblank: push af
        push bc
        push de
        push hl
        push ix
        push iy
        ld (WATCHDOG),a
        ld hl,frameCount
        inc (hl)
        pop iy
        pop ix
        pop hl
        pop de
        pop bc
        pop af
        ei
        reti

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
        ret
