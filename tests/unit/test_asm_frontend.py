"""The ISA-independent front end: expressions, symbols, includes, listing,
assertions, and the syntax profiles later backends will plug into."""

from __future__ import annotations

import pytest

from retroscope.asm import AsmError, ListingRow, assemble
from retroscope.asm.errors import Problem
from retroscope.asm.expr import Env
from retroscope.asm.lexer import NAME, NUM, OP, STR, fields, tokenize
from retroscope.asm.source import make_loader
from retroscope.asm.syntax import MOS, TI_EA, ZILOG


@pytest.mark.parametrize(("expr", "value"), [
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("[1 + 2] * 3", 9),
    ("10 - 4 - 3", 3),
    ("100 / 7 / 2", 7),
    ("-7 / 2", -3),  # truncates toward zero
    ("1 << 4 + 1", 32),  # shifts bind looser than +
    ("$F0 | $0F & $3C", 0xFC),  # & before |
    ("$FF ^ $0F", 0xF0),
    ("~0", -1),
    ("-(-5)", 5),
    ("<$1234", 0x34),
    (">$1234", 0x12),
    ("<$1234 + 1", 0x35),  # < takes everything to its right
    ("2 + >$1234", 0x14),
    ("%1010_0", None),  # bad number: no digit separators
    ("'A' + 1", 0x42),
    ("3 > 2", 1),
    ("3 < 2", 0),
    ("2 == 2 && 1 != 2", 1),
    ("0 || 0", 0),
    ("!5", 0),
    ("3 <> 3", 0),
    ("$10 >> 2 <= 4", 1),
    ("*", 0x1000),
    ("* + 2 * 2", 0x1004),
    ("* * 2", 0x2000),
])
def test_expressions_evaluate_with_c_precedence(expr, value):
    source = f"  .org $1000\nx = {expr}\n"
    if value is None:
        with pytest.raises(AsmError):
            assemble(source, "6502")
    else:
        assert assemble(source, "6502").symbols["x"] == value


def test_local_labels_belong_to_the_previous_global_label():
    program = assemble("""
main:   nop
@loop:  bne @loop
sub:    nop
@loop:  bne @loop
        jmp main@loop       ; a local label is reachable by its full name
    """, "6502")
    assert program.symbols["main@loop"] == 1
    assert program.symbols["sub@loop"] == 4
    assert program.image()[-3:] == bytes([0x4C, 0x01, 0x00])


def test_constants_do_not_open_a_new_local_scope():
    program = assemble("g:\nk = 5\n@x: nop\n", "6502")
    assert "g@x" in program.symbols


def test_mnemonics_registers_and_directives_ignore_case_but_symbols_do_not():
    program = assemble(".ORG $10\nLoop: LDA ($20),Y\n .Byte 1\n JMP Loop\n", "6502")
    assert program.image() == bytes([0xB1, 0x20, 1, 0x4C, 0x10, 0x00])
    with pytest.raises(AsmError, match="undefined symbol 'loop'"):
        assemble("Loop: jmp loop\n", "6502")


def test_the_listing_has_every_line_with_its_address_and_bytes():
    source = "; header\n  .org $0200\nstart:  lda #1   ; load\n\n  .word start\n"
    program = assemble(source, "6502", filename="demo.asm")
    assert program.listing == [
        ListingRow(0x0000, b"", 1, "; header", "demo.asm"),
        ListingRow(0x0200, b"", 2, "  .org $0200", "demo.asm"),
        ListingRow(0x0200, b"\xA9\x01", 3, "start:  lda #1   ; load", "demo.asm", code=True),
        ListingRow(0x0202, b"", 4, "", "demo.asm"),
        ListingRow(0x0202, b"\x00\x02", 5, "  .word start", "demo.asm"),
        ListingRow(0x0204, b"", 6, "", "demo.asm"),
    ]
    assert "0200  A9 01" in program.listing_text()


