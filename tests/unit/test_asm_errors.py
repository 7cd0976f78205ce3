"""Every kind of bad source gives an AsmError naming the line and the problem."""

from __future__ import annotations

import pytest

from retroscope.asm import AsmError, assemble

# (what is wrong, source, line of the first error, words the message must contain)
CASES = [
    ("undefined symbol", "nop\nlda nowhere\n", 2, "undefined symbol 'nowhere'"),
    ("undefined local label", "g:\n bne @gone\n", 2, "undefined symbol 'g@gone'"),
    ("duplicate label", "x: nop\ny: nop\nx: nop\n", 3, "'x' is already defined (at line 1)"),
    ("label clashing with a constant", "k = 1\nk: nop\n", 2, "already defined"),
    ("branch too far forward", "bne far\n.res 200\nfar: rts\n", 1, "out of range (+200"),
    ("branch too far back", "back: .res 130\n beq back\n", 2, "out of range (-132"),
    ("immediate too large", "\n lda #256\n", 2, "256 does not fit in a byte"),
    ("immediate too negative", "lda #-129\n", 1, "does not fit in a byte"),
    ("address too large", "lda $10000\n", 1, "does not fit the absolute mode"),
    ("negative address", "lda -1\n", 1, "does not fit the absolute mode"),
    ("forced zero page too large", "lda.b $1234\n", 1, "not in zero page"),
    ("indirect pointer not in zero page", "lda ($1234),y\n", 1, "not in zero page"),
    ("stx has no absolute,Y", "stx $1234,y\n", 1, "not in zero page"),
    ("byte too large", ".byte 1, 300\n", 1, "300 does not fit in a byte"),
    ("word too large", ".word $10000\n", 1, "does not fit in 2 bytes"),
    ("unknown mnemonic", "nop\n  lxx #1\n", 2, "unknown mnemonic 'lxx'"),
    ("label without colon", "start\n", 1, "unknown mnemonic 'start' (a label needs a colon)"),
    ("unknown directive", ".bogus 1\n", 1, "unknown directive '.bogus'"),
    ("no such mode", "sta #1\n", 1, "sta has no immediate (#) mode"),
    ("no accumulator form", "lda a\n", 1, "lda has no accumulator (A) mode"),
    ("no (zp),X", "lda ($10),x\n", 1, "no (zp),X mode"),
    ("jmp (zp,x) is 65C02", "jmp ($10,x)\n", 1, "jmp has no (zp,X) mode"),
    ("missing operand", "lda\n", 1, "lda has no accumulator (A) mode"),
    ("implied with operand", "rts $10\n", 1, "rts has no absolute mode"),
    ("bad index register", "lda $10,z\n", 1, "expected X or Y"),
    ("force on a branch", "bne.w *\n", 1, "'.w' does not apply to bne"),
    ("bad number", "lda #$12G\n", 1, "bad number '$12G'"),
    ("decimal too long", "lda #" + "9" * 30 + "\n", 1, "too long"),
    ("hex too large", "lda #$1" + "0" * 17 + "\n", 1, "too large"),
    ("unterminated string", '.byte "abc\n', 1, "has no closing"),
    ("unknown escape", '.byte "\\q"\n', 1, "unknown escape"),
    ("wide character", '.byte "\u20ac"\n', 1, "does not fit in a byte"),
    ("multi-character char", "lda #'ab'\n", 1, "not a single character"),
    ("stray character", "lda #1 ?\n", 1, "unexpected character '?'"),
    ("trailing junk", "lda #1 2\n", 1, "unexpected '2' in column 8"),
    ("unbalanced parenthesis", "lda (1+2\n", 1, "expected ')'"),
    ("division by zero", "x = 1 / (2 - 2)\n", 1, "division by zero"),
    ("shift too far", "x = 1 << 99\n", 1, "shift count 99"),
    ("64-bit overflow", "x = $FFFFFFFF * $FFFFFFFF * 4\n", 1, "64 bits"),
    ("deep nesting", "x = " + "(" * 100 + "1" + ")" * 100 + "\n", 1, "nested too deeply"),
    ("long chain", "x = 1" + "+1" * 100 + "\n", 1, "too long"),
    ("org out of range", ".org $10000\n", 1, "outside $0000-$FFFF"),
    ("output past $FFFF", ".org $FFFE\n jmp $1234\n", 2, "past the end of the address space"),
    ("reserve past $FFFF", ".org $FFF0\n .res $20\n", 2, "past the end"),
    ("negative reserve", ".res -1\n", 1, "negative"),
    ("overlapping output", ".org $10\n.byte 1,2\n.org $11\n.byte 3\n", 4, "overlaps bytes"),
    ("assertion", "x = 2\n.assert x == 3, \"x must be 3\"\n", 2, "assertion failed: x must be 3"),
    ("assertion without message", ".assert 0\n", 1, "assertion failed"),
    ("equ without a name", " .equ 5\n", 1, "needs a name"),
    ("include without a loader", '.include "x.asm"\n', 1, "no include source"),
    ("include name not quoted", ".include x\n", 1, "quoted file name"),
    ("self-referencing constant", "x = x + 1\n", 1, "undefined symbol 'x'"),
    ("never settles", " lda v\nend:\nv = 512 - end * 128\n", 2, "did not settle"),
]


