; Retroscope's Pac-Man: our own Z80 program for the Namco board.
; ram.inc names the board's addresses and our RAM; ghostdir.asm holds the
; direction routine at the article's addresses; game.asm the rest;
; sound.asm our sound engine.
        include "ram.inc"
        include "game.asm"
        include "sound.asm"
        include "ghostdir.asm"
        include "data.asm"
