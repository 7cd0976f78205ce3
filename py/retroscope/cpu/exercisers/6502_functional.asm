; Retroscope 6502 functional exerciser, for the NMOS 6502 and the Ricoh 2A03.
;
; Every documented instruction runs in every addressing mode it has, from
; set registers, flags and memory, and `check` compares A, X, Y and P (as
; PHP pushes it) with the four bytes that follow each `jsr check`; memory
; results are read back into Y. Those expected bytes were tabulated from
; py65 1.2.0, an emulator independent of ours. ADC and SBC also run in
; decimal mode in every addressing mode (`check_d` is followed by NMOS and
; 2A03 expectations and picks by `variant`), and two loops at the end
; compute their own expectations: every pair of BCD numbers with both
; carries through ADC and SBC in decimal mode (on the 2A03, D must change
; nothing: the same sums with D clear are the expectation).
;
; Host contract (zero page):
;   case    $02-$03  the case being run, little-endian; on failure, the failed one
;                    (0: the sanity checks before the first case)
;   variant $04      set by the host before running: 0 = NMOS, 1 = 2A03
; The program starts at `start` (also the reset vector) and ends in
; `success: jmp success` or `fail: jmp fail`. Case numbers are also the values
; of the symbols N_<name>, so a host can name the failed case.
; Memory used: zero page $02-$43, stack, $0300-$0311, $03ff-$0400 and
; $0600-$0663 as data; code from $0800.

case    = $02
variant = $04
got_a   = $05
got_x   = $06
got_y   = $07
got_p   = $08
skip    = $09
ret     = $0a           ; and $0b
bcd     = $0c
ai      = $10
bi      = $11
cin     = $12
opa     = $13
opb     = $14
exp_a   = $15
exp_c   = $16
res_a   = $17
res_c   = $18
bcdtab  = $0600

        .org $0800
start:  jmp init

; Compare A, X, Y and P as they were at `jsr check` with the 4 bytes after it.
check:  php
        sta got_a
        stx got_x
        sty got_y
        pla
        sta got_p
        cld
        lda #4
        sta skip
        ldy #0
        beq compare
; The same with 8 bytes after it: NMOS expectations, then 2A03 ones.
check_d: php
        sta got_a
        stx got_x
        sty got_y
        pla
        sta got_p
        cld
        lda #8
        sta skip
        ldy #0
        lda variant
        beq compare
        ldy #4
compare: tsx
        lda $0101,x     ; the return address: the last byte of the jsr
        sta ret
        lda $0102,x
        sta ret+1
        iny
        lda (ret),y
        cmp got_a
        bne fail
        iny
        lda (ret),y
        cmp got_x
        bne fail
        iny
        lda (ret),y
        cmp got_y
        bne fail
        iny
        lda (ret),y
        cmp got_p
        bne fail
        clc             ; return past the expected bytes
        lda ret
        adc skip
        sta $0101,x
        lda ret+1
        adc #0
        sta $0102,x
        rts

fail:   jmp fail
success: jmp success

; For the jsr case: A, Y = the pushed return address, X = S inside.
sub_peek: tsx
        lda $0101,x
        ldy $0102,x
        rts

; BRK lands here: A = the pushed P, Y = the low byte of the pushed PC.
brk_handler: tsx
        lda $0101,x
        ldy $0102,x
        rti

init:   cld
        ldx #$ff
        txs
        lda #0
        sta case
        sta case+1
        sta $40         ; ($40) -> $0300 for (zp,x)
        lda #$03
        sta $41
        lda #$f8        ; ($42) -> $02f8 for (zp),y
        sta $42
        lda #$02
        sta $43
; Case 0: the loads, compares and branches the checker itself relies on.
        lda #$00
        bne sfail
        bmi sfail
        lda #$80
        beq sfail
        bpl sfail
        cmp #$80
        bne sfail
        ldy #$01
        cpy #$02
        bcs sfail
        jmp sane
sfail:  jmp fail
sane:

; --- case 1: ora ($3c,x)  (A=$10 X=$04 Y=$67 P=$84 M=$80)
N_ORA_IZX_1 = 1
        lda #<N_ORA_IZX_1
        sta case
        lda #>N_ORA_IZX_1
        sta case+1
        lda #$80
        sta $0300
        lda #$84
        pha
        lda #$10
        ldx #$04
        ldy #$67
        plp
        ora ($3c,x)
c_ora_izx_1: jsr check
        .byte $90, $04, $67, $b4

; --- case 2: ora ($3c,x)  (A=$ff X=$04 Y=$d3 P=$c1 M=$80)
N_ORA_IZX_2 = 2
        lda #<N_ORA_IZX_2
        sta case
        lda #>N_ORA_IZX_2
        sta case+1
        lda #$80
        sta $0300
        lda #$c1
        pha
        lda #$ff
        ldx #$04
        ldy #$d3
        plp
        ora ($3c,x)
c_ora_izx_2: jsr check
        .byte $ff, $04, $d3, $f1

; --- case 3: ora $20  (A=$01 X=$6b Y=$b0 P=$c7 M=$03)
N_ORA_ZP_1 = 3
        lda #<N_ORA_ZP_1
        sta case
        lda #>N_ORA_ZP_1
        sta case+1
        lda #$03
        sta $20
        lda #$c7
        pha
        lda #$01
        ldx #$6b
        ldy #$b0
        plp
        ora $20
c_ora_zp_1: jsr check
        .byte $03, $6b, $b0, $75

; --- case 4: ora $20  (A=$7f X=$01 Y=$a6 P=$c5 M=$fb)
N_ORA_ZP_2 = 4
        lda #<N_ORA_ZP_2
        sta case
        lda #>N_ORA_ZP_2
        sta case+1
        lda #$fb
        sta $20
        lda #$c5
        pha
        lda #$7f
        ldx #$01
        ldy #$a6
        plp
        ora $20
c_ora_zp_2: jsr check
        .byte $ff, $01, $a6, $f5

; --- case 5: asl $20  (A=$80 X=$de Y=$80 P=$87 M=$ff)
N_ASL_ZP_1 = 5
        lda #<N_ASL_ZP_1
        sta case
        lda #>N_ASL_ZP_1
        sta case+1
        lda #$ff
        sta $20
        lda #$87
        pha
        lda #$80
        ldx #$de
        ldy #$80
        plp
        asl $20
        php
        ldy $20
        plp
c_asl_zp_1: jsr check
        .byte $80, $de, $fe, $b5

; --- case 6: asl $20  (A=$35 X=$d3 Y=$80 P=$46 M=$30)
N_ASL_ZP_2 = 6
        lda #<N_ASL_ZP_2
        sta case
        lda #>N_ASL_ZP_2
        sta case+1
        lda #$30
        sta $20
        lda #$46
        pha
        lda #$35
        ldx #$d3
        ldy #$80
        plp
        asl $20
        php
        ldy $20
        plp
c_asl_zp_2: jsr check
        .byte $35, $d3, $60, $74

; --- case 7: ora #$01  (A=$80 X=$80 Y=$91 P=$00)
N_ORA_IMM_1 = 7
        lda #<N_ORA_IMM_1
        sta case
        lda #>N_ORA_IMM_1
        sta case+1
        lda #$00
        pha
        lda #$80
        ldx #$80
        ldy #$91
        plp
        ora #$01
c_ora_imm_1: jsr check
        .byte $81, $80, $91, $b0

; --- case 8: ora #$f1  (A=$3e X=$7f Y=$62 P=$c6)
N_ORA_IMM_2 = 8
        lda #<N_ORA_IMM_2
        sta case
        lda #>N_ORA_IMM_2
        sta case+1
        lda #$c6
        pha
        lda #$3e
        ldx #$7f
        ldy #$62
        plp
        ora #$f1
c_ora_imm_2: jsr check
        .byte $ff, $7f, $62, $f4

; --- case 9: asl a  (A=$a2 X=$ea Y=$fc P=$46)
N_ASL_ACC_1 = 9
        lda #<N_ASL_ACC_1
        sta case
        lda #>N_ASL_ACC_1
        sta case+1
        lda #$46
        pha
        lda #$a2
        ldx #$ea
        ldy #$fc
        plp
        asl a
c_asl_acc_1: jsr check
        .byte $44, $ea, $fc, $75

; --- case 10: asl a  (A=$90 X=$ad Y=$d6 P=$86)
N_ASL_ACC_2 = 10
        lda #<N_ASL_ACC_2
        sta case
        lda #>N_ASL_ACC_2
        sta case+1
        lda #$86
        pha
        lda #$90
        ldx #$ad
        ldy #$d6
        plp
        asl a
c_asl_acc_2: jsr check
        .byte $20, $ad, $d6, $35

; --- case 11: ora $0300  (A=$d8 X=$9b Y=$52 P=$87 M=$41)
N_ORA_ABS_1 = 11
        lda #<N_ORA_ABS_1
        sta case
        lda #>N_ORA_ABS_1
        sta case+1
        lda #$41
        sta $0300
        lda #$87
        pha
        lda #$d8
        ldx #$9b
        ldy #$52
        plp
        ora $0300
c_ora_abs_1: jsr check
        .byte $d9, $9b, $52, $b5

; --- case 12: ora $0300  (A=$cc X=$80 Y=$b0 P=$85 M=$56)
N_ORA_ABS_2 = 12
        lda #<N_ORA_ABS_2
        sta case
        lda #>N_ORA_ABS_2
        sta case+1
        lda #$56
        sta $0300
        lda #$85
        pha
        lda #$cc
        ldx #$80
        ldy #$b0
        plp
        ora $0300
c_ora_abs_2: jsr check
        .byte $de, $80, $b0, $b5

; --- case 13: asl $0300  (A=$8e X=$80 Y=$39 P=$40 M=$ff)
N_ASL_ABS_1 = 13
        lda #<N_ASL_ABS_1
        sta case
        lda #>N_ASL_ABS_1
        sta case+1
        lda #$ff
        sta $0300
        lda #$40
        pha
        lda #$8e
        ldx #$80
        ldy #$39
        plp
        asl $0300
        php
        ldy $0300
        plp
c_asl_abs_1: jsr check
        .byte $8e, $80, $fe, $f1

; --- case 14: asl $0300  (A=$ff X=$2a Y=$80 P=$47 M=$ff)
N_ASL_ABS_2 = 14
        lda #<N_ASL_ABS_2
        sta case
        lda #>N_ASL_ABS_2
        sta case+1
        lda #$ff
        sta $0300
        lda #$47
        pha
        lda #$ff
        ldx #$2a
        ldy #$80
        plp
        asl $0300
        php
        ldy $0300
        plp
c_asl_abs_2: jsr check
        .byte $ff, $2a, $fe, $f5

; --- case 15: ora ($42),y  (A=$7f X=$80 Y=$08 P=$44 M=$12)
N_ORA_IZY_1 = 15
        lda #<N_ORA_IZY_1
        sta case
        lda #>N_ORA_IZY_1
        sta case+1
        lda #$12
        sta $0300
        lda #$44
        pha
        lda #$7f
        ldx #$80
        ldy #$08
        plp
        ora ($42),y
c_ora_izy_1: jsr check
        .byte $7f, $80, $08, $74

; --- case 16: ora ($42),y  (A=$bf X=$7f Y=$08 P=$c4 M=$a7)
N_ORA_IZY_2 = 16
        lda #<N_ORA_IZY_2
        sta case
        lda #>N_ORA_IZY_2
        sta case+1
        lda #$a7
        sta $0300
        lda #$c4
        pha
        lda #$bf
        ldx #$7f
        ldy #$08
        plp
        ora ($42),y
c_ora_izy_2: jsr check
        .byte $bf, $7f, $08, $f4

; --- case 17: ora $30,x  (A=$7f X=$f0 Y=$00 P=$00 M=$7f)
N_ORA_ZPX_1 = 17
        lda #<N_ORA_ZPX_1
        sta case
        lda #>N_ORA_ZPX_1
        sta case+1
        lda #$7f
        sta $20
        lda #$00
        pha
        lda #$7f
        ldx #$f0
        ldy #$00
        plp
        ora $30,x
c_ora_zpx_1: jsr check
        .byte $7f, $f0, $00, $30

; --- case 18: ora $30,x  (A=$01 X=$f0 Y=$63 P=$87 M=$60)
N_ORA_ZPX_2 = 18
        lda #<N_ORA_ZPX_2
        sta case
        lda #>N_ORA_ZPX_2
        sta case+1
        lda #$60
        sta $20
        lda #$87
        pha
        lda #$01
        ldx #$f0
        ldy #$63
        plp
        ora $30,x
c_ora_zpx_2: jsr check
        .byte $61, $f0, $63, $35

; --- case 19: asl $30,x  (A=$1a X=$f0 Y=$b1 P=$00 M=$00)
N_ASL_ZPX_1 = 19
        lda #<N_ASL_ZPX_1
        sta case
        lda #>N_ASL_ZPX_1
        sta case+1
        lda #$00
        sta $20
        lda #$00
        pha
        lda #$1a
        ldx #$f0
        ldy #$b1
        plp
        asl $30,x
        php
        ldy $20
        plp
c_asl_zpx_1: jsr check
        .byte $1a, $f0, $00, $32

; --- case 20: asl $30,x  (A=$76 X=$f0 Y=$21 P=$c6 M=$7f)
N_ASL_ZPX_2 = 20
        lda #<N_ASL_ZPX_2
        sta case
        lda #>N_ASL_ZPX_2
        sta case+1
        lda #$7f
        sta $20
        lda #$c6
        pha
        lda #$76
        ldx #$f0
        ldy #$21
        plp
        asl $30,x
        php
        ldy $20
        plp
c_asl_zpx_2: jsr check
        .byte $76, $f0, $fe, $f4

; --- case 21: clc  (A=$85 X=$7f Y=$00 P=$05)
N_CLC_IMP_1 = 21
        lda #<N_CLC_IMP_1
        sta case
        lda #>N_CLC_IMP_1
        sta case+1
        lda #$05
        pha
        lda #$85
        ldx #$7f
        ldy #$00
        plp
        clc
c_clc_imp_1: jsr check
        .byte $85, $7f, $00, $34

; --- case 22: ora $02ff,y  (A=$7f X=$e1 Y=$01 P=$c5 M=$08)
N_ORA_ABY_1 = 22
        lda #<N_ORA_ABY_1
        sta case
        lda #>N_ORA_ABY_1
        sta case+1
        lda #$08
        sta $0300
        lda #$c5
        pha
        lda #$7f
        ldx #$e1
        ldy #$01
        plp
        ora $02ff,y
c_ora_aby_1: jsr check
        .byte $7f, $e1, $01, $75

; --- case 23: ora $02ff,y  (A=$80 X=$7f Y=$01 P=$43 M=$c5)
N_ORA_ABY_2 = 23
        lda #<N_ORA_ABY_2
        sta case
        lda #>N_ORA_ABY_2
        sta case+1
        lda #$c5
        sta $0300
        lda #$43
        pha
        lda #$80
        ldx #$7f
        ldy #$01
        plp
        ora $02ff,y
c_ora_aby_2: jsr check
        .byte $c5, $7f, $01, $f1

; --- case 24: ora $02ff,x  (A=$f0 X=$01 Y=$6e P=$04 M=$ff)
N_ORA_ABX_1 = 24
        lda #<N_ORA_ABX_1
        sta case
        lda #>N_ORA_ABX_1
        sta case+1
        lda #$ff
        sta $0300
        lda #$04
        pha
        lda #$f0
        ldx #$01
        ldy #$6e
        plp
        ora $02ff,x
c_ora_abx_1: jsr check
        .byte $ff, $01, $6e, $b4

; --- case 25: ora $02ff,x  (A=$6c X=$01 Y=$8c P=$47 M=$21)
N_ORA_ABX_2 = 25
        lda #<N_ORA_ABX_2
        sta case
        lda #>N_ORA_ABX_2
        sta case+1
        lda #$21
        sta $0300
        lda #$47
        pha
        lda #$6c
        ldx #$01
        ldy #$8c
        plp
        ora $02ff,x
c_ora_abx_2: jsr check
        .byte $6d, $01, $8c, $75

; --- case 26: asl $02ff,x  (A=$7f X=$01 Y=$9b P=$45 M=$4c)
N_ASL_ABX_1 = 26
        lda #<N_ASL_ABX_1
        sta case
        lda #>N_ASL_ABX_1
        sta case+1
        lda #$4c
        sta $0300
        lda #$45
        pha
        lda #$7f
        ldx #$01
        ldy #$9b
        plp
        asl $02ff,x
        php
        ldy $0300
        plp
c_asl_abx_1: jsr check
        .byte $7f, $01, $98, $f4

; --- case 27: asl $02ff,x  (A=$94 X=$01 Y=$b4 P=$c7 M=$8b)
N_ASL_ABX_2 = 27
        lda #<N_ASL_ABX_2
        sta case
        lda #>N_ASL_ABX_2
        sta case+1
        lda #$8b
        sta $0300
        lda #$c7
        pha
        lda #$94
        ldx #$01
        ldy #$b4
        plp
        asl $02ff,x
        php
        ldy $0300
        plp
c_asl_abx_2: jsr check
        .byte $94, $01, $16, $75

; --- case 28: and ($3c,x)  (A=$31 X=$04 Y=$17 P=$80 M=$5a)
N_AND_IZX_1 = 28
        lda #<N_AND_IZX_1
        sta case
        lda #>N_AND_IZX_1
        sta case+1
        lda #$5a
        sta $0300
        lda #$80
        pha
        lda #$31
        ldx #$04
        ldy #$17
        plp
        and ($3c,x)
c_and_izx_1: jsr check
        .byte $10, $04, $17, $30

; --- case 29: and ($3c,x)  (A=$00 X=$04 Y=$bd P=$04 M=$f6)
N_AND_IZX_2 = 29
        lda #<N_AND_IZX_2
        sta case
        lda #>N_AND_IZX_2
        sta case+1
        lda #$f6
        sta $0300
        lda #$04
        pha
        lda #$00
        ldx #$04
        ldy #$bd
        plp
        and ($3c,x)
