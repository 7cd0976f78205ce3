"""Assemble a file and print its listing: `python3 -m retroscope.asm FILE [--isa 6502]`.

Includes are read from the file's own folder.  Exit status 1 on AsmError.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import ISAS, AsmError, assemble


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m retroscope.asm", description=__doc__)
    parser.add_argument("file", type=Path)
    parser.add_argument("--isa", default="6502", choices=sorted(ISAS))
    parser.add_argument("--origin", type=lambda text: int(text, 0), default=None,
                        help="address before any .org (e.g. 0x8000)")
    parser.add_argument("--symbols", action="store_true", help="also print the symbol table")
    args = parser.parse_args(argv)
    try:
        program = assemble(args.file.read_text(encoding="utf-8"), args.isa, args.origin,
                           include=args.file.parent, filename=args.file.name)
    except AsmError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(program.listing_text())
    if args.symbols:
        for name, value in sorted(program.symbols.items(), key=lambda item: item[1]):
            print(f"{value:04X}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
