"""Compiled blocks: runs of Z80 code turned into one Python function.

run() spends most of its time per instruction on the fetch loop itself
(fetch, dispatch call, PC and R bookkeeping, reading immediates). For code
it has seen often it compiles a block instead: up to MAX_INSTRUCTIONS
instructions from one address, ending at the first that may jump, but for
- JR cc and DJNZ, which leave the block when taken and go on when not, or
  go round when they jump back to its start, or, when they jump ahead to an
  instruction of the block in the same run of code, go on there taken too;
- JP nn, JR e, CALL nn and RST, after which the block goes on at their
  target, and RET where it returns to a CALL or RST of the block (checked
  as it runs: elsewhere it leaves there), so that a loop that calls a
  subroutine may be one block going round;
with the immediates as constants, PC set once and R advanced once, and the
registers in locals, where a value no one reads before it is set again (a
flag result the next instruction replaces) is not computed. The code is the
same generated handler code (`_z80gen`), so semantics are shared.

A block is used only where it behaves exactly like the instructions one by
one: its code bytes sit in plain RAM pages (no read handler, per
`Bus.direct_pages()`) and are checked unchanged before each use (the
first segment by run(), the others as the block reaches them;
self-modifying code recompiles), no bus watch is set (a read watch must see
opcode fetches), and run() takes a block only when the
whole block fits in the T-states left, so run() stops at the same
instruction boundary. HALT, EI, RETI, RETN, LD A,R and LD R,A are left to
the fetch loop. A write into the block's own code ends the block after that
instruction, so the next instruction is fetched as written.

Under the core's own write or read watch (`Z80.set_watch`)
run() compiles blocks `watched`: pages the watch covers
count as not plain RAM for writes or reads (`pages`), so those accesses go
through the watching `write`/`read` and no block starts on watched code,
and a block leaves after an instruction whose access made the hook ask for
a stop.
"""

from __future__ import annotations

from collections.abc import Callable

from ._z80gen import (
    block_allows,
    block_ends,
    block_source,
    code_runs,
    code_segments,
    followed,
    instruction_start,
    jump_target,
    namespace,
    side_exit,
    side_exit_target,
)
from .blocks import BlockTable, at_stop, walk
from .disz80 import decode
from .isaz80 import Form

MAX_INSTRUCTIONS = 24
# Times an address starts the fetch loop's instruction before it is compiled
# (the core's block table's `hot`). A block takes milliseconds to compile and saves some
# microseconds a run, so code that runs rarely should stay in the fetch loop;
# but Pac-Man's first 3,000 frames ran slower at 512 than at 8 (more of its
# code interpreted). At 64 it compiles 399 blocks there, against 479 at 8.
HOT = 64

SPAN = 4  # the most bytes read where it finds that no block can start (one instruction)

# (function, most T-states, its code segments as (start, end), the first one's bytes)
Block = tuple[Callable, int, tuple[tuple[int, int], ...], bytes]
# An instruction of a block: (form, operand bytes, address of the first, end address)
Instr = tuple[Form, list[int], int, int]
# The block table's entries where none can start and at a stop address: the
# fetch loop takes neither as a block that fits (most T-states; NOBLOCK it
# knows), and the stop's "function" raises AtStop (its code, none, is always
# unchanged).
NOBLOCK = (None, 1 << 62, (), b"")
STOP = (at_stop, -(1 << 62), (), b"")


def code_ranges(at: int, block: Block) -> tuple[tuple[int, int], ...]:
    """Where a block's code lies (the block table's `ranges`): its segments."""
    return block[2]


def block_table(hot: int = HOT) -> BlockTable:
    """A Z80 core's block table, blocks compiled after `hot` visits."""
    return BlockTable(code_ranges, SPAN, NOBLOCK, STOP, hot)

_NAMESPACE = namespace()