c_and_izx_2: jsr check
        .byte $00, $04, $bd, $36

; --- case 30: bit $20  (A=$a0 X=$79 Y=$5c P=$01 M=$62)
N_BIT_ZP_1 = 30
        lda #<N_BIT_ZP_1
        sta case
        lda #>N_BIT_ZP_1
        sta case+1
        lda #$62
        sta $20
        lda #$01
        pha
        lda #$a0
        ldx #$79
        ldy #$5c
        plp
        bit $20
c_bit_zp_1: jsr check
        .byte $a0, $79, $5c, $71

; --- case 31: bit $20  (A=$c6 X=$e6 Y=$fc P=$40 M=$02)
N_BIT_ZP_2 = 31
        lda #<N_BIT_ZP_2
        sta case
        lda #>N_BIT_ZP_2
        sta case+1
        lda #$02
        sta $20
        lda #$40
        pha
        lda #$c6
        ldx #$e6
        ldy #$fc
        plp
        bit $20
c_bit_zp_2: jsr check
        .byte $c6, $e6, $fc, $30

; --- case 32: and $20  (A=$00 X=$7f Y=$01 P=$40 M=$d8)
N_AND_ZP_1 = 32
        lda #<N_AND_ZP_1
        sta case
        lda #>N_AND_ZP_1
        sta case+1
        lda #$d8
        sta $20
        lda #$40
        pha
        lda #$00
        ldx #$7f
        ldy #$01
        plp
        and $20
c_and_zp_1: jsr check
        .byte $00, $7f, $01, $72

; --- case 33: and $20  (A=$1f X=$01 Y=$7f P=$86 M=$7f)
N_AND_ZP_2 = 33
        lda #<N_AND_ZP_2
        sta case
        lda #>N_AND_ZP_2
        sta case+1
        lda #$7f
        sta $20
        lda #$86
        pha
        lda #$1f
        ldx #$01
        ldy #$7f
        plp
        and $20
c_and_zp_2: jsr check
        .byte $1f, $01, $7f, $34

; --- case 34: rol $20  (A=$b8 X=$fe Y=$01 P=$06 M=$e2)
N_ROL_ZP_1 = 34
        lda #<N_ROL_ZP_1
        sta case
        lda #>N_ROL_ZP_1
        sta case+1
        lda #$e2
        sta $20
        lda #$06
        pha
        lda #$b8
        ldx #$fe
        ldy #$01
        plp
        rol $20
        php
        ldy $20
        plp
c_rol_zp_1: jsr check
        .byte $b8, $fe, $c4, $b5

; --- case 35: rol $20  (A=$00 X=$57 Y=$e7 P=$47 M=$1f)
N_ROL_ZP_2 = 35
        lda #<N_ROL_ZP_2
        sta case
        lda #>N_ROL_ZP_2
        sta case+1
        lda #$1f
        sta $20
        lda #$47
        pha
        lda #$00
        ldx #$57
        ldy #$e7
        plp
        rol $20
        php
        ldy $20
        plp
c_rol_zp_2: jsr check
        .byte $00, $57, $3f, $74

; --- case 36: and #$da  (A=$59 X=$08 Y=$fb P=$87)
N_AND_IMM_1 = 36
        lda #<N_AND_IMM_1
        sta case
        lda #>N_AND_IMM_1
        sta case+1
        lda #$87
        pha
        lda #$59
        ldx #$08
        ldy #$fb
        plp
        and #$da
c_and_imm_1: jsr check
        .byte $58, $08, $fb, $35

; --- case 37: and #$98  (A=$f2 X=$70 Y=$c5 P=$c3)
N_AND_IMM_2 = 37
        lda #<N_AND_IMM_2
        sta case
        lda #>N_AND_IMM_2
        sta case+1
        lda #$c3
        pha
        lda #$f2
        ldx #$70
        ldy #$c5
        plp
        and #$98
c_and_imm_2: jsr check
        .byte $90, $70, $c5, $f1

; --- case 38: rol a  (A=$7f X=$90 Y=$1d P=$c0)
N_ROL_ACC_1 = 38
        lda #<N_ROL_ACC_1
        sta case
        lda #>N_ROL_ACC_1
        sta case+1
        lda #$c0
        pha
        lda #$7f
        ldx #$90
        ldy #$1d
        plp
        rol a
c_rol_acc_1: jsr check
        .byte $fe, $90, $1d, $f0

; --- case 39: rol a  (A=$00 X=$0f Y=$ca P=$07)
N_ROL_ACC_2 = 39
        lda #<N_ROL_ACC_2
        sta case
        lda #>N_ROL_ACC_2
        sta case+1
        lda #$07
        pha
        lda #$00
        ldx #$0f
        ldy #$ca
        plp
        rol a
c_rol_acc_2: jsr check
        .byte $01, $0f, $ca, $34

; --- case 40: bit $0300  (A=$00 X=$9a Y=$00 P=$c6 M=$a0)
N_BIT_ABS_1 = 40
        lda #<N_BIT_ABS_1
        sta case
        lda #>N_BIT_ABS_1
        sta case+1
        lda #$a0
        sta $0300
        lda #$c6
        pha
        lda #$00
        ldx #$9a
        ldy #$00
        plp
        bit $0300
c_bit_abs_1: jsr check
        .byte $00, $9a, $00, $b6

; --- case 41: bit $0300  (A=$80 X=$e5 Y=$ff P=$05 M=$cc)
N_BIT_ABS_2 = 41
        lda #<N_BIT_ABS_2
        sta case
        lda #>N_BIT_ABS_2
        sta case+1
        lda #$cc
        sta $0300
        lda #$05
        pha
        lda #$80
        ldx #$e5
        ldy #$ff
        plp
        bit $0300
c_bit_abs_2: jsr check
        .byte $80, $e5, $ff, $f5

; --- case 42: and $0300  (A=$2f X=$32 Y=$7f P=$44 M=$d7)
N_AND_ABS_1 = 42
        lda #<N_AND_ABS_1
        sta case
        lda #>N_AND_ABS_1
        sta case+1
        lda #$d7
        sta $0300
        lda #$44
        pha
        lda #$2f
        ldx #$32
        ldy #$7f
        plp
        and $0300
c_and_abs_1: jsr check
        .byte $07, $32, $7f, $74

; --- case 43: and $0300  (A=$2b X=$e8 Y=$db P=$07 M=$7b)
N_AND_ABS_2 = 43
        lda #<N_AND_ABS_2
        sta case
        lda #>N_AND_ABS_2
        sta case+1
        lda #$7b
        sta $0300
        lda #$07
        pha
        lda #$2b
        ldx #$e8
        ldy #$db
        plp
        and $0300
c_and_abs_2: jsr check
        .byte $2b, $e8, $db, $35

; --- case 44: rol $0300  (A=$bd X=$74 Y=$d2 P=$00 M=$ee)
N_ROL_ABS_1 = 44
        lda #<N_ROL_ABS_1
        sta case
        lda #>N_ROL_ABS_1
        sta case+1
        lda #$ee
        sta $0300
        lda #$00
        pha
        lda #$bd
        ldx #$74
        ldy #$d2
        plp
        rol $0300
        php
        ldy $0300
        plp
c_rol_abs_1: jsr check
        .byte $bd, $74, $dc, $b1

; --- case 45: rol $0300  (A=$89 X=$27 Y=$4c P=$44 M=$54)
N_ROL_ABS_2 = 45
        lda #<N_ROL_ABS_2
        sta case
        lda #>N_ROL_ABS_2
        sta case+1
        lda #$54
        sta $0300
        lda #$44
        pha
        lda #$89
        ldx #$27
        ldy #$4c
        plp
        rol $0300
        php
        ldy $0300
        plp
c_rol_abs_2: jsr check
        .byte $89, $27, $a8, $f4

; --- case 46: and ($42),y  (A=$09 X=$0a Y=$08 P=$41 M=$e3)
N_AND_IZY_1 = 46
        lda #<N_AND_IZY_1
        sta case
        lda #>N_AND_IZY_1
        sta case+1
        lda #$e3
        sta $0300
        lda #$41
        pha
        lda #$09
        ldx #$0a
        ldy #$08
        plp
        and ($42),y
c_and_izy_1: jsr check
        .byte $01, $0a, $08, $71

; --- case 47: and ($42),y  (A=$09 X=$42 Y=$08 P=$07 M=$c3)
N_AND_IZY_2 = 47
        lda #<N_AND_IZY_2
        sta case
        lda #>N_AND_IZY_2
        sta case+1
        lda #$c3
        sta $0300
        lda #$07
        pha
        lda #$09
        ldx #$42
        ldy #$08
        plp
        and ($42),y
c_and_izy_2: jsr check
        .byte $01, $42, $08, $35

; --- case 48: and $30,x  (A=$fb X=$f0 Y=$76 P=$87 M=$00)
N_AND_ZPX_1 = 48
        lda #<N_AND_ZPX_1
        sta case
        lda #>N_AND_ZPX_1
        sta case+1
        lda #$00
        sta $20
        lda #$87
        pha
        lda #$fb
        ldx #$f0
        ldy #$76
        plp
        and $30,x
c_and_zpx_1: jsr check
        .byte $00, $f0, $76, $37

; --- case 49: and $30,x  (A=$4c X=$f0 Y=$e0 P=$86 M=$81)
N_AND_ZPX_2 = 49
        lda #<N_AND_ZPX_2
        sta case
        lda #>N_AND_ZPX_2
        sta case+1
        lda #$81
        sta $20
        lda #$86
        pha
        lda #$4c
        ldx #$f0
        ldy #$e0
        plp
        and $30,x
c_and_zpx_2: jsr check
        .byte $00, $f0, $e0, $36

; --- case 50: rol $30,x  (A=$23 X=$f0 Y=$56 P=$c6 M=$3f)
N_ROL_ZPX_1 = 50
        lda #<N_ROL_ZPX_1
        sta case
        lda #>N_ROL_ZPX_1
        sta case+1
        lda #$3f
        sta $20
        lda #$c6
        pha
        lda #$23
        ldx #$f0
        ldy #$56
        plp
        rol $30,x
        php
        ldy $20
        plp
c_rol_zpx_1: jsr check
        .byte $23, $f0, $7e, $74

; --- case 51: rol $30,x  (A=$44 X=$f0 Y=$a9 P=$c4 M=$28)
N_ROL_ZPX_2 = 51
        lda #<N_ROL_ZPX_2
        sta case
        lda #>N_ROL_ZPX_2
        sta case+1
        lda #$28
        sta $20
        lda #$c4
        pha
        lda #$44
        ldx #$f0
        ldy #$a9
        plp
        rol $30,x
        php
        ldy $20
        plp
c_rol_zpx_2: jsr check
        .byte $44, $f0, $50, $74

; --- case 52: sec  (A=$84 X=$00 Y=$96 P=$83)
N_SEC_IMP_1 = 52
        lda #<N_SEC_IMP_1
        sta case
        lda #>N_SEC_IMP_1
        sta case+1
        lda #$83
        pha
        lda #$84
        ldx #$00
        ldy #$96
        plp
        sec
c_sec_imp_1: jsr check
        .byte $84, $00, $96, $b3

; --- case 53: and $02ff,y  (A=$e0 X=$00 Y=$01 P=$42 M=$00)
N_AND_ABY_1 = 53
        lda #<N_AND_ABY_1
        sta case
        lda #>N_AND_ABY_1
        sta case+1
        lda #$00
        sta $0300
        lda #$42
        pha
        lda #$e0
        ldx #$00
        ldy #$01
        plp
        and $02ff,y
c_and_aby_1: jsr check
        .byte $00, $00, $01, $72

; --- case 54: and $02ff,y  (A=$00 X=$80 Y=$01 P=$44 M=$05)
N_AND_ABY_2 = 54
        lda #<N_AND_ABY_2
        sta case
        lda #>N_AND_ABY_2
        sta case+1
        lda #$05
        sta $0300
        lda #$44
        pha
        lda #$00
        ldx #$80
        ldy #$01
        plp
        and $02ff,y
c_and_aby_2: jsr check
        .byte $00, $80, $01, $76

; --- case 55: and $02ff,x  (A=$7f X=$01 Y=$d0 P=$01 M=$bf)
N_AND_ABX_1 = 55
        lda #<N_AND_ABX_1
        sta case
        lda #>N_AND_ABX_1
        sta case+1
        lda #$bf
        sta $0300
        lda #$01
        pha
        lda #$7f
        ldx #$01
        ldy #$d0
        plp
        and $02ff,x
c_and_abx_1: jsr check
        .byte $3f, $01, $d0, $31

; --- case 56: and $02ff,x  (A=$01 X=$01 Y=$bb P=$c0 M=$c9)
N_AND_ABX_2 = 56
        lda #<N_AND_ABX_2
        sta case
        lda #>N_AND_ABX_2
        sta case+1
        lda #$c9
        sta $0300
        lda #$c0
        pha
        lda #$01
        ldx #$01
        ldy #$bb
        plp
        and $02ff,x
c_and_abx_2: jsr check
        .byte $01, $01, $bb, $70

; --- case 57: rol $02ff,x  (A=$00 X=$01 Y=$00 P=$c3 M=$00)
N_ROL_ABX_1 = 57
        lda #<N_ROL_ABX_1
        sta case
        lda #>N_ROL_ABX_1
        sta case+1
        lda #$00
        sta $0300
        lda #$c3
        pha
        lda #$00
        ldx #$01
        ldy #$00
        plp
        rol $02ff,x
        php
        ldy $0300
        plp
c_rol_abx_1: jsr check
        .byte $00, $01, $01, $70

; --- case 58: rol $02ff,x  (A=$c6 X=$01 Y=$80 P=$40 M=$9a)
N_ROL_ABX_2 = 58
        lda #<N_ROL_ABX_2
        sta case
        lda #>N_ROL_ABX_2
        sta case+1
        lda #$9a
        sta $0300
        lda #$40
        pha
        lda #$c6
        ldx #$01
        ldy #$80
        plp
        rol $02ff,x
        php
        ldy $0300
        plp
c_rol_abx_2: jsr check
        .byte $c6, $01, $34, $71

; --- case 59: eor ($3c,x)  (A=$2e X=$04 Y=$3b P=$40 M=$87)
N_EOR_IZX_1 = 59
        lda #<N_EOR_IZX_1
        sta case
        lda #>N_EOR_IZX_1
        sta case+1
        lda #$87
        sta $0300
        lda #$40
        pha
        lda #$2e
        ldx #$04
        ldy #$3b
        plp
        eor ($3c,x)
c_eor_izx_1: jsr check
        .byte $a9, $04, $3b, $f0

; --- case 60: eor ($3c,x)  (A=$17 X=$04 Y=$43 P=$80 M=$bf)
N_EOR_IZX_2 = 60
        lda #<N_EOR_IZX_2
        sta case
        lda #>N_EOR_IZX_2
        sta case+1
        lda #$bf
        sta $0300
        lda #$80
        pha
        lda #$17
        ldx #$04
        ldy #$43
        plp
        eor ($3c,x)
c_eor_izx_2: jsr check
        .byte $a8, $04, $43, $b0

; --- case 61: eor $20  (A=$01 X=$80 Y=$32 P=$07 M=$af)
N_EOR_ZP_1 = 61
        lda #<N_EOR_ZP_1
        sta case
        lda #>N_EOR_ZP_1
        sta case+1
        lda #$af
        sta $20
        lda #$07
        pha
        lda #$01
        ldx #$80
        ldy #$32
        plp
        eor $20
c_eor_zp_1: jsr check
        .byte $ae, $80, $32, $b5

; --- case 62: eor $20  (A=$1f X=$01 Y=$80 P=$01 M=$a4)
N_EOR_ZP_2 = 62
        lda #<N_EOR_ZP_2
        sta case
        lda #>N_EOR_ZP_2
        sta case+1
        lda #$a4
        sta $20
        lda #$01
        pha
        lda #$1f
        ldx #$01
        ldy #$80
        plp
        eor $20
c_eor_zp_2: jsr check
        .byte $bb, $01, $80, $b1

; --- case 63: lsr $20  (A=$7f X=$00 Y=$8d P=$42 M=$da)
N_LSR_ZP_1 = 63
        lda #<N_LSR_ZP_1
        sta case
        lda #>N_LSR_ZP_1
        sta case+1
        lda #$da
        sta $20
        lda #$42
        pha
        lda #$7f
        ldx #$00
        ldy #$8d
        plp
        lsr $20
        php
        ldy $20
        plp
c_lsr_zp_1: jsr check
        .byte $7f, $00, $6d, $70

; --- case 64: lsr $20  (A=$00 X=$4d Y=$3c P=$81 M=$b9)
N_LSR_ZP_2 = 64
        lda #<N_LSR_ZP_2
        sta case
        lda #>N_LSR_ZP_2
        sta case+1
        lda #$b9
        sta $20
        lda #$81
        pha
        lda #$00
        ldx #$4d
        ldy #$3c
        plp
        lsr $20
        php
        ldy $20
        plp
c_lsr_zp_2: jsr check
        .byte $00, $4d, $5c, $31

; --- case 65: eor #$c1  (A=$7f X=$12 Y=$8d P=$81)
N_EOR_IMM_1 = 65
        lda #<N_EOR_IMM_1
        sta case
        lda #>N_EOR_IMM_1
        sta case+1
        lda #$81
        pha
        lda #$7f
        ldx #$12
        ldy #$8d
        plp
        eor #$c1
c_eor_imm_1: jsr check
        .byte $be, $12, $8d, $b1

; --- case 66: eor #$ff  (A=$42 X=$d1 Y=$b2 P=$81)
N_EOR_IMM_2 = 66
        lda #<N_EOR_IMM_2
        sta case
        lda #>N_EOR_IMM_2
        sta case+1
        lda #$81
        pha
        lda #$42
        ldx #$d1
        ldy #$b2
        plp
        eor #$ff
