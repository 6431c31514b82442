"""Random players use every ability of the bundled profiles, and every step keeps the
battle's invariants: random-versus-random battles of warbands built around those profiles
(the 200-battle fuzz draws its warbands at random from the whole pack), and for the two
abilities a random battle seldom sets up (Revive needs a fallen fighter and 3 Hearts, an
Aimed Shot a marker near an enemy) random play from a state that is ready for them."""

from __future__ import annotations

from dataclasses import replace

from mwbattle import play, ready

from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, Options, new_setup, random_table, start_battle
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Battle, Mark

SIGNS = {
    "Heal": "Heal (Cleric",
    "Take Aim": "puts a marker",
    "Ward": "Ward (Guardian",
    "Prediction": "Prediction (Seer",
    "Insight": "Insight (Seer",
    "Phasewalk": "Phasewalk (Enchanter",
    "Charm": "Charm interrupts",
    "Blast": "makes the same attack",
    "Hypnotize": "Hypnotize (Mesmer",
    "Clone": "beside a Doppelganger",
    "Entangle": "Entangle (Druid",
    "Quake": "Quake (Druid",
    "Wildform": "casts Wildform",
    "White-Hot Weapons": "casts White-Hot",
    "Poison Tip": "poisoned",
}
"""What the log says when each ability is used."""
BANDS = (
    ("Cleric", "Deadeye", "Enchanter", "Guardian"),
    ("Seer", "Witch", "Wizard", "Mesmer"),
    ("Druid", "Cleric", "Wizard", "Witch"),
    ("Deadeye", "Mesmer", "Guardian", "Druid"),
)
MOST = 40


def checked(battle: Battle, seed: int) -> str:
    """Random play to the end, the invariants after every step; the log's text."""
    history = History.start(battle, seed)

    def after_step(history: History) -> None:
        state = history.states[-1]
        assert isinstance(state, Battle)
        found = problems(state)
        assert not found, (seed, found)

    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)], after_step=after_step)
    state = history.state
    assert isinstance(state, Battle) and state.result is not None
    return "\n".join(event.text for event in state.events())


def test_random_players_use_every_ability_of_the_bundled_profiles():
    left = dict(SIGNS)
    for seed in range(MOST):
        first, second = BANDS[seed % 4], BANDS[(seed + 1) % 4]
        setup = new_setup(
            "deathmatch",
            [list(first), list(second)],
            table=random_table(seed, pieces=4 + seed % 5),
            options=Options(length=Length.STANDARD, rounds=3),
        )
        text = checked(start_battle(setup), seed)
        left = {name: sign for name, sign in left.items() if sign not in text}
        if not left:
            break
    assert not left, f"never used in {MOST} random battles: {', '.join(left)}"


def test_random_players_revive_and_make_aimed_shots_when_ready():
    revived = aimed = False
    for seed in range(10):
        positions = {"Cleric": (3, 8), "Deadeye": (3, 4), "Guardian": (9, 4), "Seer": (9, 12)}
        battle = ready(
            ("Cleric", "Deadeye"),
            ("Guardian", "Seer"),
            positions,
            hands={0: ("AH", "KD")},
        )
        battle = take_down(battle, "Seer")
        # Take Aim made in the Deadeye's last activation: its next one may shoot.
        battle = replace(battle, marks=(Mark("take_aim", "Deadeye", at=(9, 4)),))
        battle = play(battle)
        text = checked(battle, seed)
        revived = revived or "revives" in text
        aimed = aimed or "with Aimed Shot" in text
        if revived and aimed:
            break
    assert revived and aimed
