; Our sound engine for the Namco WSG: three voices kept in RAM, worked out
; once a frame by soundTick and written to the chip by soundOut at the top
; of the next vertical blank (a burst of 19 writes, so they land together).
;   voice 1: effects (waka, fruit, ghost eaten, death) and the tune's melody
;   voice 2: the siren, frightened burble, eyes going home
;   voice 3: the tune's bass
; The pitches, effects and tune are in sound.inc (made by sounds.py).

SOUND_REGS      equ $5040
SOUND_ENABLE    equ $5001

sndVoices       equ $4F00       ; 3 x 4: frequency (bits 4-19), volume, waveform
V_FREQ          equ 0
V_VOL           equ 2
V_WAVE          equ 3
sndV1           equ $4F00
sndV2           equ $4F04
sndV3           equ $4F08
sndFx           equ $4F0C       ; 2: voice 1's effect segment (0: none)
sndFxLeft       equ $4F0E       ; frames left in the segment
sndFxPrio       equ $4F0F       ; the playing effect's priority
sndWaka         equ $4F10       ; which half of the waka comes next
sndMelody       equ $4F11       ; 2: the tune's melody pointer (0: no tune)
sndMelodyLeft   equ $4F13
sndBass         equ $4F14       ; 2
sndBassLeft     equ $4F16
sndPhase        equ $4F17       ; voice 2's frame counter

        include "sound.inc"

; Write the three voices to the WSG: frequency nibbles and volumes at
; $5050-$505F in one run, then the waveforms.
soundOut:
        ld hl,SOUND_REGS+$10
        ld (hl),0               ; voice 1's frequency bits 0-3
        inc l
        ld de,sndVoices
        ld b,3
.voice: ld a,(de)               ; the chip keeps the low nibble of each write
        ld (hl),a
        inc l
        rrca
        rrca
        rrca
        rrca
        ld (hl),a
        inc l
        inc de
        ld a,(de)
        ld (hl),a
        inc l
        rrca
        rrca
        rrca
        rrca
        ld (hl),a
        inc l
        inc de
        ld a,(de)               ; the volume
        ld (hl),a
        inc l
        inc de
        inc de                  ; (the waveform: below)
        djnz .voice
        ld a,(sndV1+V_WAVE)
        ld (SOUND_REGS+$05),a
        ld a,(sndV2+V_WAVE)
        ld (SOUND_REGS+$0A),a
        ld a,(sndV3+V_WAVE)
        ld (SOUND_REGS+$0F),a
        ret

; The next frame's voices from the game's state.
soundTick:
        ld a,(demo)             ; the demonstration and the title are silent
        or a
        jr nz,soundMute
        ld a,(gameState)
        or a                    ; ST_ATTRACT
        jr z,soundMute
        call fxStep
        call tuneStep
        jp voice2Step

soundMute:
        xor a
        ld (sndV1+V_VOL),a
        ld (sndV2+V_VOL),a
        ld (sndV3+V_VOL),a
        ld h,a
        ld l,a
        ld (sndFx),hl
        ld (sndMelody),hl
        ld (sndBass),hl
        ret

; Start effect HL with priority A, unless a stronger one is playing.
playFx: ld b,a
        ld de,(sndFx)
        ld a,d
        or e
        jr z,.go
        ld a,(sndFxPrio)
        cp b
        ret z                   ; the same effect again: a new start
        jr c,.go
        ret
.go:    ld (sndFx),hl
        xor a
        ld (sndFxLeft),a
        ld a,b
        ld (sndFxPrio),a
        ret

; The game's events. Each keeps the game's registers but AF.
sndDot: push bc
        push de
        push hl
        ld a,(sndWaka)
        xor 1
        ld (sndWaka),a
        ld hl,fx_wakaA
        jr z,.play
        ld hl,fx_wakaB
.play:  ld a,1
        call playFx
        jr sndPop

sndFruit:
        push bc
        push de
        push hl
        ld hl,fx_fruit
        ld a,2
        call playFx
        jr sndPop

sndGhost:
        push bc
        push de
        push hl
        ld hl,fx_ghost
        ld a,3
        call playFx
        jr sndPop

sndDeath:
        push bc
        push de
        push hl
        ld hl,fx_death
        ld a,4
        call playFx
sndPop: pop hl
        pop de
        pop bc
        ret

sndTune:
        push hl
        ld hl,tuneMelody
        ld (sndMelody),hl
        ld hl,tuneBass
        ld (sndBass),hl
        xor a
        ld (sndMelodyLeft),a
        ld (sndBassLeft),a
        pop hl
        ret