c_eor_imm_2: jsr check
        .byte $bd, $d1, $b2, $b1

; --- case 67: lsr a  (A=$00 X=$32 Y=$ac P=$87)
N_LSR_ACC_1 = 67
        lda #<N_LSR_ACC_1
        sta case
        lda #>N_LSR_ACC_1
        sta case+1
        lda #$87
        pha
        lda #$00
        ldx #$32
        ldy #$ac
        plp
        lsr a
c_lsr_acc_1: jsr check
        .byte $00, $32, $ac, $36

; --- case 68: lsr a  (A=$7f X=$62 Y=$55 P=$c5)
N_LSR_ACC_2 = 68
        lda #<N_LSR_ACC_2
        sta case
        lda #>N_LSR_ACC_2
        sta case+1
        lda #$c5
        pha
        lda #$7f
        ldx #$62
        ldy #$55
        plp
        lsr a
c_lsr_acc_2: jsr check
        .byte $3f, $62, $55, $75

; --- case 69: eor $0300  (A=$8b X=$7f Y=$d1 P=$00 M=$31)
N_EOR_ABS_1 = 69
        lda #<N_EOR_ABS_1
        sta case
        lda #>N_EOR_ABS_1
        sta case+1
        lda #$31
        sta $0300
        lda #$00
        pha
        lda #$8b
        ldx #$7f
        ldy #$d1
        plp
        eor $0300
c_eor_abs_1: jsr check
        .byte $ba, $7f, $d1, $b0

; --- case 70: eor $0300  (A=$ff X=$01 Y=$27 P=$85 M=$b2)
N_EOR_ABS_2 = 70
        lda #<N_EOR_ABS_2
        sta case
        lda #>N_EOR_ABS_2
        sta case+1
        lda #$b2
        sta $0300
        lda #$85
        pha
        lda #$ff
        ldx #$01
        ldy #$27
        plp
        eor $0300
c_eor_abs_2: jsr check
        .byte $4d, $01, $27, $35

; --- case 71: lsr $0300  (A=$9c X=$14 Y=$4e P=$c3 M=$06)
N_LSR_ABS_1 = 71
        lda #<N_LSR_ABS_1
        sta case
        lda #>N_LSR_ABS_1
        sta case+1
        lda #$06
        sta $0300
        lda #$c3
        pha
        lda #$9c
        ldx #$14
        ldy #$4e
        plp
        lsr $0300
        php
        ldy $0300
        plp
c_lsr_abs_1: jsr check
        .byte $9c, $14, $03, $70

; --- case 72: lsr $0300  (A=$96 X=$a3 Y=$ff P=$c4 M=$02)
N_LSR_ABS_2 = 72
        lda #<N_LSR_ABS_2
        sta case
        lda #>N_LSR_ABS_2
        sta case+1
        lda #$02
        sta $0300
        lda #$c4
        pha
        lda #$96
        ldx #$a3
        ldy #$ff
        plp
        lsr $0300
        php
        ldy $0300
        plp
c_lsr_abs_2: jsr check
        .byte $96, $a3, $01, $74

; --- case 73: eor ($42),y  (A=$00 X=$00 Y=$08 P=$03 M=$01)
N_EOR_IZY_1 = 73
        lda #<N_EOR_IZY_1
        sta case
        lda #>N_EOR_IZY_1
        sta case+1
        lda #$01
        sta $0300
        lda #$03
        pha
        lda #$00
        ldx #$00
        ldy #$08
        plp
        eor ($42),y
c_eor_izy_1: jsr check
        .byte $01, $00, $08, $31

; --- case 74: eor ($42),y  (A=$ac X=$91 Y=$08 P=$86 M=$7f)
N_EOR_IZY_2 = 74
        lda #<N_EOR_IZY_2
        sta case
        lda #>N_EOR_IZY_2
        sta case+1
        lda #$7f
        sta $0300
        lda #$86
        pha
        lda #$ac
        ldx #$91
        ldy #$08
        plp
        eor ($42),y
c_eor_izy_2: jsr check
        .byte $d3, $91, $08, $b4

; --- case 75: eor $30,x  (A=$20 X=$f0 Y=$25 P=$40 M=$92)
N_EOR_ZPX_1 = 75
        lda #<N_EOR_ZPX_1
        sta case
        lda #>N_EOR_ZPX_1
        sta case+1
        lda #$92
        sta $20
        lda #$40
        pha
        lda #$20
        ldx #$f0
        ldy #$25
        plp
        eor $30,x
c_eor_zpx_1: jsr check
        .byte $b2, $f0, $25, $f0

; --- case 76: eor $30,x  (A=$7f X=$f0 Y=$00 P=$83 M=$7f)
N_EOR_ZPX_2 = 76
        lda #<N_EOR_ZPX_2
        sta case
        lda #>N_EOR_ZPX_2
        sta case+1
        lda #$7f
        sta $20
        lda #$83
        pha
        lda #$7f
        ldx #$f0
        ldy #$00
        plp
        eor $30,x
c_eor_zpx_2: jsr check
        .byte $00, $f0, $00, $33

; --- case 77: lsr $30,x  (A=$19 X=$f0 Y=$ff P=$45 M=$e1)
N_LSR_ZPX_1 = 77
        lda #<N_LSR_ZPX_1
        sta case
        lda #>N_LSR_ZPX_1
        sta case+1
        lda #$e1
        sta $20
        lda #$45
        pha
        lda #$19
        ldx #$f0
        ldy #$ff
        plp
        lsr $30,x
        php
        ldy $20
        plp
c_lsr_zpx_1: jsr check
        .byte $19, $f0, $70, $75

; --- case 78: lsr $30,x  (A=$00 X=$f0 Y=$f2 P=$83 M=$2c)
N_LSR_ZPX_2 = 78
        lda #<N_LSR_ZPX_2
        sta case
        lda #>N_LSR_ZPX_2
        sta case+1
        lda #$2c
        sta $20
        lda #$83
        pha
        lda #$00
        ldx #$f0
        ldy #$f2
        plp
        lsr $30,x
        php
        ldy $20
        plp
c_lsr_zpx_2: jsr check
        .byte $00, $f0, $16, $30

; --- case 79: cli  (A=$00 X=$7f Y=$93 P=$c2)
N_CLI_IMP_1 = 79
        lda #<N_CLI_IMP_1
        sta case
        lda #>N_CLI_IMP_1
        sta case+1
        lda #$c2
        pha
        lda #$00
        ldx #$7f
        ldy #$93
        plp
        cli
c_cli_imp_1: jsr check
        .byte $00, $7f, $93, $f2

; --- case 80: eor $02ff,y  (A=$f9 X=$70 Y=$01 P=$04 M=$01)
N_EOR_ABY_1 = 80
        lda #<N_EOR_ABY_1
        sta case
        lda #>N_EOR_ABY_1
        sta case+1
        lda #$01
        sta $0300
        lda #$04
        pha
        lda #$f9
        ldx #$70
        ldy #$01
        plp
        eor $02ff,y
c_eor_aby_1: jsr check
        .byte $f8, $70, $01, $b4

; --- case 81: eor $02ff,y  (A=$90 X=$e2 Y=$01 P=$c1 M=$4e)
N_EOR_ABY_2 = 81
        lda #<N_EOR_ABY_2
        sta case
        lda #>N_EOR_ABY_2
        sta case+1
        lda #$4e
        sta $0300
        lda #$c1
        pha
        lda #$90
        ldx #$e2
        ldy #$01
        plp
        eor $02ff,y
c_eor_aby_2: jsr check
        .byte $de, $e2, $01, $f1

; --- case 82: eor $02ff,x  (A=$89 X=$01 Y=$15 P=$c7 M=$80)
N_EOR_ABX_1 = 82
        lda #<N_EOR_ABX_1
        sta case
        lda #>N_EOR_ABX_1
        sta case+1
        lda #$80
        sta $0300
        lda #$c7
        pha
        lda #$89
        ldx #$01
        ldy #$15
        plp
        eor $02ff,x
c_eor_abx_1: jsr check
        .byte $09, $01, $15, $75

; --- case 83: eor $02ff,x  (A=$bc X=$01 Y=$01 P=$c1 M=$00)
N_EOR_ABX_2 = 83
        lda #<N_EOR_ABX_2
        sta case
        lda #>N_EOR_ABX_2
        sta case+1
        lda #$00
        sta $0300
        lda #$c1
        pha
        lda #$bc
        ldx #$01
        ldy #$01
        plp
        eor $02ff,x
c_eor_abx_2: jsr check
        .byte $bc, $01, $01, $f1

; --- case 84: lsr $02ff,x  (A=$ff X=$01 Y=$5c P=$00 M=$c2)
N_LSR_ABX_1 = 84
        lda #<N_LSR_ABX_1
        sta case
        lda #>N_LSR_ABX_1
        sta case+1
        lda #$c2
        sta $0300
        lda #$00
        pha
        lda #$ff
        ldx #$01
        ldy #$5c
        plp
        lsr $02ff,x
        php
        ldy $0300
        plp
c_lsr_abx_1: jsr check
        .byte $ff, $01, $61, $30

; --- case 85: lsr $02ff,x  (A=$80 X=$01 Y=$bd P=$80 M=$f3)
N_LSR_ABX_2 = 85
        lda #<N_LSR_ABX_2
        sta case
        lda #>N_LSR_ABX_2
        sta case+1
        lda #$f3
        sta $0300
        lda #$80
        pha
        lda #$80
        ldx #$01
        ldy #$bd
        plp
        lsr $02ff,x
        php
        ldy $0300
        plp
c_lsr_abx_2: jsr check
        .byte $80, $01, $79, $31

; --- case 86: adc ($3c,x)  (A=$bf X=$04 Y=$0f P=$00 M=$e7)
N_ADC_IZX_1 = 86
        lda #<N_ADC_IZX_1
        sta case
        lda #>N_ADC_IZX_1
        sta case+1
        lda #$e7
        sta $0300
        lda #$00
        pha
        lda #$bf
        ldx #$04
        ldy #$0f
        plp
        adc ($3c,x)
c_adc_izx_1: jsr check
        .byte $a6, $04, $0f, $b1

; --- case 87: adc ($3c,x)  (A=$a3 X=$04 Y=$11 P=$c0 M=$59)
N_ADC_IZX_2 = 87
        lda #<N_ADC_IZX_2
        sta case
        lda #>N_ADC_IZX_2
        sta case+1
        lda #$59
        sta $0300
        lda #$c0
        pha
        lda #$a3
        ldx #$04
        ldy #$11
        plp
        adc ($3c,x)
c_adc_izx_2: jsr check
        .byte $fc, $04, $11, $b0

; --- case 88: adc $20  (A=$ff X=$7f Y=$f2 P=$87 M=$27)
N_ADC_ZP_1 = 88
        lda #<N_ADC_ZP_1
        sta case
        lda #>N_ADC_ZP_1
        sta case+1
        lda #$27
        sta $20
        lda #$87
        pha
        lda #$ff
        ldx #$7f
        ldy #$f2
        plp
        adc $20
c_adc_zp_1: jsr check
        .byte $27, $7f, $f2, $35

; --- case 89: adc $20  (A=$00 X=$70 Y=$e8 P=$02 M=$80)
N_ADC_ZP_2 = 89
        lda #<N_ADC_ZP_2
        sta case
        lda #>N_ADC_ZP_2
        sta case+1
        lda #$80
        sta $20
        lda #$02
        pha
        lda #$00
        ldx #$70
        ldy #$e8
        plp
        adc $20
c_adc_zp_2: jsr check
        .byte $80, $70, $e8, $b0

; --- case 90: ror $20  (A=$01 X=$b7 Y=$7f P=$81 M=$d6)
N_ROR_ZP_1 = 90
        lda #<N_ROR_ZP_1
        sta case
        lda #>N_ROR_ZP_1
        sta case+1
        lda #$d6
        sta $20
        lda #$81
        pha
        lda #$01
        ldx #$b7
        ldy #$7f
        plp
        ror $20
        php
        ldy $20
        plp
c_ror_zp_1: jsr check
        .byte $01, $b7, $eb, $b0

; --- case 91: ror $20  (A=$83 X=$96 Y=$00 P=$82 M=$09)
N_ROR_ZP_2 = 91
        lda #<N_ROR_ZP_2
        sta case
        lda #>N_ROR_ZP_2
        sta case+1
        lda #$09
        sta $20
        lda #$82
        pha
        lda #$83
        ldx #$96
        ldy #$00
        plp
        ror $20
        php
        ldy $20
        plp
c_ror_zp_2: jsr check
        .byte $83, $96, $04, $31

; --- case 92: adc #$70  (A=$00 X=$d9 Y=$d5 P=$80)
N_ADC_IMM_1 = 92
        lda #<N_ADC_IMM_1
        sta case
        lda #>N_ADC_IMM_1
        sta case+1
        lda #$80
        pha
        lda #$00
        ldx #$d9
        ldy #$d5
        plp
        adc #$70
c_adc_imm_1: jsr check
        .byte $70, $d9, $d5, $30

; --- case 93: adc #$31  (A=$e8 X=$c3 Y=$6c P=$04)
N_ADC_IMM_2 = 93
        lda #<N_ADC_IMM_2
        sta case
        lda #>N_ADC_IMM_2
        sta case+1
        lda #$04
        pha
        lda #$e8
        ldx #$c3
        ldy #$6c
        plp
        adc #$31
c_adc_imm_2: jsr check
        .byte $19, $c3, $6c, $35

; --- case 94: ror a  (A=$c9 X=$e1 Y=$7f P=$c1)
N_ROR_ACC_1 = 94
        lda #<N_ROR_ACC_1
        sta case
        lda #>N_ROR_ACC_1
        sta case+1
        lda #$c1
        pha
        lda #$c9
        ldx #$e1
        ldy #$7f
        plp
        ror a
c_ror_acc_1: jsr check
        .byte $e4, $e1, $7f, $f1

; --- case 95: ror a  (A=$4e X=$71 Y=$65 P=$05)
N_ROR_ACC_2 = 95
        lda #<N_ROR_ACC_2
        sta case
        lda #>N_ROR_ACC_2
        sta case+1
        lda #$05
        pha
        lda #$4e
        ldx #$71
        ldy #$65
        plp
        ror a
c_ror_acc_2: jsr check
        .byte $a7, $71, $65, $b4

; --- case 96: adc $0300  (A=$7f X=$01 Y=$88 P=$c5 M=$bc)
N_ADC_ABS_1 = 96
        lda #<N_ADC_ABS_1
        sta case
        lda #>N_ADC_ABS_1
        sta case+1
        lda #$bc
        sta $0300
        lda #$c5
        pha
        lda #$7f
        ldx #$01
        ldy #$88
        plp
        adc $0300
c_adc_abs_1: jsr check
        .byte $3c, $01, $88, $35

; --- case 97: adc $0300  (A=$83 X=$47 Y=$9e P=$80 M=$5d)
N_ADC_ABS_2 = 97
        lda #<N_ADC_ABS_2
        sta case
        lda #>N_ADC_ABS_2
        sta case+1
        lda #$5d
        sta $0300
        lda #$80
        pha
        lda #$83
        ldx #$47
        ldy #$9e
        plp
        adc $0300
c_adc_abs_2: jsr check
        .byte $e0, $47, $9e, $b0

; --- case 98: ror $0300  (A=$7f X=$72 Y=$01 P=$84 M=$56)
N_ROR_ABS_1 = 98
        lda #<N_ROR_ABS_1
        sta case
        lda #>N_ROR_ABS_1
        sta case+1
        lda #$56
        sta $0300
        lda #$84
        pha
        lda #$7f
        ldx #$72
        ldy #$01
        plp
        ror $0300
        php
        ldy $0300
        plp
c_ror_abs_1: jsr check
        .byte $7f, $72, $2b, $34

; --- case 99: ror $0300  (A=$6a X=$cd Y=$80 P=$80 M=$ea)
N_ROR_ABS_2 = 99
        lda #<N_ROR_ABS_2
        sta case
        lda #>N_ROR_ABS_2
        sta case+1
        lda #$ea
        sta $0300
        lda #$80
        pha
        lda #$6a
        ldx #$cd
        ldy #$80
        plp
        ror $0300
        php
        ldy $0300
        plp
c_ror_abs_2: jsr check
        .byte $6a, $cd, $75, $30

; --- case 100: adc ($42),y  (A=$ee X=$67 Y=$08 P=$c1 M=$ff)
N_ADC_IZY_1 = 100
        lda #<N_ADC_IZY_1
        sta case
        lda #>N_ADC_IZY_1
        sta case+1
        lda #$ff
        sta $0300
        lda #$c1
        pha
        lda #$ee
        ldx #$67
        ldy #$08
        plp
        adc ($42),y
c_adc_izy_1: jsr check
        .byte $ee, $67, $08, $b1

; --- case 101: adc ($42),y  (A=$b1 X=$9b Y=$08 P=$46 M=$10)
N_ADC_IZY_2 = 101
        lda #<N_ADC_IZY_2
        sta case
        lda #>N_ADC_IZY_2
        sta case+1
        lda #$10
        sta $0300
        lda #$46
        pha
        lda #$b1
        ldx #$9b
        ldy #$08
        plp
        adc ($42),y
c_adc_izy_2: jsr check
        .byte $c1, $9b, $08, $b4

; --- case 102: adc $30,x  (A=$7f X=$f0 Y=$8b P=$04 M=$56)
N_ADC_ZPX_1 = 102
        lda #<N_ADC_ZPX_1
        sta case
        lda #>N_ADC_ZPX_1
        sta case+1
        lda #$56
        sta $20
        lda #$04
        pha
        lda #$7f
        ldx #$f0
        ldy #$8b
        plp
        adc $30,x
c_adc_zpx_1: jsr check
        .byte $d5, $f0, $8b, $f4