def test_the_listing_is_a_source_map_both_ways():
    files = {"sub.asm": "sub:    inx\n        rts\n"}
    program = assemble("  .org $8000\n  jsr sub\n  .include \"sub.asm\"\n  brk\n", "6502",
                       include=files.__getitem__)
    row = program.row_at(0x8001)  # the middle of `jsr sub`
    assert (row.file, row.line, row.text) == ("<source>", 2, "  jsr sub")
    row = program.row_at(0x8004)
    assert (row.file, row.line, row.text) == ("sub.asm", 2, "        rts")
    assert program.row_at(0x9000) is None
    assert program.address_of(1, "sub.asm") == 0x8003
    assert program.address_of(4) == 0x8005
    assert program.address_of(1, "<source>") is None  # `.org` emits nothing


def test_includes_read_from_a_callable_a_folder_or_a_package(tmp_path, monkeypatch):
    package = tmp_path / "asmpkg"
    (package / "lib").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "lib" / "inc.asm").write_text('two = 2\n.include "lib/deeper.asm"\n')
    (package / "lib" / "deeper.asm").write_text("three = 3\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    source = '.include "lib/inc.asm"\n.byte two, three\n'
    for include in ("asmpkg", package, make_loader(package),
                    lambda name: (package / name).read_text()):
        program = assemble(source, "6502", include=include)
        assert program.image() == b"\x02\x03"
        assert [row.file for row in program.listing][:3] == \
            ["<source>", "lib/inc.asm", "lib/inc.asm"]


def test_an_include_loader_may_return_bytes():
    program = assemble('.include "a"\n', "6502", include=lambda name: b".byte 7\n")
    assert program.image() == b"\x07"


def test_end_stops_the_current_file_only():
    files = {"a.asm": ".byte 1\n.end\n.byte 2\n"}
    program = assemble('.include "a.asm"\n.byte 3\n.end\nthis is ignored\n', "6502",
                       include=files.__getitem__)
    assert program.image() == b"\x01\x03"


def test_assertions_see_forward_symbols_and_pass_silently():
    program = assemble('.assert end - start == 3, "size"\nstart: jmp start\nend:\n', "6502")
    assert program.image() == bytes([0x4C, 0, 0])


def test_a_failed_assertion_reports_its_message_and_line():
    with pytest.raises(AsmError) as info:
        assemble('nop\n.assert * == $10, "code moved"\n', "6502")
    assert (info.value.line, info.value.message) == (2, "assertion failed: code moved")


def test_each_call_starts_afresh():
    with pytest.raises(AsmError):
        assemble("x: nop\nx: nop\n", "6502")
    assert assemble("x: nop\n", "6502").symbols == {"x": 0}


# -- syntax profiles for the later backends ----------------------------------

def _spelled(text, syntax):
    return [(t.kind, t.value) for t in tokenize(text, syntax)]


def test_the_zilog_profile_lexes_z80_operands():
    assert _spelled("ld (ix+5),a ; c", ZILOG) == [
        (NAME, "ld"), (OP, "("), (NAME, "ix"), (OP, "+"), (NUM, 5), (OP, ")"), (OP, ","),
        (NAME, "a")]
    assert _spelled("ex af,af'", ZILOG) == [(NAME, "ex"), (NAME, "af"), (OP, ","),
                                            (NAME, "af'")]
    assert _spelled("$FF 0xFF 0FFh %1010 1010b 12 'c' $", ZILOG) == [
        (NUM, 255), (NUM, 255), (NUM, 255), (NUM, 10), (NUM, 10), (NUM, 12), (STR, "c"),
        (OP, "$")]


def test_the_ti_profile_splits_fields_and_keeps_quoted_spaces():
    line = "LOOP   MOV  @>8300(R1),R2   don't stop 'here"
    assert fields(line, TI_EA) == [(0, "LOOP"), (7, "MOV"), (12, "@>8300(R1),R2"),
                                   (28, "don't stop 'here")]
    assert fields("  TEXT 'A B' comment", TI_EA)[1] == (7, "'A B'")
    assert _spelled("@>8300(R1),'it''s'", TI_EA) == [
        (OP, "@"), (NUM, 0x8300), (OP, "("), (NAME, "R1"), (OP, ")"), (OP, ","),
        (STR, "it's")]


def test_the_mos_profile_refuses_characters_it_does_not_know():
    with pytest.raises(Problem):
        tokenize("lda {1}", MOS)


class ToyWordBackend:
    """A two-instruction, word-aligned, big-endian ISA in TI syntax, to prove
    the front end carries a field-based assembler: `NOP` and `B addr`."""

    isa = "toy"
    syntax = TI_EA
    word_order = "big"
    insn_align = 2
    data_align = 2

    def is_mnemonic(self, name):
        return name in ("nop", "b")

    def takes_operands(self, name):
        return name == "b"

    def parse(self, name, cur):
        if name == "nop":
            return (name, None)
        cur.expect("@")  # symbolic addressing
        return (name, cur.expr())

    def size(self, payload, env: Env):
        return 2 if payload[0] == "nop" else 4

    def encode(self, payload, env: Env):
        if payload[0] == "nop":
            return b"\x10\x00"
        return b"\x04\x60" + (payload[1].eval(env) & 0xFFFF).to_bytes(2, "big")


def test_a_field_syntax_backend_plugs_into_the_same_front_end():
    from retroscope.asm import assemble_with
    source = """\
* a comment line
       AORG >A000
START  B    @NEXT          jump over the byte
       BYTE 1
NEXT   NOP                 no operands: this is a comment
COUNT  EQU  3
WORDS  DATA START,COUNT,$  word-aligned, big-endian
       TEXT 'A B'
       EVEN
       DEF  START
       END
       this line is after END
"""
    program = assemble_with(ToyWordBackend(), source, 0, make_loader(None), "toy.a99")
    assert program.symbols == {"START": 0xA000, "NEXT": 0xA006, "COUNT": 3, "WORDS": 0xA008}
    assert program.chunks == [(0xA000, bytes([
        0x04, 0x60, 0xA0, 0x06,  # B @NEXT
        0x01,                    # BYTE 1
    ])), (0xA006, bytes([
        0x10, 0x00,              # NOP (aligned to $A006)
        0xA0, 0x00, 0x00, 0x03, 0xA0, 0x08,  # DATA START,COUNT,$ ($: the statement)
        0x41, 0x20, 0x42,        # TEXT 'A B'
    ]))]


def test_dummy_sections_and_block_ending_symbols_for_ti_sources():
    from retroscope.asm import assemble_with
    source = """\
       DORG >8300
WS     BSS  32             dummy section: addresses, no output
B1     BYTE 5
FLAG   BES  2              the label names the end of the block
       AORG >6000
       RORG
MAIN   B    @WS
"""
    program = assemble_with(ToyWordBackend(), source, 0, make_loader(None), "toy.a99")
    assert program.symbols == {"WS": 0x8300, "B1": 0x8320, "FLAG": 0x8323, "MAIN": 0x6000}
    assert program.chunks == [(0x6000, bytes([0x04, 0x60, 0x83, 0x00]))]  # B @WS


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_any_line_ending_and_a_byte_order_mark_are_accepted(newline):
    source = "\ufeff" + newline.join(["start: nop", "  jmp start", "  lda #1 2"])
    with pytest.raises(AsmError) as info:
        assemble(source, "6502")
    assert info.value.line == 3
    program = assemble(source.rsplit(newline, 1)[0], "6502")
    assert program.image() == bytes([0xEA, 0x4C, 0x00, 0x00])
    assert program.listing[1].text == "  jmp start"


def test_the_command_line_prints_a_listing_or_the_errors(tmp_path, capsys):
    from retroscope.asm.__main__ import main
    (tmp_path / "lib.asm").write_text("two = 2\n")
    (tmp_path / "main.asm").write_text('.include "lib.asm"\n  .org $0300\n  lda #two\n')
    assert main([str(tmp_path / "main.asm"), "--symbols"]) == 0
    out = capsys.readouterr().out
    assert "0300  A9 02" in out and "0002  two" in out
    (tmp_path / "bad.asm").write_text("  lda #two\n")
    assert main([str(tmp_path / "bad.asm")]) == 1
    assert "bad.asm:1: undefined symbol 'two'" in capsys.readouterr().err
