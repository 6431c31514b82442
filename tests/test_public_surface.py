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


HEAVY = ("scipy", "networkx", "matplotlib", "shapely", "skirmish.games.magewinds.battle")
"""What a light command must not load: the solvers', geometry's and pictures' libraries
and the battle's rules."""


def loaded_by(*command: str) -> tuple[list[str], str]:
    """The heavy modules a whole ``skirmish`` command leaves loaded, and its output."""
    probe = (
        "import sys, atexit\n"
        f"heavy = {HEAVY!r}\n"
        "atexit.register(lambda: print('LOADED', *(m for m in heavy if m in sys.modules)))\n"
        "from skirmish.cli import main\n"
        f"sys.argv = ['skirmish', *{list(command)!r}]\n"
        "main()\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    return run.stdout.split("LOADED")[-1].split(), run.stdout


def test_light_commands_load_neither_the_battle_nor_its_libraries():
    for command in (("games",), ("scenarios", "magewinds"), ("scenarios", "magewinds", "--json")):
        loaded, out = loaded_by(*command)
        assert loaded == [], (command, loaded)
        assert out.split("LOADED")[0].strip(), command  # it answered
    loaded, out = loaded_by("scenarios", "magewinds")
    assert "the-prize" in out and "1.3.0 *" in out


def test_the_scenario_pages_are_the_battles_scenarios():
    # the light list of pages (what `scenarios magewinds` shows) and the battle's own
    # scenarios, version by version: the same ids, names, versions, players, rounds,
    # battlefields and summaries, in the same order
    from skirmish.games.magewinds.battle.catalogue import VERSIONS, find_scenario
    from skirmish.games.magewinds.scenario_pages import PAGES

    fields = ("id", "name", "version", "summary", "rounds", "players", "table")
    assert [tuple(getattr(p, f) for f in fields) for p in PAGES] == [
        tuple(getattr(s, f) for f in fields) for s in VERSIONS
    ]
    assert [p.default for p in PAGES] == [find_scenario(s.id) is s for s in VERSIONS]
