; The sound driver: our own 2A03 code. The game asks for sound by writing the
; article's request bytes: $06F5 a tune (3-5 Music-1..3, 6-8 the same at the
; allegro tempo; our MUSIC_STOP silences), $06F1 and $06F0 an effect. The
; main loop calls updateAudio ($E000) once a frame, from waitForVBlank ($AA2F)
; as the article shows: after the frame's game logic has made its requests and
; before the wait for the NMI, so an effect starts in the frame of its event
; and the NMI's vblank time is left to the PPU. A frame whose logic outlasts
; the frame delays the driver too (the music drags with the game).
;
; Music: four voices (pulse 1 melody, pulse 2 harmony, triangle bass, noise
; drums) read streams of notes; a tick lasts sndTempo frames for all of them.
; Each frame each voice's volume follows its instrument's envelope. Effects
; take pulse 2 or the noise channel from the music while they play.
;
; Registers (nesdev wiki, "APU"): $4000/$4004 duty, length halt, constant
; volume, volume; $4001/$4005 sweep, written $08 (negate on, shift 0) so the
; sweep unit never mutes the low notes; $4002/$4006 period low; $4003/$4007
; length load and period high (a write restarts the pulse's phase, so it is
; written only when it changes); $4008 the triangle's linear counter, $FF to
; sound and $80 to stop; $400A/$400B its period; $400C noise volume, $400E its
; mode and period, $400F length load; $4015 channel enables; $4017 the frame
; counter (IRQ off).

.org $E000
updateAudio:
        jmp soundFrame
updateAudio2:                   ; $E003: at game over, the music stops at once
        jmp soundNow

.org $F000
        .include "sound.inc"

regOffset:                      ; a voice's first register, from $4000
        .byte 0, 4, 8, 12
silentCtrl:
        .byte $30, $30, $80, $30
voiceEffect:                    ; the effect channel that can take a voice
        .byte $FF, 0, $FF, 1
fxRegister:                     ; an effect channel's first register
        .byte 4, 12
fxVoice:                        ; and the music voice it takes
        .byte 1, 3

; Power on: all four channels enabled, the sweeps harmless, silence.
initAudio:
        lda #$0F
        sta $4015
        lda #$40
        sta $4017
        lda #$08
        sta $4001
        sta $4005
        jmp silenceMusic