; --- case 103: adc $30,x  (A=$01 X=$f0 Y=$d1 P=$46 M=$00)
N_ADC_ZPX_2 = 103
        lda #<N_ADC_ZPX_2
        sta case
        lda #>N_ADC_ZPX_2
        sta case+1
        lda #$00
        sta $20
        lda #$46
        pha
        lda #$01
        ldx #$f0
        ldy #$d1
        plp
        adc $30,x
c_adc_zpx_2: jsr check
        .byte $01, $f0, $d1, $34

; --- case 104: ror $30,x  (A=$80 X=$f0 Y=$6b P=$05 M=$80)
N_ROR_ZPX_1 = 104
        lda #<N_ROR_ZPX_1
        sta case
        lda #>N_ROR_ZPX_1
        sta case+1
        lda #$80
        sta $20
        lda #$05
        pha
        lda #$80
        ldx #$f0
        ldy #$6b
        plp
        ror $30,x
        php
        ldy $20
        plp
c_ror_zpx_1: jsr check
        .byte $80, $f0, $c0, $b4

; --- case 105: ror $30,x  (A=$02 X=$f0 Y=$ee P=$86 M=$80)
N_ROR_ZPX_2 = 105
        lda #<N_ROR_ZPX_2
        sta case
        lda #>N_ROR_ZPX_2
        sta case+1
        lda #$80
        sta $20
        lda #$86
        pha
        lda #$02
        ldx #$f0
        ldy #$ee
        plp
        ror $30,x
        php
        ldy $20
        plp
c_ror_zpx_2: jsr check
        .byte $02, $f0, $40, $34

; --- case 106: sei  (A=$d2 X=$52 Y=$d7 P=$05)
N_SEI_IMP_1 = 106
        lda #<N_SEI_IMP_1
        sta case
        lda #>N_SEI_IMP_1
        sta case+1
        lda #$05
        pha
        lda #$d2
        ldx #$52
        ldy #$d7
        plp
        sei
c_sei_imp_1: jsr check
        .byte $d2, $52, $d7, $35

; --- case 107: adc $02ff,y  (A=$7f X=$2a Y=$01 P=$84 M=$1b)
N_ADC_ABY_1 = 107
        lda #<N_ADC_ABY_1
        sta case
        lda #>N_ADC_ABY_1
        sta case+1
        lda #$1b
        sta $0300
        lda #$84
        pha
        lda #$7f
        ldx #$2a
        ldy #$01
        plp
        adc $02ff,y
c_adc_aby_1: jsr check
        .byte $9a, $2a, $01, $f4

; --- case 108: adc $02ff,y  (A=$97 X=$80 Y=$01 P=$42 M=$c7)
N_ADC_ABY_2 = 108
        lda #<N_ADC_ABY_2
        sta case
        lda #>N_ADC_ABY_2
        sta case+1
        lda #$c7
        sta $0300
        lda #$42
        pha
        lda #$97
        ldx #$80
        ldy #$01
        plp
        adc $02ff,y
c_adc_aby_2: jsr check
        .byte $5e, $80, $01, $71

; --- case 109: adc $02ff,x  (A=$4b X=$01 Y=$4d P=$84 M=$ff)
N_ADC_ABX_1 = 109
        lda #<N_ADC_ABX_1
        sta case
        lda #>N_ADC_ABX_1
        sta case+1
        lda #$ff
        sta $0300
        lda #$84
        pha
        lda #$4b
        ldx #$01
        ldy #$4d
        plp
        adc $02ff,x
c_adc_abx_1: jsr check
        .byte $4a, $01, $4d, $35

; --- case 110: adc $02ff,x  (A=$e3 X=$01 Y=$7f P=$c0 M=$01)
N_ADC_ABX_2 = 110
        lda #<N_ADC_ABX_2
        sta case
        lda #>N_ADC_ABX_2
        sta case+1
        lda #$01
        sta $0300
        lda #$c0
        pha
        lda #$e3
        ldx #$01
        ldy #$7f
        plp
        adc $02ff,x
c_adc_abx_2: jsr check
        .byte $e4, $01, $7f, $b0

; --- case 111: ror $02ff,x  (A=$80 X=$01 Y=$7f P=$46 M=$80)
N_ROR_ABX_1 = 111
        lda #<N_ROR_ABX_1
        sta case
        lda #>N_ROR_ABX_1
        sta case+1
        lda #$80
        sta $0300
        lda #$46
        pha
        lda #$80
        ldx #$01
        ldy #$7f
        plp
        ror $02ff,x
        php
        ldy $0300
        plp
c_ror_abx_1: jsr check
        .byte $80, $01, $40, $74

; --- case 112: ror $02ff,x  (A=$cf X=$01 Y=$7a P=$c7 M=$35)
N_ROR_ABX_2 = 112
        lda #<N_ROR_ABX_2
        sta case
        lda #>N_ROR_ABX_2
        sta case+1
        lda #$35
        sta $0300
        lda #$c7
        pha
        lda #$cf
        ldx #$01
        ldy #$7a
        plp
        ror $02ff,x
        php
        ldy $0300
        plp
c_ror_abx_2: jsr check
        .byte $cf, $01, $9a, $f5

; --- case 113: sta ($3c,x)  (A=$f1 X=$04 Y=$2a P=$c6 M=$ec)
N_STA_IZX_1 = 113
        lda #<N_STA_IZX_1
        sta case
        lda #>N_STA_IZX_1
        sta case+1
        lda #$ec
        sta $0300
        lda #$c6
        pha
        lda #$f1
        ldx #$04
        ldy #$2a
        plp
        sta ($3c,x)
        php
        ldy $0300
        plp
c_sta_izx_1: jsr check
        .byte $f1, $04, $f1, $f6

; --- case 114: sty $20  (A=$b8 X=$42 Y=$80 P=$44 M=$63)
N_STY_ZP_1 = 114
        lda #<N_STY_ZP_1
        sta case
        lda #>N_STY_ZP_1
        sta case+1
        lda #$63
        sta $20
        lda #$44
        pha
        lda #$b8
        ldx #$42
        ldy #$80
        plp
        sty $20
        php
        ldy $20
        plp
c_sty_zp_1: jsr check
        .byte $b8, $42, $80, $74

; --- case 115: sta $20  (A=$00 X=$fe Y=$f6 P=$c1 M=$41)
N_STA_ZP_1 = 115
        lda #<N_STA_ZP_1
        sta case
        lda #>N_STA_ZP_1
        sta case+1
        lda #$41
        sta $20
        lda #$c1
        pha
        lda #$00
        ldx #$fe
        ldy #$f6
        plp
        sta $20
        php
        ldy $20
        plp
c_sta_zp_1: jsr check
        .byte $00, $fe, $00, $f1

; --- case 116: stx $20  (A=$57 X=$ee Y=$d7 P=$42 M=$93)
N_STX_ZP_1 = 116
        lda #<N_STX_ZP_1
        sta case
        lda #>N_STX_ZP_1
        sta case+1
        lda #$93
        sta $20
        lda #$42
        pha
        lda #$57
        ldx #$ee
        ldy #$d7
        plp
        stx $20
        php
        ldy $20
        plp
c_stx_zp_1: jsr check
        .byte $57, $ee, $ee, $72

; --- case 117: dey  (A=$7f X=$a9 Y=$31 P=$80)
N_DEY_IMP_1 = 117
        lda #<N_DEY_IMP_1
        sta case
        lda #>N_DEY_IMP_1
        sta case+1
        lda #$80
        pha
        lda #$7f
        ldx #$a9
        ldy #$31
        plp
        dey
c_dey_imp_1: jsr check
        .byte $7f, $a9, $30, $30

; --- case 118: txa  (A=$7f X=$e8 Y=$fa P=$01)
N_TXA_IMP_1 = 118
        lda #<N_TXA_IMP_1
        sta case
        lda #>N_TXA_IMP_1
        sta case+1
        lda #$01
        pha
        lda #$7f
        ldx #$e8
        ldy #$fa
        plp
        txa
c_txa_imp_1: jsr check
        .byte $e8, $e8, $fa, $b1

; --- case 119: sty $0300  (A=$e4 X=$ff Y=$60 P=$86 M=$1c)
N_STY_ABS_1 = 119
        lda #<N_STY_ABS_1
        sta case
        lda #>N_STY_ABS_1
        sta case+1
        lda #$1c
        sta $0300
        lda #$86
        pha
        lda #$e4
        ldx #$ff
        ldy #$60
        plp
        sty $0300
        php
        ldy $0300
        plp
c_sty_abs_1: jsr check
        .byte $e4, $ff, $60, $b6

; --- case 120: sta $0300  (A=$ae X=$d7 Y=$94 P=$83 M=$67)
N_STA_ABS_1 = 120
        lda #<N_STA_ABS_1
        sta case
        lda #>N_STA_ABS_1
        sta case+1
        lda #$67
        sta $0300
        lda #$83
        pha
        lda #$ae
        ldx #$d7
        ldy #$94
        plp
        sta $0300
        php
        ldy $0300
        plp
c_sta_abs_1: jsr check
        .byte $ae, $d7, $ae, $b3

; --- case 121: stx $0300  (A=$7f X=$3f Y=$48 P=$86 M=$0b)
N_STX_ABS_1 = 121
        lda #<N_STX_ABS_1
        sta case
        lda #>N_STX_ABS_1
        sta case+1
        lda #$0b
        sta $0300
        lda #$86
        pha
        lda #$7f
        ldx #$3f
        ldy #$48
        plp
        stx $0300
        php
        ldy $0300
        plp
c_stx_abs_1: jsr check
        .byte $7f, $3f, $3f, $b6

; --- case 122: sta ($42),y  (A=$01 X=$7b Y=$08 P=$c0 M=$32)
N_STA_IZY_1 = 122
        lda #<N_STA_IZY_1
        sta case
        lda #>N_STA_IZY_1
        sta case+1
        lda #$32
        sta $0300
        lda #$c0
        pha
        lda #$01
        ldx #$7b
        ldy #$08
        plp
        sta ($42),y
        php
        ldy $0300
        plp
c_sta_izy_1: jsr check
        .byte $01, $7b, $01, $f0

; --- case 123: sty $30,x  (A=$d8 X=$f0 Y=$ac P=$81 M=$00)
N_STY_ZPX_1 = 123
        lda #<N_STY_ZPX_1
        sta case
        lda #>N_STY_ZPX_1
        sta case+1
        lda #$00
        sta $20
        lda #$81
        pha
        lda #$d8
        ldx #$f0
        ldy #$ac
        plp
        sty $30,x
        php
        ldy $20
        plp
c_sty_zpx_1: jsr check
        .byte $d8, $f0, $ac, $b1

; --- case 124: sta $30,x  (A=$23 X=$f0 Y=$a1 P=$87 M=$c8)
N_STA_ZPX_1 = 124
        lda #<N_STA_ZPX_1
        sta case
        lda #>N_STA_ZPX_1
        sta case+1
        lda #$c8
        sta $20
        lda #$87
        pha
        lda #$23
        ldx #$f0
        ldy #$a1
        plp
        sta $30,x
        php
        ldy $20
        plp
c_sta_zpx_1: jsr check
        .byte $23, $f0, $23, $b7

; --- case 125: stx $30,y  (A=$cc X=$01 Y=$f0 P=$07 M=$ff)
N_STX_ZPY_1 = 125
        lda #<N_STX_ZPY_1
        sta case
        lda #>N_STX_ZPY_1
        sta case+1
        lda #$ff
        sta $20
        lda #$07
        pha
        lda #$cc
        ldx #$01
        ldy #$f0
        plp
        stx $30,y
        php
        ldy $20
        plp
c_stx_zpy_1: jsr check
        .byte $cc, $01, $01, $37

; --- case 126: tya  (A=$01 X=$54 Y=$43 P=$06)
N_TYA_IMP_1 = 126
        lda #<N_TYA_IMP_1
        sta case
        lda #>N_TYA_IMP_1
        sta case+1
        lda #$06
        pha
        lda #$01
        ldx #$54
        ldy #$43
        plp
        tya
c_tya_imp_1: jsr check
        .byte $43, $54, $43, $34

; --- case 127: sta $02ff,y  (A=$55 X=$ae Y=$01 P=$06 M=$3a)
N_STA_ABY_1 = 127
        lda #<N_STA_ABY_1
        sta case
        lda #>N_STA_ABY_1
        sta case+1
        lda #$3a
        sta $0300
        lda #$06
        pha
        lda #$55
        ldx #$ae
        ldy #$01
        plp
        sta $02ff,y
        php
        ldy $0300
        plp
c_sta_aby_1: jsr check
        .byte $55, $ae, $55, $36

; --- case 128: txs  (A=$2c X=$94 Y=$94 P=$84)
N_TXS_IMP_1 = 128
        lda #<N_TXS_IMP_1
        sta case
        lda #>N_TXS_IMP_1
        sta case+1
        lda #$84
        pha
        lda #$2c
        ldx #$94
        ldy #$94
        plp
        txs
c_txs_imp_1: jsr check
        .byte $2c, $94, $94, $b4
        ldx #$ff
        txs

; --- case 129: sta $02ff,x  (A=$72 X=$01 Y=$96 P=$02 M=$01)
N_STA_ABX_1 = 129
        lda #<N_STA_ABX_1
        sta case
        lda #>N_STA_ABX_1
        sta case+1
        lda #$01
        sta $0300
        lda #$02
        pha
        lda #$72
        ldx #$01
        ldy #$96
        plp
        sta $02ff,x
        php
        ldy $0300
        plp
c_sta_abx_1: jsr check
        .byte $72, $01, $72, $32

; --- case 130: ldy #$7d  (A=$17 X=$ef Y=$23 P=$46)
N_LDY_IMM_1 = 130
        lda #<N_LDY_IMM_1
        sta case
        lda #>N_LDY_IMM_1
        sta case+1
        lda #$46
        pha
        lda #$17
        ldx #$ef
        ldy #$23
        plp
        ldy #$7d
c_ldy_imm_1: jsr check
        .byte $17, $ef, $7d, $74

; --- case 131: ldy #$72  (A=$10 X=$b7 Y=$47 P=$05)
N_LDY_IMM_2 = 131
        lda #<N_LDY_IMM_2
        sta case
        lda #>N_LDY_IMM_2
        sta case+1
        lda #$05
        pha
        lda #$10
        ldx #$b7
        ldy #$47
        plp
        ldy #$72
c_ldy_imm_2: jsr check
        .byte $10, $b7, $72, $35

; --- case 132: lda ($3c,x)  (A=$b0 X=$04 Y=$b7 P=$04 M=$5c)
N_LDA_IZX_1 = 132
        lda #<N_LDA_IZX_1
        sta case
        lda #>N_LDA_IZX_1
        sta case+1
        lda #$5c
        sta $0300
        lda #$04
        pha
        lda #$b0
        ldx #$04
        ldy #$b7
        plp
        lda ($3c,x)
c_lda_izx_1: jsr check
        .byte $5c, $04, $b7, $34

; --- case 133: lda ($3c,x)  (A=$1e X=$04 Y=$7f P=$c0 M=$00)
N_LDA_IZX_2 = 133
        lda #<N_LDA_IZX_2
        sta case
        lda #>N_LDA_IZX_2
        sta case+1
        lda #$00
        sta $0300
        lda #$c0
        pha
        lda #$1e
        ldx #$04
        ldy #$7f
        plp
        lda ($3c,x)
c_lda_izx_2: jsr check
        .byte $00, $04, $7f, $72

; --- case 134: ldx #$7f  (A=$ff X=$87 Y=$ba P=$04)
N_LDX_IMM_1 = 134
        lda #<N_LDX_IMM_1
        sta case
        lda #>N_LDX_IMM_1
        sta case+1
        lda #$04
        pha
        lda #$ff
        ldx #$87
        ldy #$ba
        plp
        ldx #$7f
c_ldx_imm_1: jsr check
        .byte $ff, $7f, $ba, $34

; --- case 135: ldx #$ff  (A=$ed X=$86 Y=$00 P=$07)
N_LDX_IMM_2 = 135
        lda #<N_LDX_IMM_2
        sta case
        lda #>N_LDX_IMM_2
        sta case+1
        lda #$07
        pha
        lda #$ed
        ldx #$86
        ldy #$00
        plp
        ldx #$ff
c_ldx_imm_2: jsr check
        .byte $ed, $ff, $00, $b5

; --- case 136: ldy $20  (A=$7f X=$7f Y=$48 P=$82 M=$e1)
N_LDY_ZP_1 = 136
        lda #<N_LDY_ZP_1
        sta case
        lda #>N_LDY_ZP_1
        sta case+1
        lda #$e1
        sta $20
        lda #$82
        pha
        lda #$7f
        ldx #$7f
        ldy #$48
        plp
        ldy $20
c_ldy_zp_1: jsr check
        .byte $7f, $7f, $e1, $b0

; --- case 137: ldy $20  (A=$e3 X=$f4 Y=$2d P=$43 M=$fc)
N_LDY_ZP_2 = 137
        lda #<N_LDY_ZP_2
        sta case
        lda #>N_LDY_ZP_2
        sta case+1
        lda #$fc
        sta $20
        lda #$43
        pha
        lda #$e3
        ldx #$f4
        ldy #$2d
        plp
        ldy $20
c_ldy_zp_2: jsr check
        .byte $e3, $f4, $fc, $f1

; --- case 138: lda $20  (A=$ff X=$00 Y=$11 P=$47 M=$e1)
N_LDA_ZP_1 = 138
        lda #<N_LDA_ZP_1
        sta case
        lda #>N_LDA_ZP_1
        sta case+1
        lda #$e1
        sta $20
        lda #$47
        pha
        lda #$ff
        ldx #$00
        ldy #$11
        plp
        lda $20
c_lda_zp_1: jsr check
        .byte $e1, $00, $11, $f5

; --- case 139: lda $20  (A=$00 X=$7a Y=$00 P=$84 M=$2b)
N_LDA_ZP_2 = 139
        lda #<N_LDA_ZP_2
        sta case
        lda #>N_LDA_ZP_2
        sta case+1
        lda #$2b
        sta $20
        lda #$84
        pha
        lda #$00
        ldx #$7a
        ldy #$00
        plp
        lda $20
