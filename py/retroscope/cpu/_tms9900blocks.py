"""Compiled blocks for the TMS9900: straight runs of code as one Python function.

Per instruction the run loop tests the budget and the interrupt flag, fetches
the opcode word, adds its wait states and calls the handler through the
dispatch table; the handler looks its registers up in `wr` and the wait
states of each access in `slow`. For code it has run often (HOT visits of one
address with one workspace) `TMS9900.run()` asks `build()` for a block: up to
MAX_INSTRUCTIONS instructions from that address, in which the handlers'
statements (`_tms9900gen.handler_lines`, the same text the engines are made
of) are joined with the opcode, the program counter and the workspace folded
in. Register addresses, their wait states, whether a page is plain RAM and
every branch these decide become constants, so only the data's own
addresses are looked up at run time.

A block behaves exactly like its instructions one by one:
- it is taken only while WP and its opcode words are what it was compiled
  for (`Block`: function, code bytes, WP), and only on the page map it was
  compiled for (the engine drops its blocks when the map changes);
- after each instruction but the last it leaves (PC set to the next one)
  where the run loop would stop or look around: the budget spent, a stop
  requested, an interrupt it would take now, IDLE, a hold-off; or a write
  that went to a device (which may switch a bank, or raise an interrupt) or
  into the block's own code;
- a conditional jump is a side exit: taken, it leaves the block with PC at
  its target; not taken, the block goes on (but a jump back to the block's
  start ends it, as a loop);
- an instruction that changes PC otherwise, WP, the interrupt state or
  anything but plain registers and memory (JMP, BL, BLWP, X, XOP, RTWP, CRU
  instructions, IDLE and the other external instructions) is the last, and
  runs as its handler would; when it is a jump back to the block's start
  (a loop), the block goes round again itself unless the run loop would do
  more than run it again;
- with stop addresses (breakpoints: `run_stops`) a block ends before each
  (and none starts at one: the loop stops there first);
- under the core's write or read watch (the debugger's write and read
  breakpoints) each access the watch covers calls its hook as the handler
  does, with PC and the cycle count as they would be; a hook that asks for
  a stop ends the block after that instruction.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import isa9900 as isa
from . import stmts
from ._tms9900gen import HANDLER_NONLOCALS, handler_lines, handler_name
from .blocks import BlockTable, walk
from .codegen import closure_function

MAX_INSTRUCTIONS = 24
HOT = 8      # visits of an address (with one WP) before its block is compiled
REBUILDS = 4  # compiles of one address (its code or WP changed) before it gets no block

SPAN = 6 * MAX_INSTRUCTIONS  # the most bytes a block's code covers

Block = tuple[Callable[[int], None], bytes, int]  # (function(end), opcode bytes, WP)


def code_ranges(at: int, block: Block) -> tuple[tuple[int, int]]:
    """Where a block's code lies (the block table's `ranges`)."""
    return ((at, at + len(block[1])),)


def block_table() -> BlockTable:
    """An engine's block table: False where none can start (the run loop
    tests `elif b:`), no stop entries (run_stops tests its mask itself)."""
    return BlockTable(code_ranges, SPAN, False, None, HOT, REBUILDS)

# When a block leaves (the run loop would not simply run the next instruction):
# budget spent, a stop asked for, a hold-off, IDLE, an interrupt it takes now.
_LEAVE = "cycles >= end or attn and (stop_req or holdoff or idle or 0 < irq <= st & 15)"
_STEP = "pc = (pc + 2) & 0xFFFF"
_STEPPED = "# pc + 2"
# What only the last instruction of a block may name: PC changed otherwise,
# WP, the interrupt state or the idle state, or anything but the bus called.
_LAST_ONLY = frozenset(("wp", "idle", "holdoff", "attn", "rebase", "switch", "cru_in",
                        "cru_out", "table", "ga_w", "ga_b", "cru_bit", "stcr_cycles",
                        "enter_interrupt", "illegal"))
# What a block may call: the bus (a device) and the watches' hooks (the
# debugger's conditions), which may look at PC and the cycle count.
_SEES_PC = frozenset(("read", "write", "whook", "wword", "rhook", "rword"))
# The engine's tables a block folds in where their index is a constant.
TABLES = ("slow", "slow2", "rdir", "wdir", "lae_w", "laep_b", "parity")
_FOLDED = frozenset(("wr", *TABLES))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _parsed(line: str) -> stmts.Stmt:
    return stmts.parse(line.strip())


def _value(expr: str) -> int | None:
    """The value of an expression of literals only (`True` and `False` too), else None."""
    return stmts.literal(expr, booleans=True)


def _assigned(stmt: stmts.Stmt) -> str | None:
    """The name an assignment (`x = ...`, `x += ...`) sets first, else None."""
    if stmt.kind == "op=" and stmt.sets:
        return stmt.sets[0]
    if stmt.kind == "=" and stmt.targets[0].isidentifier():
        return stmt.targets[0]
    return None


def _no_empty_blocks(lines: list[str]) -> list[str]:
    """A `pass` where folding left a compound statement without a body."""
    out: list[str] = []
    for i, line in enumerate(lines):
        out.append(line)
        if line.endswith(":") and (i + 1 == len(lines) or _indent(lines[i + 1]) <= _indent(line)):
            out.append(" " * (_indent(line) + 4) + "pass")
    return out


def _literal(value: int) -> str:
    return f"0x{value:X}" if value >= 0 else f"({value})"


def straight(lines: list[str]) -> bool:
    """Whether an instruction may run inside a block (not only as its last):
    one return, at its end; PC moved only past its own operand words; no
    call but to the bus and the watches' hooks."""
    parsed = [_parsed(line) for line in lines]
    if [i for i, stmt in enumerate(parsed) if stmt.kind == "return"] != [len(lines) - 1] or \
            parsed[-1].value is not None:
        return False
    for line, stmt in zip(lines, parsed, strict=True):
        if stmt.kind in ("for", "while") or not _LAST_ONLY.isdisjoint(stmt.names):
            return False
        if not stmt.called <= _SEES_PC:
            return False
        if stmt.kind in ("=", "op=") and "pc" in stmt.sets and line != _STEP:
            return False
    return True


