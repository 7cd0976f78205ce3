"""What the tests share, one module per job: random programs per CPU and
their twin-core comparisons, the debugger's stop comparisons, the toy
machines, the conformance vectors, the assemblers' fuzzing, the page's
waits and touches, each game's moves. Importable as `harness.<module>`
(pyproject's pytest `pythonpath` puts tests/ on the path); fixtures stay in
the conftest files, and no test module imports another."""
