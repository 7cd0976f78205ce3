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
The statements are the handler templates of `_6502gen` (`handler_body` and
`rewrite`), so both share one description of each opcode; the function is
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

from . import stmts
from ._6502gen import HANDLER_NONLOCALS, access_class, handler_body, rewrite
from .blocks import BlockTable, at_stop
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

# The operand fetches' addresses, as the handler templates write them.
_FETCHES = {"(pc + 1) & 0xFFFF": 0, "(pc + 2) & 0xFFFF": 1}


def _statement(line: str) -> stmts.Stmt:
    return stmts.parse(line.strip())


def _return(line: str) -> int | None:
    """The cycles of a `return n` line, else None."""
    stmt = _statement(line)
    value = stmt.text[stmt.value[0]:stmt.value[1]] if stmt.value else ""
    return int(value) if stmt.kind == "return" and value.isdigit() else None


def _store(line: str) -> tuple[str, str] | None:
    """The address and value of a `mem[address] = value` line, else None."""
    stmt = _statement(line)
    if stmt.kind != "=" or stmt.index is None or stmt.index[0] != "mem" or stmt.value is None:
        return None
    return stmt.index[1], stmt.text[stmt.value[0]:stmt.value[1]]


def _steps_pc(stmt: stmts.Stmt) -> bool:
    """`pc = (pc + n) & 0xFFFF`: PC set from PC alone."""
    return stmt.kind == "=" and stmt.targets == ("pc",) and stmt.value_names == {"pc"} \
        and not stmt.calls


def _with_operands(text: str, operands: bytes) -> str:
    """`text` with its operand fetches (`read((pc + 1) & 0xFFFF)`...) as the
    operand bytes, inner ones too."""
    out, at = [], 0
    for lo, hi, ((alo, ahi),) in stmts.calls(text, "read"):
        i = _FETCHES.get(text[alo:ahi], len(operands))
        new = f"0x{operands[i]:02X}" if i < len(operands) else \
            text[lo:alo] + _with_operands(text[alo:ahi], operands) + text[ahi:hi]
        out += [text[at:lo], new]
        at = hi
    return "".join(out) + text[at:]


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
                 inline: bool = False) -> Callable[[str, bool], bool]:
    """Whether an access of `op` surely reaches plain RAM (then it indexes `mem`)."""
    if pages is None or (inline and _guarded(op, pages)):
        return lambda address, is_write: True
    reach = _data_pages(op, operands)

    def direct(address: str, is_write: bool) -> bool:
        if access_class(address, op.mode) != "data":
            return True  # fetch, zero page, stack: plain RAM on buses that get blocks
        table = pages[1] if is_write else pages[0]
        value = _constant(address)
        if value is not None:
            return table[value >> 8]
        return reach is not None and all(table[p] for p in reach)

    return direct


def _lines(op: Op, decimal: bool, operands: bytes, direct: Callable[[str, bool], bool],
           inline: bool, watched: bool = False, read_watched: bool = False) -> list[str]:
    """The handler's statements for a block. `inline` (all but the last
    instruction) folds the operands in as constants and drops PC updates
    (and, for the read watch, its dummy fetches of the next byte: the block
    has none while the watch covers its code)."""
    body = handler_body(op, decimal)
    if inline:
        folded = []
        for line in body:
            text = line.lstrip()
            fetch = stmts.call_statement(text, "read")
            if read_watched and fetch is not None and fetch[0] in _FETCHES:
                continue
            text = _with_operands(text, operands)
            stmt = stmts.parse(text)
            if _steps_pc(stmt) or stmt.kind == "expr" and stmts.literal(text) is not None:
                continue  # PC moves once per block; a dummy operand fetch is a no-op on RAM
            folded.append(line[:len(line) - len(line.lstrip())] + text)
        body = folded
    return [new for line in body
            for new in rewrite(line, op.mode, "paged", direct, watched, read_watched)]


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


def _branch_test(op: Op, decimal: bool) -> str:
    """A branch handler's test of its flag: `if <taken>:`."""
    test = handler_body(op, decimal)[0]
    assert test.startswith("if ") and test.endswith(":"), test
    return test


def _decode(mem: bytearray, pc: int, pages: Pages | None,
            stops: frozenset[int] = frozenset()) -> list[tuple[Op, int, bytes]]:
    """The instructions of the block at pc: (op, address, operand bytes),
    ending before a stop address (run() must stop there)."""
    out: list[tuple[Op, int, bytes]] = []
    addr = pc
    while len(out) < MAX_INSTRUCTIONS:
        if out and addr in stops:
            break
        op = OPCODES[mem[addr]]
        assert op is not None
        length = 1 + OPERAND_BYTES[op.mode]
        page = addr >> 8
        if op.mnemonic in _NEVER or addr + length > 0xFFFF:
            break
        if pages is not None and not (pages[0][page] and pages[0][(page + 1) & 0xFF]):
            break  # code (or what a branch reads after it) where reads have handlers
        out.append((op, addr, bytes(mem[addr + 1:addr + length])))
        if op.mnemonic in _LAST and not _side_exit(op, addr, out[-1][2]):
            break
        if op.mode == "rel" and _branch_target(addr, out[-1][2]) == pc:
            break  # a loop: the block goes round (_loops)
        addr += length
    return out


def _store_to(line: str) -> int:
    """The address a store line writes to when it is a constant, else -1."""
    store = _store(line)
    value = _constant(store[0]) if store else None
    return -1 if value is None else value


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
    paged = "".join(_lines(op, decimal, operands,
                           lambda address, is_write: access_class(address, op.mode) != "data",
                           True))
    page = "((hi + lo) & 0xFFFF) >> 8" if op.mode == "izy" else "ea >> 8"
    needs = ["rd[hi >> 8]"] if op.mode == "izy" else []  # the page before any index carry
    needs += [f"{table}[{page}]" for table in ("rd", "wd") if f"{table}[" in paged]
    return " and ".join(needs)