@functools.cache
def _inside(name: str, waits: bool, mode: str, watch: bool, read_watch: bool) -> bool:
    """`straight` for handler `name` of a variant (asked once)."""
    return straight(handler_lines(name, waits, mode, watch, read_watch))


class _Folder:
    """Folds one instruction's statements: opcode, PC, workspace and the
    engine's constant tables in; constant branches decided."""

    def __init__(self, wp: int, tables: dict[str, Sequence[Any]], locals_: frozenset[str]):
        self.wp = wp
        self.tables = tables
        self.locals = locals_  # the handler's own names (the rest are the core's cells)

    def table(self, name: str, index: int) -> str | None:
        """`name[index]` folded (None: left to run time)."""
        if name == "wr":
            return _literal((self.wp + 2 * (index & 15)) & 0xFFFF)
        try:
            value = self.tables[name][index]
        except (IndexError, KeyError):
            return None  # (the handler would raise it too: leave it to run time)
        return str(bool(value)) if name in ("rdir", "wdir") else _literal(value)

    def fold(self, lines: list[str], carry: bool = True) -> list[str]:
        """`lines` folded; `carry` False (they hold a loop, in which a later
        statement runs before an earlier one): no constants carried."""
        env: dict[str, str] = {}
        out: list[str] = []
        queue = list(reversed(lines))
        while queue:
            line = queue.pop()
            pad, stmt = line[:_indent(line)], _parsed(line)
            target, head, rhs = _assigned(stmt), "", stmt.text
            known = env if env and not env.keys().isdisjoint(stmt.names) else {}
            if target is not None:
                assert stmt.value is not None
                head, rhs = stmt.text[:stmt.value[0]], stmt.text[stmt.value[0]:]
                if known:
                    rhs = stmt.substituted(known, stmt.value[0])
                if stmt.kind == "op=" and target in env:  # it reads its target:
                    # w += x -> w = <w> + (x)
                    head, rhs = f"{target} = ", f"{env[target]} {head.split()[1][:-1]} ({rhs})"
            elif known:
                rhs = stmt.substituted(known)
            folded = self._tables(rhs)
            text = head + folded
            if folded != rhs and target is not None:
                # A table made a choice's test constant (a page plain RAM or not).
                choice = _parsed(text).choice
                if choice is not None and (test := text[slice(*choice[0])]) in ("True", "False"):
                    folded = text[slice(*choice[1 if test == "True" else 2])]
                    text = f"{target} = {folded}"
            rhs = folded
            if stmt.kind == "if" and (cond := _value(text[3:-1])) is not None:
                queue += reversed(self._branch(queue, len(pad), bool(cond)))
                continue
            if target is not None:
                env.pop(target, None)
                if head == f"{target} += " and _value(rhs) == 0:
                    continue
                value = _value(rhs) if head.endswith(" = ") else None
                if carry and target in self.locals and value is not None and not pad:
                    env[target] = _literal(value)
                    if not any(later[0] == " " and target in later and _assigned(
                            _parsed(later)) == target for later in queue):
                        continue  # every later use sees the constant
            out.append(pad + text)
        return _no_empty_blocks(out)

    def _tables(self, text: str) -> str:
        """The tables in `text` indexed by constants folded in (those indexed
        by what an earlier fold made constant too, up to three deep)."""
        for _ in range(3):
            if "[" not in text:
                break
            stmt = stmts.parse(text)
            pieces = []
            for lo, hi, name, ilo, ihi in stmt.subscripts:
                index = _value(text[ilo:ihi]) if name in _FOLDED else None
                value = self.table(name, index) if index is not None else None
                if value is not None and not (pieces and lo < pieces[-1][1]):
                    pieces.append((lo, hi, value))
            if not pieces:
                break
            text = stmts.splice(text, pieces)
        return text

    @staticmethod
    def _branch(queue: list[str], depth: int, taken: bool) -> list[str]:
        """Take `if <constant>:`'s body or its else's off the queue (reversed),
        dedented: the one that runs."""
        def body() -> list[str]:
            out = []
            while queue and _indent(queue[-1]) > depth:
                out.append(queue.pop())
            return [line[4:] for line in out]
        then = body()
        other: list[str] = []
        if queue and _indent(queue[-1]) == depth and _parsed(queue[-1]).kind == "else":
            queue.pop()
            other = body()
        elif queue and _indent(queue[-1]) == depth and _parsed(queue[-1]).kind == "elif":
            if taken:  # skip the rest of the chain
                while queue and (_indent(queue[-1]) > depth or _parsed(queue[-1]).kind in (
                        "elif", "else")):
                    queue.pop()
                return then
            queue[-1] = queue[-1].replace("elif ", "if ", 1)
            return []
        return then if taken else other


