; GetDiceRoll at $815C (seed 003): a table value to a dice pair through
; 7 * (v / 36) + v mod 36, then the 36-entry lookup table at $81CF.

Die1 = $46
Die2 = $47

        .org $815C
GetDiceRoll:
        LDA ReadyFlag
        BNE Return              ; not asked for: nothing to do
        JSR GetRandomVal
        LDY #$0
@div36:
        .assert * == $8166, "the mod-36 loop is at $8166"
        CMP #36
        BCC @split
        SBC #36
        INY
        BCS @div36              ; always: SBC left carry set
@split:
        .assert * == $816F, "the 7*Y+A transform is at $816F"
        STA $10                 ; A mod 36
        TYA
        STA $11                 ; A / 36 (0-4)
        ASL A
        ASL A
        ASL A
        SEC
        SBC $11                 ; 7 * Y
        CLC
        ADC $10
        CMP #36
        BCC @lookup
        SBC #36
@lookup:
        .assert * == $8183, "the table lookup is at $8183"
        TAY
        LDA DiceTable,Y
        PHA
        LSR A
        LSR A
        LSR A
        LSR A
        STA Die1                ; high nibble
        PLA
        AND #$F
        STA Die2                ; low nibble
        ; The listing elides the rest. Our choice: mark the roll as taken so
        ; the next frame does not roll again.
        LDA #1
        STA ReadyFlag
Return:
        RTS

        .org $81CF
DiceTable:
        .include "dice_table.inc"