c_lda_zp_2: jsr check
        .byte $2b, $7a, $00, $34

; --- case 140: ldx $20  (A=$61 X=$00 Y=$80 P=$07 M=$e4)
N_LDX_ZP_1 = 140
        lda #<N_LDX_ZP_1
        sta case
        lda #>N_LDX_ZP_1
        sta case+1
        lda #$e4
        sta $20
        lda #$07
        pha
        lda #$61
        ldx #$00
        ldy #$80
        plp
        ldx $20
c_ldx_zp_1: jsr check
        .byte $61, $e4, $80, $b5

; --- case 141: ldx $20  (A=$d0 X=$de Y=$01 P=$c7 M=$80)
N_LDX_ZP_2 = 141
        lda #<N_LDX_ZP_2
        sta case
        lda #>N_LDX_ZP_2
        sta case+1
        lda #$80
        sta $20
        lda #$c7
        pha
        lda #$d0
        ldx #$de
        ldy #$01
        plp
        ldx $20
c_ldx_zp_2: jsr check
        .byte $d0, $80, $01, $f5

; --- case 142: tay  (A=$df X=$7f Y=$40 P=$80)
N_TAY_IMP_1 = 142
        lda #<N_TAY_IMP_1
        sta case
        lda #>N_TAY_IMP_1
        sta case+1
        lda #$80
        pha
        lda #$df
        ldx #$7f
        ldy #$40
        plp
        tay
c_tay_imp_1: jsr check
        .byte $df, $7f, $df, $b0

; --- case 143: lda #$1a  (A=$05 X=$39 Y=$db P=$06)
N_LDA_IMM_1 = 143
        lda #<N_LDA_IMM_1
        sta case
        lda #>N_LDA_IMM_1
        sta case+1
        lda #$06
        pha
        lda #$05
        ldx #$39
        ldy #$db
        plp
        lda #$1a
c_lda_imm_1: jsr check
        .byte $1a, $39, $db, $34

; --- case 144: lda #$eb  (A=$13 X=$98 Y=$01 P=$86)
N_LDA_IMM_2 = 144
        lda #<N_LDA_IMM_2
        sta case
        lda #>N_LDA_IMM_2
        sta case+1
        lda #$86
        pha
        lda #$13
        ldx #$98
        ldy #$01
        plp
        lda #$eb
c_lda_imm_2: jsr check
        .byte $eb, $98, $01, $b4

; --- case 145: tax  (A=$ff X=$ff Y=$80 P=$c7)
N_TAX_IMP_1 = 145
        lda #<N_TAX_IMP_1
        sta case
        lda #>N_TAX_IMP_1
        sta case+1
        lda #$c7
        pha
        lda #$ff
        ldx #$ff
        ldy #$80
        plp
        tax
c_tax_imp_1: jsr check
        .byte $ff, $ff, $80, $f5

; --- case 146: ldy $0300  (A=$41 X=$09 Y=$ff P=$40 M=$01)
N_LDY_ABS_1 = 146
        lda #<N_LDY_ABS_1
        sta case
        lda #>N_LDY_ABS_1
        sta case+1
        lda #$01
        sta $0300
        lda #$40
        pha
        lda #$41
        ldx #$09
        ldy #$ff
        plp
        ldy $0300
c_ldy_abs_1: jsr check
        .byte $41, $09, $01, $70

; --- case 147: ldy $0300  (A=$f4 X=$7d Y=$cb P=$87 M=$c9)
N_LDY_ABS_2 = 147
        lda #<N_LDY_ABS_2
        sta case
        lda #>N_LDY_ABS_2
        sta case+1
        lda #$c9
        sta $0300
        lda #$87
        pha
        lda #$f4
        ldx #$7d
        ldy #$cb
        plp
        ldy $0300
c_ldy_abs_2: jsr check
        .byte $f4, $7d, $c9, $b5

; --- case 148: lda $0300  (A=$00 X=$83 Y=$63 P=$47 M=$7f)
N_LDA_ABS_1 = 148
        lda #<N_LDA_ABS_1
        sta case
        lda #>N_LDA_ABS_1
        sta case+1
        lda #$7f
        sta $0300
        lda #$47
        pha
        lda #$00
        ldx #$83
        ldy #$63
        plp
        lda $0300
c_lda_abs_1: jsr check
        .byte $7f, $83, $63, $75

; --- case 149: lda $0300  (A=$01 X=$01 Y=$01 P=$c1 M=$00)
N_LDA_ABS_2 = 149
        lda #<N_LDA_ABS_2
        sta case
        lda #>N_LDA_ABS_2
        sta case+1
        lda #$00
        sta $0300
        lda #$c1
        pha
        lda #$01
        ldx #$01
        ldy #$01
        plp
        lda $0300
c_lda_abs_2: jsr check
        .byte $00, $01, $01, $73

; --- case 150: ldx $0300  (A=$d7 X=$ec Y=$e9 P=$41 M=$00)
N_LDX_ABS_1 = 150
        lda #<N_LDX_ABS_1
        sta case
        lda #>N_LDX_ABS_1
        sta case+1
        lda #$00
        sta $0300
        lda #$41
        pha
        lda #$d7
        ldx #$ec
        ldy #$e9
        plp
        ldx $0300
c_ldx_abs_1: jsr check
        .byte $d7, $00, $e9, $73

; --- case 151: ldx $0300  (A=$b5 X=$4e Y=$43 P=$c3 M=$9d)
N_LDX_ABS_2 = 151
        lda #<N_LDX_ABS_2
        sta case
        lda #>N_LDX_ABS_2
        sta case+1
        lda #$9d
        sta $0300
        lda #$c3
        pha
        lda #$b5
        ldx #$4e
        ldy #$43
        plp
        ldx $0300
c_ldx_abs_2: jsr check
        .byte $b5, $9d, $43, $f1

; --- case 152: lda ($42),y  (A=$80 X=$7f Y=$08 P=$40 M=$ca)
N_LDA_IZY_1 = 152
        lda #<N_LDA_IZY_1
        sta case
        lda #>N_LDA_IZY_1
        sta case+1
        lda #$ca
        sta $0300
        lda #$40
        pha
        lda #$80
        ldx #$7f
        ldy #$08
        plp
        lda ($42),y
c_lda_izy_1: jsr check
        .byte $ca, $7f, $08, $f0

; --- case 153: lda ($42),y  (A=$a9 X=$9f Y=$08 P=$c5 M=$51)
N_LDA_IZY_2 = 153
        lda #<N_LDA_IZY_2
        sta case
        lda #>N_LDA_IZY_2
        sta case+1
        lda #$51
        sta $0300
        lda #$c5
        pha
        lda #$a9
        ldx #$9f
        ldy #$08
        plp
        lda ($42),y
c_lda_izy_2: jsr check
        .byte $51, $9f, $08, $75

; --- case 154: ldy $30,x  (A=$3b X=$f0 Y=$ae P=$05 M=$d6)
N_LDY_ZPX_1 = 154
        lda #<N_LDY_ZPX_1
        sta case
        lda #>N_LDY_ZPX_1
        sta case+1
        lda #$d6
        sta $20
        lda #$05
        pha
        lda #$3b
        ldx #$f0
        ldy #$ae
        plp
        ldy $30,x
c_ldy_zpx_1: jsr check
        .byte $3b, $f0, $d6, $b5

; --- case 155: ldy $30,x  (A=$ff X=$f0 Y=$e6 P=$85 M=$04)
N_LDY_ZPX_2 = 155
        lda #<N_LDY_ZPX_2
        sta case
        lda #>N_LDY_ZPX_2
        sta case+1
        lda #$04
        sta $20
        lda #$85
        pha
        lda #$ff
        ldx #$f0
        ldy #$e6
        plp
        ldy $30,x
c_ldy_zpx_2: jsr check
        .byte $ff, $f0, $04, $35

; --- case 156: lda $30,x  (A=$9c X=$f0 Y=$f0 P=$46 M=$ef)
N_LDA_ZPX_1 = 156
        lda #<N_LDA_ZPX_1
        sta case
        lda #>N_LDA_ZPX_1
        sta case+1
        lda #$ef
        sta $20
        lda #$46
        pha
        lda #$9c
        ldx #$f0
        ldy #$f0
        plp
        lda $30,x
c_lda_zpx_1: jsr check
        .byte $ef, $f0, $f0, $f4

; --- case 157: lda $30,x  (A=$ff X=$f0 Y=$30 P=$82 M=$80)
N_LDA_ZPX_2 = 157
        lda #<N_LDA_ZPX_2
        sta case
        lda #>N_LDA_ZPX_2
        sta case+1
        lda #$80
        sta $20
        lda #$82
        pha
        lda #$ff
        ldx #$f0
        ldy #$30
        plp
        lda $30,x
c_lda_zpx_2: jsr check
        .byte $80, $f0, $30, $b0

; --- case 158: ldx $30,y  (A=$2f X=$00 Y=$f0 P=$01 M=$00)
N_LDX_ZPY_1 = 158
        lda #<N_LDX_ZPY_1
        sta case
        lda #>N_LDX_ZPY_1
        sta case+1
        lda #$00
        sta $20
        lda #$01
        pha
        lda #$2f
        ldx #$00
        ldy #$f0
        plp
        ldx $30,y
c_ldx_zpy_1: jsr check
        .byte $2f, $00, $f0, $33

; --- case 159: ldx $30,y  (A=$01 X=$1b Y=$f0 P=$83 M=$80)
N_LDX_ZPY_2 = 159
        lda #<N_LDX_ZPY_2
        sta case
        lda #>N_LDX_ZPY_2
        sta case+1
        lda #$80
        sta $20
        lda #$83
        pha
        lda #$01
        ldx #$1b
        ldy #$f0
        plp
        ldx $30,y
c_ldx_zpy_2: jsr check
        .byte $01, $80, $f0, $b1

; --- case 160: clv  (A=$ef X=$85 Y=$01 P=$03)
N_CLV_IMP_1 = 160
        lda #<N_CLV_IMP_1
        sta case
        lda #>N_CLV_IMP_1
        sta case+1
        lda #$03
        pha
        lda #$ef
        ldx #$85
        ldy #$01
        plp
        clv
c_clv_imp_1: jsr check
        .byte $ef, $85, $01, $33

; --- case 161: lda $02ff,y  (A=$a0 X=$7f Y=$01 P=$84 M=$24)
N_LDA_ABY_1 = 161
        lda #<N_LDA_ABY_1
        sta case
        lda #>N_LDA_ABY_1
        sta case+1
        lda #$24
        sta $0300
        lda #$84
        pha
        lda #$a0
        ldx #$7f
        ldy #$01
        plp
        lda $02ff,y
c_lda_aby_1: jsr check
        .byte $24, $7f, $01, $34

; --- case 162: lda $02ff,y  (A=$12 X=$00 Y=$01 P=$81 M=$74)
N_LDA_ABY_2 = 162
        lda #<N_LDA_ABY_2
        sta case
        lda #>N_LDA_ABY_2
        sta case+1
        lda #$74
        sta $0300
        lda #$81
        pha
        lda #$12
        ldx #$00
        ldy #$01
        plp
        lda $02ff,y
c_lda_aby_2: jsr check
        .byte $74, $00, $01, $31

; --- case 163: tsx  (A=$80 X=$6f Y=$d2 P=$43)
N_TSX_IMP_1 = 163
        lda #<N_TSX_IMP_1
        sta case
        lda #>N_TSX_IMP_1
        sta case+1
        lda #$43
        pha
        lda #$80
        ldx #$6f
        ldy #$d2
        plp
        tsx
c_tsx_imp_1: jsr check
        .byte $80, $ff, $d2, $f1

; --- case 164: ldy $02ff,x  (A=$80 X=$01 Y=$ff P=$06 M=$ff)
N_LDY_ABX_1 = 164
        lda #<N_LDY_ABX_1
        sta case
        lda #>N_LDY_ABX_1
        sta case+1
        lda #$ff
        sta $0300
        lda #$06
        pha
        lda #$80
        ldx #$01
        ldy #$ff
        plp
        ldy $02ff,x
c_ldy_abx_1: jsr check
        .byte $80, $01, $ff, $b4

; --- case 165: ldy $02ff,x  (A=$73 X=$01 Y=$01 P=$c2 M=$ff)
N_LDY_ABX_2 = 165
        lda #<N_LDY_ABX_2
        sta case
        lda #>N_LDY_ABX_2
        sta case+1
        lda #$ff
        sta $0300
        lda #$c2
        pha
        lda #$73
        ldx #$01
        ldy #$01
        plp
        ldy $02ff,x
c_ldy_abx_2: jsr check
        .byte $73, $01, $ff, $f0

; --- case 166: lda $02ff,x  (A=$00 X=$01 Y=$5a P=$06 M=$80)
N_LDA_ABX_1 = 166
        lda #<N_LDA_ABX_1
        sta case
        lda #>N_LDA_ABX_1
        sta case+1
        lda #$80
        sta $0300
        lda #$06
        pha
        lda #$00
        ldx #$01
        ldy #$5a
        plp
        lda $02ff,x
c_lda_abx_1: jsr check
        .byte $80, $01, $5a, $b4

; --- case 167: lda $02ff,x  (A=$00 X=$01 Y=$b8 P=$86 M=$38)
N_LDA_ABX_2 = 167
        lda #<N_LDA_ABX_2
        sta case
        lda #>N_LDA_ABX_2
        sta case+1
        lda #$38
        sta $0300
        lda #$86
        pha
        lda #$00
        ldx #$01
        ldy #$b8
        plp
        lda $02ff,x
c_lda_abx_2: jsr check
        .byte $38, $01, $b8, $34

; --- case 168: ldx $02ff,y  (A=$9b X=$80 Y=$01 P=$85 M=$ae)
N_LDX_ABY_1 = 168
        lda #<N_LDX_ABY_1
        sta case
        lda #>N_LDX_ABY_1
        sta case+1
        lda #$ae
        sta $0300
        lda #$85
        pha
        lda #$9b
        ldx #$80
        ldy #$01
        plp
        ldx $02ff,y
c_ldx_aby_1: jsr check
        .byte $9b, $ae, $01, $b5

; --- case 169: ldx $02ff,y  (A=$00 X=$39 Y=$01 P=$02 M=$79)
N_LDX_ABY_2 = 169
        lda #<N_LDX_ABY_2
        sta case
        lda #>N_LDX_ABY_2
        sta case+1
        lda #$79
        sta $0300
        lda #$02
        pha
        lda #$00
        ldx #$39
        ldy #$01
        plp
        ldx $02ff,y
c_ldx_aby_2: jsr check
        .byte $00, $79, $01, $30

; --- case 170: cpy #$52  (A=$e2 X=$d0 Y=$7c P=$c4)
N_CPY_IMM_1 = 170
        lda #<N_CPY_IMM_1
        sta case
        lda #>N_CPY_IMM_1
        sta case+1
        lda #$c4
        pha
        lda #$e2
        ldx #$d0
        ldy #$7c
        plp
        cpy #$52
c_cpy_imm_1: jsr check
        .byte $e2, $d0, $7c, $75

; --- case 171: cpy #$ac  (A=$ca X=$58 Y=$cc P=$c7)
N_CPY_IMM_2 = 171
        lda #<N_CPY_IMM_2
        sta case
        lda #>N_CPY_IMM_2
        sta case+1
        lda #$c7
        pha
        lda #$ca
        ldx #$58
        ldy #$cc
        plp
        cpy #$ac
c_cpy_imm_2: jsr check
        .byte $ca, $58, $cc, $75

; --- case 172: cmp ($3c,x)  (A=$01 X=$04 Y=$20 P=$c4 M=$01)
N_CMP_IZX_1 = 172
        lda #<N_CMP_IZX_1
        sta case
        lda #>N_CMP_IZX_1
        sta case+1
        lda #$01
        sta $0300
        lda #$c4
        pha
        lda #$01
        ldx #$04
        ldy #$20
        plp
        cmp ($3c,x)
c_cmp_izx_1: jsr check
        .byte $01, $04, $20, $77

; --- case 173: cmp ($3c,x)  (A=$fb X=$04 Y=$18 P=$82 M=$cf)
N_CMP_IZX_2 = 173
        lda #<N_CMP_IZX_2
        sta case
        lda #>N_CMP_IZX_2
        sta case+1
        lda #$cf
        sta $0300
        lda #$82
        pha
        lda #$fb
        ldx #$04
        ldy #$18
        plp
        cmp ($3c,x)
c_cmp_izx_2: jsr check
        .byte $fb, $04, $18, $31

; --- case 174: cpy $20  (A=$00 X=$80 Y=$15 P=$07 M=$11)
N_CPY_ZP_1 = 174
        lda #<N_CPY_ZP_1
        sta case
        lda #>N_CPY_ZP_1
        sta case+1
        lda #$11
        sta $20
        lda #$07
        pha
        lda #$00
        ldx #$80
        ldy #$15
        plp
        cpy $20
c_cpy_zp_1: jsr check
        .byte $00, $80, $15, $35

; --- case 175: cpy $20  (A=$3f X=$76 Y=$ff P=$47 M=$80)
N_CPY_ZP_2 = 175
        lda #<N_CPY_ZP_2
        sta case
        lda #>N_CPY_ZP_2
        sta case+1
        lda #$80
        sta $20
        lda #$47
        pha
        lda #$3f
        ldx #$76
        ldy #$ff
        plp
        cpy $20
c_cpy_zp_2: jsr check
        .byte $3f, $76, $ff, $75

; --- case 176: cmp $20  (A=$7f X=$aa Y=$ff P=$80 M=$ed)
N_CMP_ZP_1 = 176
        lda #<N_CMP_ZP_1
        sta case
        lda #>N_CMP_ZP_1
        sta case+1
        lda #$ed
        sta $20
        lda #$80
        pha
        lda #$7f
        ldx #$aa
        ldy #$ff
        plp
        cmp $20
