* crpg.asm: a small TI-99/4A CRPG around seed 000's map processing.
* Our own program: it sets up the VDP, scans the keyboard matrix through
* the 9901, moves the player, lets mobs wander, runs MAPPRC after every
* change and copies the final window into the VDP's name table; footsteps
* and bumps sound through sound.asm.
* The loader (machine.py, standing in for a disk read) puts a map file in
* LOADBF, its numbers in VWIDTH/HWIDTH/X/Y/STATE/MOBBUF, and sets NEWMAP.

MAPBUF EQU  >2000              the map: up to 4,096 squares, >2000->2FFF
MOBBUF EQU  >3000              64 mob records of 8 bytes
WORK   EQU  >3200              2 x 169 window bytes, then the LOS path stack
TILES  EQU  >3400              flags per tile code: >80 opaque, >40 solid, >20 exit
STATE  EQU  >3480              STATE+4 edge, +5 map type, +6 mobs, +8/+9 light, +10..+18
LOADBF EQU  >E000              the map file as loaded, before the copy
VDPWD  EQU  >8C00
VDPWA  EQU  >8C02
VDPTIC EQU  >8379
PROBE  EQU  >5FF0              the stand-in's cycle probes: a write records the time
COPYPR EQU  >5FF2
INTPR  EQU  >5FF4              (KEYHK's, taken off MAPPRC's time)
USRINT EQU  >83C4              the console interrupt's hook
REPDLY EQU  24                 frames a key is held before it repeats (0.4 s)
REPRAT EQU  8                  then a move every 8 frames (as the steps allow)
MAINWS EQU  >8300
NAMES  EQU  >0000              VDP tables
SPRATT EQU  >0300
COLOUR EQU  >0380
PATTRN EQU  >0800
WINROW EQU  5                  where the window sits on the screen
WINCOL EQU  2
WINAT  EQU  WINROW*32+WINCOL
DARK   EQU  >20
SOLID  EQU  >40
EXIT   EQU  >20

       AORG >A000
START  LWPI MAINWS
       LIMI 0
       BL   @VDPINI
       LI   R1,TFLAGS          tile flags into TILES
       LI   R2,TILES
       LI   R3,128
TFCOPY MOVB *R1+,*R2+
       DEC  R3
       JNE  TFCOPY
       LI   R0,>ACE1
       MOV  R0,@RANDOM
       SETO @PRESS
       SETO @HELD
       LI   R0,KEYHK           the keys are read at every VDP interrupt
       MOV  R0,@USRINT
       CLR  R12
       SBO  2                  let the VDP interrupt through the 9901
MAIN   BL   @WAITFR
       BL   @SNDTIK            this frame's sound
       MOVB @NEWMAP,R0
       JEQ  MAIN1
       BL   @LOADMP
MAIN1  MOV  @PRESS,R0          a press, or a held key's repeat (KEYHK)
       JLT  MAIN4
       SETO @PRESS             taken: one square
       BL   @MOVE
MAIN4  DEC  @WANDT             mobs move every 40 frames
       JGT  MAIN5
       LI   R1,40
       MOV  R1,@WANDT
       BL   @WANDER
MAIN5  MOVB @REDRAW,R0
       JEQ  MAIN
       SB   @REDRAW,@REDRAW
* MAPPRC takes some ten frames: the interrupt is let in meanwhile, so that
* KEYHK catches the keys (MAPPRC uses no VDP and no CRU of this workspace).
       LIMI 2
       MOVB R0,@PROBE          the step's cycles: from here ...
       BL   @MAPPRC
       MOVB R0,@PROBE          ... to here (see machine.py)
       LIMI 0
       BL   @DRAW
       INC  @STEPS
       JMP  MAIN

* WAITFR: let one VDP interrupt happen (the console routine ticks VDPTIC).
WAITFR MOVB @VDPTIC,R1
WAITF1 LIMI 2
       LIMI 0
       CB   @VDPTIC,R1
       JEQ  WAITF1
       RT

* LOADMP: copy the loaded map into MAPBUF with the article's loop, or its
* unrolled form when UNROLL is set; then redraw everything.
LOADMP MOV  R11,R10
       SB   @NEWMAP,@NEWMAP
       MOV  @HWIDTH,R3
       MPY  @VWIDTH,R3         R4: squares
       AI   R4,7
       ANDI R4,>FFF8           whole groups of eight for COPYU
       MOV  R3,R3
       JNE  LOADBG             more than 64K squares: an edited size
       CI   R4,>1000
       JLE  LOADOK