@pytest.mark.parametrize(("source", "line", "words"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_source_names_the_line_and_the_problem(source, line, words):
    with pytest.raises(AsmError) as info:
        assemble(source, "6502")
    assert info.value.line == line, str(info.value)
    assert words in info.value.message, str(info.value)
    assert f"<source>:{line}: " in str(info.value) or line == 0


def test_all_errors_are_reported_at_once_and_the_first_is_the_line():
    with pytest.raises(AsmError) as info:
        assemble("nop\nfoo #1\nlda #$1Q\nbar\n", "6502")
    error = info.value
    assert error.line == 2
    assert [e.line for e in error.errors] == [2, 3, 4]
    text = str(error)
    assert "<source>:2: unknown mnemonic 'foo'" in text
    assert "<source>:3: bad number" in text and "<source>:4:" in text


def test_errors_found_while_laying_out_are_all_collected_too():
    with pytest.raises(AsmError) as info:
        assemble("lda #300\nlda missing\nbne far\n.res 300\nfar:\n", "6502")
    assert [e.line for e in info.value.errors] == [1, 2, 3]


def test_the_error_list_is_bounded_but_counts_the_rest():
    with pytest.raises(AsmError) as info:
        assemble("bad\n" * 100, "6502")
    assert len(info.value.errors) == 100
    assert "and 60 more errors" in str(info.value)


def test_errors_in_an_included_file_name_that_file():
    sources = {"inner.asm": "nop\n  lda #999\n"}
    with pytest.raises(AsmError) as info:
        assemble('.include "inner.asm"\n', "6502", include=sources.__getitem__)
    assert (info.value.file, info.value.line) == ("inner.asm", 2)
    assert str(info.value).startswith("inner.asm:2: ")


@pytest.mark.parametrize(("files", "words"), [
    ({}, "cannot include 'missing.asm'"),
    ({"missing.asm": '.include "missing.asm"\n'}, "includes itself"),
])
def test_broken_includes_are_reported_on_the_include_line(files, words):
    with pytest.raises(AsmError) as info:
        assemble('nop\n.include "missing.asm"\n', "6502", include=files.__getitem__)
    assert words in info.value.message
    assert info.value.line in (1, 2)


@pytest.mark.parametrize("name", ["../secret.asm", "/etc/passwd", "a//b.asm", "c:/x.asm", ""])
def test_include_names_cannot_leave_their_folder(name):
    with pytest.raises(AsmError, match="relative path"):
        assemble(f'.include "{name}"\n', "6502", include=lambda n: "nop")


@pytest.mark.parametrize(("isa", "words"), [
    ("z80", "not available yet"), ("tms9900", "not available yet"), ("6809", "unknown isa"),
    (None, "unknown isa"),
])
def test_an_isa_without_a_backend_is_an_asm_error(isa, words, monkeypatch):
    from retroscope.asm import backend
    if isa in backend.ISAS:  # pretend its backend is not written yet
        monkeypatch.setitem(backend.ISAS, isa, ".isa_not_written")
    with pytest.raises(AsmError, match=words) as info:
        assemble("nop\n", isa)
    assert info.value.line == 0