def _side_exit(op: int, addr: int, start: int) -> bool:
    """A conditional jump that a block may hold before its end: taken, it
    leaves the block (its handler returns there); not taken, the block goes
    on. A jump back to the block's start ends it instead (a loop)."""
    return (isa.DECODE[op].fmt == isa.JUMP and op >> 8 != 0x10  # (JMP always jumps)
            and isa.jump_target(addr, op) != start)


def _calls_bus(line: str) -> bool:
    """A statement that may call the bus or a watch's hook, where one may
    look at PC and the cycle count."""
    return not _SEES_PC.isdisjoint(_parsed(line).called)


def _put(line: str, name: str, value: str) -> str:
    """`line` with the name `name` read as `value` (a literal) wherever it is."""
    stmt = _parsed(line)
    return line[:_indent(line)] + stmt.substituted({name: value}) if name in stmt.names \
        else line


@functools.cache
def _facts(name: str, waits: bool, mode: str, watch: bool, read_watch: bool
           ) -> tuple[frozenset[str], bool]:
    """What handler `name` of a variant assigns (`_assigned`), and whether it
    holds a loop (asked once)."""
    lines = [_parsed(line) for line in handler_lines(name, waits, mode, watch, read_watch)]
    return (frozenset(_assigned(stmt) for stmt in lines) - {None},  # type: ignore[operator]
            any(stmt.kind in ("for", "while") for stmt in lines))


@functools.cache
def _length(name: str) -> int:
    """The bytes of an instruction that handler `name` runs: its opcode word
    and the words after it that it steps PC past."""
    return 2 + 2 * handler_lines(name, False, "ram").count(_STEP)


# An instruction of a block: (address, opcode word, handler, side exit, last, end address)
_Instr = tuple[int, int, str, bool, bool, int]


