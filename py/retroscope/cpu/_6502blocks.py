"""Compiled blocks: straight runs of 6502 code turned into one Python function.

`MOS6502.run()` spends much of each instruction on the fetch loop (budget
test, opcode fetch, table dispatch, a call) and on the handler's operand
fetches and PC updates. For code it has run often (HOT visits of one start
address) it asks `build()` for a block instead: up to MAX_INSTRUCTIONS
instructions from that address, ending at the first that jumps or makes the
run loop look at interrupts (JMP, JSR, RTS, RTI, BRK, CLI, PLP, and
branches that cross a page when taken), with operands as constants, PC set
once and the cycles summed once. A branch inside a block is a side exit:
taken, it sets PC to its target and leaves; not taken, the block goes on
(a compare-and-swap loop is one block, not three); a branch back to the
block's start ends it, and taken, the block goes round again (`_loops`).
The statements are the handler templates of `_6502gen` (`write_handler`),
written through an access style that knows the block's pages, watches and
operands, so both share one description of each opcode; the function is
given the core's own closure cells, so it works on the live registers.

A block behaves exactly like its instructions one by one:
- the run loop takes it only when its last instruction would start before
  the budget ends (`Block[1]`: the most cycles before that one), so run()
  stops at the same boundary, and only while its code bytes are unchanged
  (a block going round asks the same before each pass);
- every instruction but the last touches plain RAM only (with I/O pages,
  `pages`, the pages each access may reach are checked at compile time, or
  for (zp,x) and (zp),y at run time before the instruction, leaving the
  block there when they are not plain RAM), so no device sees it; the last
  one runs as the handler would, with the cycle count brought up to date
  first when it may call the bus;
- a write into the block's own code leaves the block after that
  instruction, so the next one is fetched as written;
- code in pages 0-1 (which zero-page and stack accesses could rewrite
  unchecked) and JAM get no block.
"""

from __future__ import annotations

import types
from collections.abc import Callable

from . import emit, stmts
from ._6502gen import HANDLER_NONLOCALS, Handler, branch_test, not_data, write_handler
from .blocks import BlockTable, at_stop, walk
from .codegen import closure_function
from .isa6502 import OPCODES, OPERAND_BYTES, Op

MAX_INSTRUCTIONS = 32
HOT = 8  # visits of a start address before its block is compiled
SPAN = 3 * MAX_INSTRUCTIONS  # the most bytes a block's code covers

Block = tuple[Callable[[], int], int, bytes]  # (function, most cycles before the last, code)
# The block table's entries where none can start and at a stop address: the
# run loop takes neither as a block that fits (most cycles), and the stop's
# "function" raises AtStop (its code, none, is always unchanged).
NOBLOCK = (None, 1 << 62, b"")
STOP = (at_stop, -(1 << 62), b"")


def code_ranges(at: int, block: Block) -> tuple[tuple[int, int]]:
    """Where a block's code lies (the block table's `ranges`)."""
    return ((at, at + len(block[2])),)


def block_table() -> BlockTable:
    """A 6502 core's block table, blocks compiled after HOT visits."""
    return BlockTable(code_ranges, SPAN, NOBLOCK, STOP, HOT)
Pages = tuple[tuple[bool, ...], tuple[bool, ...]]  # per page: reads / writes are plain RAM

# A block's last instruction: it jumps, or sets `end` for interrupts to be looked at.
_LAST = frozenset({"bpl", "bmi", "bvc", "bvs", "bcc", "bcs", "bne", "beq", "jmp", "jsr",
                   "rts", "rti", "brk", "cli", "plp"})
_NEVER = frozenset({"jam"})
_UNSTABLE = frozenset({"sha", "shx", "shy", "tas"})  # store to a data-dependent page

def _return(line: str) -> int | None:
    """The cycles of a `return n` line, else None."""
    stmt = stmts.parse(line.strip())
    value = stmt.text[stmt.value[0]:stmt.value[1]] if stmt.value else ""
    return int(value) if stmt.kind == "return" and value.isdigit() else None


def _constant(expr: str) -> int | None:
    """The value of an address made of literals only (operands folded in)."""
    value = stmts.literal(expr)
    return None if value is None else value & 0xFFFF


def _data_pages(op: Op, operands: bytes) -> tuple[int, ...] | None:
    """The pages an indexed or absolute access of `op` can reach, if known."""
    if op.mnemonic in _UNSTABLE or op.mode not in ("abs", "abx", "aby", "ind"):
        return None
    page = operands[1]
    return (page,) if op.mode in ("abs", "ind") else (page, (page + 1) & 0xFF)


