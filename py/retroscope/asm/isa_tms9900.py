"""The TMS9900 backend: TI Editor/Assembler operands over `cpu.isa9900.OPS`.

Source layout (the `TI_EA` profile, see `syntax.py`): label in column 1,
mnemonic, operand field, then anything is comment; `*` in column 1 is a
comment line; `>` hex, `$` the current address. Listings printed flush left
(as in magazine articles) also work: a column-1 word that is a mnemonic is
taken as one unless the next field is a mnemonic or directive too
(`X BSS 2` is the label X).

Operands::

    R0-R15, or any expression 0-15        workspace register (Rn)
    *Rn   *Rn+                            indirect, auto-increment
    @expr   @expr(Rn)                     symbolic, indexed (not R0)
    expr                                  immediate, count, jump target, CRU bit

Pseudo-instructions: `RT` (B *R11) and `NOP` (JMP $+2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from ..cpu import isa9900 as isa
from .errors import Problem
from .expr import Cursor, Env, Expr, Num
from .lexer import NAME, OP
from .syntax import TI_EA

SYNTAX = replace(TI_EA, name="ti-ea-9900", col1_mnemonics=True)

_REGISTER = re.compile(r"^[rR](1[0-5]|[0-9])$")
_NOT_A_REGISTER = re.compile(r"^[rR]0*(1[6-9]|[2-9][0-9]|[0-9]{3,})$")  # R16, R99...

# Pseudo-instructions: name -> the word they stand for.
PSEUDO = {"rt": 0x045B, "nop": 0x1000}  # B *R11, JMP $+2


@dataclass(slots=True)
class General:
    """A general operand: T field, register and (T=2) the address expression."""

    t: int
    reg: Expr
    addr: Expr = Num(0)
    indexed: bool = False


@dataclass(slots=True)
class Insn:
    op: isa.Op | None  # None: a pseudo-instruction with a fixed word
    operands: tuple[Any, ...]  # General or Expr, per the format's shape
    word: int = 0


def _register(cur: Cursor) -> Expr:
    """`Rn` (a name that ends the operand) or an expression for a register."""
    token = cur.peek()
    if token is not None and token.kind == NAME and _REGISTER.match(token.text):
        cur.pos += 1
        return Num(int(token.text[1:]))
    if token is not None and token.kind == NAME and _NOT_A_REGISTER.match(token.text):
        raise Problem(f"{token.text} is not a register (R0-R15)")
    return cur.expr()


def _general(cur: Cursor) -> General:
    if cur.accept("*"):
        end = _operand_end(cur)
        if end > cur.pos and cur.tokens[end - 1].kind == OP and cur.tokens[end - 1].text == "+":
            # *Rn+: parse the register without the '+', which an expression would take
            inner = Cursor(cur.tokens[:end - 1], cur.scope, cur.pos)
            reg = _register(inner)
            inner.expect_end()
            cur.pos = end
            return General(3, reg)
        return General(1, _register(cur))
    if cur.accept("@"):
        addr = cur.expr()
        if cur.accept("("):
            reg = _register(cur)
            cur.expect(")")
            return General(2, reg, addr, indexed=True)
        return General(2, Num(0), addr)
    return General(0, _register(cur))


def _operand_end(cur: Cursor) -> int:
    """Index of the ',' ending the current operand (outside parentheses), or the end."""
    depth = 0
    for i in range(cur.pos, len(cur.tokens)):
        token = cur.tokens[i]
        if token.kind == OP:
            if token.text == "(":
                depth += 1
            elif token.text == ")":
                depth -= 1
            elif token.text == "," and depth <= 0:
                return i
    return len(cur.tokens)


# Operand kinds per format: "g" general, "r" register, "v" value.
_SHAPES = {
    isa.TWO: "gg", isa.JUMP: "v", isa.CRUBIT: "v", isa.REGSRC: "gr", isa.XOPF: "gv",
    isa.CRU: "gv", isa.SHIFT: "rv", isa.ONE: "g", isa.IMM: "rv", isa.REG: "r",
    isa.IMMONLY: "v", isa.NONE: "",
}


def _value(expr: Expr, env: Env, lo: int, hi: int, what: str) -> int:
    value = expr.eval(env)
    if not lo <= value <= hi:
        raise Problem(f"{what} {value} is out of range ({lo}..{hi})")
    return value


def _reg_value(expr: Expr, env: Env) -> int:
    return _value(expr, env, 0, 15, "register")


class BackendTMS9900:
    isa = "tms9900"
    syntax = SYNTAX
    word_order = "big"
    insn_align = 2
    data_align = 2

    def is_mnemonic(self, name: str) -> bool:
        return name.upper() in isa.BY_NAME or name in PSEUDO

    def takes_operands(self, name: str) -> bool:
        op = isa.BY_NAME.get(name.upper())
        return op is not None and op.fmt != isa.NONE

    def parse(self, name: str, cur: Cursor) -> Insn:
        if name in PSEUDO:
            return Insn(None, (), PSEUDO[name])
        op = isa.BY_NAME[name.upper()]
        operands: list[Any] = []
        for i, kind in enumerate(_SHAPES[op.fmt]):
            if i:
                cur.expect(",")
            if kind == "g":
                operands.append(_general(cur))
            elif kind == "r":
                if cur.is_op("@") or cur.is_op("*"):
                    raise Problem(f"{op.mnemonic} takes a workspace register here, "
                                  "not a memory operand")
                operands.append(_register(cur))
            else:
                operands.append(cur.expr())
        return Insn(op, tuple(operands))

    def size(self, insn: Insn, env: Env) -> int:
        extra = sum(1 for o in insn.operands if isinstance(o, General) and o.t == 2)
        if insn.op is not None and insn.op.fmt in (isa.IMM, isa.IMMONLY):
            extra += 1
        return 2 + 2 * extra

    def encode(self, insn: Insn, env: Env) -> bytes:
        op = insn.op
        if op is None:
            return insn.word.to_bytes(2, "big")
        fmt, ops = op.fmt, insn.operands
        ext: list[int] = []  # extension words, in operand order
        if fmt == isa.TWO:
            src = _general_field(ops[0], env, ext)
            word = op.opcode | (_general_field(ops[1], env, ext) << 6) | src
        elif fmt == isa.JUMP:
            word = op.opcode | _jump_offset(ops[0], env)
        elif fmt == isa.CRUBIT:
            word = op.opcode | (_value(ops[0], env, -128, 127, "CRU bit displacement") & 0xFF)
        elif fmt in (isa.REGSRC, isa.XOPF, isa.CRU):
            src = _general_field(ops[0], env, ext)
            if fmt == isa.REGSRC:
                field = _reg_value(ops[1], env)
            elif fmt == isa.XOPF:
                field = _value(ops[1], env, 0, 15, "XOP number")
            else:
                field = _value(ops[1], env, 0, 16, "bit count") & 15  # 16 is coded 0
            word = op.opcode | (field << 6) | src
        elif fmt == isa.SHIFT:
            count = _value(ops[1], env, 0, 15, "shift count")
            word = op.opcode | (count << 4) | _reg_value(ops[0], env)
        elif fmt == isa.ONE:
            word = op.opcode | _general_field(ops[0], env, ext)
        elif fmt in (isa.IMM, isa.REG):
            word = op.opcode | _reg_value(ops[0], env)
            if fmt == isa.IMM:
                ext.append(_word(ops[1], env, "value"))
        elif fmt == isa.IMMONLY:
            word = op.opcode
            ext.append(_word(ops[0], env, "value"))
        else:
            word = op.opcode
        return b"".join(w.to_bytes(2, "big") for w in (word, *ext))


def _word(expr: Expr, env: Env, what: str) -> int:
    return _value(expr, env, -0x8000, 0xFFFF, what) & 0xFFFF


def _general_field(o: General, env: Env, ext: list[int]) -> int:
    """The 6-bit T/register field of a general operand; appends its address word."""
    reg = _reg_value(o.reg, env)
    if o.t == 2:
        if o.indexed and reg == 0:
            raise Problem("R0 cannot be an index register (@addr(R0) would be @addr)")
        ext.append(_word(o.addr, env, "address"))
    return (o.t << 4) | reg


def _jump_offset(expr: Expr, env: Env) -> int:
    """The 8-bit word displacement from the word after the jump to the target."""
    target = _word(expr, env, "jump target")
    offset = (target - env.here - 2 + 0x8000) % 0x10000 - 0x8000
    if offset & 1:
        raise Problem(f"jump target >{target:04X} is at an odd address")
    if not -256 <= offset <= 254:
        raise Problem(f"jump target >{target:04X} is out of range ({offset // 2:+d} words; "
                      "jumps reach -128..+127)")
    return (offset >> 1) & 0xFF


__all__ = ["BACKEND", "SYNTAX", "Insn"]

BACKEND = BackendTMS9900()