def _uses_bus(lines: list[str]) -> bool:
    return any("read(" in line or "write(" in line for line in lines)


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
    # ends the block (as its last, run as its handler runs).
    for i, (op, _, operands) in enumerate(instrs[:-1]):
        if op.mode != "rel" and _uses_bus(_lines(
                op, decimal, operands, _direct_rule(op, operands, pages, True), True)):
            del instrs[i + 1:]
            break
    # A store to a known address inside the block ends it there.
    hi = instrs[-1][1] + 1 + len(instrs[-1][2]) if instrs else pc
    for i, (op, _, operands) in enumerate(instrs[:-1]):
        if op.mode != "rel" and any(pc <= _store_to(line) < hi for line in _lines(
                op, decimal, operands, _direct_rule(op, operands, pages, True), True)):
            del instrs[i + 1:]
            break
    if len(instrs) < 2:
        return None
    hi = instrs[-1][1] + 1 + len(instrs[-1][2])
    if read_watch is not None and any(read_watch[pc:hi]):
        return None
    return _compile(cells, mem, pc, hi, instrs, pages, decimal, watch, read_watch)


def _watch_checks(lines: list[str], watch: bytearray | None,
                  read_watch: bytearray | None = None) -> list[str]:
    """Drop the checks of constant addresses the watches do not cover."""
    out: list[str] = []
    skip = False
    for line in lines:
        if skip:
            skip = False
            continue
        stmt = _statement(line)
        check = stmt.index if stmt.kind == "if" and stmt.index and stmt.index[0] in (
            "wm", "rm") else None
        value = _constant(check[1]) if check else None
        mask = (watch if check[0] == "wm" else read_watch) if check else None
        if value is not None and mask is not None and not mask[value]:
            skip = True  # and its hook line
            continue
        out.append(line)
    return out


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
    watched = watch is not None or read_watch is not None
    checks = {"watched": watch is not None, "read_watched": read_watch is not None}
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
            out += [_branch_test(op, decimal), f"    pc = {_branch_target(addr, operands)}",
                    f"    return {spent(done + 3)}"]
            done += 2
            lead += 2
            continue
        rule = _direct_rule(op, operands, pages, True)
        lines, cycles, extra = _straight(_lines(op, decimal, operands, rule, True, **checks))
        if watched:
            lines = _watch_checks(lines, watch, read_watch)
        assert not any("pc" in _statement(line).names for line in lines), lines
        if _guarded(op, pages):
            j = next(i for i, line in enumerate(lines)
                     if line.startswith("hi = " if op.mode == "izy" else "ea = "))
            lines[j + 1:j + 1] = [f"if not ({_guard(op, decimal, operands)}):",
                                  f"    pc = {addr}",
                                  f"    return {spent(done)}"]
        crosses = crosses or extra > 0
        done += cycles
        lead += cycles + extra
        check = None
        for line in lines:
            store = _store(line)
            if store is None or op.mode in ("zp", "zpx", "zpy") or store[0] == "0x100 | s" \
                    or _constant(store[0]) is not None:
                out.append(line)
                continue
            # A computed address may hit this block's code: leave after this one.
            assert not line.startswith(" ") and check is None, lines
            out += [f"_w = {store[0]}", f"mem[_w] = {store[1]}"]
            check = [f"if {pc} <= _w < {hi}:", f"    pc = {addr + 1 + len(operands)}",
                     f"    return {spent(done)}"]
        out += check or []
        if watched and any("hook(" in line for line in lines):
            # The hook asked for a stop: leave after this instruction.
            out += ["if stop_req:", f"    pc = {addr + 1 + len(operands)}",
                    f"    return {spent(done)}"]
    op, addr, operands = instrs[-1]
    if loops:
        # Taken, the branch goes round again if the run loop would take the
        # block again now; not taken, the block ends as any other does.
        out += [_branch_test(op, decimal), f"    acc += {done + 3}{' + k' if crosses else ''}",
                f"    if cyc + acc + {lead} < end:", "        continue",
                f"    pc = {pc}", "    return acc",
                f"pc = {addr + 2}", f"return {spent(done + 2)}"]
        out = ["acc = 0", "while True:", *("    " + line for line in
                                           (["k = 0"] if crosses else []) + out)]
        fn = closure_function(f"block_{pc:04x}", "", HANDLER_NONLOCALS, out, cells,
                              f"<6502 block ${pc:04X}>")
        return fn, lead, bytes(mem[pc:hi])
    last = _lines(op, decimal, operands, _direct_rule(op, operands, pages), False, **checks)
    if read_watch is not None:  # its opcode fetch (operand fetches are in its lines)
        last = ["if rm[pc]:", f"    rhook(pc, 0x{op.opcode:02X})", *last]
    if watched:
        last = _watch_checks(last, watch, read_watch)
    sync = _uses_bus(last)  # a device may look at the cycle count: bring it up to date
    passed = spent(done)
    out.append(f"pc = {addr}")
    if sync:
        out.append(f"cyc += {passed}")
    for line in last:
        cycles = _return(line)
        if cycles is not None and not sync:
            line = f"{line[:len(line) - len(line.lstrip())]}return {passed} + {cycles}"
        out.append(line)
    if crosses:
        out.insert(0, "k = 0")
    fn = closure_function(f"block_{pc:04x}", "", f"{HANDLER_NONLOCALS}{', cyc' if sync else ''}",
                          out, cells, f"<6502 block ${pc:04X}>")
    return fn, lead, bytes(mem[pc:hi])