def _guarded(op: Op, pages: Pages | None) -> bool:
    """An inlined (zp,x) or (zp),y access on a bus with I/O pages: the block
    tests its pages once the address is known (`_guard`) and leaves before
    the instruction, which has changed nothing yet, unless they are plain RAM."""
    return pages is not None and op.mode in ("izx", "izy") and op.mnemonic not in _UNSTABLE


def _direct_rule(op: Op, operands: bytes, pages: Pages | None,
                 inline: bool = False) -> Callable[[emit.Access], bool]:
    """Whether an access of `op` surely reaches plain RAM (then it indexes
    `mem`). (Asked again of an access whose address the generator named:
    the answer stays, as a constant address is a number, or an absolute
    one, whose page `_data_pages` knows.)"""
    if pages is None or (inline and _guarded(op, pages)):
        return _always
    reach = _data_pages(op, operands)

    def direct(access: emit.Access) -> bool:
        if access.space != emit.DATA:
            return True  # fetch, zero page, stack: plain RAM on buses that get blocks
        table = pages[1] if isinstance(access, emit.Write) else pages[0]
        value = _constant(access.addr)
        if value is not None:
            return table[value >> 8]
        return reach is not None and all(table[p] for p in reach)

    return direct


def _always(access: emit.Access) -> bool:
    return True


class _OwnCode(emit.Paged):
    """The paged style, where a store to plain RAM at an address known only
    at run time (it may be this block's own code) goes through `_w`, which
    the block tests after the instruction (`stored`: it has one)."""

    def __init__(self, direct: Callable[[emit.Access], bool]) -> None:
        super().__init__("rd", "wd", direct)
        self.stored = False

    def write(self, w: emit.Write) -> list[str]:
        if not self.plain(w) or w.unchanged or w.space != emit.DATA or \
                _constant(w.addr) is not None:
            return super().write(w)
        assert not w.pad and not self.stored, w  # (one, at the instruction's level)
        self.stored = True
        return ["_w = " + w.addr, f"mem[_w] = {w.value}"]


def _style(base: emit.Paged, watch: bytearray | None = None,
           read_watch: bytearray | None = None) -> emit.Bus:
    """`base` with the watches' checks, those at constant addresses their
    masks do not cover left out."""
    if watch is None and read_watch is None:
        return base
    return emit.Watched(base, emit.WRITE_WATCH if watch is not None else None,
                        emit.READ_WATCH if read_watch is not None else None,
                        (watch, read_watch))


def _handler(op: Op, decimal: bool, style: emit.Bus, operands: bytes | None = None,
             spent: str = "") -> Handler:
    """The handler's statements for a block: with `operands` (an instruction
    before the last) the operands as constants, PC left alone and the dummy
    fetches of the block's own code left out (on plain RAM, or under the
    read watch, which covers none of a block's code)."""
    e = Handler(style, operands=operands, spent=spent)
    write_handler(e, op, decimal)
    return e


def _inlined(op: Op, decimal: bool, operands: bytes, pages: Pages | None) -> Handler:
    """An instruction before the last as a block would have it (no watch)."""
    return _handler(op, decimal, emit.Paged("rd", "wd", _direct_rule(op, operands, pages, True)),
                    operands)


def _straight(lines: list[str]) -> tuple[list[str], int, int]:
    """An inlined instruction without returns: (lines, cycles, most extra).

    A page-crossing read returns early with a cycle more; here the two paths
    become if/else and the extra cycle is added to `k`."""
    cycles = _return(lines[-1])
    assert cycles is not None and not lines[-1].startswith(" "), lines
    body = lines[:-1]
    early = [i for i, line in enumerate(body) if _return(line) is not None]
    if not early:
        return body, cycles, 0
    (r,) = early
    j = max(i for i in range(r) if body[i].startswith("if "))
    assert all(line.startswith("    ") for line in body[j + 1:r]), body
    extra = (_return(body[r]) or 0) - cycles
    rest = body[r + 1:]
    fast = ["    " + line for line in rest or ["pass"]]
    return [*body[:r], f"    k += {extra}", "else:", *fast], cycles, extra


def _side_exit(op: Op, addr: int, operands: bytes) -> bool:
    """A branch a block may hold before its end: taken, it leaves the block
    (3 cycles; its fetches are of the block's own code, dropped on RAM)."""
    return op.mode == "rel" and _branch_target(addr, operands) >> 8 == (addr + 2) >> 8


def _branch_target(addr: int, operands: bytes) -> int:
    offset = operands[0] - 0x100 if operands[0] & 0x80 else operands[0]
    return (addr + 2 + offset) & 0xFFFF