LOADBG LI   R4,>1000           never more than the 4K map buffer
LOADOK MOV  R4,R3
       LI   R1,LOADBF
       LI   R2,MAPBUF
       MOVB @UNROLL,R0
       JNE  LOADM1
       MOVB R0,@COPYPR         the copy's cycles: from here ...
       BL   @COPYL
       MOVB R0,@COPYPR         ... to here
       JMP  LOADM2
LOADM1 MOVB R0,@COPYPR
       BL   @COPYU
       MOVB R0,@COPYPR
LOADM2 BL   @CLRWIN
       LI   R0,NAMES+32+WINCOL map name above the window
       LI   R1,MAPNAM
       LI   R2,24
       BL   @VMBW
       LI   R3,HELP            the help lines: VDP address, length, text
LOADM3 MOV  *R3+,R0
       JLT  LOADM4
       MOV  *R3+,R2
       MOV  R3,R1
       A    R2,R3
       BL   @VMBW
       INC  R3
       ANDI R3,>FFFE
       JMP  LOADM3
LOADM4 MOVB @ONE,@REDRAW
       B    *R10

* KEYHK: the interrupt's hook, in its workspace (>83C0: R2 is USRINT, so
* left alone), at every frame the interrupt is let in (the wait for the
* frame, and MAPPRC). A new press, or a key held REPDLY frames and then
* every REPRAT, leaves its direction in PRESS for the main loop: a tap
* made while a step is drawn still moves one square, and a held key
* repeats in frames whatever the steps cost.
KEYHK  MOVB R0,@INTPR          its cycles: from here ...
       MOV  R11,R10
       BL   @KEYS              R0: direction 0-3, or -1
       MOV  R0,R0
       JLT  KEYHK3             none down
       C    R0,@HELD
       JEQ  KEYHK1
       MOV  R0,@PRESS          a new press
       LI   R1,REPDLY
       JMP  KEYHK2
KEYHK1 DEC  @REPTIM            held on
       JNE  KEYHK3
       MOV  R0,@PRESS          held long enough: again
       LI   R1,REPRAT
KEYHK2 MOV  R1,@REPTIM
KEYHK3 MOV  R0,@HELD
       MOVB R0,@INTPR          ... to here (see machine.py)
       B    *R10

* KEYS: scan joystick 1 (column 6: fire, left, right, down, up) and the
* E S D X keys (columns 1 and 2); keys read 0 when down. Uses R0, R1, R3-R5
* and R12.
KEYS   LI   R12,>0024          column select, CRU bits 18-20
       LI   R1,>0600
       LDCR R1,3
       LI   R12,>0006          rows 0-7, CRU bits 3-10
       STCR R5,8
       INV  R5
       LI   R12,>0024
       LI   R1,>0100
       LDCR R1,3
       LI   R12,>0006
       STCR R3,8               column 1: S row 5, X row 7
       INV  R3
       LI   R12,>0024
       LI   R1,>0200
       LDCR R1,3
       LI   R12,>0006
       STCR R4,8               column 2: D row 5, E row 6
       INV  R4
       LI   R0,2               north
       COC  @JUP,R5
       JEQ  KEYSX
       COC  @KEYE,R4
       JEQ  KEYSX
       CLR  R0                 south
       COC  @JDOWN,R5
       JEQ  KEYSX
       COC  @KEYX,R3
       JEQ  KEYSX
       INC  R0                 west
       COC  @JLEFT,R5
       JEQ  KEYSX
       COC  @KEYS5,R3
       JEQ  KEYSX
       LI   R0,3               east
       COC  @JRIGHT,R5
       JEQ  KEYSX
       COC  @KEYS5,R4
       JEQ  KEYSX
       SETO R0
KEYSX  RT

* MOVE: one square in direction R0 (0 south, 1 west, 2 north, 3 east), read
* from the adjacency bytes MAPPRC left: STATE+10+2*dir the tile, +1 a mob.
MOVE   MOV  R11,R10
       MOV  R0,R6
       SLA  R6,1
       CB   @STATE+11(R6),@BFF
       JNE  MOVMOB             a mob is in the way
       MOVB @STATE+10(R6),R7
       SRL  R7,8
       ANDI R7,>007F
       MOVB @TILES(R7),R8
       ANDI R8,SOLID*256
       JNE  MOVWAL             a wall, water, a tree...
       CLR  R7
       MOVB @STATE+5,R7
       SRL  R7,7
       MOV  @DIRY(R7),R7       the slant s
       MPY  @DIRY(R6),R7       R8: s * dy (a row up or down moves s columns)
       A    @DIRX(R6),R8
       A    @X,R8              R8: new X
       MOV  @Y,R9
       A    @DIRY(R6),R9       R9: new Y
       MOV  R8,R1
       MOV  @HWIDTH,R2
       BL   @EDGE
       JNE  MOVWAL             off the map's edge: a bump too
       MOV  R1,R8
       MOV  R9,R1
       MOV  @VWIDTH,R2
       BL   @EDGE
       JNE  MOVWAL
       MOV  R8,@X
       MOV  R1,@Y
       MOVB @ONE,@REDRAW
       LI   R0,SNDSTA          a footstep, left and right foot in turn
       INV  @FOOT
       JEQ  MOVFT
       LI   R0,SNDSTB