def _decode(mem: bytearray, pc: int, rdir: Sequence[bool], stops: bytearray | None,
            variant: tuple[bool, str, bool, bool]) -> list[_Instr]:
    """The instructions of the block at pc for a variant of the handlers
    (waits, mode, watch, read_watch), ending before a stop address (the
    run loop stops there)."""
    def step(addr: int, index: int) -> tuple[_Instr, int | None] | None:
        if addr > 0xFFF8 or not (rdir[addr >> 8] and rdir[(addr + 5) >> 8]):
            return None  # code outside plain memory (or at the top): fetched by the run loop
        op = (mem[addr] << 8) | mem[addr + 1]
        name = handler_name(op)
        if name == "illegal":
            return None  # (the run loop's `illegal` does it)
        room = index + 1 < MAX_INSTRUCTIONS
        exits = room and _side_exit(op, addr, pc)
        last = not room or not (exits or _inside(name, *variant))
        end = addr + 2 if exits or last else addr + _length(name)
        return (addr, op, name, exits, last, end), None if last else end

    return walk(pc, step, MAX_INSTRUCTIONS, _nowhere if stops is None else stops.__getitem__)


def _nowhere(addr: int) -> bool:
    return False


def _folded(raw: list[str], facts: tuple[frozenset[str], bool], op: int, addr: int, wp: int,
            last: bool, fetch_wait: int, tables: dict[str, Sequence[Any]],
            cells: frozenset[str]) -> list[str]:
    """One instruction's statements with its opcode, workspace and tables
    folded in; inside a block (not `last`) PC too, as a constant stepped past
    each operand word (a `_STEPPED` line where it moves), without the final
    return. The opcode fetch's wait states are counted first where a device
    may look at the cycle count (as the run loop does), else with the rest.
    `facts`: `_facts` of the handler, whose lines `raw` are."""
    assigned, loops = facts
    folder = _Folder(wp, tables, assigned - cells)
    opcode = _literal(op)
    lines = [_put(line, "op", opcode) for line in raw]
    if last:
        return [f"pc = {_literal((addr + 2) & 0xFFFF)}",
                *([f"cycles += {fetch_wait}"] if fetch_wait else []),
                *folder.fold(lines, not loops)]
    at = addr + 2
    placed = []
    for line in lines[:-1]:  # the final `return` goes
        if line == _STEP:
            at += 2
            placed.append(_STEPPED)
            continue
        placed.append(_put(line, "pc", _literal(at)))
    lines = folder.fold(placed, not loops)
    if fetch_wait and any(_calls_bus(line) for line in lines):
        lines.insert(0, f"cycles += {fetch_wait}")
    elif fetch_wait:
        for i in range(len(lines) - 1, -1, -1):
            if not _indent(lines[i]) and lines[i].startswith("cycles += "):
                lines[i] += f" + {fetch_wait}"
                break
        else:
            lines.insert(0, f"cycles += {fetch_wait}")
    return lines


def _fetch_check(addr: int, op: int, fetch_wait: int) -> list[str]:
    """The read watch's check of an instruction's opcode fetch, as the run
    loop makes it: the fetch's wait states counted, PC at the instruction."""
    return [*([f"cycles += {fetch_wait}"] if fetch_wait else []),
            f"if rmw[{_literal(addr)}]:",
            f"    pc = {_literal(addr)}",
            f"    rword({_literal(addr)}, {_literal(op)})"]


@dataclass(frozen=True)
class _OwnCodeTest:
    """A block's test, after a write, that its own code is as compiled (known
    once the block has ended): its bytes unchanged (a device's write, which
    may switch a bank in), or a store's address `store` outside them."""

    pad: str
    store: str = ""

    def lines(self, code: bytes, lo: int, hi: int) -> list[str]:
        test = f"{lo} <= {self.store} < {hi}" if self.store else \
            f"not mem.startswith({code!r}, {lo})"
        return [f"{self.pad}if {test}:", f"{self.pad}    bw = 1"]


_ALL_PAGES = (True,) * 256


