"""`retroscope asm` and `retroscope disasm`: the project's assemblers and
disassemblers for the 6502, the Z80 and the TMS9900 on files.

`asm FILE --isa ISA` assembles (includes are read beside FILE) and writes the
bytes from the lowest address it emits to the highest, gaps zero-filled
(`-o`), its listing (`--listing`, the default without `-o`) and its symbols
(`--symbols`). `disasm FILE --isa ISA --org ADDR` lists the instructions of
a binary loaded at ADDR (the TMS9900's with its clock counts flat and on the
TI-99/4A, the one machine it is in).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ..asm import ISAS, AsmError, assemble
from ..cpu import dis6502, dis9900, disz80
from ..machines.ti99.memory import WAIT_STATES
from .common import CliError, address, count, one_line


def add(sub: Any) -> None:
    p = sub.add_parser("asm", help="assemble a file (6502, Z80, TMS9900)", description=__doc__)
    p.add_argument("file", help="the source")
    p.add_argument("--isa", required=True, choices=sorted(ISAS))
    p.add_argument("-o", "--output", metavar="OUT", help="write the bytes there")
    p.add_argument("--listing", action="store_true", help="print the listing")
    p.add_argument("--symbols", action="store_true", help="print the symbols")
    p.add_argument("--origin", type=address, metavar="ADDR",
                   help="the address before any .org (default 0)")
    p.set_defaults(func=run_asm)

    d = sub.add_parser("disasm", help="disassemble a binary file", description=__doc__)
    d.add_argument("file", help="the bytes")
    d.add_argument("--isa", required=True, choices=sorted(ISAS))
    d.add_argument("--org", required=True, type=address, metavar="ADDR",
                   help="the address its first byte is loaded at")
    d.add_argument("--start", type=address, metavar="ADDR",
                   help="where to begin (default: --org)")
    d.add_argument("--count", type=count, metavar="N", help="at most N instructions")
    d.set_defaults(func=run_disasm)


def read_file(path: str, binary: bool = False) -> Any:
    try:
        return Path(path).read_bytes() if binary else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {exc}") from None


def run_asm(args: argparse.Namespace) -> int:
    source = read_file(args.file)
    path = Path(args.file)
    try:
        program = assemble(source, args.isa, args.origin, include=path.parent,
                           filename=path.name)
    except AsmError as exc:
        more = len(exc.errors) - 1
        first = one_line(str(exc.errors[0]))
        raise CliError(first + (f" (and {more} more error{'s' * (more > 1)})" if more else ""))\
            from None
    image = program.image()
    start = program.chunks[0][0] if program.chunks else 0
    if args.output:
        try:
            Path(args.output).write_bytes(image)
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc}") from None
        print(f"{len(image)} bytes at ${start:04X}-${start + max(len(image), 1) - 1:04X} "
              f"written to {args.output}")
    if args.listing or not args.output:
        print(program.listing_text())
    if args.symbols:
        for name, value in sorted(program.symbols.items(), key=lambda item: (item[1], item[0])):
            print(f"{value:04X}  {name}")
    return 0


# Each ISA's one-instruction decoder: read(address) -> byte, address -> a line
# with its `data` (bytes) and `text`.
DECODERS: dict[str, Callable[[Callable[[int], int], int], Any]] = {
    "6502": dis6502.decode, "z80": disz80.disassemble_one,
    "tms9900": partial(dis9900.decode, waits=WAIT_STATES),
}


def run_disasm(args: argparse.Namespace) -> int:
    data = read_file(args.file, binary=True)
    org = args.org
    if org + len(data) > 0x10000:
        raise CliError(f"{len(data)} bytes at ${org:04X} run past $FFFF")
    start = org if args.start is None else args.start
    if not org <= start < org + max(len(data), 1):
        raise CliError(f"--start ${start:04X} is outside the file's ${org:04X}-"
                       f"${org + len(data) - 1:04X}")
    if args.isa == "tms9900" and (org | start) & 1:
        raise CliError("the TMS9900's instructions are words at even addresses: give an even "
                       "--org and --start")
    decode = DECODERS[args.isa]
    end = org + len(data)

    def read(a: int) -> int:
        return data[a - org] if org <= a < end else 0

    addr, shown = start, 0
    while addr < end and (args.count is None or shown < args.count):
        line = decode(read, addr)
        if addr + len(line.data) > end:  # cut off by the end of the file
            print(f"{addr:04X}  {data[addr - org:].hex(' ').upper():<14}  (the file ends)")
            break
        print(f"{addr:04X}  {line.data.hex(' ').upper():<14}  {line.text}")
        addr += len(line.data)
        shown += 1
    return 0