MOVFT  BL   @SNDFX
       MPY  @HWIDTH,R1         R2: the square stepped on
       A    R8,R2
       MOVB @MAPBUF(R2),R7
       SRL  R7,8
       ANDI R7,>007F
       MOVB @TILES(R7),R7
       ANDI R7,EXIT*256
       JEQ  MOVEX
       MOVB @ONE,@EXITRQ       an exit: the loader takes over
MOVEX  B    *R10
MOVMOB LI   R0,SNDMOB          bumping a mob: a growl
       JMP  MOVSND
MOVWAL LI   R0,SNDWAL          bumping a wall: a knock
MOVSND BL   @SNDFX
       B    *R10

* EDGE: R1 a coordinate, R2 the map's size: wrap it (STATE+4 set) or refuse
* it when it is off the map. R3: 0 fine, else refused (flags from R3).
EDGE   CLR  R3
       C    R1,R2
       JL   EDGEX
       MOVB @STATE+4,R3
       JEQ  EDGENO
       CLR  R3
       MOV  R1,R1
       JLT  EDGEUP
       S    R2,R1
       JMP  EDGEX
EDGEUP A    R2,R1
       JMP  EDGEX
EDGENO SETO R3
EDGEX  MOV  R3,R3
       RT

* WANDER: every mob of type 1 takes a random step onto open ground, never
* off the map, onto the player or onto another mob (mobs do not wrap or slant).
WANDER MOV  R11,R10
       MOV  @STATE+6,R9        mob count
       JEQ  WANDX
       CLR  R5                 record offset
WAND1  CB   @MOBBUF(R5),@ONE
       JNE  WAND2
       BL   @RND               R0: 0-3
       MOV  R0,R6
       SLA  R6,1
       CLR  R1
       MOVB @MOBBUF+2(R5),R1
       SWPB R1
       A    @DIRX(R6),R1       new X
       C    R1,@HWIDTH
       JHE  WAND2              off the map (unsigned: -1 too)
       CLR  R2
       MOVB @MOBBUF+3(R5),R2
       SWPB R2
       A    @DIRY(R6),R2       new Y
       C    R2,@VWIDTH
       JHE  WAND2
       C    R1,@X
       JNE  WAND3
       C    R2,@Y
       JEQ  WAND2              the player is there
WAND3  MOV  R2,R3
       MPY  @HWIDTH,R3         R4: the square
       A    R1,R4
       MOVB @MAPBUF(R4),R7
       SRL  R7,8
       ANDI R7,>007F
       MOVB @TILES(R7),R7
       ANDI R7,(SOLID+EXIT)*256
       JNE  WAND2              mobs keep to open ground
       MOV  R1,R3              and off each other's squares
       SWPB R3
       SOC  R2,R3              R3: X in the high byte, Y in the low
       MOV  @STATE+6,R8
       CLR  R7
WAND4  MOVB @MOBBUF(R7),R4
       JEQ  WAND5
       C    @MOBBUF+2(R7),R3
       JEQ  WAND2
WAND5  AI   R7,8
       DEC  R8
       JNE  WAND4
       SWPB R1
       MOVB R1,@MOBBUF+2(R5)
       SWPB R2
       MOVB R2,@MOBBUF+3(R5)
       MOVB @ONE,@REDRAW
WAND2  AI   R5,8
       DEC  R9
       JNE  WAND1
WANDX  B    *R10

* RND: R0 = the next value of a 16-bit Galois LFSR, masked to 0-3.
RND    MOV  @RANDOM,R0
       SRL  R0,1
       JNC  RND1
       XOR  @RNDTAP,R0
RND1   MOV  R0,@RANDOM
       ANDI R0,3
       RT

* DRAW: the final window (WORK+169) into the name table, row by row.
DRAW   MOV  R11,R10
       LI   R0,NAMES+WINAT
       LI   R1,WORK+169
       LI   R4,13
DRAW1  LI   R2,13
       BL   @VMBW
       AI   R0,32
       DEC  R4
       JNE  DRAW1
       LI   R5,XYTEXT+2        the player's position under the window
       MOV  @X,R7
       BL   @DEC3
       LI   R5,XYTEXT+9
       MOV  @Y,R7
       BL   @DEC3
       LI   R0,NAMES+(WINROW+14)*32+WINCOL
       LI   R1,XYTEXT
       LI   R2,12
       BL   @VMBW
       B    *R10

