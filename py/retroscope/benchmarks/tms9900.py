"""Fixed mixed TMS9900 workload for the speed benchmark (`build.py bench`).

`setup()` returns a core with TI-99/4A wait states and the program below in
memory, ready to run: the harness times `core.run(n)` and reports emulated
cycles per second (wait states included) as a ratio to the 4A's 3.0 MHz.

The layout is the console's usual one: workspace in the 16-bit scratch pad
(>8300, no wait states), code and data in the 32K expansion at >A000/>B000
(8-bit bus, 4 wait cycles per access). The program loops forever over
auto-increment copies, indexed byte loads, shifts, ALU work with compares and
jumps taken and not, BL / B *R11, MPY, XOR and a byte write to memory.
"""

from __future__ import annotations

from ..cpu.bus import Bus
from ..cpu.tms9900 import TMS9900
from ..machines.ti99.memory import WAIT_STATES

CLOCK_HZ = 3_000_000  # the TI-99/4A's TMS9900 clock
ORIGIN = 0xA000
WORKSPACE = 0x8300

# Hand-assembled; each line is one instruction: address, words, source.
PROGRAM: tuple[tuple[int, tuple[int, ...], str], ...] = (
    (0xA000, (0x02E0, 0x8300), "       LWPI >8300"),
    (0xA004, (0x0201, 0xB000), "OUTER  LI   R1,>B000"),
    (0xA008, (0x0202, 0xB100), "       LI   R2,>B100"),
    (0xA00C, (0x0203, 0x0010), "       LI   R3,16"),
    (0xA010, (0xCCB1,), "COPY   MOV  *R1+,*R2+"),
    (0xA012, (0xD123, 0xB200), "       MOVB @>B200(R3),R4"),
    (0xA016, (0x0984,), "       SRL  R4,8"),
    (0xA018, (0xA144,), "       A    R4,R5"),
    (0xA01A, (0x0245, 0x0FFF), "       ANDI R5,>0FFF"),
    (0xA01E, (0x8185,), "       C    R5,R6"),
    (0xA020, (0x1201,), "       JLE  SKIP"),
    (0xA022, (0xC185,), "       MOV  R5,R6"),
    (0xA024, (0x0603,), "SKIP   DEC  R3"),
    (0xA026, (0x16F4,), "       JNE  COPY"),
    (0xA028, (0x06A0, 0xA03A), "       BL   @SUB"),
    (0xA02C, (0x05A0, 0xB300), "       INC  @>B300"),
    (0xA030, (0x0287, 0x1000), "       CI   R7,>1000"),
    (0xA034, (0x1AE7,), "       JL   OUTER"),
    (0xA036, (0x04C7,), "       CLR  R7"),
    (0xA038, (0x10E5,), "       JMP  OUTER"),
    (0xA03A, (0xC205,), "SUB    MOV  R5,R8"),
    (0xA03C, (0x3A20, 0xA04E), "       MPY  @K,R8"),
    (0xA040, (0x0A29,), "       SLA  R9,2"),
    (0xA042, (0x29C9,), "       XOR  R9,R7"),
    (0xA044, (0x05C7,), "       INCT R7"),
    (0xA046, (0x06CA,), "       SWPB R10"),
    (0xA048, (0xF80A, 0xB301), "       SOCB R10,@>B301"),
    (0xA04C, (0x045B,), "       B    *R11"),
    (0xA04E, (0x0003,), "K      DATA 3"),
)

# The same program as assembler source (a test assembles it and compares).
SOURCE = "".join([f"       AORG >{ORIGIN:04X}\n",
                  *(text + "\n" for _, _, text in PROGRAM), "       END\n"])


def image() -> bytearray:
    """The 64 KiB memory image: program, data tables, reset vector."""
    mem = bytearray(0x10000)
    for addr, words, _ in PROGRAM:
        for i, word in enumerate(words):
            mem[addr + 2 * i:addr + 2 * i + 2] = word.to_bytes(2, "big")
    mem[0xB000:0xB100] = bytes((i * 37 + 11) & 0xFF for i in range(256))
    mem[0xB200:0xB220] = bytes((i * 91) & 0xFF for i in range(32))
    mem[0:4] = WORKSPACE.to_bytes(2, "big") + ORIGIN.to_bytes(2, "big")
    return mem


def setup() -> TMS9900:
    """A reset core with TI-99/4A wait states, about to run the workload."""
    bus = Bus()
    bus.load(0, bytes(image()))
    core = TMS9900(bus, wait_states=WAIT_STATES)
    core.reset()
    return core
