; Retroscope's NES Tetris program: the mechanics of the article at its
; addresses, as our own 6502 code. Generated includes: params.inc (the link's
; seed/level/...), tables.inc (tables.py), screens.inc, demo.inc,
; sound.inc (music.py).
        .include "ram.inc"
        .include "params.inc"
        .include "tables.inc"
        .include "mechanics.asm"
        .include "game.asm"
        .include "sound.asm"
