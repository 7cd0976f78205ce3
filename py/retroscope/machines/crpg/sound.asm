* sound.asm: our sound effects on the TMS9919 at >8400. One effect plays at
* a time; an effect is a run of frames, each a count byte and the bytes to
* send the chip that frame, ended by a count of 0 (sounds.inc, made by
* sounds.py). SNDTIK runs once a frame from MAIN.
SOUND  EQU  >8400

* SNDFX: play the effect at R0 from its start (it replaces the one playing).
SNDFX  MOV  R0,@SNDPTR
       RT

* SNDTIK: this frame's bytes of the playing effect (R1, R2 used).
SNDTIK MOV  @SNDPTR,R1
       JEQ  SNDTX
       MOVB *R1+,R2            the count
       JEQ  SNDEND
       SRL  R2,8
SNDT1  MOVB *R1+,@SOUND
       DEC  R2
       JNE  SNDT1
       MOV  R1,@SNDPTR
SNDTX  RT
SNDEND CLR  @SNDPTR
       RT
