"""`retroscope machines [ID]`: the machines, their parameters and ranges; with
an id, its buttons, documented variables and routines too."""

from __future__ import annotations

import argparse
from typing import Any

from .. import machines
from ..machines.variables import describe
from .common import CliError, print_json


def add(sub: Any) -> None:
    p = sub.add_parser("machines", help="the machines, their parameters and ranges",
                       description=__doc__)
    p.add_argument("machine", nargs="?", help="one machine in detail")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.set_defaults(func=run)


def params_of(info: machines.MachineInfo) -> list[dict[str, Any]]:
    return [{"name": p.name, "kind": p.kind, "default": p.default, "range": p.range_text(),
             "help": p.help} for p in info.params]


def summary(machine_id: str) -> dict[str, Any]:
    info = machines.info(machine_id)
    return {"id": info.id, "title": info.title, "cpu": info.cpu, "fps": round(info.fps, 3),
            "screen": [info.width, info.height], "article": info.article,
            "params": params_of(info)}


def detail(machine_id: str) -> dict[str, Any]:
    machine = machines.create(machine_id)  # the labels its variables sit at
    info = machine.INFO
    return {**summary(machine_id), "buttons": list(info.buttons),
            "variables": describe(machine.VARIABLES, machine.symbols),
            "routines": [{"label": r.label, "address": machine.symbols.get(r.label),
                          "help": r.help} for r in info.routines],
            "summary": info.summary}


def param_line(p: dict[str, Any]) -> str:
    default = "" if p["default"] is None else p["default"]
    return f"  {p['name'] + '=' + str(default):<14} {p['range']}: {p['help']}"


def run(args: argparse.Namespace) -> int:
    available = machines.available()
    if args.machine is not None and args.machine not in available:
        raise CliError(f"there is no machine {args.machine!r} (there are: "
                       f"{', '.join(available)})")
    if args.machine is None:
        found = [summary(mid) for mid in available]
        if args.json:
            print_json(found)
        else:
            for m in found:
                print(f"{m['id']:<11} {m['title']} ({m['cpu']}, {m['screen'][0]}x"
                      f"{m['screen'][1]} at {m['fps']:g} Hz, article {m['article']})")
                for p in m["params"]:
                    print(param_line(p))
        return 0
    found_one = detail(args.machine)
    if args.json:
        print_json(found_one)
        return 0
    m = found_one
    print(f"{m['id']}: {m['title']} ({m['cpu']}, {m['screen'][0]}x{m['screen'][1]} at "
          f"{m['fps']:g} Hz, article {m['article']})")
    print("parameters:")
    for p in m["params"]:
        print(param_line(p))
    print(f"buttons (bit 0 first): {', '.join(m['buttons'])}")
    print("variables:")
    for v in m["variables"]:
        print(f"  ${v['address']:04X} {v['type']:<7} {v['name']:<16} {v['help']}")
    print("routines:")
    for r in m["routines"]:
        where = f"${r['address']:04X}" if r["address"] is not None else "     "
        print(f"  {where} {r['label']:<32} {r['help']}")
    return 0
