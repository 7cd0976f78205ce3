; Retroscope's JMC: the rules of Japanese Military Chess for the BBC Micro as
; seed 001 describes them, as our own 6502 code. The article's names are ours
; too (V_board_pieces, swap_sides, mark_left_right, ...). Generated include:
; tables.inc (model.py: bridge tables, plans, quantities, move ranges).
        .include "vars.inc"
LANGUAGE_ENTRY = main
        .org $1900
        .include "main.asm"
        .include "board_main.asm"
        .include "board_marks.asm"
        .include "combat.asm"
        .include "menu_setup.asm"
        .include "prng.asm"
        .include "menu_disk.asm"
        .include "sound.asm"
        .include "tables.inc"
        .assert * <= $3000, "the program runs into screen memory"
        .include "mos.asm"
