"""The evaluator's fighter records kept (fast-path part ``threats.BY_RECORD``, issue 32,
sixth sitting) against each position worked out without them.

With the part on, an evaluator keeps what a score reads of each fighter record alone (its
hash, material, actions, the keys of its kept threats) and the attack lists by the hands
and marks of a position, and finds a position scored before by its fighters' kept hashes.
Positions of random battles on generated setups (two to four players, any scenario; from
the first Channelling Phase on, where the players weigh positions), each
with variants a player weighs (a fighter moved, damaged, its action spent; the same
fighters as new equal records; a hand emptied), are scored in turn by one evaluator with
the part on, and each by a fresh evaluator with it off: every score, total and parts,
must be the very same float.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.magewinds import evaluation, threats
from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.ai.magewinds.threats import BY_RECORD, KEYED
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.fastpaths import replaced
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.geometry import moved
from skirmish.games.magewinds.battle.state import Battle, Phase


def _variants(battle: Battle) -> list[Battle]:
    """``battle`` and positions a player weighs from it."""
    found = [battle]
    placed = [f for f in battle.fighters if f.on_battlefield and f.at is not None]
    if placed:
        first = placed[0]
        x, y = first.at
        found.append(moved(battle, first, (x + 0.5, y)))
        found.append(battle.with_fighter(replaced(first, damage=first.damage + 1)))
        found.append(battle.with_fighter(replaced(first, counters=min(2, first.counters + 1))))
        found.append(battle.with_fighter(replaced(placed[-1], counters=2, guarding=False)))
    found.append(replaced(battle, fighters=tuple(replaced(f) for f in battle.fighters)))
    found.append(replaced(battle, hands=tuple(() for _ in battle.hands)))
    return found


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_records_kept_give_the_very_same_scores(seed, players):
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    played = [s for s in history.states if s.phase in (Phase.CHANNELLING, Phase.ACTION, Phase.END)]
    positions = [v for state in played[::3] for v in _variants(state)]
    kept = Evaluator(chosen)
    scored = 0
    for battle in positions + positions[::-1]:  # each again, as a player meets them
        for player in range(players):
            score = kept.value(battle, player)
            with fastpaths.plain(BY_RECORD):
                assert Evaluator(chosen).value(battle, player) == score
            scored += 1
    assert kept._terms and kept._hashes and kept._hashed  # the part was used
    assert scored > 20


SIZES = {
    evaluation: ("KEPT_POSITIONS", "KEPT_RECORDS", "KEPT_TERRAIN", "KEPT_GAINS"),
    threats: ("KEPT_PAIRS", "KEPT_ARMED", "KEPT_SAME"),
}
"""The sizes of the evaluator's and its threats' stores of kept answers, by module."""


@pytest.mark.parametrize("parts", [(), (BY_RECORD,), (KEYED,)], ids=["records", "keys", "pairs"])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3]), size=st.integers(1, 4))
def test_stores_that_start_again_every_few_answers_give_the_very_same_scores(
    parts, seed, players, size
):
    """The evaluator's and its threats' kept answers and the process's attack values, each
    store emptied every ``size`` answers (tokens issued afresh, pairs and scores found
    again), score every position as a fresh evaluator with nothing kept does: with the
    fighters' records kept, and with the older ways of finding a pair (by place and key,
    ``plain(BY_RECORD)``; pair by pair, ``plain(KEYED)``)."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    played = [s for s in history.states if s.phase in (Phase.ACTION, Phase.END)]
    positions = [v for state in played[::5] for v in _variants(state)]
    kept = Evaluator(chosen)
    restarts = []
    largest = []

    def counted(store: dict[Any, Any], key: Any, answer: Any, most: int) -> Any:
        restarts.append(len(store) >= most)
        found = fastpaths.keep(store, key, answer, most)
        largest.append(len(store))
        return found

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(evaluation, "_GAINS", {})
        for module, names in SIZES.items():
            patched.setattr(module, "keep", counted)
            for name in names:
                patched.setattr(module, name, size)
        for battle in positions + positions[::-1]:
            for player in range(players):
                with fastpaths.plain(*parts) if parts else nullcontext():
                    score = kept.value(battle, player)
                with fastpaths.plain():
                    assert Evaluator(chosen).value(battle, player) == score
    assert sum(restarts) > 10  # the stores did start again
    assert max(largest) <= size
    pairs = kept._threats._token_pairs if not parts else kept._threats._pairs
    assert pairs  # the way of finding pairs asked for was the one used
