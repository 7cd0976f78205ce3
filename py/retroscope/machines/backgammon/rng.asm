; The dice RNG (seed 003): GetRandomVal $9C94, the 55-value init $9CAB and
; RndFunc $9CE7. Table at $0601-$0637, index at $0600, scratch $10/$11.

RngIndex = $0600
RngTable = $0601

        .org $9C94
GetRandomVal:
        INC RngIndex
        LDA RngIndex
        CMP #55                 ; printed "CMP $37": read as #$37 (55), the
        BCC NotOverflow         ; table's length; zero page $37 would be 0
        JSR RndFunc             ; after the reset clear and renew every call
        LDA #$0                 ; redundant: RndFunc left the index at 0
        STA RngIndex
NotOverflow:
        .assert * == $9CA6, "NotOverflow is at $9CA6"
        TAY
        LDA RngTable,Y
        RTS

InitTable:
        .assert * == $9CAB, "the table init is at $9CAB"
        LDA Seed
        AND #$1F
        STA $10
        STA RngTable+54         ; $0637: the loop below never writes index 54
        LDA #$1
        STA $11
        LDY #20                 ; first index; then +21 mod 55
        LDX #54                 ; DEX/BNE: 54 passes (indices 20, 41, ... not 54)
CreateValue:
        LDA $11
        STA RngTable,Y
        LDA $10
        SEC
        SBC $11
        BPL @kept               ; a sign test, not a modulo: only results with
        CLC                     ; bit 7 set get 180 added
        ADC #180
@kept:
        .assert * == $9CCC, "the init's store of mem11 is at $9CCC"
        STA $11
        LDA RngTable,Y
        STA $10
        TYA
        CLC
        ADC #21
        CMP #55
        BCC @wrapped
        SBC #55
@wrapped:
        .assert * == $9CDD, "the init's TAY is at $9CDD"
        TAY
        DEX
        BNE CreateValue
        JSR RndFunc
        JSR RndFunc
        ; falls into RndFunc for the third pass

; x[y] -= x[(y - 24) mod 55] for y = 0..54, in place; index back to 0.
RndFunc:
        .assert * == $9CE7, "RndFunc is at $9CE7"
        LDY #$0
@next:
        TYA
        STA $10
        CMP #24
        BCS @back24
        ADC #31                 ; y < 24: y + 31 = y - 24 + 55
        BCC @lagged
@back24:
        SBC #24
@lagged:
        .assert * == $9CF6, "RndFunc's TAY is at $9CF6"
        TAY
        LDA RngTable,Y
        STA $11
        LDY $10
        LDA RngTable,Y
        SEC
        SBC $11
        BCS @stored
        ADC #180                ; borrow: add 180 (carry is clear)
@stored:
        .assert * == $9D08, "RndFunc's store is at $9D08"
        STA RngTable,Y
        INY
        CPY #55
        BNE @next
        LDA #0
        STA RngIndex
        TAY
        LDA RngTable,Y
        RTS