; $E003: the game is over (the curtain's request is made): stop the music and
; take the requests now.
soundNow:
        lda #MUSIC_STOP
        sta musicTrack
        jmp takeRequests

; $E000: one frame of sound.
soundFrame:
        jsr takeRequests
        lda paused
        cmp sndMuted
        beq @same
        sta sndMuted
        jsr holdChannels        ; paused: silent; unpaused: back as they were
@same:  lda sndMuted
        bne @effects            ; the music holds while the game is paused
        jsr musicTick
        jsr musicOut
@effects:
        jmp effectsRun

takeRequests:
        lda musicTrack
        beq @effect
        ldx #0
        stx musicTrack
        jsr startMusic
@effect:
        lda sfxEffect
        beq @curtain
        ldx #0
        stx sfxEffect
        cmp #FX_CURTAIN_BASE+2  ; the $06F1 ids: 1 to $0A
        bcs @curtain
        jsr startEffect
@curtain:
        lda sfxCurtain
        beq @done
        ldx #0
        stx sfxCurtain
        cmp #2                  ; $06F0: 2 curtain, 3 rocket
        bcc @done
        cmp #4
        bcs @done
        adc #FX_CURTAIN_BASE    ; (C clear)
        jsr startEffect
@done:  rts

; A = a $06F5 request: 3-5 a tune, 6-8 the same tune fast. The tune playing
; only changes its tempo; another starts from its beginning. Anything else
; (MUSIC_STOP, the tunes we do not have) silences the music.
startMusic:
        sec
        sbc #3
        cmp #2*TUNES
        bcc @tune
        jmp silenceMusic
@tune:  ldx #0
        cmp #TUNES
        bcc @slow
        sbc #TUNES              ; (C set)
        inx
@slow:  stx sndAllegro
        tay                     ; the tune, 0-2
        lda tuneTempo,y
        cpx #0
        beq @tempo
        lda tuneAllegro,y
@tempo: sta sndTempo
        iny
        cpy sndTrack
        beq @done               ; the same tune: only its tempo changes
        sty sndTrack
        dey
        tya
        asl
        asl
        tay                     ; 4 * tune: its four streams
        ldx #0
@voice: lda tuneStreamsLo,y
        sta vPtrLo,x
        sta vStartLo,x
        lda tuneStreamsHi,y
        sta vPtrHi,x
        sta vStartHi,x
        lda #1
        sta vTicks,x            ; the first notes are read at the next tick
        sta vLen,x
        lda #REST
        sta vNote,x
        lda #0
        sta vInst,x
        sta vEnv,x
        iny
        inx
        cpx #4
        bne @voice
        lda #1
        sta sndFrames           ; which is this frame
@done:  rts

; No tune: the voices rest and their channels fall silent (those an effect
; holds stay with it).
silenceMusic:
        lda #0
        sta sndTrack
        ldx #3
@voice: lda #REST
        sta vNote,x
        dex
        bpl @voice
; Every voice's channel silent unless an effect holds it; the next note or
; envelope step writes all its registers again.
holdChannels:
        ldx #3
@voice: lda #$FF
        sta vHi,x
        lda #1
        sta vRestore,x
        jsr heldByEffect
        bcs @next
        ldy regOffset,x
        lda silentCtrl,x
        sta $4000,y
        sta vCtrl,x
@next:  dex
        bpl @voice
        rts

; X = voice -> C set when an effect holds its channel. X kept.
heldByEffect:
        ldy voiceEffect,x
        bmi @free
        lda fxPtrHi,y
        beq @free
        sec
        rts
@free:  clc
        rts

; One frame of the tune's clock: at each tick, a voice whose note is over
; reads its next one.
musicTick:
        lda sndTrack
        beq @done
        dec sndFrames
        bne @done
        lda sndTempo
        sta sndFrames
        ldx #3
@voice: dec vTicks,x
        bne @next
        jsr readVoice
@next:  dex
        bpl @voice
@done:  rts

; X = voice: read commands up to its next note or rest.
readVoice:
        lda vPtrLo,x
        sta audioPtr
        lda vPtrHi,x
        sta audioPtr+1
        ldy #0
@byte:  lda (audioPtr),y
        iny
        cmp #LOOP
        beq @loop
        cmp #$C0
        bcs @instrument
        cmp #$80
        bcs @length
        sta vNote,x             ; a note (or REST)
        lda vLen,x
        sta vTicks,x
        lda #0
        sta vEnv,x
        lda #1
        sta vRestore,x
        tya
        clc
        adc audioPtr
        sta vPtrLo,x
        lda audioPtr+1
        adc #0
        sta vPtrHi,x
        rts
@length:
        and #$3F
        sta vLen,x
        jmp @byte
@instrument:
        and #$3F
        sta vInst,x
        jmp @byte
@loop:  lda vStartLo,x
        sta audioPtr
        lda vStartHi,x
        sta audioPtr+1
        ldy #0
        beq @byte

; The voices to their channels: volume every frame, the period when a note starts.
musicOut:
        lda sndTrack
        beq @done
        ldx #3
@voice: jsr heldByEffect
        bcs @next
        jsr voiceOut
@next:  dex
        bpl @voice
@done:  rts

voiceOut:
        lda vInst,x             ; the envelope's volume this frame
        asl
        asl
        asl
        asl
        ora vEnv,x
        tay
        lda instVolumes,y
        ldy vEnv,x
        cpy #15
        bcs @held
        inc vEnv,x
@held:  ldy vNote,x
        cpy #REST
        bne @sound
        lda #0
@sound: cpx #2
        bne @pulse
        cmp #1                  ; the triangle has no volume: on or off
        lda #$80
        bcc @ctrl
        lda #$FF
        bne @ctrl
@pulse: ldy vInst,x
        ora instDuty,y
@ctrl:  cmp vCtrl,x
        beq @period
        sta vCtrl,x
        ldy regOffset,x
        sta $4000,y
@period:
        lda vRestore,x
        beq @done
        lda #0
        sta vRestore,x
        lda vNote,x
        cmp #REST
        beq @done
        ldy regOffset,x
        cpx #3
        beq @noise
        stx sndVoice
        tax
        lda notePeriodLo,x
        sta $4002,y
        lda notePeriodHi,x
        ldx sndVoice
        cmp vHi,x
        beq @done
        sta vHi,x
        sta $4003,y
@done:  rts
@noise: sta $400E
        lda #$08
        sta $400F
        rts

; A = effect (1-12): it takes its channel unless a more important one plays.
startEffect:
        tay
        ldx fxChannel,y
        lda fxPtrHi,x
        beq @take
        lda fxPriority,y
        cmp fxPrio,x
        bcc @done
@take:  lda fxPriority,y
        sta fxPrio,x
        lda fxLo,y
        sta fxPtrLo,x
        lda fxHi,y
        sta fxPtrHi,x
        lda #0
        sta fxFrames,x
@done:  rts

effectsRun:
        ldx #1
@channel:
        lda fxPtrHi,x
        beq @next
        lda fxFrames,x
        bne @count
        jsr effectStep
@count: dec fxFrames,x
@next:  dex
        bpl @channel
        rts

; X = effect channel: its next step's three registers, or its end.
effectStep:
        lda fxPtrLo,x
        sta audioPtr
        lda fxPtrHi,x
        sta audioPtr+1
        ldy #0
        lda (audioPtr),y
        beq @end
        sta fxFrames,x
@read:  iny
        lda (audioPtr),y
        sta fxStep-1,y
        cpy #3
        bne @read
        ldy fxRegister,x
        lda fxStep
        sta $4000,y
        lda fxStep+1
        sta $4002,y
        lda fxStep+2
        sta $4003,y
        lda audioPtr
        clc
        adc #4
        sta fxPtrLo,x
        lda audioPtr+1
        adc #0
        sta fxPtrHi,x
        rts
@end:   sta fxPtrHi,x           ; (A = 0) the channel is the music's again
        ldy fxRegister,x
        lda #$30
        sta $4000,y
        ldy fxVoice,x
        lda #$FF
        sta vCtrl,y
        sta vHi,y
        lda #1
        sta vRestore,y
        rts
