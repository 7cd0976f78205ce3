; load_save: A = 0 saves the game to the file "JMCSAVE", 1 loads it, with the
; header and checksum the article wished for. Through OSFIND and OSGBPB (the
; article's way: proper handles, several transfers):
;   header "JMC" $1A and format 2 (5 bytes), the zero-page state ($50-$6F),
;   the board arrays ($0400-$04CF), what the computer has inferred of each
;   enemy piece (V_know_lo/hi, $0780-$07DF), then the checksum (2 bytes: the
;   running sum of the state's bytes, and the sum of those sums, mod 256).
; A load goes to a staging area first and is taken only when the header and
; the checksum are right. A = 0 done, 1 no file or a short one, 2 not a JMC
; save (header), 3 damaged (checksum).
STAGE           = $0600         ; a loaded game waits here until it checks out
STAGE_ZP        = STAGE
STAGE_WS        = STAGE + SAVE_ZP_LEN
STAGE_HEADER    = $06F0
STAGE_SUM       = $06F8
STAGE_KNOW      = $0800         ; (96 bytes)
SAVE_KNOW       = V_know_lo
SAVE_KNOW_LEN   = 96
Z_sum           = $B4           ; 2 bytes

load_save:
        sta Z_tmp
        tax
        beq @save
        lda #$40                ; open for input
        bne @open
@save:  jsr save_checksum
        lda #$80                ; open for output
@open:  ldx #<T_save_name
        ldy #>T_save_name
        jsr OSFIND
        cmp #0
        bne @opened
        lda #1
        rts
@opened:
        sta Z_file_block
        ldx #0                  ; the five transfers of T_save_blocks
@next:  stx Z_count
        jsr transfer
        bcs @short
        ldx Z_count
        inx
        inx
        cpx #10
        bne @next
        jsr close_file
        lda Z_tmp
        beq @done               ; saved
        jmp take_loaded
@short: jsr close_file
        lda #1
        rts
@done:  lda #0
        rts

close_file:
        lda #0
        ldy Z_file_block
        jmp OSFIND

; one transfer: X = 0, 2, 4, 6, 8: the header, the state, the boards, what the
; computer inferred, the sum
transfer:
        lda Z_tmp
        beq @out
        lda T_load_blocks,x
        sta Z_file_block+1
        lda T_load_blocks+1,x
        bne @size
@out:   lda T_save_blocks,x
        sta Z_file_block+1
        lda T_save_blocks+1,x
@size:  sta Z_file_block+2
        lda T_save_sizes,x
        sta Z_file_block+5
        lda T_save_sizes+1,x
        sta Z_file_block+6
        lda #0
        sta Z_file_block+3
        sta Z_file_block+4
        sta Z_file_block+7
        sta Z_file_block+8
        ldx Z_tmp
        lda T_gbpb_call,x
        ldx #<Z_file_block
        ldy #>Z_file_block
        jmp OSGBPB              ; C set: the file ran short

; save_checksum: Z_sum = the checksum of the live state and boards.
save_checksum:
        lda #0
        sta Z_sum
        sta Z_sum+1
        ldx #0
@zp:    lda SAVE_ZP,x
        jsr add_sum
        inx
        cpx #SAVE_ZP_LEN
        bne @zp
        ldx #0
@ws:    lda SAVE_WS,x
        jsr add_sum
        inx
        cpx #SAVE_WS_LEN
        bne @ws
        ldx #0
@know:  lda SAVE_KNOW,x
        jsr add_sum
        inx
        cpx #SAVE_KNOW_LEN
        bne @know
        rts

add_sum:
        clc
        adc Z_sum
        sta Z_sum
        clc
        adc Z_sum+1
        sta Z_sum+1
        rts

; take_loaded: check the staged file's header and checksum; if both are right,
; copy it into place.
take_loaded:
        ldx #4
@head:  lda STAGE_HEADER,x
        cmp T_save_header,x
        bne @foreign
        dex
        bpl @head
        lda #0
        sta Z_sum
        sta Z_sum+1
        ldx #0
@sum:   lda STAGE,x
        jsr add_sum
        inx
        cpx #SAVE_ZP_LEN + SAVE_WS_LEN
        bne @sum
        ldx #0
@sumk:  lda STAGE_KNOW,x
        jsr add_sum
        inx
        cpx #SAVE_KNOW_LEN
        bne @sumk
        lda Z_sum
        cmp STAGE_SUM
        bne @damaged
        lda Z_sum+1
        cmp STAGE_SUM+1
        bne @damaged
        ldx #SAVE_ZP_LEN - 1
@zp:    lda STAGE_ZP,x
        sta SAVE_ZP,x
        dex
        bpl @zp
        ldx #0
@ws:    lda STAGE_WS,x
        sta SAVE_WS,x
        inx
        cpx #SAVE_WS_LEN
        bne @ws
        ldx #SAVE_KNOW_LEN - 1
@know:  lda STAGE_KNOW,x
        sta SAVE_KNOW,x
        dex
        bpl @know
        jsr set_side_colours
        lda #0
        rts
@foreign:
        lda #2
        rts
@damaged:
        lda #3
        rts

T_gbpb_call:    .byte 2, 4              ; write / read at the file's pointer
T_save_blocks:  .word T_save_header, SAVE_ZP, SAVE_WS, SAVE_KNOW, Z_sum
T_load_blocks:  .word STAGE_HEADER, STAGE_ZP, STAGE_WS, STAGE_KNOW, STAGE_SUM
T_save_sizes:   .word 5, SAVE_ZP_LEN, SAVE_WS_LEN, SAVE_KNOW_LEN, 2
T_save_header:  .byte "JMC", $1A, 2
T_save_name:    .byte "JMCSAVE", $0D
