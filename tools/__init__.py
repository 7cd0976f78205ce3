"""Build, serve, test and bench tooling behind `build.py` (stdlib only)."""
