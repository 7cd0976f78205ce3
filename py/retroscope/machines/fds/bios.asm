; A minimal stand-in for the FDS BIOS ($E000-$FFFF ROM): only what this
; machine needs. The real BIOS also loads the disk, checks the license screen
; and picks one of three NMI vectors from $0100; here the disk image is put in
; RAM by the machine, and reset/NMI/IRQ go straight to the game's vectors.

        .org $E000
BiosReset:
        SEI
        CLD
        LDX #$FF
        TXS
        JMP ($DFFC)             ; the game's reset vector (disk file at $DFF6-$DFFF)
BiosNmi:
        JMP ($DFFA)
BiosIrq:
        JMP ($DFFE)

        .org $FFFA
        .word BiosNmi, BiosReset, BiosIrq
