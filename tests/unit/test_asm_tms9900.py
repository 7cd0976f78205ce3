"""The TMS9900 assembler backend: TI Editor/Assembler syntax, every instruction
form round-tripped through the disassembler, errors with their lines, and the
map-processing listing of seed 000 as printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from retroscope.asm import AsmError, assemble
from retroscope.benchmarks import tms9900 as bench
from retroscope.cpu import TMS9900
from retroscope.cpu import isa9900 as isa
from retroscope.cpu.dis9900 import Count, disassemble
from retroscope.machines.ti99.memory import WAIT_STATES

DATA = Path(__file__).parent / "data"


def words_of(source: str, origin: int = 0) -> list[int]:
    program = assemble(source, "tms9900", origin=origin)
    data = b"".join(chunk for _, chunk in program.chunks)
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


# -- syntax ---------------------------------------------------------------------
def test_labels_start_in_column_one_and_comments_follow_the_operands() -> None:
    source = """\
* a comment line
START  LI   R1,>1234     load R1 (this is comment)
LOOP   DEC  R1           count down
       JNE  LOOP         and again
"""
    program = assemble(source, "tms9900", origin=0x6000)
    assert program.symbols == {"START": 0x6000, "LOOP": 0x6004}
    assert words_of(source) == [0x0201, 0x1234, 0x0601, 0x16FE]


def test_every_addressing_mode_encodes_as_the_data_manual_says() -> None:
    assert words_of("""\
       MOV  R1,R2
       MOV  *R1,*R2
       MOV  *R1+,*R2+
       MOV  @>1234,@>5678
       MOV  @>1234(R3),@>5678(R4)
       MOVB @TBL(R5),R6
TBL    EQU  >2000
""") == [0xC081, 0xC491, 0xCCB1, 0xC820, 0x1234, 0x5678,
         0xC923, 0x1234, 0x5678, 0xD1A5, 0x2000]


def test_registers_may_be_plain_numbers_or_symbols() -> None:
    assert words_of("CNT EQU 5\n MOV 1,2\n MOV CNT,*CNT+") == [0xC081, 0xCD45]


def test_hex_with_greater_than_and_dollar_as_the_current_address() -> None:
    assert words_of(" JMP $\n LI R0,>FF\n DATA $", origin=0x100) == [
        0x10FF, 0x0200, 0x00FF, 0x0106]


def test_data_byte_text_bss_bes_even_and_their_alignment() -> None:
    program = assemble("""\
       AORG >A000
B1     BYTE 1,-1
W1     DATA >1234
T1     TEXT 'HI!'
       EVEN
BUF    BSS  3
       EVEN
TOP    BES  4
AFTER  DATA TOP
""", "tms9900")
    s = program.symbols
    assert (s["B1"], s["W1"], s["T1"], s["BUF"]) == (0xA000, 0xA002, 0xA004, 0xA008)
    assert s["TOP"] == 0xA010 and s["AFTER"] == 0xA010  # BES labels the block's end
    data = dict(program.chunks)
    assert data[0xA000][:7] == b"\x01\xff\x12\x34HI!"


def test_dorg_defines_labels_without_emitting_and_rorg_continues() -> None:
    program = assemble("""\
       DORG >8300
WS     BSS  32
FLAG   BSS  2
       RORG
       AORG >6000
       LWPI WS
       CLR  @FLAG
       DEF  WS
       REF  VDPWA
       END
       THIS IS NOT ASSEMBLED
