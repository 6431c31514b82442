"""Plays checked random-versus-random Magewinds battles on request, for
``benchmarks/battles.py --baseline-commit``: one worker runs the code of this tree, another
the code of an older commit (``PYTHONPATH`` pointing at that commit's ``src``), and the
benchmark asks each in turn for the same battles, so both meet the same load.

It reads one seed a line on standard input (``SEED SIZE``: a SIZE-a-side Deathmatch of
Wizard, Guardian, Cleric and Deadeye, as ``speedups.py`` plays) and answers one JSON line a battle: the
processor time of its setup (``start_battle``) and of its play, its steps, and a digest of
its steps' texts (the same battles give the same digest on both commits). It uses only what
both commits have (``random_setup``, ``start_battle``, ``History``, ``RandomPlayer``,
``play_out``, ``problems``), and empties every cache the benchmark empties, where that
commit has it, before each battle: every battle starts cold, as in ``battles.py``. What is
imported once (networkx, what a first battle loads) is imported before the first timed
battle, so neither commit pays a one-time cost the other paid at start-up. Started with
``--drawn`` (this tree only), its random players draw one legal action without listing
them all (``RandomPlayer(seed, seat, drawn=True)``): other battles from the same seeds.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any

CACHES = (
    ("skirmish.games.magewinds.battle.geometry", "_field"),
    ("skirmish.games.magewinds.battle.geometry", "_standing"),
    ("skirmish.games.magewinds.battle.targets", "_any_attack"),
    ("skirmish.games.magewinds.looks", "_blockers"),
    ("skirmish.games.magewinds.looks", "edge_of"),
    ("skirmish.games.magewinds.moves", "_surroundings"),
    ("skirmish.games.magewinds.moves", "_roadmap"),
    ("skirmish.games.magewinds.moves", "local_space"),
    ("skirmish.games.magewinds.moves", "_kept_reach"),
    ("skirmish.games.magewinds.moves", "_dodge"),
)


def forget() -> None:
    """Empty every cache and memo this commit has of those the benchmark empties."""
    from importlib import import_module

    from skirmish import fastpaths

    for module, name in CACHES:
        cache = getattr(import_module(module), name, None)
        if cache is not None and hasattr(cache, "cache_clear"):
            cache.cache_clear()
    fastpaths.forget()


BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]
"""The warband of each side of a Deathmatch (its first SIZE fighters), as speedups.py."""


def play(seed: int, size: int = 0) -> dict[str, Any]:
    from skirmish.engine.battle import History, RandomPlayer, play_out
    from skirmish.games.magewinds.battle import new_setup, start_battle
    from skirmish.games.magewinds.battle.invariants import problems
    from skirmish.games.magewinds.battle.setup import random_setup

    def check(history: History[Any]) -> None:
        found = problems(history.state)
        if found:
            raise AssertionError(found)

    # A SIZE-a-side Deathmatch of the benchmark's warbands, as speedups.py plays; else the
    # standard warbands, 3 rounds, random terrain.
    setup = new_setup("deathmatch", [BAND[:size], BAND[:size]]) if size else random_setup(seed)
    forget()
    started = time.process_time()
    history = History.start(start_battle(setup), seed)
    playing = time.process_time()
    try:
        players = [RandomPlayer(seed, p, **DRAWN) for p in (0, 1)]
        play_out(history, players, after_step=check)
    except Exception as error:  # counted by the benchmark, as in battles.py
        return {"seed": seed, "error": repr(error)[:200]}
    ended = time.process_time()
    digest = hashlib.sha256("\n".join(s.action for s in history.steps).encode()).hexdigest()
    return {
        "seed": seed,
        "setup": playing - started,
        "play": ended - playing,
        "steps": len(history.steps),
        "digest": digest[:16],
    }


DRAWN: dict[str, bool] = {}
"""``{"drawn": True}`` when the worker is started with ``--drawn`` (this tree's code only):
random players that draw one legal action without listing them all."""

WARM_UP = 1_000_000
"""The seed of a battle played before any timed one and not counted."""


def main() -> None:
    # What is imported once, before the first timed battle, in both commits: networkx
    # (imported by an older commit with the battle, by a newer one when a Move first goes
    # round a corner, about 0.1 s) and whatever a first battle loads.
    import networkx  # noqa: F401

    if "--drawn" in sys.argv[1:]:
        DRAWN["drawn"] = True

    play(WARM_UP)
    for line in sys.stdin:
        if not line.strip():
            continue
        seed, *size = (int(word) for word in line.split())
        print(json.dumps(play(seed, *size)), flush=True)


if __name__ == "__main__":
    main()
