"""The `retroscope` command: the machines outside the browser.

    retroscope machines [ID]            the machines, their parameters and ranges
    retroscope run MACHINE [...]        run headless: --png, --gif, --input, --link
    retroscope open LINK [...]          open a share link headless: its state hash
    retroscope asm FILE --isa ISA       assemble (6502, z80, tms9900)
    retroscope disasm FILE --isa ISA --org ADDR
    retroscope ai [...]                 the Tetris AI's bench on the machine
    retroscope ai tune [...]            tune its weights (CMA-ES)
    retroscope bench                    the cores' and machines' speed here

Exit status: 0 done; 1 the input was refused (a file, a parameter, a link,
assembler source, an optional package missing); 2 the command line was wrong;
3 a check failed (`open`: the link did not open as it was made, or not to
`--expect`'s hash); 70 a bug in retroscope; 130 interrupted. Errors are one
line on stderr. Long work shows a progress bar on stderr when it is a
terminal (`--progress` forces it).
"""

from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from ..machines.base import MachineError
from . import ai, asm, bench, link, machines, run
from .common import BUG, INTERRUPTED, CliError, Parser, one_line

COMMANDS = (machines, run, link, asm, ai, bench)


def parser() -> Parser:
    top = Parser(prog="retroscope", description=__doc__,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--version", action="version", version=f"retroscope {__version__}")
    top.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="draw progress bars on stderr (default: when it is a terminal)")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND",
                             parser_class=Parser)
    for command in COMMANDS:
        command.add(sub)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    prog = f"retroscope {args.command}"
    try:
        return args.func(args)
    except CliError as exc:
        print(f"{prog}: error: {one_line(str(exc))}", file=sys.stderr)
        return exc.code
    except MachineError as exc:
        print(f"{prog}: error: {one_line(str(exc))}", file=sys.stderr)
        return CliError.code
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # `retroscope asm x.s | head`: the reader had enough
        sys.stderr.close()
        return 0
    except Exception as exc:  # a bug: said in one line; the traceback on request
        if os.environ.get("RETROSCOPE_TRACEBACK"):
            raise
        print(f"{prog}: internal error: {type(exc).__name__}: {one_line(str(exc))} (a bug in "
              f"retroscope {__version__}: RETROSCOPE_TRACEBACK=1 shows where)", file=sys.stderr)
        return BUG
