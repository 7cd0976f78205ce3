"""Step requests: one object per kind of step, asked by the debugger's runners
(`runcontrol.RunControl`) whether to stop (as Mesen's StepRequest describes
every step kind with one value).

A plan can stop the CPU in three places, each cheap to ask:

* `target`: before the instruction at this PC (an int compare per instruction),
  then `at_target()` decides (e.g. "only at the caller's stack depth");
* `pre(pc)`: before every instruction, when `every` is set;
* `post()`: after every instruction, when `every` is set.

Interrupts during a step: "into" follows the CPU into the handler (the handler's
first instruction is the next one to run); "over" and "out" run the handler to
its return and carry on, so an interrupt never ends them early.
"""

from __future__ import annotations

from collections.abc import Callable

from .cpuinfo import CALL, RETURN, CpuInfo

STEP_KINDS = ("into", "over", "out", "frame", "cursor")


class Plan:
    kind = ""
    target = -1
    every = False
    frame_only = False  # it ends with the frame: nothing to look at before

    def at_target(self) -> bool:
        return False

    def pre(self, pc: int) -> bool:
        return False

    def post(self) -> bool:
        return False


class StepInto(Plan):
    """Run `count` instructions (an interrupt entry counts as one)."""

    kind = "into"
    every = True

    def __init__(self, count: int = 1) -> None:
        self.left = count

    def post(self) -> bool:
        self.left -= 1
        return self.left <= 0


class StepOver(Plan):
    """Run one instruction; a call runs to its return (its own depth, so
    recursion and interrupts inside it do not stop it early)."""

    kind = "over"

    def __init__(self, info: CpuInfo, read: Callable[[int], int], pc: int) -> None:
        self.info = info
        self.read = read
        self._plan(pc)

    def _plan(self, pc: int) -> None:
        insn = self.info.decode(self.read, pc)
        self.pc0 = pc
        self.depth0 = self.info.depth()
        if insn.kind == CALL:
            self.target = (pc + insn.length) & 0xFFFF
            self.every = False
        else:
            self.target = -1
            self.every = True  # one instruction, watched for an interrupt entry
        self.resume_at_pc0 = False

    def at_target(self) -> bool:
        if not self.info.same_or_outer(self.depth0):
            return False
        if self.resume_at_pc0:
            # Back from an interrupt that came before the instruction: step it now.
            self._plan(self.pc0)
            return False
        return True

    def post(self) -> bool:
        if self.info.interrupted(self.pc0, self.depth0):
            # The step went into an interrupt handler: run it back to pc0 first.
            self.target = self.pc0
            self.every = False
            self.resume_at_pc0 = True
            return False
        return True


class StepOut(Plan):
    """Run until the current routine returns to its caller."""

    kind = "out"
    every = True

    def __init__(self, info: CpuInfo, read: Callable[[int], int]) -> None:
        self.info = info
        self.read = read
        self.depth0 = info.depth()
        self.nest = 0  # BL calls entered since (TMS9900: BL keeps no stack)
        self.armed_pc = -1
        self.last_call = False

    def pre(self, pc: int) -> bool:
        info = self.info
        kind = info.kind_at(self.read, pc)
        self.last_call = kind == CALL
        self.last_depth = info.depth()
        self.armed_pc = -1
        if kind == RETURN and info.same_or_outer(self.depth0):
            if info.stack_calls or self.nest == 0:
                self.armed_pc = pc
            else:
                self.nest -= 1
        return False

    def post(self) -> bool:
        info = self.info
        if self.armed_pc >= 0:
            if info.interrupted(self.armed_pc, self.last_depth):
                return False  # an interrupt came first; the return is still to come
            return info.returned(self.last_depth)  # a conditional return may not go
        if self.last_call and not info.stack_calls and info.depth() == self.depth0:
            self.nest += 1  # a BL in our own workspace
        return False


class RunTo(Plan):
    """Run until PC reaches an address (run to cursor)."""

    kind = "cursor"

    def __init__(self, addr: int) -> None:
        self.target = addr & 0xFFFF

    def at_target(self) -> bool:
        return True


class StepFrame(Plan):
    """Run to the end of the current video frame (the session stops there)."""

    kind = "frame"
    frame_only = True
