"""The user's Python scripts: the API a script sees (api.py), its host beside
the machine with its budget (host.py, budget.py), its console (console.py)
and the scripts that ship (examples/)."""

from .api import ScriptError
from .host import ScriptHost

__all__ = ["ScriptError", "ScriptHost"]
