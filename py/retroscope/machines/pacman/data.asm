; Tables in ROM. levels.inc is made from model.py (one source for the
; level tables, the corners and the no-up tiles).
        org $3000
        include "levels.inc"

startTable:                     ; X, Y, direction, state, id
        db 128, 196, LEFT, 0, 0                 ; Pac-Man, below the house
        db HOME_X, DOOR_Y, LEFT, GS_ACTIVE, 0   ; Blinky, above the door
        db HOME_X, HOUSE_Y, DOWN, GS_HOUSE, 1   ; Pinky, inside
        db 112, HOUSE_Y, UP, GS_HOUSE, 2        ; Inky, on the left
        db 144, HOUSE_Y, UP, GS_HOUSE, 3        ; Clyde, on the right

livesTable:
        db 1, 2, 3, 5                   ; DSW1 bits 2-3
bonusTable:                             ; DSW1 bits 4-5: the score for a life
        db $00, $01, $50, $01, $00, $02 ; 10000, 15000, 20000 (BCD)
points10:
        db $10, $00
points50:
        db $50, $00
ghostPoints:
        db $00, $02, $00, $04, $00, $08, $00, $16
globalLimits:                   ; Pinky, Inky, Clyde (Dossier: the global dot counter)
        db 7, 17, 32
pacSideways:
        db 0, 1, 2, 1
pacUpDown:
        db 0, 3, 4, 3

txtHeader:
        db 3, 0, 20, "1UP", 0
        db 9, 0, 20, "HIGH SCORE", 0
txtCredit:
        db 2, 35, 20, "CREDIT", 0
; READY! and GAME  OVER: in the maze's row below the house (screen row 20), as
; the arcade game shows them.
txtReady:
        db 11, 20, 21, "READY!", 0
txtGameOver:
        db 9, 20, 22, "GAME  OVER", 0
txtInsertCoin:
        db 8, 28, 20, "INSERT COIN", 0
txtPushStart:
        db 8, 28, 20, "PUSH START ", 0
titleStrings:
        db 9, 4, 21, "RETROSCOPE", 0
        db 8, 8, 22, "BLINKY  CHASES", 0
        db 8, 11, 29, "PINKY   AMBUSHES", 0
        db 8, 14, 28, "INKY    FLANKS", 0
        db 8, 17, 30, "CLYDE   WANDERS", 0
        db 9, 22, 23, TILE_PELLET, " 10 PTS", 0
        db 9, 24, 23, TILE_ENERGIZER, " 50 PTS", 0
        db $FF

        org VECTORS
        dw vblank