def _decode(mem: bytearray, pc: int, pages: Pages | None,
            stops: frozenset[int] = frozenset()) -> list[tuple[Op, int, bytes]]:
    """The instructions of the block at pc: (op, address, operand bytes),
    ending before a stop address (run() must stop there)."""
    def step(addr: int, index: int) -> tuple[tuple[Op, int, bytes], int | None] | None:
        op = OPCODES[mem[addr]]
        assert op is not None
        length = 1 + OPERAND_BYTES[op.mode]
        page = addr >> 8
        if op.mnemonic in _NEVER or addr + length > 0xFFFF:
            return None
        if pages is not None and not (pages[0][page] and pages[0][(page + 1) & 0xFF]):
            return None  # code (or what a branch reads after it) where reads have handlers
        operands = bytes(mem[addr + 1:addr + length])
        ends = op.mnemonic in _LAST and not _side_exit(op, addr, operands) or \
            op.mode == "rel" and _branch_target(addr, operands) == pc  # (a loop: _loops)
        return (op, addr, operands), None if ends else addr + length

    return walk(pc, step, MAX_INSTRUCTIONS, stops.__contains__)


def _watched_before_guard(op: Op, operands: bytes, read_watch: bytearray) -> bool:
    """Does the read watch cover a read that a guarded instruction makes
    before its guard: its pointer in zero page (for (zp,x) anywhere there,
    as X says where)? A block that left at the guard would then have shown
    the hook reads that the instruction's handler makes again; where it
    covers none, their checks are folded away and the block may go on."""
    if op.mode == "izy":
        return bool(read_watch[operands[0]] or read_watch[(operands[0] + 1) & 0xFF])
    return any(read_watch[0:0x100])


def _guard(op: Op, decimal: bool, operands: bytes) -> str:
    """The test that a guarded instruction's data pages are plain RAM."""
    e = _handler(op, decimal, emit.Paged("rd", "wd", not_data), operands)
    page = "((hi + lo) & 0xFFFF) >> 8" if op.mode == "izy" else "ea >> 8"
    needs = ["rd[hi >> 8]"] if op.mode == "izy" else []  # the page before any index carry
    needs += [f"{table}[{page}]" for table, tested in (("rd", e.bus_reads), ("wd", e.bus_writes))
              if tested]
    return " and ".join(needs)


def build(cells: dict[str, types.CellType], mem: bytearray, pc: int,
          pages: Pages | None, decimal: bool = True,
          stops: frozenset[int] = frozenset(), watch: bytearray | None = None,
          read_watch: bytearray | None = None) -> Block | None:
    """The block starting at pc, or None where none can start (or it would
    hold a single instruction). `cells` are the core's closure cells by name;
    `pages` is None on a bus of plain RAM, else `Bus.direct_pages()`; the
    block ends before any of `stops`. With a write `watch` (the core's mask),
    each write is checked as the watched handlers check it (a constant address
    at compile time), and the block leaves after an instruction whose write
    made the hook ask for a stop. A read `watch` likewise, for the reads
    that are not fetches of the block's own code: there is no block where
    it covers one of its code bytes (those fetches are folded away)."""
    if pc < 0x200:
        return None
    instrs = _decode(mem, pc, pages, stops)
    if read_watch is not None:
        for i, (op, _, operands) in enumerate(instrs[:-1]):
            if _guarded(op, pages) and _watched_before_guard(op, operands, read_watch):
                del instrs[i + 1:]  # its guard may leave after reads the hook saw
                break
    # An inlined instruction must touch plain RAM only; the first that may not
    # ends the block (as its last, run as its handler runs). A store to a
    # known address inside the block ends it there too.
    stores: list[tuple[int, list[str]]] = []
    for i, (op, _, operands) in enumerate(instrs[:-1]):
        if op.mode != "rel":
            e = _inlined(op, decimal, operands, pages)
            stores.append((i, e.stores))
            if e.bus_reads or e.bus_writes:
                del instrs[i + 1:]
                break
    hi = instrs[-1][1] + 1 + len(instrs[-1][2]) if instrs else pc
    for i, addresses in stores:
        if i + 1 < len(instrs) and any(pc <= (_constant(at) or 0) < hi for at in addresses):
            del instrs[i + 1:]
            break
    if len(instrs) < 2:
        return None
    hi = instrs[-1][1] + 1 + len(instrs[-1][2])
    if read_watch is not None and any(read_watch[pc:hi]):
        return None
    return _compile(cells, mem, pc, hi, instrs, pages, decimal, watch, read_watch)


def _loops(instrs: list[tuple[Op, int, bytes]], pc: int) -> bool:
    """Does the block end with a branch back to its own start that stays in
    its page? Then it goes round inside the block while the run loop would
    take it again: the budget test is the run loop's own. (Under a watch,
    a hook that asks for a stop leaves the block after its instruction, as
    in a block that does not go round.)"""
    op, addr, operands = instrs[-1]
    return (op.mode == "rel" and _branch_target(addr, operands) == pc
            and _side_exit(op, addr, operands))


