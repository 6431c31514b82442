"""Every command's flags, as data: the surface a refactor of the command line must keep.

``python tests/cli_surface.py > tests/data/cli-surface.json`` records the surface of the
installed ``skirmish``; ``tests/test_cli_surface.py`` compares the current one with it.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _walk(command: Any, context: Any, path: tuple[str, ...]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    names = command.list_commands(context) if hasattr(command, "list_commands") else None
    if names is not None:
        for name in names:
            sub = command.get_command(context, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            child = type(context)(sub, parent=context, info_name=name)
            found |= _walk(sub, child, (*path, name))
        return found
    params = {}
    for param in command.params:
        if param.param_type_name == "argument":
            params[param.name.upper()] = {"argument": True, "help": getattr(param, "help", "")}
            continue
        for flag in param.opts:
            params[flag] = {
                "help": " ".join((param.help or "").split()),
                "flag": bool(getattr(param, "is_flag", False)),
                "multiple": bool(getattr(param, "multiple", False))
                and param.name not in getattr(command, "once", ()),
                "negative": list(param.secondary_opts),
            }
    found[" ".join(path)] = {"help": " ".join((command.help or "").split()), "params": params}
    return found


def surface() -> dict[str, Any]:
    """``{"odds magewinds": {"help": ..., "params": {"--attacker": {...}, ...}}, ...}``."""
    import typer

    from skirmish.cli import app

    root = typer.main.get_command(app)
    context = root.make_context("skirmish", [], resilient_parsing=True)
    return _walk(root, context, ())


if __name__ == "__main__":
    json.dump(surface(), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