c_cmp_zp_1: jsr check
        .byte $7f, $aa, $ff, $b0

; --- case 177: cmp $20  (A=$e6 X=$85 Y=$f7 P=$c5 M=$e4)
N_CMP_ZP_2 = 177
        lda #<N_CMP_ZP_2
        sta case
        lda #>N_CMP_ZP_2
        sta case+1
        lda #$e4
        sta $20
        lda #$c5
        pha
        lda #$e6
        ldx #$85
        ldy #$f7
        plp
        cmp $20
c_cmp_zp_2: jsr check
        .byte $e6, $85, $f7, $75

; --- case 178: dec $20  (A=$8d X=$e4 Y=$9e P=$c6 M=$a5)
N_DEC_ZP_1 = 178
        lda #<N_DEC_ZP_1
        sta case
        lda #>N_DEC_ZP_1
        sta case+1
        lda #$a5
        sta $20
        lda #$c6
        pha
        lda #$8d
        ldx #$e4
        ldy #$9e
        plp
        dec $20
        php
        ldy $20
        plp
c_dec_zp_1: jsr check
        .byte $8d, $e4, $a4, $f4

; --- case 179: dec $20  (A=$01 X=$87 Y=$50 P=$47 M=$01)
N_DEC_ZP_2 = 179
        lda #<N_DEC_ZP_2
        sta case
        lda #>N_DEC_ZP_2
        sta case+1
        lda #$01
        sta $20
        lda #$47
        pha
        lda #$01
        ldx #$87
        ldy #$50
        plp
        dec $20
        php
        ldy $20
        plp
c_dec_zp_2: jsr check
        .byte $01, $87, $00, $77

; --- case 180: iny  (A=$47 X=$49 Y=$80 P=$82)
N_INY_IMP_1 = 180
        lda #<N_INY_IMP_1
        sta case
        lda #>N_INY_IMP_1
        sta case+1
        lda #$82
        pha
        lda #$47
        ldx #$49
        ldy #$80
        plp
        iny
c_iny_imp_1: jsr check
        .byte $47, $49, $81, $b0

; --- case 181: cmp #$fb  (A=$ba X=$ab Y=$0b P=$02)
N_CMP_IMM_1 = 181
        lda #<N_CMP_IMM_1
        sta case
        lda #>N_CMP_IMM_1
        sta case+1
        lda #$02
        pha
        lda #$ba
        ldx #$ab
        ldy #$0b
        plp
        cmp #$fb
c_cmp_imm_1: jsr check
        .byte $ba, $ab, $0b, $b0

; --- case 182: cmp #$00  (A=$ff X=$ad Y=$80 P=$07)
N_CMP_IMM_2 = 182
        lda #<N_CMP_IMM_2
        sta case
        lda #>N_CMP_IMM_2
        sta case+1
        lda #$07
        pha
        lda #$ff
        ldx #$ad
        ldy #$80
        plp
        cmp #$00
c_cmp_imm_2: jsr check
        .byte $ff, $ad, $80, $b5

; --- case 183: dex  (A=$01 X=$00 Y=$00 P=$05)
N_DEX_IMP_1 = 183
        lda #<N_DEX_IMP_1
        sta case
        lda #>N_DEX_IMP_1
        sta case+1
        lda #$05
        pha
        lda #$01
        ldx #$00
        ldy #$00
        plp
        dex
c_dex_imp_1: jsr check
        .byte $01, $ff, $00, $b5

; --- case 184: cpy $0300  (A=$b8 X=$01 Y=$63 P=$40 M=$11)
N_CPY_ABS_1 = 184
        lda #<N_CPY_ABS_1
        sta case
        lda #>N_CPY_ABS_1
        sta case+1
        lda #$11
        sta $0300
        lda #$40
        pha
        lda #$b8
        ldx #$01
        ldy #$63
        plp
        cpy $0300
c_cpy_abs_1: jsr check
        .byte $b8, $01, $63, $71

; --- case 185: cpy $0300  (A=$c5 X=$8a Y=$13 P=$c0 M=$b0)
N_CPY_ABS_2 = 185
        lda #<N_CPY_ABS_2
        sta case
        lda #>N_CPY_ABS_2
        sta case+1
        lda #$b0
        sta $0300
        lda #$c0
        pha
        lda #$c5
        ldx #$8a
        ldy #$13
        plp
        cpy $0300
c_cpy_abs_2: jsr check
        .byte $c5, $8a, $13, $70

; --- case 186: cmp $0300  (A=$01 X=$8f Y=$01 P=$c6 M=$59)
N_CMP_ABS_1 = 186
        lda #<N_CMP_ABS_1
        sta case
        lda #>N_CMP_ABS_1
        sta case+1
        lda #$59
        sta $0300
        lda #$c6
        pha
        lda #$01
        ldx #$8f
        ldy #$01
        plp
        cmp $0300
c_cmp_abs_1: jsr check
        .byte $01, $8f, $01, $f4

; --- case 187: cmp $0300  (A=$7f X=$dc Y=$78 P=$c4 M=$84)
N_CMP_ABS_2 = 187
        lda #<N_CMP_ABS_2
        sta case
        lda #>N_CMP_ABS_2
        sta case+1
        lda #$84
        sta $0300
        lda #$c4
        pha
        lda #$7f
        ldx #$dc
        ldy #$78
        plp
        cmp $0300
c_cmp_abs_2: jsr check
        .byte $7f, $dc, $78, $f4

; --- case 188: dec $0300  (A=$16 X=$00 Y=$c8 P=$c7 M=$01)
N_DEC_ABS_1 = 188
        lda #<N_DEC_ABS_1
        sta case
        lda #>N_DEC_ABS_1
        sta case+1
        lda #$01
        sta $0300
        lda #$c7
        pha
        lda #$16
        ldx #$00
        ldy #$c8
        plp
        dec $0300
        php
        ldy $0300
        plp
c_dec_abs_1: jsr check
        .byte $16, $00, $00, $77

; --- case 189: dec $0300  (A=$b5 X=$01 Y=$b6 P=$43 M=$08)
N_DEC_ABS_2 = 189
        lda #<N_DEC_ABS_2
        sta case
        lda #>N_DEC_ABS_2
        sta case+1
        lda #$08
        sta $0300
        lda #$43
        pha
        lda #$b5
        ldx #$01
        ldy #$b6
        plp
        dec $0300
        php
        ldy $0300
        plp
c_dec_abs_2: jsr check
        .byte $b5, $01, $07, $71

; --- case 190: cmp ($42),y  (A=$49 X=$5e Y=$08 P=$82 M=$88)
N_CMP_IZY_1 = 190
        lda #<N_CMP_IZY_1
        sta case
        lda #>N_CMP_IZY_1
        sta case+1
        lda #$88
        sta $0300
        lda #$82
        pha
        lda #$49
        ldx #$5e
        ldy #$08
        plp
        cmp ($42),y
c_cmp_izy_1: jsr check
        .byte $49, $5e, $08, $b0

; --- case 191: cmp ($42),y  (A=$b3 X=$01 Y=$08 P=$40 M=$01)
N_CMP_IZY_2 = 191
        lda #<N_CMP_IZY_2
        sta case
        lda #>N_CMP_IZY_2
        sta case+1
        lda #$01
        sta $0300
        lda #$40
        pha
        lda #$b3
        ldx #$01
        ldy #$08
        plp
        cmp ($42),y
c_cmp_izy_2: jsr check
        .byte $b3, $01, $08, $f1

; --- case 192: cmp $30,x  (A=$ec X=$f0 Y=$00 P=$03 M=$7f)
N_CMP_ZPX_1 = 192
        lda #<N_CMP_ZPX_1
        sta case
        lda #>N_CMP_ZPX_1
        sta case+1
        lda #$7f
        sta $20
        lda #$03
        pha
        lda #$ec
        ldx #$f0
        ldy #$00
        plp
        cmp $30,x
c_cmp_zpx_1: jsr check
        .byte $ec, $f0, $00, $31

; --- case 193: cmp $30,x  (A=$ff X=$f0 Y=$bf P=$82 M=$01)
N_CMP_ZPX_2 = 193
        lda #<N_CMP_ZPX_2
        sta case
        lda #>N_CMP_ZPX_2
        sta case+1
        lda #$01
        sta $20
        lda #$82
        pha
        lda #$ff
        ldx #$f0
        ldy #$bf
        plp
        cmp $30,x
c_cmp_zpx_2: jsr check
        .byte $ff, $f0, $bf, $b1

; --- case 194: dec $30,x  (A=$6e X=$f0 Y=$8a P=$c3 M=$00)
N_DEC_ZPX_1 = 194
        lda #<N_DEC_ZPX_1
        sta case
        lda #>N_DEC_ZPX_1
        sta case+1
        lda #$00
        sta $20
        lda #$c3
        pha
        lda #$6e
        ldx #$f0
        ldy #$8a
        plp
        dec $30,x
        php
        ldy $20
        plp
c_dec_zpx_1: jsr check
        .byte $6e, $f0, $ff, $f1

; --- case 195: dec $30,x  (A=$f4 X=$f0 Y=$2c P=$82 M=$a2)
N_DEC_ZPX_2 = 195
        lda #<N_DEC_ZPX_2
        sta case
        lda #>N_DEC_ZPX_2
        sta case+1
        lda #$a2
        sta $20
        lda #$82
        pha
        lda #$f4
        ldx #$f0
        ldy #$2c
        plp
        dec $30,x
        php
        ldy $20
        plp
c_dec_zpx_2: jsr check
        .byte $f4, $f0, $a1, $b0

; --- case 196: cld  (A=$4c X=$db Y=$7e P=$07)
N_CLD_IMP_1 = 196
        lda #<N_CLD_IMP_1
        sta case
        lda #>N_CLD_IMP_1
        sta case+1
        lda #$07
        pha
        lda #$4c
        ldx #$db
        ldy #$7e
        plp
        cld
c_cld_imp_1: jsr check
        .byte $4c, $db, $7e, $37

; --- case 197: cmp $02ff,y  (A=$6f X=$00 Y=$01 P=$87 M=$98)
N_CMP_ABY_1 = 197
        lda #<N_CMP_ABY_1
        sta case
        lda #>N_CMP_ABY_1
        sta case+1
        lda #$98
        sta $0300
        lda #$87
        pha
        lda #$6f
        ldx #$00
        ldy #$01
        plp
        cmp $02ff,y
c_cmp_aby_1: jsr check
        .byte $6f, $00, $01, $b4

; --- case 198: cmp $02ff,y  (A=$ff X=$ff Y=$01 P=$46 M=$8d)
N_CMP_ABY_2 = 198
        lda #<N_CMP_ABY_2
        sta case
        lda #>N_CMP_ABY_2
        sta case+1
        lda #$8d
        sta $0300
        lda #$46
        pha
        lda #$ff
        ldx #$ff
        ldy #$01
        plp
        cmp $02ff,y
c_cmp_aby_2: jsr check
        .byte $ff, $ff, $01, $75

; --- case 199: cmp $02ff,x  (A=$ec X=$01 Y=$11 P=$41 M=$32)
N_CMP_ABX_1 = 199
        lda #<N_CMP_ABX_1
        sta case
        lda #>N_CMP_ABX_1
        sta case+1
        lda #$32
        sta $0300
        lda #$41
        pha
        lda #$ec
        ldx #$01
        ldy #$11
        plp
        cmp $02ff,x
c_cmp_abx_1: jsr check
        .byte $ec, $01, $11, $f1

; --- case 200: cmp $02ff,x  (A=$80 X=$01 Y=$00 P=$41 M=$81)
N_CMP_ABX_2 = 200
        lda #<N_CMP_ABX_2
        sta case
        lda #>N_CMP_ABX_2
        sta case+1
        lda #$81
        sta $0300
        lda #$41
        pha
        lda #$80
        ldx #$01
        ldy #$00
        plp
        cmp $02ff,x
c_cmp_abx_2: jsr check
        .byte $80, $01, $00, $f0

; --- case 201: dec $02ff,x  (A=$b2 X=$01 Y=$31 P=$45 M=$c3)
N_DEC_ABX_1 = 201
        lda #<N_DEC_ABX_1
        sta case
        lda #>N_DEC_ABX_1
        sta case+1
        lda #$c3
        sta $0300
        lda #$45
        pha
        lda #$b2
        ldx #$01
        ldy #$31
        plp
        dec $02ff,x
        php
        ldy $0300
        plp
c_dec_abx_1: jsr check
        .byte $b2, $01, $c2, $f5

; --- case 202: dec $02ff,x  (A=$01 X=$01 Y=$e7 P=$83 M=$7f)
N_DEC_ABX_2 = 202
        lda #<N_DEC_ABX_2
        sta case
        lda #>N_DEC_ABX_2
        sta case+1
        lda #$7f
        sta $0300
        lda #$83
        pha
        lda #$01
        ldx #$01
        ldy #$e7
        plp
        dec $02ff,x
        php
        ldy $0300
        plp
c_dec_abx_2: jsr check
        .byte $01, $01, $7e, $31

; --- case 203: cpx #$00  (A=$34 X=$91 Y=$ee P=$44)
N_CPX_IMM_1 = 203
        lda #<N_CPX_IMM_1
        sta case
        lda #>N_CPX_IMM_1
        sta case+1
        lda #$44
        pha
        lda #$34
        ldx #$91
        ldy #$ee
        plp
        cpx #$00
c_cpx_imm_1: jsr check
        .byte $34, $91, $ee, $f5

; --- case 204: cpx #$59  (A=$13 X=$87 Y=$fa P=$02)
N_CPX_IMM_2 = 204
        lda #<N_CPX_IMM_2
        sta case
        lda #>N_CPX_IMM_2
        sta case+1
        lda #$02
        pha
        lda #$13
        ldx #$87
        ldy #$fa
        plp
        cpx #$59
c_cpx_imm_2: jsr check
        .byte $13, $87, $fa, $31

; --- case 205: sbc ($3c,x)  (A=$ff X=$04 Y=$00 P=$c4 M=$01)
N_SBC_IZX_1 = 205
        lda #<N_SBC_IZX_1
        sta case
        lda #>N_SBC_IZX_1
        sta case+1
        lda #$01
        sta $0300
        lda #$c4
        pha
        lda #$ff
        ldx #$04
        ldy #$00
        plp
        sbc ($3c,x)
c_sbc_izx_1: jsr check
        .byte $fd, $04, $00, $b5

; --- case 206: sbc ($3c,x)  (A=$11 X=$04 Y=$52 P=$01 M=$26)
N_SBC_IZX_2 = 206
        lda #<N_SBC_IZX_2
        sta case
        lda #>N_SBC_IZX_2
        sta case+1
        lda #$26
        sta $0300
        lda #$01
        pha
        lda #$11
        ldx #$04
        ldy #$52
        plp
        sbc ($3c,x)
c_sbc_izx_2: jsr check
        .byte $eb, $04, $52, $b0

; --- case 207: cpx $20  (A=$71 X=$f2 Y=$80 P=$84 M=$7f)
N_CPX_ZP_1 = 207
        lda #<N_CPX_ZP_1
        sta case
        lda #>N_CPX_ZP_1
        sta case+1
        lda #$7f
        sta $20
        lda #$84
        pha
        lda #$71
        ldx #$f2
        ldy #$80
        plp
        cpx $20
c_cpx_zp_1: jsr check
        .byte $71, $f2, $80, $35

; --- case 208: cpx $20  (A=$aa X=$ff Y=$e2 P=$41 M=$b9)
N_CPX_ZP_2 = 208
        lda #<N_CPX_ZP_2
        sta case
        lda #>N_CPX_ZP_2
        sta case+1
        lda #$b9
        sta $20
        lda #$41
        pha
        lda #$aa
        ldx #$ff
        ldy #$e2
        plp
        cpx $20
c_cpx_zp_2: jsr check
        .byte $aa, $ff, $e2, $71

; --- case 209: sbc $20  (A=$80 X=$80 Y=$34 P=$41 M=$54)
N_SBC_ZP_1 = 209
        lda #<N_SBC_ZP_1
        sta case
        lda #>N_SBC_ZP_1
        sta case+1
        lda #$54
        sta $20
        lda #$41
        pha
        lda #$80
        ldx #$80
        ldy #$34
        plp
        sbc $20
c_sbc_zp_1: jsr check
        .byte $2c, $80, $34, $71

; --- case 210: sbc $20  (A=$00 X=$7f Y=$00 P=$46 M=$dc)
N_SBC_ZP_2 = 210
        lda #<N_SBC_ZP_2
        sta case
        lda #>N_SBC_ZP_2
        sta case+1
        lda #$dc
        sta $20
        lda #$46
        pha
        lda #$00
        ldx #$7f
        ldy #$00
        plp
        sbc $20
c_sbc_zp_2: jsr check
        .byte $23, $7f, $00, $34

; --- case 211: inc $20  (A=$b1 X=$1c Y=$80 P=$83 M=$29)
N_INC_ZP_1 = 211
        lda #<N_INC_ZP_1
        sta case
        lda #>N_INC_ZP_1
        sta case+1
        lda #$29
        sta $20
        lda #$83
        pha
        lda #$b1
        ldx #$1c
        ldy #$80
        plp
        inc $20
        php
        ldy $20
        plp
c_inc_zp_1: jsr check
        .byte $b1, $1c, $2a, $31

; --- case 212: inc $20  (A=$7f X=$01 Y=$b9 P=$84 M=$62)
N_INC_ZP_2 = 212
        lda #<N_INC_ZP_2
        sta case
        lda #>N_INC_ZP_2
        sta case+1
        lda #$62
        sta $20
        lda #$84
        pha
        lda #$7f
        ldx #$01
        ldy #$b9
        plp
        inc $20
        php
        ldy $20
        plp
c_inc_zp_2: jsr check
        .byte $7f, $01, $63, $34