* DEC3: R7 as three decimal digits at R5 (R6-R8 used).
DEC3   AI   R5,3
       LI   R8,3
DEC31  CLR  R6
       DIV  @W10,R6            R6: R7 / 10, R7: the digit
       AI   R7,'0'
       SWPB R7
       DEC  R5
       MOVB R7,*R5
       MOV  R6,R7
       DEC  R8
       JNE  DEC31
       RT

* CLRWIN: the whole screen dark.
CLRWIN LI   R0,NAMES
       SWPB R0
       MOVB R0,@VDPWA
       SWPB R0
       ORI  R0,>4000
       MOVB R0,@VDPWA
       LI   R1,768
       LI   R2,DARK*256
CLRW1  MOVB R2,@VDPWD
       DEC  R1
       JNE  CLRW1
       RT

* VMBW: R2 bytes from CPU memory R1 to VDP address R0 (R1 advances).
VMBW   SWPB R0
       MOVB R0,@VDPWA
       SWPB R0
       ORI  R0,>4000
       MOVB R0,@VDPWA
       ANDI R0,>3FFF
VMBW1  MOVB *R1+,@VDPWD
       DEC  R2
       JNE  VMBW1
       RT

* VDPINI: graphics mode I, tables as the EQUs say, our tiles and colours,
* no sprites but the editor's cursor (hidden), a dark screen.
VDPINI MOV  R11,R10
       LI   R1,VREGS
       LI   R0,>8000           register 0
VDPI1  MOVB *R1+,@VDPWA
       MOVB R0,@VDPWA
       AI   R0,>0100
       CI   R0,>8800
       JNE  VDPI1
       LI   R0,PATTRN
       LI   R1,TILEPT
       LI   R2,2048
       BL   @VMBW
       LI   R0,COLOUR
       LI   R1,TILECL
       LI   R2,32
       BL   @VMBW
       LI   R0,SPRATT
       LI   R1,SPRINI
       LI   R2,5
       BL   @VMBW
       BL   @CLRWIN
       B    *R10

       COPY 'mapprc.asm'
       COPY 'sound.asm'

* -- the program's own variables ---------------------------------------------
NEWMAP BYTE 0                  set by the loader: a map is in LOADBF
REDRAW BYTE 0                  run MAPPRC and draw
UNROLL BYTE 0                  copy the map with the unrolled loop
EXITRQ BYTE 0                  the player stepped on an exit
ONE    BYTE 1
BFF    BYTE >FF
       EVEN
PRESS  DATA -1                 a direction to move (KEYHK), or -1
HELD   DATA -1                 the direction held at the last scan, or -1
REPTIM DATA 0                  frames until a held key moves again
WANDT  DATA 40                 frames until the mobs move
RANDOM DATA 0
RNDTAP DATA >B400
STEPS  DATA 0                  steps drawn
SNDPTR DATA 0                  the playing sound effect's next frame (0: none)
FOOT   DATA 0                  which foot steps next
JUP    DATA >1000              joystick 1 rows (bit = row) in the high byte
JDOWN  DATA >0800
JLEFT  DATA >0200
JRIGHT DATA >0400
KEYE   DATA >4000
KEYX   DATA >8000
KEYS5  DATA >2000              S in column 1, D in column 2
VREGS  BYTE >00,>E2,NAMES/>400,COLOUR/>40,PATTRN/>800,SPRATT/>80,PATTRN/>800,>01
SPRINI BYTE >D0,0,0,0,>D0      no sprites
       EVEN
MAPNAM BSS  24                 the map's name, as text
XYTEXT TEXT 'X 000  Y 000'
HELP   DATA NAMES+7*32+17,11
       TEXT 'WALK: ARROW'
       EVEN
       DATA NAMES+8*32+17,13
       TEXT 'KEYS OR ESDX.'
       EVEN
       DATA NAMES+10*32+17,12
       TEXT 'EACH STEP IS'
       EVEN
       DATA NAMES+11*32+17,13
       TEXT 'MAPPRC ON THE'
       EVEN
       DATA NAMES+12*32+17,13
       TEXT 'TMS9900: SEE '
       EVEN
       DATA NAMES+13*32+17,14
       TEXT 'THE SIDE PANEL'
       EVEN
       DATA -1
W10    DATA 10
       COPY 'tflags.inc'
       COPY 'tiles.inc'
       COPY 'colours.inc'
       COPY 'sounds.inc'
       END
