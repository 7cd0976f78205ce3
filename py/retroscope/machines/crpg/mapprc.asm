* mapprc.asm: the map processing of seed 000 as our own TMS9900 code.
*
* MAPPRC turns the map in MAPBUF into the 13 x 13 window around the player
* (X, Y) in five stages: extraction, mobs, light, line of sight, masking.
* It leaves the window's tiles in WORK, the final window in WORK+169 and
* the squares around the player in STATE+10..+18. Its behaviour (quirks
* included) is the listing's; model.py says where the listing's comments
* disagree with its instructions, and how slanted maps were finished.
* Registers: R0-R9, R12 (R10, R13-R15 are left alone). R11: the return.

MAPPRC MOV  R11,@MAPRET        POSCLC and POSCL2 are called with BL

* -- stage 1: extract the window from the map buffer ----------------------
       MOV  @Y,R1
       AI   R1,-6              R1: the map row of window row 0
       CLR  R6
       MOVB @STATE+5,R6        map type 0, 1, 2
       SRL  R6,7               as a word offset into DIRY
       MOV  @DIRY(R6),R8       R8: the slant s, columns per row (1, 0, -1)
       MOV  R8,R0
       NEG  R0
       SLA  R0,1               -2s
       MOV  R0,R12
       A    R12,R0
       A    R12,R0             R0: -6s, row 0's offset (the player's row: 0)
       LI   R4,13              rows left
       CLR  R5                 window index
EXROW  MOV  @X,R2
       AI   R2,-6
       A    R0,R2              R2: the map column of this row's first square
       LI   R3,13              columns left
EXSQ   MOV  R1,R6
       C    R1,@VWIDTH         inside the map? (unsigned: negative is high)
       JL   EXCOL
       MOVB @STATE+4,R7        edge style: 0 extend, else wrap
       JEQ  EXYEND
       MOV  @VWIDTH,R6         wrap: one map height down or up
       MOV  R1,R1
       JLT  EXYUP
       NEG  R6
EXYUP  A    R1,R6
       JMP  EXCOL
EXYEND CLR  R6                 extend: the first row or the last
       MOV  R1,R1
       JLT  EXCOL
       MOV  @VWIDTH,R6
       DEC  R6
EXCOL  MPY  @HWIDTH,R6         R7: index of the row's first square
       C    R2,@HWIDTH
       JL   EXIN
       MOVB @STATE+4,R6
       JEQ  EXXEND
       MOV  R2,R2              wrap: one map width left or right
       JLT  EXXLFT
       S    @HWIDTH,R7
       JMP  EXIN
EXXLFT A    @HWIDTH,R7
       JMP  EXIN
EXXEND MOV  R2,R2              extend: the first column or the last
       JLT  EXTILE
       A    @HWIDTH,R7
       DEC  R7
       JMP  EXTILE
EXIN   A    R2,R7
EXTILE MOVB @MAPBUF(R7),R9     the map byte: bit 7 says lit
       MOVB R9,@WORK(R5)
       SOCB @B128,@WORK(R5)    the window's tile, bit 7 set
       ANDI R9,>8000
       MOVB R9,@WORK+169(R5)   its light: >80 or 0
       INC  R5
       INC  R2
       DEC  R3
       JNE  EXSQ
       INC  R1
       A    R8,R0              the next row's slant offset
       DEC  R4
       JNE  EXROW

* -- stage 2: place the mobs, note the ones next to the player -------------
       SETO @STATE+10          >FF: no mob beside the player
       SETO @STATE+12
       SETO @STATE+14
       SETO @STATE+16
       CLR  R1                 record offset
       MOV  @STATE+6,R0        mob count
       JEQ  MBDONE
MBLOOP MOVB @MOBBUF(R1),R2     type 0: an empty record
       JNE  MBSEE
MBNEXT A    @W8,R1
       DEC  R0
       JNE  MBLOOP
       JMP  MBDONE