def _compile(cells: dict[str, types.CellType], mem: bytearray, pc: int, hi: int,
             instrs: list[tuple[Op, int, bytes]], pages: Pages | None, decimal: bool,
             watch: bytearray | None = None, read_watch: bytearray | None = None) -> Block:
    loops = _loops(instrs, pc)
    out: list[str] = []
    done = 0  # cycles of the instructions so far, without page crosses
    lead = 0  # the most cycles before the last instruction
    crosses = False

    def spent(cycles: int) -> str:
        """The cycles run when leaving with `cycles` of this pass (and its
        page crosses, `k`) done: a looping block adds its earlier passes."""
        return f"{'acc + ' if loops else ''}{cycles}{' + k' if crosses else ''}"

    for op, addr, operands in instrs[:-1]:
        if op.mode == "rel":  # a side exit (_side_exit)
            out += [branch_test(op), f"    pc = {_branch_target(addr, operands)}",
                    f"    return {spent(done + 3)}"]
            done += 2
            lead += 2
            continue
        base = _OwnCode(_direct_rule(op, operands, pages, True))
        style = _style(base, watch, read_watch)
        lines, cycles, extra = _straight(_handler(op, decimal, style, operands).lines)
        assert not any("pc" in stmts.parse(line.strip()).names for line in lines), lines
        if _guarded(op, pages):
            after = "hi" if op.mode == "izy" else "ea"  # the pointer read
            j = next(i for i, line in enumerate(lines)
                     if not line.startswith(" ") and stmts.parse(line).targets == (after,))
            lines[j + 1:j + 1] = [f"if not ({_guard(op, decimal, operands)}):",
                                  f"    pc = {addr}",
                                  f"    return {spent(done)}"]
        crosses = crosses or extra > 0
        done += cycles
        lead += cycles + extra
        out += lines
        if base.stored:  # a computed address may hit this block's code: leave after this one
            out += [f"if {pc} <= _w < {hi}:", f"    pc = {addr + 1 + len(operands)}",
                    f"    return {spent(done)}"]
        if isinstance(style, emit.Watched) and style.checked:
            # The hook asked for a stop: leave after this instruction.
            out += ["if stop_req:", f"    pc = {addr + 1 + len(operands)}",
                    f"    return {spent(done)}"]
    op, addr, operands = instrs[-1]
    if loops:
        # Taken, the branch goes round again if the run loop would take the
        # block again now; not taken, the block ends as any other does.
        out += [branch_test(op), f"    acc += {done + 3}{' + k' if crosses else ''}",
                f"    if cyc + acc + {lead} < end:", "        continue",
                f"    pc = {pc}", "    return acc",
                f"pc = {addr + 2}", f"return {spent(done + 2)}"]
        out = ["acc = 0", "while True:", *("    " + line for line in
                                           (["k = 0"] if crosses else []) + out)]
        fn = closure_function(f"block_{pc:04x}", "", HANDLER_NONLOCALS, out, cells,
                              f"<6502 block ${pc:04X}>")
        return fn, lead, bytes(mem[pc:hi])
    # The last instruction runs as its handler would, from its address; where
    # it may call the bus, a device may look at the cycle count: it is
    # brought up to date first, else its returns add the cycles before it.
    rule = _direct_rule(op, operands, pages)
    passed = spent(done)
    last = _last(op, decimal, rule, watch, read_watch)
    sync = last.bus_reads or last.bus_writes
    if not sync:
        last = _last(op, decimal, rule, watch, read_watch, passed)
    out += [f"pc = {addr}", *([f"cyc += {passed}"] if sync else []), *last.lines]
    if crosses:
        out.insert(0, "k = 0")
    fn = closure_function(f"block_{pc:04x}", "", f"{HANDLER_NONLOCALS}{', cyc' if sync else ''}",
                          out, cells, f"<6502 block ${pc:04X}>")
    return fn, lead, bytes(mem[pc:hi])


def _last(op: Op, decimal: bool, rule: Callable[[emit.Access], bool],
          watch: bytearray | None, read_watch: bytearray | None, spent: str = "") -> Handler:
    """A block's last instruction, as its handler (with the read watch, its
    opcode fetch checked first, the operand fetches in its statements)."""
    e = Handler(_style(emit.Paged("rd", "wd", rule), watch, read_watch), spent=spent)
    if read_watch is not None:
        e.seen_opcode(op.opcode)
    write_handler(e, op, decimal)
    return e
