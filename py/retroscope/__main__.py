"""`python -m retroscope`: the `retroscope` command (retroscope.cli)."""

import sys

from .cli import main

sys.exit(main())