MBSEE  CLR  R3
       MOVB @MOBBUF+3(R1),R3
       SWPB R3
       S    @Y,R3              R3: dy
       MOV  R3,R6
       ABS  R6
       C    R6,@W6
       JGT  MBNEXT             more than 6 rows away
       MOV  R3,R4
       MPY  R8,R4              R5: s * dy (the slant of the mob's row)
       CLR  R2
       MOVB @MOBBUF+2(R1),R2
       SWPB R2
       S    @X,R2
       S    R5,R2              R2: dx = mob X - X - s * dy
       MOV  R2,R6
       ABS  R6
       C    R6,@W6
       JGT  MBNEXT             more than 6 columns away
       MPY  @W13,R3            R4: 13 * dy
       A    R2,R4
       AI   R4,84              R4: the mob's window index
       MOV  R1,R5
       SLA  R5,5               the mob's number in the high byte
       CI   R4,97
       JNE  MBW
       MOVB R5,@STATE+11       south
       JMP  MBPUT
MBW    CI   R4,83
       JNE  MBN
       MOVB R5,@STATE+13       west
       JMP  MBPUT
MBN    CI   R4,71
       JNE  MBE
       MOVB R5,@STATE+15       north
       JMP  MBPUT
MBE    CI   R4,85
       JNE  MBPUT
       MOVB R5,@STATE+17       east
MBPUT  MOVB @MOBBUF+1(R1),@WORK(R4)  the mob's graphic
       JMP  MBNEXT
MBDONE MOVB @WORK+97,@STATE+10 south of the player
       MOVB @WORK+83,@STATE+12 west
       MOVB @WORK+71,@STATE+14 north
       MOVB @WORK+85,@STATE+16 east
       MOVB @WORK+84,@STATE+18 under

* -- stage 3: the player's light -------------------------------------------
       MOVB @STATE+8,R0        no map light level: the map is lit as stored
       JEQ  LOS
       MOVB @STATE+9,R0        no light carried
       JEQ  LOS
       CLR  R1                 window index
       LI   R5,169
LGLOOP MOV  R1,R3
       SRL  R3,1
       MOVB @LIGHT(R3),R2      two squares' needs in one byte
       COC  @W1,R1
       JEQ  LGLOW              odd square: the low nibble
       SRL  R2,4               even square: the high nibble
LGLOW  ANDI R2,>0F00
       SB   @STATE+9,R2        need - light
       JGT  LGNEXT             still above zero: not lit
       MOVB @B128,@WORK+169(R1)
LGNEXT INC  R1
       DEC  R5
       JNE  LGLOOP

* -- stage 4: line of sight, from the last square to the first -------------
LOS    LI   R5,168             window index
       LI   R1,12              its row
       LI   R2,12              its column
LSSQ   CLR  R8                 first path (POSCLC)
LSPATH LI   R9,WORK+338        path stack
       MOV  R5,*R9+
       LI   R12,1              squares on the stack
       MOV  R1,R3
       MOV  R2,R4
       MOVB @WORK+169(R5),R0
       JEQ  LSDARK             unlit
       CB   R0,@SPACE
       JEQ  LSDARK             already dark
       CB   R0,@B1
       JEQ  LSNEXT             already on a path that got through
LSSTEP MOV  R8,R8
       JNE  LSTWO
       BL   @POSCLC
       JMP  LSMOVE
LSTWO  BL   @POSCL2
LSMOVE INC  R12
       CI   R7,84
       JNE  LSTILE
LSMARK DECT R9                 the centre: mark the whole path traversed
       MOV  *R9,R4
       MOVB @B1,@WORK+169(R4)
       DEC  R12
       JNE  LSMARK
       JMP  LSNEXT
LSTILE MOVB @WORK(R7),R6
       SRL  R6,8
       ANDI R6,>007F           the tile without its bit 7
       MOVB @TILES(R6),R0
       JLT  LSBLOK             bit 7 of its flags: it blocks sight
       JMP  LSSTEP
LSBLOK MOV  R8,R8
       JNE  LSDARK             both paths blocked
       INC  R8
       JMP  LSPATH             again, by the second path
LSDARK MOVB @SPACE,@WORK+169(R5)
LSNEXT DEC  R5
       DEC  R2
       JLT  LSROW
       JMP  LSSQ
LSROW  LI   R2,12
       DEC  R1
       JLT  PCMEND
       JMP  LSSQ

* -- stage 5: open what may be seen, put the player at the centre ----------
PCMEND CLR  R5
       LI   R1,169
PCME1  CB   @SPACE,@WORK+169(R5)
       JEQ  PCME2
       MOVB @WORK(R5),@WORK+169(R5)
PCME2  INC  R5
       DEC  R1
       JNE  PCME1
       MOVB @B247,@WORK+253    the player graphic
       B    @SUBRET
SUBRET MOV  @MAPRET,R11
       RT

* POSCLC: one step of the first path, diagonally until level with the centre
* then straight; POSCL2: the second path, straight along the longer distance
* until both are equal, then diagonally. In: R3 row, R4 column; out: both
* moved, R7 the new window index, pushed at R9.
POSCLC MOVB @XDIFF(R3),R6
       SRA  R6,8
       A    R6,R3
PSCX   MOVB @XDIFF(R4),R6
       SRA  R6,8
       A    R6,R4
PSCIDX MOV  R3,R6
       MPY  @W13,R6
       A    R4,R7
       MOV  R7,*R9+
       RT
POSCL2 MOVB @XDIFF+13(R3),R6   rows from the centre
       CB   @XDIFF+13(R4),R6   against columns from it
       JEQ  POSCLC
       JH   PSCX               farther across: a step in X
       MOVB @XDIFF(R3),R6      farther down or up: a step in Y
       SRA  R6,8
       A    R6,R3
       JMP  PSCIDX

* The article's copy loop and its unrolled form (R1 source, R2 destination,
* R3 bytes: a multiple of 8 for COPYU).
COPYL  MOVB *R1+,*R2+
       DEC  R3
       JNE  COPYL
       RT
COPYU  MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       MOVB *R1+,*R2+
       AI   R3,-8
       JNE  COPYU
       RT

* -- the listing's variables and tables ---------------------------------------
VWIDTH BSS  2                  map height
HWIDTH BSS  2                  map width
Y      BSS  2                  player row
X      BSS  2                  player column
MAPRET BSS  2                  MAPPRC's return address
DIRX   DATA 0,-1,0,1           directions: south, west, north, east
DIRY   DATA 1,0,-1,0           (and the slant of map types 0, 1, 2)
ZERO   DATA 0
W1     DATA 1
W6     DATA 6
W8     DATA 8
W13    DATA 13
LIGHT  DATA >7777,>7666,>7777,>7777   light needed per window square
       DATA >6655,>5667,>7777,>6554
       DATA >4455,>6777,>6554,>3334
       DATA >5567,>7654,>3222,>3456
       DATA >7654,>3221,>2234,>5665
       DATA >4321,>0123,>4566,>5432
       DATA >2122,>3456,>7654,>3222
       DATA >3456,>7765,>5433,>3455
       DATA >6777,>6554,>4455,>6777
       DATA >7766,>5556,>6777,>7777
       DATA >7666,>7777,>7000
XDIFF  BYTE 1,1,1,1,1,1,0,-1,-1,-1,-1,-1,-1   step towards the centre
       BYTE 6,5,4,3,2,1,0,1,2,3,4,5,6         distance from it
B1     BYTE 1
B128   BYTE >80
B247   BYTE 247
SPACE  BYTE >20
       EVEN
