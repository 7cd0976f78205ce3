; load_save: A = 0 saves the game to the file "JMCSAVE", 1 loads it. The
; zero-page state and the board arrays go through OSFIND and OSGBPB (the
; article's way: proper handles, several transfers). A = 0 done, else 1.
load_save:
        sta Z_tmp
        tax
        lda T_open_mode,x
        ldx #<T_save_name
        ldy #>T_save_name
        jsr OSFIND
        cmp #0
        beq @fail
        sta Z_file_block
        ldx #0
        jsr @block
        bcs @close_fail
        ldx #2
        jsr @block
        bcs @close_fail
        jsr @close
        lda #0
        rts
@close_fail:
        jsr @close
@fail:  lda #1
        rts
@close: lda #0
        ldy Z_file_block
        jmp OSFIND
; one transfer: X = 0 the zero page, 2 the workspace
@block: lda T_save_blocks,x
        sta Z_file_block+1
        lda T_save_blocks+1,x
        sta Z_file_block+2
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
        jmp OSGBPB

T_open_mode:    .byte $80, $40          ; save: open out; load: open in
T_gbpb_call:    .byte 2, 4              ; write / read at the file's pointer
T_save_blocks:  .word SAVE_ZP, SAVE_WS
T_save_sizes:   .word SAVE_ZP_LEN, SAVE_WS_LEN
T_save_name:    .byte "JMCSAVE", $0D
