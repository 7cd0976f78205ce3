* Retroscope TMS9900 exerciser: whole programs that check their own results.
*
* Each check loads its number into R0, computes something and compares it
* with a value that does not come from any emulator: published check values
* (Fletcher-16 of "abcde", "abcdef", "abcdefgh"; CRC-16/XMODEM of
* "123456789"), plain arithmetic (12345 x 6789 = 83,810,205 = >04FE:D79D),
* an order the program verifies itself (a sort), and the data manual's
* definitions (BLWP/RTWP/XOP register use, shifts, status bits).
*
* Host contract: workspace at >8300 (scratch pad), code from >A000; start at
* START; the program ends in PASS (JMP $, R0 = 0) or FAIL (JMP $, R0 = the
* number of the failed check).

WS     EQU  >8300
SUBWS  EQU  >8320
XOPWS  EQU  >8340

       AORG >A000
START  LWPI WS
       LIMI 0

* 1-3: Fletcher-16 (sums modulo 255 by DIV)
       LI   R0,1
       LI   R1,ABCDEF
       LI   R2,5
       BL   @FLETCH
       CI   R8,>C8F0
       JNE  FAIL1
       LI   R0,2
       LI   R1,ABCDEF
       LI   R2,6
       BL   @FLETCH
       CI   R8,>2057
       JNE  FAIL1
       LI   R0,3
       LI   R1,ABCDEF
       LI   R2,8
       BL   @FLETCH
       CI   R8,>0627
       JEQ  CRC
FAIL1  B    @FAIL

* 4: CRC-16/XMODEM (polynomial >1021) of "123456789"
CRC    LI   R0,4
       LI   R1,DIGITS
       LI   R2,9
       CLR  R4              the CRC
CRCB   CLR  R5
       MOVB *R1+,R5         next byte, in the high half
       XOR  R5,R4
       LI   R6,8
CRCBIT SLA  R4,1            the bit shifted out lands in C
       JNC  CRCN
       XOR  @POLY,R4
CRCN   DEC  R6
       JNE  CRCBIT
       DEC  R2
       JNE  CRCB
       C    R4,@CRCOK
       JNE  FAIL2

* 5: MPY and DIV
       LI   R0,5
       LI   R7,12345
       LI   R8,6789
       MPY  R7,R8           R8:R9 = 12345 * 6789
       C    R8,@PRODHI
       JNE  FAIL2
       C    R9,@PRODLO
       JNE  FAIL2
       LI   R10,6789
       DIV  R10,R8          R8 = quotient, R9 = remainder
       JNO  DIVOK
FAIL2  B    @FAIL
DIVOK  CI   R8,12345
       JNE  FAIL2
       MOV  R9,R9
       JNE  FAIL2
       LI   R8,1
       DIV  @ONE,R8         divisor not above the high word: overflow
       JNO  FAIL2

* 6: bubble sort of signed words, then check the order
       LI   R0,6
SORT   CLR  R5              nothing swapped yet
       LI   R1,LIST
       LI   R2,NLIST-1
INNER  C    *R1+,*R1
       JGT  SWAP
       JMP  NEXT
SWAP   MOV  *R1,R3
       MOV  @-2(R1),*R1
       MOV  R3,@-2(R1)
       SETO R5
NEXT   DEC  R2
       JNE  INNER
       MOV  R5,R5
       JNE  SORT
       LI   R1,LIST
       LI   R2,NLIST-1
ORDER  C    *R1+,*R1
       JGT  FAIL3
       DEC  R2
       JNE  ORDER
       C    @LIST,@MINUS
       JNE  FAIL3

* 7: BLWP/RTWP: the routine doubles the caller's R1 through R13
       LI   R0,7
       LI   R1,21
       LI   R9,>5555
       BLWP @VECTOR
       CI   R1,42
       JNE  FAIL3
       CI   R9,>5555        the routine's own R9 is elsewhere
       JNE  FAIL3
       STWP R2
       CI   R2,WS
       JEQ  XOPCHK
FAIL3  B    @FAIL

* 8: XOP 1 gets its operand's address in R11 and sets X in the status
XOPCHK LI   R0,8
       XOP  @VALUE,1
       C    @VALUE,@D2000
       JNE  FAIL4
       MOV  @XOPWS+10,R3    the status XOPSUB saw (its R5)
       ANDI R3,>0200
       JEQ  FAIL4
       STST R3
       ANDI R3,>0200        RTWP restored the caller's status: X clear
       JNE  FAIL4

* 9: shifts and their status bits
       LI   R0,9
       LI   R4,>8000
       SRA  R4,3
       CI   R4,>F000
       JNE  FAIL4
       LI   R4,>8001
       SRC  R4,1            the LSB comes round to the MSB, and into C
       JNC  FAIL4
       CI   R4,>C000
       JNE  FAIL4
       LI   R4,>4000
       SLA  R4,1            the sign changes: OV
       JNO  FAIL4
       LI   R4,>0003
       CLR  R0
       SRL  R4,0            count 0: the count is R0's low nibble, 0 means 16
       MOV  R4,R4
       JNE  FAIL4
       LI   R0,9

* 10: byte arithmetic: carry, overflow, parity
       LI   R0,10
       LI   R4,>FF00
       AB   @B01,R4         >FF + >01: carry, zero
       JNC  FAIL4
       JNE  FAIL4
       LI   R4,>7F00
       AB   @B01,R4         >7F + >01: overflow, odd parity (>80)
       JNO  FAIL4
       JOP  BYTEOK
FAIL4  B    @FAIL
BYTEOK MOVB @B03,R4         >03 has even parity
       JOP  FAIL4

       CLR  R0
PASS   JMP  PASS
FAIL   JMP  FAIL

* Fletcher-16 of R2 bytes at R1, into R8 (sum2 << 8 | sum1); uses R3-R7
FLETCH CLR  R5
       CLR  R7
FLOOP  MOVB *R1+,R3
       SRL  R3,8
       A    R3,R5
       CLR  R4
       DIV  @D255,R4
       A    R5,R7
       CLR  R6
       DIV  @D255,R6
       DEC  R2
       JNE  FLOOP
       MOV  R7,R8
       SWPB R8
       SOC  R5,R8
       RT

DOUBLE MOV  @2(R13),R4      the caller's R1
       A    R4,R4
       MOV  R4,@2(R13)
       SETO R9
       RTWP

XOPSUB STST R5              inside the XOP: X is set
       MOV  *R11,R4
       SLA  R4,1
       MOV  R4,*R11
       RTWP

VECTOR DATA SUBWS,DOUBLE
POLY   DATA >1021
CRCOK  DATA >31C3
PRODHI DATA >04FE
PRODLO DATA >D79D
ONE    DATA 1
MINUS  DATA -32768
D255   DATA 255
D2000  DATA 2000
VALUE  DATA 1000
LIST   DATA 5,-1,>7FFF,0,-32768,100,-100,2,2,>1234
NLIST  EQU  ($-LIST)/2
B01    BYTE 1
B03    BYTE 3
ABCDEF TEXT 'abcdefgh'
DIGITS TEXT '123456789'
       EVEN

       AORG >0044
       DATA XOPWS,XOPSUB    XOP 1 vector
       END
