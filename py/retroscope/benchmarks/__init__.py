"""Fixed workloads for `build.py bench`: one module per CPU core."""
