"""The public surface: ``import skirmish`` re-exports the API, loads nothing until used."""

from __future__ import annotations

import subprocess
import sys

import skirmish


def test_every_public_name_is_listed_and_reachable():
    assert "load_game" in skirmish.__all__ and "exact" in skirmish.__all__
    for name in skirmish.__all__:
        assert getattr(skirmish, name) is not None, name
    assert sorted(dir(skirmish)) == sorted(skirmish.__all__)


def test_importing_skirmish_or_its_command_line_loads_no_heavy_library():
    # A start-up budget: listing games or answering odds never pays for the solvers'
    # libraries, the geometry or the pictures until a command uses them.
    code = (
        "import sys, skirmish, skirmish.cli; "
        "print(' '.join(m for m in ('scipy', 'networkx', 'matplotlib', 'numpy', 'shapely', "
        "'icepool', 'pydantic', 'skirmish.games.magewinds.attack') if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == []


def test_skirmish_games_loads_no_game():
    code = "import sys; from skirmish.cli import main; sys.argv = ['skirmish', 'games']; main()\n"
    probe = (
        "import sys, atexit\n"
        "atexit.register(lambda: print('LOADED', ' '.join(m for m in sys.modules "
        "if m.startswith('skirmish.games.') and m.count('.') >= 3)))\n" + code
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    assert "magewinds" in out and out.split("LOADED")[1].strip() == ""