def compile_block(ram: bytearray, pages: tuple[tuple[bool, ...], tuple[bool, ...]],
                  pc: int, stops: frozenset[int] = frozenset(),
                  watched: int = 0) -> Block | None:
    """The block starting at pc, or None where no block can start. `pages`
    says per page whether reads / writes there are plain RAM
    (`Bus.direct_pages()`); the block ends before any of `stops`; `watched`
    (1 writes, 2 reads): it leaves after an instruction whose watched access
    asked for a stop."""
    direct = pages[0]
    read = ram.__getitem__
    seen: set[int] = set()  # where its instructions start
    calls: list[int] = []  # where the block's CALLs and RSTs return to
    returns: dict[int, int] = {}  # a RET's index: where it must return to

    def step(addr: int, index: int) -> tuple[Instr, int | None] | None:
        if addr + 4 > 0x10000 or not (direct[addr >> 8] and direct[(addr + 3) >> 8]):
            return None
        form, length, _ = decode(read, addr)
        if form is None or not block_allows(form):
            return None
        fixed = len(form.encoding[0])
        operands = list(ram[addr + fixed:addr + length])
        if form.prefix in ("ddcb", "fdcb"):
            operands = operands[:1]  # DD CB d op: only d is an operand
        instr, end = (form, operands, addr + fixed, addr + length), addr + length
        seen.add(addr)
        room = index + 1 < MAX_INSTRUCTIONS
        if side_exit(form) and side_exit_target(end, operands[0]) == pc:
            return instr, None  # back to the start: the block goes round
        if followed(form) and room:
            if form.mnemonic == "ret":
                if not calls:
                    return instr, None
                target = returns[index] = calls.pop()
            else:
                target = jump_target(form, operands, end)
                if form.mnemonic in ("call", "rst"):
                    calls.append(end)
            if target in seen:
                returns.pop(index, None)
                return instr, None
            return instr, target
        if block_ends(form) and not (side_exit(form) and room):
            return instr, None
        return instr, end

    instrs = walk(pc, step, MAX_INSTRUCTIONS, stops.__contains__)
    if not instrs:
        return None
    form, operands, _, end = instrs[-1]
    loops = side_exit(form) and side_exit_target(end, operands[0]) == pc
    forward = _forward_jumps(instrs)
    most = _most(instrs, forward)
    segments = code_segments(instrs)
    code = tuple(bytes(ram[lo:hi]) for lo, hi in segments)
    source = block_source(instrs, "block", watched, most if loops else None, code, returns,
                          forward)
    space = dict(_NAMESPACE, RAM=ram, DR=pages[0], DW=pages[1])
    exec(compile(source, f"<z80 block ${pc:04X}>", "exec"), space)  # noqa: S102
    return space["block"], most, tuple(segments), code[0]


def _forward_jumps(instrs: list) -> dict[int, int]:
    """The side exits that jump ahead to an instruction of the block in the
    same run of code (`block_source`'s `forward`), by index: the target's.
    The stretches they skip neither nest nor overlap."""
    starts = {instruction_start(instr): i for i, instr in enumerate(instrs)}
    runs = code_runs(instrs)
    out: dict[int, int] = {}
    free = 0  # the first index outside every stretch chosen so far
    for i, (form, operands, _, end) in enumerate(instrs[:-1]):
        if i < free or not side_exit(form):
            continue
        j = starts.get(side_exit_target(end, operands[0]), -1)
        if j > i and runs[j] == runs[i]:
            out[i] = j
            free = j
    return out


def _most(instrs: list, forward: dict[int, int]) -> int:
    """The most T-states the block may take: over every way out, along the
    longest way there (a forward jump taken may take longer than the
    instructions it skips)."""
    most = 0
    before = 0  # the most T-states before this instruction
    ahead: dict[int, int] = {}  # by index: the most T-states on arriving by a forward jump
    for i, (form, _, _, _) in enumerate(instrs):
        before = max(before, ahead.get(i, 0))
        most = max(most, before + max(form.cycles, form.cycles_taken or 0))
        if i in forward:
            ahead[forward[i]] = max(ahead.get(forward[i], 0), before + form.cycles_taken)
        before += form.cycles
    return most