; --- case 213: inx  (A=$80 X=$93 Y=$bd P=$00)
N_INX_IMP_1 = 213
        lda #<N_INX_IMP_1
        sta case
        lda #>N_INX_IMP_1
        sta case+1
        lda #$00
        pha
        lda #$80
        ldx #$93
        ldy #$bd
        plp
        inx
c_inx_imp_1: jsr check
        .byte $80, $94, $bd, $b0

; --- case 214: sbc #$bb  (A=$00 X=$5e Y=$b2 P=$40)
N_SBC_IMM_1 = 214
        lda #<N_SBC_IMM_1
        sta case
        lda #>N_SBC_IMM_1
        sta case+1
        lda #$40
        pha
        lda #$00
        ldx #$5e
        ldy #$b2
        plp
        sbc #$bb
c_sbc_imm_1: jsr check
        .byte $44, $5e, $b2, $30

; --- case 215: sbc #$00  (A=$07 X=$4e Y=$c8 P=$07)
N_SBC_IMM_2 = 215
        lda #<N_SBC_IMM_2
        sta case
        lda #>N_SBC_IMM_2
        sta case+1
        lda #$07
        pha
        lda #$07
        ldx #$4e
        ldy #$c8
        plp
        sbc #$00
c_sbc_imm_2: jsr check
        .byte $07, $4e, $c8, $35

; --- case 216: nop  (A=$df X=$d5 Y=$18 P=$c5)
N_NOP_IMP_1 = 216
        lda #<N_NOP_IMP_1
        sta case
        lda #>N_NOP_IMP_1
        sta case+1
        lda #$c5
        pha
        lda #$df
        ldx #$d5
        ldy #$18
        plp
        nop
c_nop_imp_1: jsr check
        .byte $df, $d5, $18, $f5

; --- case 217: cpx $0300  (A=$04 X=$01 Y=$8c P=$04 M=$7f)
N_CPX_ABS_1 = 217
        lda #<N_CPX_ABS_1
        sta case
        lda #>N_CPX_ABS_1
        sta case+1
        lda #$7f
        sta $0300
        lda #$04
        pha
        lda #$04
        ldx #$01
        ldy #$8c
        plp
        cpx $0300
c_cpx_abs_1: jsr check
        .byte $04, $01, $8c, $b4

; --- case 218: cpx $0300  (A=$61 X=$00 Y=$ff P=$40 M=$0f)
N_CPX_ABS_2 = 218
        lda #<N_CPX_ABS_2
        sta case
        lda #>N_CPX_ABS_2
        sta case+1
        lda #$0f
        sta $0300
        lda #$40
        pha
        lda #$61
        ldx #$00
        ldy #$ff
        plp
        cpx $0300
c_cpx_abs_2: jsr check
        .byte $61, $00, $ff, $f0

; --- case 219: sbc $0300  (A=$80 X=$f2 Y=$80 P=$42 M=$ca)
N_SBC_ABS_1 = 219
        lda #<N_SBC_ABS_1
        sta case
        lda #>N_SBC_ABS_1
        sta case+1
        lda #$ca
        sta $0300
        lda #$42
        pha
        lda #$80
        ldx #$f2
        ldy #$80
        plp
        sbc $0300
c_sbc_abs_1: jsr check
        .byte $b5, $f2, $80, $b0

; --- case 220: sbc $0300  (A=$8c X=$05 Y=$e7 P=$44 M=$ff)
N_SBC_ABS_2 = 220
        lda #<N_SBC_ABS_2
        sta case
        lda #>N_SBC_ABS_2
        sta case+1
        lda #$ff
        sta $0300
        lda #$44
        pha
        lda #$8c
        ldx #$05
        ldy #$e7
        plp
        sbc $0300
c_sbc_abs_2: jsr check
        .byte $8c, $05, $e7, $b4

; --- case 221: inc $0300  (A=$8f X=$e0 Y=$98 P=$c4 M=$08)
N_INC_ABS_1 = 221
        lda #<N_INC_ABS_1
        sta case
        lda #>N_INC_ABS_1
        sta case+1
        lda #$08
        sta $0300
        lda #$c4
        pha
        lda #$8f
        ldx #$e0
        ldy #$98
        plp
        inc $0300
        php
        ldy $0300
        plp
c_inc_abs_1: jsr check
        .byte $8f, $e0, $09, $74

; --- case 222: inc $0300  (A=$c9 X=$7f Y=$cc P=$c3 M=$74)
N_INC_ABS_2 = 222
        lda #<N_INC_ABS_2
        sta case
        lda #>N_INC_ABS_2
        sta case+1
        lda #$74
        sta $0300
        lda #$c3
        pha
        lda #$c9
        ldx #$7f
        ldy #$cc
        plp
        inc $0300
        php
        ldy $0300
        plp
c_inc_abs_2: jsr check
        .byte $c9, $7f, $75, $71

; --- case 223: sbc ($42),y  (A=$01 X=$ff Y=$08 P=$46 M=$ba)
N_SBC_IZY_1 = 223
        lda #<N_SBC_IZY_1
        sta case
        lda #>N_SBC_IZY_1
        sta case+1
        lda #$ba
        sta $0300
        lda #$46
        pha
        lda #$01
        ldx #$ff
        ldy #$08
        plp
        sbc ($42),y
c_sbc_izy_1: jsr check
        .byte $46, $ff, $08, $34

; --- case 224: sbc ($42),y  (A=$ff X=$01 Y=$08 P=$c1 M=$00)
N_SBC_IZY_2 = 224
        lda #<N_SBC_IZY_2
        sta case
        lda #>N_SBC_IZY_2
        sta case+1
        lda #$00
        sta $0300
        lda #$c1
        pha
        lda #$ff
        ldx #$01
        ldy #$08
        plp
        sbc ($42),y
c_sbc_izy_2: jsr check
        .byte $ff, $01, $08, $b1

; --- case 225: sbc $30,x  (A=$08 X=$f0 Y=$79 P=$02 M=$77)
N_SBC_ZPX_1 = 225
        lda #<N_SBC_ZPX_1
        sta case
        lda #>N_SBC_ZPX_1
        sta case+1
        lda #$77
        sta $20
        lda #$02
        pha
        lda #$08
        ldx #$f0
        ldy #$79
        plp
        sbc $30,x
c_sbc_zpx_1: jsr check
        .byte $90, $f0, $79, $b0

; --- case 226: sbc $30,x  (A=$f5 X=$f0 Y=$29 P=$c2 M=$1d)
N_SBC_ZPX_2 = 226
        lda #<N_SBC_ZPX_2
        sta case
        lda #>N_SBC_ZPX_2
        sta case+1
        lda #$1d
        sta $20
        lda #$c2
        pha
        lda #$f5
        ldx #$f0
        ldy #$29
        plp
        sbc $30,x
c_sbc_zpx_2: jsr check
        .byte $d7, $f0, $29, $b1

; --- case 227: inc $30,x  (A=$ff X=$f0 Y=$80 P=$45 M=$eb)
N_INC_ZPX_1 = 227
        lda #<N_INC_ZPX_1
        sta case
        lda #>N_INC_ZPX_1
        sta case+1
        lda #$eb
        sta $20
        lda #$45
        pha
        lda #$ff
        ldx #$f0
        ldy #$80
        plp
        inc $30,x
        php
        ldy $20
        plp
c_inc_zpx_1: jsr check
        .byte $ff, $f0, $ec, $f5

; --- case 228: inc $30,x  (A=$dd X=$f0 Y=$7f P=$c0 M=$ec)
N_INC_ZPX_2 = 228
        lda #<N_INC_ZPX_2
        sta case
        lda #>N_INC_ZPX_2
        sta case+1
        lda #$ec
        sta $20
        lda #$c0
        pha
        lda #$dd
        ldx #$f0
        ldy #$7f
        plp
        inc $30,x
        php
        ldy $20
        plp
c_inc_zpx_2: jsr check
        .byte $dd, $f0, $ed, $f0

; --- case 229: sed  (A=$0e X=$f5 Y=$80 P=$42)
N_SED_IMP_1 = 229
        lda #<N_SED_IMP_1
        sta case
        lda #>N_SED_IMP_1
        sta case+1
        lda #$42
        pha
        lda #$0e
        ldx #$f5
        ldy #$80
        plp
        sed
c_sed_imp_1: jsr check
        .byte $0e, $f5, $80, $7a

; --- case 230: sbc $02ff,y  (A=$07 X=$80 Y=$01 P=$81 M=$43)
N_SBC_ABY_1 = 230
        lda #<N_SBC_ABY_1
        sta case
        lda #>N_SBC_ABY_1
        sta case+1
        lda #$43
        sta $0300
        lda #$81
        pha
        lda #$07
        ldx #$80
        ldy #$01
        plp
        sbc $02ff,y
c_sbc_aby_1: jsr check
        .byte $c4, $80, $01, $b0

; --- case 231: sbc $02ff,y  (A=$93 X=$a2 Y=$01 P=$c1 M=$18)
N_SBC_ABY_2 = 231
        lda #<N_SBC_ABY_2
        sta case
        lda #>N_SBC_ABY_2
        sta case+1
        lda #$18
        sta $0300
        lda #$c1
        pha
        lda #$93
        ldx #$a2
        ldy #$01
        plp
        sbc $02ff,y
c_sbc_aby_2: jsr check
        .byte $7b, $a2, $01, $71

; --- case 232: sbc $02ff,x  (A=$d5 X=$01 Y=$ff P=$05 M=$7f)
N_SBC_ABX_1 = 232
        lda #<N_SBC_ABX_1
        sta case
        lda #>N_SBC_ABX_1
        sta case+1
        lda #$7f
        sta $0300
        lda #$05
        pha
        lda #$d5
        ldx #$01
        ldy #$ff
        plp
        sbc $02ff,x
c_sbc_abx_1: jsr check
        .byte $56, $01, $ff, $75

; --- case 233: sbc $02ff,x  (A=$83 X=$01 Y=$8d P=$87 M=$2b)
N_SBC_ABX_2 = 233
        lda #<N_SBC_ABX_2
        sta case
        lda #>N_SBC_ABX_2
        sta case+1
        lda #$2b
        sta $0300
        lda #$87
        pha
        lda #$83
        ldx #$01
        ldy #$8d
        plp
        sbc $02ff,x
c_sbc_abx_2: jsr check
        .byte $58, $01, $8d, $75

; --- case 234: inc $02ff,x  (A=$e6 X=$01 Y=$ee P=$c0 M=$b1)
N_INC_ABX_1 = 234
        lda #<N_INC_ABX_1
        sta case
        lda #>N_INC_ABX_1
        sta case+1
        lda #$b1
        sta $0300
        lda #$c0
        pha
        lda #$e6
        ldx #$01
        ldy #$ee
        plp
        inc $02ff,x
        php
        ldy $0300
        plp
c_inc_abx_1: jsr check
        .byte $e6, $01, $b2, $f0

; --- case 235: inc $02ff,x  (A=$ff X=$01 Y=$e3 P=$06 M=$7f)
N_INC_ABX_2 = 235
        lda #<N_INC_ABX_2
        sta case
        lda #>N_INC_ABX_2
        sta case+1
        lda #$7f
        sta $0300
        lda #$06
        pha
        lda #$ff
        ldx #$01
        ldy #$e3
        plp
        inc $02ff,x
        php
        ldy $0300
        plp
c_inc_abx_2: jsr check
        .byte $ff, $01, $80, $b4

; ---- decimal mode: every addressing mode of adc and sbc with D set
; --- case 236: adc #$56  (A=$29 X=$e1 Y=$31 P=$8f)
N_ADC_IMM_1_BCD = 236
        lda #<N_ADC_IMM_1_BCD
        sta case
        lda #>N_ADC_IMM_1_BCD
        sta case+1
        lda #$8f
        pha
        lda #$29
        ldx #$e1
        ldy #$31
        plp
        adc #$56
c_adc_imm_1_bcd: jsr check_d
        .byte $86, $e1, $31, $fc  ; NMOS
        .byte $80, $e1, $31, $fc  ; 2A03

; --- case 237: adc $20  (A=$25 X=$17 Y=$db P=$0b M=$49)
N_ADC_ZP_1_BCD = 237
        lda #<N_ADC_ZP_1_BCD
        sta case
        lda #>N_ADC_ZP_1_BCD
        sta case+1
        lda #$49
        sta $20
        lda #$0b
        pha
        lda #$25
        ldx #$17
        ldy #$db
        plp
        adc $20
c_adc_zp_1_bcd: jsr check_d
        .byte $75, $17, $db, $38  ; NMOS
        .byte $6f, $17, $db, $38  ; 2A03

; --- case 238: adc $30,x  (A=$00 X=$f0 Y=$80 P=$cf M=$79)
N_ADC_ZPX_1_BCD = 238
        lda #<N_ADC_ZPX_1_BCD
        sta case
        lda #>N_ADC_ZPX_1_BCD
        sta case+1
        lda #$79
        sta $20
        lda #$cf
        pha
        lda #$00
        ldx #$f0
        ldy #$80
        plp
        adc $30,x
c_adc_zpx_1_bcd: jsr check_d
        .byte $80, $f0, $80, $fc  ; NMOS
        .byte $7a, $f0, $80, $3c  ; 2A03

; --- case 239: adc $0300  (A=$93 X=$56 Y=$28 P=$88 M=$36)
N_ADC_ABS_1_BCD = 239
        lda #<N_ADC_ABS_1_BCD
        sta case
        lda #>N_ADC_ABS_1_BCD
        sta case+1
        lda #$36
        sta $0300
        lda #$88
        pha
        lda #$93
        ldx #$56
        ldy #$28
        plp
        adc $0300
c_adc_abs_1_bcd: jsr check_d
        .byte $29, $56, $28, $b9  ; NMOS
        .byte $c9, $56, $28, $b8  ; 2A03

; --- case 240: adc $02ff,x  (A=$44 X=$01 Y=$01 P=$8a M=$05)
N_ADC_ABX_1_BCD = 240
        lda #<N_ADC_ABX_1_BCD
        sta case
        lda #>N_ADC_ABX_1_BCD
        sta case+1
        lda #$05
        sta $0300
        lda #$8a
        pha
        lda #$44
        ldx #$01
        ldy #$01
        plp
        adc $02ff,x
c_adc_abx_1_bcd: jsr check_d
        .byte $49, $01, $01, $38  ; NMOS
        .byte $49, $01, $01, $38  ; 2A03

; --- case 241: adc $02ff,y  (A=$30 X=$7f Y=$01 P=$cf M=$26)
N_ADC_ABY_1_BCD = 241
        lda #<N_ADC_ABY_1_BCD
        sta case
        lda #>N_ADC_ABY_1_BCD
        sta case+1
        lda #$26
        sta $0300
        lda #$cf
        pha
        lda #$30
        ldx #$7f
        ldy #$01
        plp
        adc $02ff,y
c_adc_aby_1_bcd: jsr check_d
        .byte $57, $7f, $01, $3c  ; NMOS
        .byte $57, $7f, $01, $3c  ; 2A03

; --- case 242: adc ($3c,x)  (A=$99 X=$04 Y=$a3 P=$c8 M=$99)
N_ADC_IZX_1_BCD = 242
        lda #<N_ADC_IZX_1_BCD
        sta case
        lda #>N_ADC_IZX_1_BCD
        sta case+1
        lda #$99
        sta $0300
        lda #$c8
        pha
        lda #$99
        ldx #$04
        ldy #$a3
        plp
        adc ($3c,x)
c_adc_izx_1_bcd: jsr check_d
        .byte $98, $04, $a3, $79  ; NMOS
        .byte $32, $04, $a3, $79  ; 2A03

; --- case 243: adc ($42),y  (A=$49 X=$bf Y=$08 P=$88 M=$73)
N_ADC_IZY_1_BCD = 243
        lda #<N_ADC_IZY_1_BCD
        sta case
        lda #>N_ADC_IZY_1_BCD
        sta case+1
        lda #$73
        sta $0300
        lda #$88
        pha
        lda #$49
        ldx #$bf
        ldy #$08
        plp
        adc ($42),y
c_adc_izy_1_bcd: jsr check_d
        .byte $22, $bf, $08, $f9  ; NMOS
        .byte $bc, $bf, $08, $f8  ; 2A03

; --- case 244: sbc #$03  (A=$50 X=$7f Y=$37 P=$8d)
N_SBC_IMM_1_BCD = 244
        lda #<N_SBC_IMM_1_BCD
        sta case
        lda #>N_SBC_IMM_1_BCD
        sta case+1
        lda #$8d
        pha
        lda #$50
        ldx #$7f
        ldy #$37
        plp
        sbc #$03
c_sbc_imm_1_bcd: jsr check_d
        .byte $47, $7f, $37, $3d  ; NMOS
        .byte $4d, $7f, $37, $3d  ; 2A03

; --- case 245: sbc $20  (A=$07 X=$b7 Y=$ee P=$4d M=$97)
N_SBC_ZP_1_BCD = 245
        lda #<N_SBC_ZP_1_BCD
        sta case
        lda #>N_SBC_ZP_1_BCD
        sta case+1
        lda #$97
        sta $20
        lda #$4d
        pha
        lda #$07
        ldx #$b7
        ldy #$ee
        plp
        sbc $20
c_sbc_zp_1_bcd: jsr check_d
        .byte $10, $b7, $ee, $3c  ; NMOS
        .byte $70, $b7, $ee, $3c  ; 2A03

; --- case 246: sbc $30,x  (A=$34 X=$f0 Y=$80 P=$0d M=$39)
N_SBC_ZPX_1_BCD = 246
        lda #<N_SBC_ZPX_1_BCD
        sta case
        lda #>N_SBC_ZPX_1_BCD
        sta case+1
        lda #$39
        sta $20
        lda #$0d
        pha
        lda #$34
        ldx #$f0
        ldy #$80
        plp
        sbc $30,x
c_sbc_zpx_1_bcd: jsr check_d
        .byte $95, $f0, $80, $bc  ; NMOS
        .byte $fb, $f0, $80, $bc  ; 2A03