; Voice 1's effect: a segment is frames, start, step (words), volume, waveform.
fxStep: ld hl,(sndFx)
        ld a,h
        or l
        ret z
        ld a,(sndFxLeft)
        or a
        jr nz,.run
        ld a,(hl)               ; a new segment
        or a
        jr z,.end
        ld (sndFxLeft),a
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld (sndV1+V_FREQ),de
        inc hl
        inc hl
        inc hl
        ld a,(hl)
        ld (sndV1+V_VOL),a
        inc hl
        ld a,(hl)
        ld (sndV1+V_WAVE),a
        jr .count
.run:   inc hl                  ; frequency += step
        inc hl
        inc hl
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld hl,(sndV1+V_FREQ)
        add hl,de
        ld (sndV1+V_FREQ),hl
.count: ld hl,sndFxLeft
        dec (hl)
        ret nz
        ld hl,(sndFx)           ; the segment is over: the next one
        ld de,7
        add hl,de
        ld (sndFx),hl
        ret
.end:   ld hl,0
        ld (sndFx),hl
        xor a
        ld (sndV1+V_VOL),a
        ret

; The tune: the melody on voice 1 (when no effect plays), the bass on voice 3.
tuneStep:
        ld hl,(sndMelody)
        ld a,h
        or l
        ret z
        ld ix,sndV1
        ld a,(sndFx+1)          ; an effect has voice 1 (effects live above $00FF)
        or a
        jr z,.melody
        ld ix,sndScratch        ; the melody goes on, unheard
.melody:
        ld de,sndMelodyLeft
        ld c,14
        call noteStep
        ld (sndMelody),hl
        ld hl,(sndBass)
        ld ix,sndV3
        ld de,sndBassLeft
        ld c,12
        call noteStep
        ld (sndBass),hl
        ret

; One voice of the tune: HL its pointer, DE its frames-left byte, IX the
; voice, C the starting volume. Returns the pointer (0 at the end).
noteStep:
        ld a,(de)
        or a
        jr nz,.held
        ld a,(hl)               ; the next note
        cp $FF
        jr z,.done
        inc hl
        ld b,a
        ld a,(hl)
        inc hl
        ld (de),a
        ld (ix+V_WAVE),5        ; organ
        ld a,b
        or a
        jr z,.rest
        ld (ix+V_VOL),c
        push hl
        add a,a                 ; noteTable[n - 1]
        ld l,a
        ld h,0
        ld bc,noteTable-2
        add hl,bc
        ld a,(hl)
        ld (ix+V_FREQ),a
        inc hl
        ld a,(hl)
        ld (ix+V_FREQ+1),a
        pop hl
        jr .count
.rest:  ld (ix+V_VOL),0
        jr .count
.held:  and 3                   ; a little decay every 4 frames, to 6
        jr nz,.count
        ld a,(ix+V_VOL)
        cp 7
        jr c,.count
        dec (ix+V_VOL)
.count: ld a,(de)
        dec a
        ld (de),a
        ret
.done:  ld (ix+V_VOL),0
        ld hl,0
        ret

; Voice 2: eyes going home, else frightened, else the siren; only in play.
voice2Step:
        ld hl,sndPhase
        inc (hl)
        ld a,(gameState)
        cp ST_PLAY
        jr z,.play
        xor a
        ld (sndV2+V_VOL),a
        ret
.play:  ld ix,BLINKY            ; any eyes?
        ld b,4
        ld de,16
.eyes:  ld a,(ix+A_STATE)
        cp GS_EYES
        jr nc,.home
        add ix,de
        djnz .eyes
        ld hl,(frightTimer)
        ld a,h
        or l
        jr nz,.fright
        ld a,(sndPhase)         ; the siren: a 32-frame wobble over a base
        and $1F                 ; that rises with each dot eaten
        cp 16
        jr c,.up
        cpl
        and $1F
.up:    add a,a                 ; 0..15..0: sirenWobble's word
        ld e,a
        ld d,0
        ld hl,sirenWobble
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ld a,(dotsEaten)
        ld l,a
        ld h,0
        add hl,de
        ld de,SIREN_BASE
        add hl,de
        ld a,8
        ld c,0                  ; sine
        jr .set
.fright:
        ld hl,frightRamp
        ld a,9
        ld c,6                  ; octave sine
        jr .ramp
.home:  ld hl,eyesRamp
        ld a,7
        ld c,1                  ; triangle
.ramp:  ld b,a                  ; HL = the ramp's word for phase & 7
        ld a,(sndPhase)
        and 7
        add a,a
        ld e,a
        ld d,0
        add hl,de
        ld e,(hl)
        inc hl
        ld d,(hl)
        ex de,hl
        ld a,b
.set:   ld (sndV2+V_FREQ),hl
        ld (sndV2+V_VOL),a
        ld a,c
        ld (sndV2+V_WAVE),a
        ret

sndScratch      equ $4F18       ; 4: where the melody plays while an effect has voice 1
