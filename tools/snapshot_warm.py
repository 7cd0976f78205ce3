# What the boot snapshot holds besides CPython itself (run inside Pyodide by
# tools/snapshot.mjs once the wheel is unpacked): the package imported, each
# CPU core's generated code compiled, and each machine built once with its
# default parameters, so that its program is already assembled (the cache of
# machines.base.assemble_package) when the page asks for it. Nothing here may
# keep a JavaScript object.
import retroscope.worker_api  # noqa: F401
from retroscope import machines

for _id in machines.available():
    machines.create(_id).run_frame(0)
del _id

# The same sources give the same snapshot: `random` seeded itself from the
# OS's entropy on import; the page re-seeds it after the restore (worker.js).
import random  # noqa: E402

random.seed(0)

# What the warm-up left unreachable in cycles is freed now, so that the
# snapshot maker zeroes it (tools/snapshot.mjs) instead of shipping it.
import gc  # noqa: E402

gc.collect()
