* console.asm: our own stand-in for the TI-99/4A console ROM (no TI code).
* Vectors, a boot that hands over to the program at >A000, and a level-1
* interrupt routine in the spirit of the console's: it reads the VDP status
* (which clears the interrupt), keeps it at VDPSTA and ticks VDPTIC.

VDPSTA EQU  >837B              last VDP status read by the interrupt
VDPTIC EQU  >8379              frame tick, +1 per VDP interrupt
USRINT EQU  >83C4              a program's own interrupt hook (0: none)
VDPST  EQU  >8802
PROGRM EQU  >A000              where a program starts

       AORG >0000
       DATA >83E0,BOOT         reset: workspace, entry
       DATA >83C0,INTLV1       level 1: the 9901 (the VDP's interrupt)

BOOT   LIMI 0
       CLR  R12
       SBZ  0                  9901 in I/O mode
       SBZ  2                  VDP interrupt masked until a program wants it
       CLR  @USRINT
       CLR  @VDPTIC
       B    @PROGRM

INTLV1 CLR  R12
       TB   2                  0 while the VDP's interrupt is active
       JEQ  INTEND
       MOVB @VDPST,@VDPSTA     reading the status clears the interrupt
       AB   @ONE,@VDPTIC
       MOV  @USRINT,R1
       JEQ  INTEND
       BL   *R1
INTEND RTWP

ONE    BYTE 1
       EVEN