""", "tms9900")
    assert program.symbols["FLAG"] == 0x8320
    assert program.chunks == [(0x6000, bytes.fromhex("02e0830004e08320"))]


def test_rt_and_nop_are_the_editor_assembler_pseudo_instructions() -> None:
    assert words_of(" RT\n NOP") == [0x045B, 0x1000]


def test_a_flush_left_mnemonic_is_not_a_label_unless_a_mnemonic_follows() -> None:
    program = assemble("MOV @X,R1 comment\nX BSS 2\nRT\nB @X\n", "tms9900")
    assert program.symbols == {"X": 4}
    assert words_of("MOV @X,R1 comment\nX BSS 2\nRT\nB @X\n") == [
        0xC060, 0x0004, 0x045B, 0x0460, 0x0004]  # BSS skips, emits nothing


def test_the_listing_gives_each_line_its_address_and_bytes() -> None:
    program = assemble("       AORG >A000\nL      LI R1,3\n* note\n       JMP L\n", "tms9900")
    rows = [(r.address, r.data.hex(), r.line) for r in program.listing]
    assert rows == [(0xA000, "", 1), (0xA000, "02010003", 2), (0xA004, "", 3),
                    (0xA004, "10fd", 4), (0xA006, "", 5)]


# -- errors ---------------------------------------------------------------------
@pytest.mark.parametrize(("source", "line", "message"), [
    ("* COCB does not exist\n COCB R1,R2", 2, "unknown mnemonic 'COCB'"),
    (" COC @A,@B\nA DATA 1\nB DATA 2", 1, "workspace register"),
    (" MOV R16,R1", 1, "R16 is not a register"),
    (" MOV R1,@>10(R0)", 1, "R0 cannot be an index register"),
    ("L JMP L+300", 1, "out of range"),
    (" JMP >1001", 1, "odd address"),
    (" SLA R1,16", 1, "shift count 16"),
    (" LDCR R1,17", 1, "bit count 17"),
    (" XOP R1,16", 1, "XOP number 16"),
    (" SBO 128", 1, "CRU bit displacement 128"),
    (" LI R1,>10000", 1, "out of range"),
    (" MOV R1", 1, "expected ','"),
    (" DATA 1\nA BYTE 300", 2, "does not fit in a byte"),
    ("A DATA 1\nA DATA 2", 2, "'A' is already defined"),
    (" B @NOWHERE", 1, "undefined symbol 'NOWHERE'"),
])
def test_bad_source_reports_the_line_and_the_reason(source: str, line: int,
                                                    message: str) -> None:
    with pytest.raises(AsmError) as info:
        assemble(source, "tms9900")
    assert info.value.line == line and message in info.value.message


# -- round trip -------------------------------------------------------------------
GENERAL = ("R3", "*R4", "*R5+", "@>1234", "@>1234(R6)")


def every_form() -> list[tuple[str, str]]:
    """(label, text): one line per instruction and operand-mode combination.
    Jumps carry a label of their own to jump to, as the range is short."""
    lines: list[tuple[str, str]] = []
    for op in isa.OPS:
        name, fmt = op.mnemonic, op.fmt
        if fmt == isa.TWO:
            lines += [("", f"{name} {s},{d}") for s in GENERAL for d in GENERAL]
        elif fmt == isa.JUMP:
            lines.append((f"J{name}", f"{name} J{name}"))
        elif fmt == isa.CRUBIT:
            lines += [("", f"{name} {v}") for v in (0, 127, -128, -1)]
        elif fmt == isa.REGSRC:
            lines += [("", f"{name} {s},R{n}") for s in GENERAL for n in (0, 15)]
        elif fmt == isa.XOPF:
            lines += [("", f"{name} {s},{n}") for s in GENERAL for n in (0, 15)]
        elif fmt == isa.CRU:
            lines += [("", f"{name} {s},{n}") for s in GENERAL for n in (1, 8, 9, 16)]
        elif fmt == isa.SHIFT:
            lines += [("", f"{name} R{r},{n}") for r in (0, 15) for n in (0, 1, 15)]
        elif fmt == isa.ONE:
            lines += [("", f"{name} {s}") for s in GENERAL]
        elif fmt == isa.IMM:
            lines += [("", f"{name} R{r},>{v:04X}") for r in (0, 15) for v in (0, 0x8001)]
        elif fmt == isa.REG:
            lines += [("", f"{name} R{r}") for r in (0, 15)]
        elif name == "LWPI":
            lines += [("", f"{name} >{v:04X}") for v in (0, 0x83E0)]
        elif fmt == isa.IMMONLY:
            lines += [("", f"{name} {v}") for v in (0, 15)]
        else:
            lines.append(("", name))
    return lines


def test_every_instruction_form_disassembles_back_to_its_source() -> None:
    forms = every_form()
    source = "       AORG >A000\n" + "".join(f"{label:<7}{text}\n" for label, text in forms)
    program = assemble(source, "tms9900")
    image = bytearray(0x10000)
    for address, data in program.chunks:
        image[address:address + len(data)] = data
    lines = disassemble(image.__getitem__, 0xA000, Count(len(forms)),
                        symbols=program.symbols)
    assert {op.mnemonic for op in isa.OPS} == {line.mnemonic for line in lines}
    for (label, text), line in zip(forms, lines, strict=True):
        assert " ".join(line.text.split()) == text
        assert (line.label or "") == label
    again = assemble("       AORG >A000\n" + "".join(
        f"{line.label or '':<7}{line.text}\n" for line in lines), "tms9900")
    assert again.chunks == program.chunks


def test_the_benchmark_program_assembles_to_its_hand_assembled_words() -> None:
    program = assemble(bench.SOURCE, "tms9900")
    image = bench.image()
    for address, data in program.chunks:
        assert bytes(image[address:address + len(data)]) == data


# -- seed 000 ---------------------------------------------------------------------
# What the listing uses but does not define, at addresses of our choosing.
SEED_SYMBOLS = """\
MAPBUF EQU >2000        map buffer, >2000->2FFF (the article's lower 8K)
MOBBUF EQU >3000        64 mob records of 8 bytes
WORK   EQU >3200        2 x 169 work maps, then the LOS path stack at WORK+338
TILES  EQU >3400        tile statistics, one byte per tile code
STATE  EQU >3480        game state bytes STATE+0..STATE+18
SUBRET EQU >A000        where the map processing returns to
ZERO   DATA 0
ZER0   EQU ZERO         spelled with a digit once in the listing (at BM35)
W1     DATA 1
W6     DATA 6
W8     DATA 8
W13    DATA 13
B1     BYTE 1
B128   BYTE >80
B247   BYTE 247
SPACE  BYTE >20
       EVEN
"""


def seed_listing() -> str:
    return (DATA / "seed000_listing.asm").read_text()


def without_reprint(listing: str) -> str:
    """The listing with the second DIRX/DIRY pair (reprinted before the LOS
    stage, already defined in stage 1) left out."""
    seen: set[str] = set()
    kept = []
    for line in listing.splitlines():
        name = line.split(" ")[0]
        if name in ("DIRX", "DIRY"):
            if name in seen:
                continue
            seen.add(name)
        kept.append(line)
    return "\n".join(kept) + "\n"


def test_the_seed_listing_as_printed_fails_only_on_its_reprinted_dirx_and_diry() -> None:
    listing = seed_listing()
    lines = listing.splitlines()
    repeats = [i for i, line in enumerate(lines, 1) if line.split(" ")[0] in ("DIRX", "DIRY")]
    with pytest.raises(AsmError) as info:
        assemble(SEED_SYMBOLS + listing, "tms9900", origin=0xA100)
    offset = SEED_SYMBOLS.count("\n")
    assert [(e.line - offset, e.message) for e in info.value.errors] == [
        (repeats[2], f"'DIRX' is already defined (at line {repeats[0] + offset})"),
        (repeats[3], f"'DIRY' is already defined (at line {repeats[1] + offset})"),
    ]


def test_the_seed_listing_assembles_once_its_symbols_are_given() -> None:
    source = SEED_SYMBOLS + without_reprint(seed_listing())
    program = assemble(source, "tms9900", origin=0xA100)
    s = program.symbols
    by_text = {}  # "MNEMONIC OPERANDS" (label and comment dropped) -> listing row
    for row in program.listing:
        words = row.text.split()
        if row.data and words:
            if words[0] in s:
                words = words[1:]
            by_text[" ".join(words[:2])] = row
    # Instructions of every stage, hand-encoded from the data manual.
    expect = {
        "MOV @Y,R1": [0xC060, s["Y"]],
        "SRL R6,7": [0x0976],
        "MOV @DIRY(R6),R8": [0xC226, s["DIRY"]],
        "MPY @HWIDTH,R6": [0x39A0, s["HWIDTH"]],
        "MOVB @MAPBUF(R7),R9": [0xD267, 0x2000],
        "SOCB @B128,@WORK(R5)": [0xF960, s["B128"], 0x3200],
        "MOVB @MOBBUF(R1),@MOBBUF(R1)": [0xD861, 0x3000, 0x3000],
        "SLA R5,5": [0x0A55],
        "COC @W1,R1": [0x2060, s["W1"]],
        "SB @STATE+9,R2": [0x70A0, 0x3489],
        "MOV R5,*R9+": [0xCE45],
        "LI R9,WORK+338": [0x0209, 0x3352],
        "RT": [0x045B],
        "CI R2,-1": [0x0282, 0xFFFF],
        "B @SUBRET": [0x0460, 0xA000],
    }
    for text, words in expect.items():
        row = by_text[text]
        assert row.data == b"".join(w.to_bytes(2, "big") for w in words), text
    # Every line of code produced bytes; the jumps all reached.
    code = [r for r in program.listing if r.text and r.text[0] != "*"
            and not {"BSS", "EQU", "EVEN"} & set(r.text.split()[:2])]
    listed = [line for line in without_reprint(seed_listing()).splitlines()
              if line and line[0] != "*" and "BSS" not in line.split()[:2]]
    given = [line for line in SEED_SYMBOLS.splitlines() if {"DATA", "BYTE"} & set(line.split())]
    assert len(code) == len(listed) + len(given) and all(r.data for r in code)
    assert s["DIRX"] < s["BM1"] < s["LGT1"] < s["LOS"] < s["POSCLC"] < s["PCMEND"]


# -- seed 000: two stages of the listing, run on the core ----------------------------
def seed_machine() -> tuple[TMS9900, dict[str, int], dict[str, int]]:
    """The assembled listing in a TI-99/4A-timed core; rows: source text -> address."""
    program = assemble(SEED_SYMBOLS + without_reprint(seed_listing()), "tms9900",
                       origin=0xA100)
    cpu = TMS9900(wait_states=WAIT_STATES)
    program.load_into(cpu.bus)
    cpu.wp = 0x8300
    rows = {}
    for row in program.listing:
        if row.data:
            rows.setdefault(" ".join(row.text.split()[:3]), row.address)
    return cpu, program.symbols, rows


def run_until(cpu: TMS9900, stops: set[int], limit: int = 500_000) -> None:
    for _ in range(limit):
        if cpu.pc in stops:
            return
        cpu.step()
    raise AssertionError(f"no stop reached (PC >{cpu.pc:04X})")


def light_mask() -> list[int]:
    """The LIGHT table's 169 nibbles, read from the seed's DATA lines."""
    lines = seed_listing().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("LIGHT DATA"))
    hex_words = []
    for line in lines[start:start + 11]:
        field = line.split()[2] if line.startswith("LIGHT") else line.split()[1]
        hex_words += [w.lstrip(">") for w in field.split(",")]
    nibbles = [int(ch, 16) for word in hex_words for ch in word]
    return nibbles[:169]


@pytest.mark.parametrize("player_light", [1, 3, 6])
def test_the_seed_lighting_stage_marks_what_the_light_mask_reaches(player_light: int) -> None:
    cpu, s, rows = seed_machine()
    work, state = s["WORK"], s["STATE"]
    ram = cpu.bus.ram
    ram[work + 169:work + 338] = bytes((i * 29) & 0x7F for i in range(169))
    ram[state + 8], ram[state + 9] = 2, player_light
    cpu.pc = rows["MOVB @STATE+8,@STATE+8 Check"]
    run_until(cpu, {rows["JNE LGT1"] + 2, s["LOS"]})
    assert cpu.pc == rows["JNE LGT1"] + 2
    # Lit where the mask's level minus the player's light is not above zero.
    expect = [0x80 if level - player_light <= 0 else (i * 29) & 0x7F
              for i, level in enumerate(light_mask())]
    assert list(ram[work + 169:work + 338]) == expect


def test_the_seed_final_masking_copies_every_tile_not_blanked_and_places_the_player() -> None:
    cpu, s, _ = seed_machine()
    work = s["WORK"]
    ram = cpu.bus.ram
    first = bytes((i * 7 + 1) & 0xFF for i in range(169))
    second = bytes(0x20 if i % 3 == 0 else (i & 0x7F) for i in range(169))
    ram[work:work + 169], ram[work + 169:work + 338] = first, second
    cpu.pc = s["PCMEND"]
    run_until(cpu, {s["SUBRET"]})
    expect = [0x20 if b == 0x20 else a for a, b in zip(first, second, strict=True)]
    expect[84] = 247                                      # WORK+253: the player, centre
    assert list(ram[work + 169:work + 338]) == expect