; --- case 247: sbc $0300  (A=$63 X=$80 Y=$c5 P=$cb M=$87)
N_SBC_ABS_1_BCD = 247
        lda #<N_SBC_ABS_1_BCD
        sta case
        lda #>N_SBC_ABS_1_BCD
        sta case+1
        lda #$87
        sta $0300
        lda #$cb
        pha
        lda #$63
        ldx #$80
        ldy #$c5
        plp
        sbc $0300
c_sbc_abs_1_bcd: jsr check_d
        .byte $76, $80, $c5, $f8  ; NMOS
        .byte $dc, $80, $c5, $f8  ; 2A03

; --- case 248: sbc $02ff,x  (A=$96 X=$01 Y=$37 P=$4b M=$82)
N_SBC_ABX_1_BCD = 248
        lda #<N_SBC_ABX_1_BCD
        sta case
        lda #>N_SBC_ABX_1_BCD
        sta case+1
        lda #$82
        sta $0300
        lda #$4b
        pha
        lda #$96
        ldx #$01
        ldy #$37
        plp
        sbc $02ff,x
c_sbc_abx_1_bcd: jsr check_d
        .byte $14, $01, $37, $39  ; NMOS
        .byte $14, $01, $37, $39  ; 2A03

; --- case 249: sbc $02ff,y  (A=$88 X=$1d Y=$01 P=$88 M=$12)
N_SBC_ABY_1_BCD = 249
        lda #<N_SBC_ABY_1_BCD
        sta case
        lda #>N_SBC_ABY_1_BCD
        sta case+1
        lda #$12
        sta $0300
        lda #$88
        pha
        lda #$88
        ldx #$1d
        ldy #$01
        plp
        sbc $02ff,y
c_sbc_aby_1_bcd: jsr check_d
        .byte $75, $1d, $01, $79  ; NMOS
        .byte $75, $1d, $01, $79  ; 2A03

; --- case 250: sbc ($3c,x)  (A=$15 X=$04 Y=$fc P=$ce M=$00)
N_SBC_IZX_1_BCD = 250
        lda #<N_SBC_IZX_1_BCD
        sta case
        lda #>N_SBC_IZX_1_BCD
        sta case+1
        lda #$00
        sta $0300
        lda #$ce
        pha
        lda #$15
        ldx #$04
        ldy #$fc
        plp
        sbc ($3c,x)
c_sbc_izx_1_bcd: jsr check_d
        .byte $14, $04, $fc, $3d  ; NMOS
        .byte $14, $04, $fc, $3d  ; 2A03

; --- case 251: sbc ($42),y  (A=$58 X=$76 Y=$08 P=$48 M=$98)
N_SBC_IZY_1_BCD = 251
        lda #<N_SBC_IZY_1_BCD
        sta case
        lda #>N_SBC_IZY_1_BCD
        sta case+1
        lda #$98
        sta $0300
        lda #$48
        pha
        lda #$58
        ldx #$76
        ldy #$08
        plp
        sbc ($42),y
c_sbc_izy_1_bcd: jsr check_d
        .byte $59, $76, $08, $f8  ; NMOS
        .byte $bf, $76, $08, $f8  ; 2A03

; ---- branches, jumps, subroutines, interrupts, stack
; --- case 252: bpl taken (P=$45)
N_BPL_TAKEN = 252
        lda #<N_BPL_TAKEN
        sta case
        lda #>N_BPL_TAKEN
        sta case+1
        lda #$45
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bpl c_bpl_taken
        jmp fail
c_bpl_taken: jsr check
        .byte $00, $00, $00, $75

; --- case 253: bpl not taken (P=$83)
N_BPL_NOT_TAKEN = 253
        lda #<N_BPL_NOT_TAKEN
        sta case
        lda #>N_BPL_NOT_TAKEN
        sta case+1
        lda #$83
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bpl b_bpl_not_taken_bad
c_bpl_not_taken: jsr check
        .byte $00, $00, $00, $b3
        jmp b_bpl_not_taken_ok
b_bpl_not_taken_bad: jmp fail
b_bpl_not_taken_ok:

; --- case 254: bmi taken (P=$82)
N_BMI_TAKEN = 254
        lda #<N_BMI_TAKEN
        sta case
        lda #>N_BMI_TAKEN
        sta case+1
        lda #$82
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bmi c_bmi_taken
        jmp fail
c_bmi_taken: jsr check
        .byte $00, $00, $00, $b2

; --- case 255: bmi not taken (P=$42)
N_BMI_NOT_TAKEN = 255
        lda #<N_BMI_NOT_TAKEN
        sta case
        lda #>N_BMI_NOT_TAKEN
        sta case+1
        lda #$42
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bmi b_bmi_not_taken_bad
c_bmi_not_taken: jsr check
        .byte $00, $00, $00, $72
        jmp b_bmi_not_taken_ok
b_bmi_not_taken_bad: jmp fail
b_bmi_not_taken_ok:

; --- case 256: bvc taken (P=$82)
N_BVC_TAKEN = 256
        lda #<N_BVC_TAKEN
        sta case
        lda #>N_BVC_TAKEN
        sta case+1
        lda #$82
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bvc c_bvc_taken
        jmp fail
c_bvc_taken: jsr check
        .byte $00, $00, $00, $b2

; --- case 257: bvc not taken (P=$44)
N_BVC_NOT_TAKEN = 257
        lda #<N_BVC_NOT_TAKEN
        sta case
        lda #>N_BVC_NOT_TAKEN
        sta case+1
        lda #$44
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bvc b_bvc_not_taken_bad
c_bvc_not_taken: jsr check
        .byte $00, $00, $00, $74
        jmp b_bvc_not_taken_ok
b_bvc_not_taken_bad: jmp fail
b_bvc_not_taken_ok:

; --- case 258: bvs taken (P=$c4)
N_BVS_TAKEN = 258
        lda #<N_BVS_TAKEN
        sta case
        lda #>N_BVS_TAKEN
        sta case+1
        lda #$c4
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bvs c_bvs_taken
        jmp fail
c_bvs_taken: jsr check
        .byte $00, $00, $00, $f4

; --- case 259: bvs not taken (P=$86)
N_BVS_NOT_TAKEN = 259
        lda #<N_BVS_NOT_TAKEN
        sta case
        lda #>N_BVS_NOT_TAKEN
        sta case+1
        lda #$86
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bvs b_bvs_not_taken_bad
c_bvs_not_taken: jsr check
        .byte $00, $00, $00, $b6
        jmp b_bvs_not_taken_ok
b_bvs_not_taken_bad: jmp fail
b_bvs_not_taken_ok:

; --- case 260: bcc taken (P=$04)
N_BCC_TAKEN = 260
        lda #<N_BCC_TAKEN
        sta case
        lda #>N_BCC_TAKEN
        sta case+1
        lda #$04
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bcc c_bcc_taken
        jmp fail
c_bcc_taken: jsr check
        .byte $00, $00, $00, $34

; --- case 261: bcc not taken (P=$83)
N_BCC_NOT_TAKEN = 261
        lda #<N_BCC_NOT_TAKEN
        sta case
        lda #>N_BCC_NOT_TAKEN
        sta case+1
        lda #$83
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bcc b_bcc_not_taken_bad
c_bcc_not_taken: jsr check
        .byte $00, $00, $00, $b3
        jmp b_bcc_not_taken_ok
b_bcc_not_taken_bad: jmp fail
b_bcc_not_taken_ok:

; --- case 262: bcs taken (P=$07)
N_BCS_TAKEN = 262
        lda #<N_BCS_TAKEN
        sta case
        lda #>N_BCS_TAKEN
        sta case+1
        lda #$07
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bcs c_bcs_taken
        jmp fail
c_bcs_taken: jsr check
        .byte $00, $00, $00, $37

; --- case 263: bcs not taken (P=$44)
N_BCS_NOT_TAKEN = 263
        lda #<N_BCS_NOT_TAKEN
        sta case
        lda #>N_BCS_NOT_TAKEN
        sta case+1
        lda #$44
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bcs b_bcs_not_taken_bad
c_bcs_not_taken: jsr check
        .byte $00, $00, $00, $74
        jmp b_bcs_not_taken_ok
b_bcs_not_taken_bad: jmp fail
b_bcs_not_taken_ok:

; --- case 264: bne taken (P=$04)
N_BNE_TAKEN = 264
        lda #<N_BNE_TAKEN
        sta case
        lda #>N_BNE_TAKEN
        sta case+1
        lda #$04
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bne c_bne_taken
        jmp fail
c_bne_taken: jsr check
        .byte $00, $00, $00, $34

; --- case 265: bne not taken (P=$02)
N_BNE_NOT_TAKEN = 265
        lda #<N_BNE_NOT_TAKEN
        sta case
        lda #>N_BNE_NOT_TAKEN
        sta case+1
        lda #$02
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bne b_bne_not_taken_bad
c_bne_not_taken: jsr check
        .byte $00, $00, $00, $32
        jmp b_bne_not_taken_ok
b_bne_not_taken_bad: jmp fail
b_bne_not_taken_ok:

; --- case 266: beq taken (P=$03)
N_BEQ_TAKEN = 266
        lda #<N_BEQ_TAKEN
        sta case
        lda #>N_BEQ_TAKEN
        sta case+1
        lda #$03
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        beq c_beq_taken
        jmp fail
c_beq_taken: jsr check
        .byte $00, $00, $00, $33

; --- case 267: beq not taken (P=$00)
N_BEQ_NOT_TAKEN = 267
        lda #<N_BEQ_NOT_TAKEN
        sta case
        lda #>N_BEQ_NOT_TAKEN
        sta case+1
        lda #$00
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        beq b_beq_not_taken_bad
c_beq_not_taken: jsr check
        .byte $00, $00, $00, $30
        jmp b_beq_not_taken_ok
b_beq_not_taken_bad: jmp fail
b_beq_not_taken_ok:

        jmp b_bne_taken_backward
c_bne_taken_backward: jsr check
        .byte $00, $00, $00, $30
        jmp b_bne_taken_backward_ok
b_bne_taken_backward:
; --- case 268: bne taken, backwards
N_BNE_TAKEN_BACKWARD = 268
        lda #<N_BNE_TAKEN_BACKWARD
        sta case
        lda #>N_BNE_TAKEN_BACKWARD
        sta case+1
        lda #$00
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        bne c_bne_taken_backward
        jmp fail
b_bne_taken_backward_ok:

; --- case 269: jmp abs
N_JMP_ABS = 269
        lda #<N_JMP_ABS
        sta case
        lda #>N_JMP_ABS
        sta case+1
        lda #$41
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        jmp c_jmp_abs
        jmp fail
c_jmp_abs: jsr check
        .byte $00, $00, $00, $71

; --- case 270: jmp (abs)
N_JMP_IND = 270
        lda #<N_JMP_IND
        sta case
        lda #>N_JMP_IND
        sta case+1
        lda #<c_jmp_ind
        sta $0310
        lda #>c_jmp_ind
        sta $0311
        lda #$41
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        jmp ($0310)
        jmp fail
c_jmp_ind: jsr check
        .byte $00, $00, $00, $71

; --- case 271: jmp ($03ff) takes its high byte from $0300, not $0400
N_JMP_IND_PAGE_WRAP = 271
        lda #<N_JMP_IND_PAGE_WRAP
        sta case
        lda #>N_JMP_IND_PAGE_WRAP
        sta case+1
        lda #<c_jmp_ind_page_wrap
        sta $03ff
        lda #>c_jmp_ind_page_wrap
        sta $0300
        lda #>fail
        sta $0400
        lda #$41
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        jmp ($03ff)
        jmp fail
c_jmp_ind_page_wrap: jsr check
        .byte $00, $00, $00, $71

; --- case 272: jsr pushes its last byte's address; rts returns after it
N_JSR_RTS = 272
        lda #<N_JSR_RTS
        sta case
        lda #>N_JSR_RTS
        sta case+1
        lda #$c3
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
x_jsr:  jsr sub_peek
c_jsr_rts: jsr check
        .byte <(x_jsr+2), $fd, >(x_jsr+2), $71

; --- case 273: rti pulls P, then the return address
N_RTI = 273
        lda #<N_RTI
        sta case
        lda #>N_RTI
        sta case+1
        lda #$00
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        lda #>c_rti
        pha
        lda #<c_rti
        pha
        lda #$cb
        pha
        lda #$00
        rti
        jmp fail
c_rti:  jsr check
        .byte $00, $00, $00, $fb

; --- case 274: brk pushes PC+2 and P with B set, jumps through $FFFE; rti returns
N_BRK = 274
        lda #<N_BRK
        sta case
        lda #>N_BRK
        sta case+1
        lda #$81
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
x_brk:  brk
        .byte $ea  ; the signature byte, skipped
c_brk:  jsr check
        .byte $b1, $fc, <(x_brk+2), $b1

; --- case 275: pha stores A at $0100+S and decrements S
N_PHA = 275
        lda #<N_PHA
        sta case
        lda #>N_PHA
        sta case+1
        lda #$40
        pha
        lda #$a5
        ldx #$00
        ldy #$00
        plp
        pha
        tsx
        ldy $01ff
        pla
c_pha:  jsr check
        .byte $a5, $fe, $a5, $f0

; --- case 276: pla loads A from the stack and sets N and Z
N_PLA = 276
        lda #<N_PLA
        sta case
        lda #>N_PLA
        sta case+1
        lda #$80
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        pha
        lda #$80
        pla
c_pla:  jsr check
        .byte $00, $00, $00, $32

; --- case 277: php pushes P with B and bit 5 set
N_PHP = 277
        lda #<N_PHP
        sta case
        lda #>N_PHP
        sta case+1
        lda #$c5
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        php
        pla
c_php:  jsr check
        .byte $f5, $00, $00, $f5

; --- case 278: plp loads every flag but B
N_PLP = 278
        lda #<N_PLP
        sta case
        lda #>N_PLP
        sta case+1
        lda #$00
        pha
        lda #$00
        ldx #$00
        ldy #$00
        plp
        lda #$ff
        pha
        lda #$00
        plp
c_plp:  jsr check
        .byte $00, $00, $00, $ff
        cli

; ---- decimal mode, expectations computed by the program itself
; bcdtab[i] = i in BCD, for i = 0..99, built with binary arithmetic only.
        cld
        ldx #0
        stx bcd
mk:     lda bcd
        sta bcdtab,x
        inc bcd
        lda bcd
        and #$0f
        cmp #$0a
        bne mk_next
        lda bcd
        clc
        adc #6
        sta bcd
mk_next: inx
        cpx #100
        bne mk

; --- case: ADC in decimal mode over all BCD a, b (00..99) and carries
N_DECIMAL_ADC_LOOP = 279
        lda #<N_DECIMAL_ADC_LOOP
        sta case
        lda #>N_DECIMAL_ADC_LOOP
        sta case+1
        lda #0
        sta ai
da_a:   lda #0
        sta bi
da_b:   lda #0
        sta cin
da_c:   ldx ai
        lda bcdtab,x
        sta opa
        ldx bi
        lda bcdtab,x
        sta opb
        lda variant
        bne da_2a03
        clc             ; NMOS: bcd(ai + bi + cin), C = the sum >= 100
        lda ai
        adc bi
        adc cin
        ldy #0
        cmp #100
        bcc da_lt
        sbc #100
        ldy #1
da_lt:  tax
        lda bcdtab,x
        sta exp_a
        sty exp_c
        jmp da_run
da_2a03: lda cin        ; 2A03: the binary sum of the same bytes
        lsr a
        lda opa
        adc opb
        sta exp_a
        lda #0
        rol a
        sta exp_c
da_run: lda cin
        lsr a           ; C = cin
        lda opa
        sed
        adc opb
        cld
        sta res_a
        lda #0
        rol a
        sta res_c
        lda res_a
        cmp exp_a
        bne da_fail
        lda res_c
        cmp exp_c
        bne da_fail
        inc cin
        lda cin
        cmp #2
        bne da_c
        inc bi
        lda bi
        cmp #100
        beq da_next_a
        jmp da_b
da_next_a: inc ai
        lda ai
        cmp #100
        beq da_done
        jmp da_a
da_fail: jmp fail
da_done:

; --- case: SBC in decimal mode over all BCD a, b (00..99) and carries
N_DECIMAL_SBC_LOOP = 280
        lda #<N_DECIMAL_SBC_LOOP
        sta case
        lda #>N_DECIMAL_SBC_LOOP
        sta case+1
        lda #0
        sta ai
ds_a:   lda #0
        sta bi
ds_b:   lda #0
        sta cin
ds_c:   ldx ai
        lda bcdtab,x
        sta opa
        ldx bi
        lda bcdtab,x
        sta opb
        lda variant
        bne ds_2a03
        lda cin         ; NMOS: bcd(ai - bi - (1 - cin)) mod 100, C = no borrow
        lsr a
        lda ai
        sbc bi
        ldy #1
        bcs ds_nb
        adc #100
        ldy #0
ds_nb:  tax
        lda bcdtab,x
        sta exp_a
        sty exp_c
        jmp ds_run
ds_2a03: lda cin        ; 2A03: the binary difference of the same bytes
        lsr a
        lda opa
        sbc opb
        sta exp_a
        lda #0
        rol a
        sta exp_c
ds_run: lda cin
        lsr a
        lda opa
        sed
        sbc opb
        cld
        sta res_a
        lda #0
        rol a
        sta res_c
        lda res_a
        cmp exp_a
        bne ds_fail
        lda res_c
        cmp exp_c
        bne ds_fail
        inc cin
        lda cin
        cmp #2
        bne ds_c
        inc bi
        lda bi
        cmp #100
        beq ds_next_a
        jmp ds_b
ds_next_a: inc ai
        lda ai
        cmp #100
        beq ds_done
        jmp ds_a
ds_fail: jmp fail
ds_done:
        jmp success

        .org $fffa
        .word start, start, brk_handler
