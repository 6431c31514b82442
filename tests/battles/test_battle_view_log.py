"""The log lines of a view kept between views (fast-path part ``view.LOG_KEPT``) against
the log walked whole (issue 32, sixth sitting).

A view's log is the log lines its player may see, oldest first. With the part on, the
lines of each log shown are kept and a later log works out only the lines added since the
latest earlier log shown to the same player. Random battles on generated setups (two to
four players, private lines included) are viewed at their states in a shuffled order, by
every player and by a spectator, and the lines are compared with those of the log walked
whole with the part off and with every fast path off.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.view import _SHOWN, LOG_KEPT, log_lines, view


def _states(seed: int, players: int) -> list:
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    return list(history.states)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_kept_log_lines_are_the_lines_of_the_whole_log(seed, players):
    states = _states(seed, players)
    order = list(range(len(states)))
    random.Random(seed).shuffle(order)
    order = sorted(order[: len(order) // 2]) + order[len(order) // 2 :]  # in turn, then not
    fastpaths.forget()
    viewers = [*range(players), None]
    kept = [[log_lines(states[i], p) for p in viewers] for i in order]
    assert len(_SHOWN.memo.answers) > 0  # the part kept logs shown
    with fastpaths.plain(LOG_KEPT):
        whole = [[log_lines(states[i], p) for p in viewers] for i in order]
    with fastpaths.plain():
        plain = [[log_lines(states[i], p) for p in viewers] for i in order]
    assert kept == whole == plain
    assert any(len(lines) > 10 for row in kept for lines in row)
    last = states[order[-1]]
    assert view(last, 0)["log"] == whole[-1][0]


def test_a_view_log_is_its_own_list():
    """A view's log may be changed by its reader without changing a later view's."""
    states = _states(3, 2)
    fastpaths.forget()
    first = view(states[-2], 0)["log"]
    first.clear()
    again = view(states[-1], 0)["log"]
    with fastpaths.plain(LOG_KEPT):
        assert again == view(states[-1], 0)["log"]
    assert len(again) > 0