def build(cells: dict[str, types.CellType], mem: bytearray, pc: int, wp: int,
          stops: bytearray | None, folds: dict[tuple[int, ...], list[str]],
          waits: bool, mode: str, watch: bool = False, read_watch: bool = False
          ) -> Block | None:
    """The block at pc for workspace wp, or None if none can start there.
    `cells` are the engine's closure cells by name (its tables are read
    from them, as they are now); the block ends before any address set in
    `stops` (run_stops's mask), so that the loop stops there. `folds` keeps
    each instruction's folded statements for the next block that has it (the
    engine empties it with its blocks)."""
    tables = {name: cells[name].cell_contents for name in TABLES
              if name in cells and cells[name].cell_contents is not None}
    rdir = tables.get("rdir") or _ALL_PAGES  # ("ram": every page is plain memory)
    slow = tables.get("slow") if waits else None
    instrs = _decode(mem, pc, rdir, stops, (waits, mode, watch, read_watch))
    if len(instrs) < 2:
        return None  # one instruction: the run loop does that as fast
    body: list[str | _OwnCodeTest] = []
    bus_writes = False
    final: list[str] | None = None  # the last instruction's statements, if it has any
    jumps = False  # and it is a jump (JMP, JNE...)
    for addr, op, name, exits, last, end in instrs:
        raw = handler_lines(name, waits, mode, watch, read_watch)
        fetch_wait = slow[addr >> 8] if slow is not None else 0
        key = (addr, op, wp, last or exits)
        lines = folds.get(key)
        if lines is None:
            lines = folds[key] = _folded(raw, _facts(name, waits, mode, watch, read_watch),
                                         op, addr, wp, last or exits,
                                         0 if read_watch else fetch_wait, tables,
                                         frozenset(cells))
        # The opcode's fetch, checked by the read watch as the run loop checks it.
        fetched = _fetch_check(addr, op, fetch_wait) if read_watch else []
        if exits:  # taken, it leaves with PC at its target; not, the block goes on
            assert lines[-1] == "return", lines
            body += fetched + lines[:-1]
            body += [f"if {_LEAVE}:", f"    pc = {_literal(end)}", "    return"]
            continue
        if last:  # it runs as its handler would, on the live PC
            final, jumps = fetched + lines, isa.DECODE[op].fmt == isa.JUMP
            break
        leaves = False  # may this one's writes end the block?
        now = addr + 2
        body += fetched
        for line in lines:
            if line == _STEPPED:
                now += 2
                continue
            pad = " " * _indent(line)
            if _calls_bus(line):  # a device, or a watch's hook, sees PC as it would be
                body.append(f"{pad}pc = {_literal(now)}")
            body.append(line)
            stmt = _parsed(line)
            store = stmt.index[1] if stmt.kind == "=" and stmt.index and \
                stmt.index[0] == "mem" else None
            if "write" in stmt.called and stmts.call_statement(stmt.text, "write") is not None:
                # A device: an interrupt it raises sets `attn`; memory it changes
                # (a bank switched in) may be this block's own code.
                body.append(_OwnCodeTest(pad))
                leaves = True
            elif store is not None and not store.endswith(" + 1"):
                # (a word's second byte: its even address was tested just before)
                fixed = _value(store)
                if fixed is not None and not pc <= fixed < pc + 6 * MAX_INSTRUCTIONS:
                    continue  # a register, say: surely not this block's code
                body.append(_OwnCodeTest(pad, store))
                leaves = True
        bus_writes = bus_writes or leaves
        assert now == end, (now, end)
        body += [f"if {_LEAVE}{' or bw' if leaves else ''}:",
                 f"    pc = {_literal(end)}",
                 "    return"]
    addr = instrs[-1][-1]  # where the block's code ends
    code = bytes(mem[pc:addr])
    lines = [new for line in body for new in (
        line.lines(code, pc, addr) if isinstance(line, _OwnCodeTest) else [line])]
    if final is None:
        lines.append(f"pc = {_literal(addr)}")
    elif jumps:  # (no block starts at a stop: run_stops stops there first)
        # A loop (its last instruction a jump back to its start) goes round in
        # the block while the run loop would only run it again. (Nothing but
        # PC and the cycles changed since the guard before the jump.)
        lines = ["while True:", *("    " + line for line in lines), *(
            new for line in final for new in (
                [f"    {line[:_indent(line)]}if pc != {pc} or {_LEAVE}:",
                 f"    {line[:_indent(line)]}    return",
                 f"    {line[:_indent(line)]}continue"] if _parsed(line).kind == "return"
                else ["    " + line]))]
    else:
        lines += final
    if bus_writes:
        lines.insert(0, "bw = 0")
    fn = closure_function(f"block_{pc:04x}", "end", HANDLER_NONLOCALS, lines, cells,
                          f"<TMS9900 block >{pc:04X} WP >{wp:04X}>")
    return fn, code, wp
