; Retroscope's JMC: the rules of Japanese Military Chess for the BBC Micro as
; seed 001 describes them, as our own 6502 code. The article's names are ours
; too (V_board_pieces, swap_sides, mark_left_right, ...). Generated include:
; tables.inc (model.py: bridge tables, plans, quantities, move ranges).
        .include "vars.inc"
LANGUAGE_ENTRY = main
        .org $0E00               ; PAGE with no disc filing system
        .include "main.asm"
        .include "board_main.asm"
        .include "board_marks.asm"
        .include "combat.asm"
        .include "menu_setup.asm"
        .include "prng.asm"
        .include "menu_disk.asm"
        .include "flow.asm"
        .include "draw.asm"
        .include "sound.asm"
        .assert * <= $3000, "the program runs into screen memory"
; The tables, the font and the icons in a sideways ROM of our own (the
; paged ROM slot at $8000, as a BBC Micro game on a ROM would have them).
        .org $8000
        .include "tables.inc"
        .assert * <= $C000, "the tables run past the sideways ROM"
        .include "mos.asm"
