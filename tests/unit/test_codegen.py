"""The cores' generated code is compiled in one place, which the boot
snapshot's maker feeds with code compiled by another interpreter
(retroscope.cpu.codegen, tools/snapshot.mjs)."""

from __future__ import annotations

import builtins

import pytest

from retroscope.cpu import codegen

SOURCE = "def factory(x):\n    return x * 3\n"


@pytest.fixture(autouse=True)
def fresh_state(monkeypatch):
    monkeypatch.setattr(codegen, "_RECORDED", None)
    monkeypatch.setattr(codegen, "_PRECOMPILED", {})


def run(code) -> int:
    space: dict = {}
    exec(code, space)  # noqa: S102
    return space["factory"](7)


def test_recorded_code_handed_in_is_used_instead_of_compiling(monkeypatch):
    codegen.recording()
    first = codegen.compile_generated(SOURCE, "<test factory>")
    blob = codegen.recorded()
    monkeypatch.setattr(codegen, "_RECORDED", None)
    codegen.precompiled(blob)

    def refuse(*args, **kwargs):
        raise AssertionError("compiled although the code was handed in")
    with monkeypatch.context() as patched:
        patched.setattr(builtins, "compile", refuse)
        handed = codegen.compile_generated(SOURCE, "<test factory>")
    assert handed == first and run(handed) == 21
    assert codegen._PRECOMPILED == {}  # each handed-in object is taken once


def test_other_source_under_the_same_name_is_compiled_afresh():
    codegen.recording()
    codegen.compile_generated(SOURCE, "<test factory>")
    codegen.precompiled(codegen.recorded())
    other = codegen.compile_generated(SOURCE.replace("3", "5"), "<test factory>")
    assert run(other) == 35


def test_nothing_is_kept_unless_recording():
    codegen.compile_generated(SOURCE, "<test factory>")
    assert codegen.recorded() == codegen.recorded()  # an empty, well-formed blob
    codegen.precompiled(codegen.recorded())
    assert codegen._PRECOMPILED == {}


def test_a_traceback_into_generated_code_shows_its_lines_made_again_on_demand():
    import linecache
    import traceback

    made = []

    def make_source() -> str:
        made.append(1)
        return "def factory(x):\n    return x // 0  # the failing line\n"

    code = codegen.generated_code("retroscope test factory", make_source)
    filename = "retroscope test factory (generated)"
    try:
        assert linecache.cache[filename] == (make_source,)  # no lines kept until asked
        assert len(made) == 1
        space: dict = {}
        exec(code, space)  # noqa: S102
        with pytest.raises(ZeroDivisionError) as caught:
            space["factory"](7)
        text = "".join(traceback.format_exception(caught.value))
        assert f'File "{filename}", line 2' in text
        assert "return x // 0  # the failing line" in text
        assert len(made) == 2
    finally:
        linecache.cache.pop(filename, None)
