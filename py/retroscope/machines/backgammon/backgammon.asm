; FDS Backgammon's dice, as our own 2A03 code at the places seed 003 documents.
; The program sits in the FDS's RAM ($6000-$DFFF), loaded from "disk" by the
; machine (machines/fds), whose bios.asm stands in for the BIOS ROM at $E000.

        .include "reset.asm"
        .include "rng.asm"
        .include "dice.asm"
        .include "sound.asm"

        .org $DFFA              ; the disk program's vectors, used by the BIOS
        .word Nmi, Reset, Irq
