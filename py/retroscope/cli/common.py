"""What every `retroscope` command shares: its errors and exit codes, one-line
messages on stderr, numbers as the page writes them, the optional extras."""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module
from typing import Any, NoReturn

from ..machines.base import parse_int

# Exit codes (README, `retroscope --help`).
OK = 0
REFUSED = 1  # the input was refused: a file, a parameter, a link, source, an extra missing
USAGE = 2  # the command line itself (argparse's own code)
CHECK_FAILED = 3  # `open`: the link did not open as it was made, or not to --expect
BUG = 70  # an exception nobody expected (EX_SOFTWARE)
INTERRUPTED = 130


class CliError(Exception):
    """What the user gave cannot be used: said on stderr in one line."""

    code = REFUSED


class CheckFailed(CliError):
    """The work was done but a check on it failed (exit 3)."""

    code = CHECK_FAILED


class Parser(argparse.ArgumentParser):
    """argparse, with its usage errors said in one line."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def one_line(text: str) -> str:
    """A message on one line, however many its source had."""
    return " ".join(str(text).split())


def warn(prog: str, message: str) -> None:
    print(f"{prog}: warning: {one_line(message)}", file=sys.stderr)


def number(text: str) -> int:
    """An argparse type: decimal, $hex or 0xhex, as links and the page write them."""
    value = parse_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (decimal, $hex or 0xhex)")
    return value


def address(text: str) -> int:
    value = number(text)
    if not 0 <= value <= 0xFFFF:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address ($0000-$FFFF)")
    return value


def count(text: str) -> int:
    value = number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1")
    return value


def extra(module: str, name: str) -> Any:
    """Import an optional package, or say which extra brings it."""
    try:
        return import_module(module)
    except ImportError:
        raise CliError(f"this needs {module.split('.')[0]}: pip install 'retroscope[{name}]'")\
            from None


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, sort_keys=False))
