"""Helpers for Magewinds battle tests: set a battle up exactly, action by action.

Chance steps are applied as written (``card AS``, ``dice 1 2``, ``roll-off 6 1``): any
outcome the rules allow is accepted by ``apply``; only a replayed record must match the
seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from random import Random
from typing import Any

from skirmish.engine.battle import Chance, Turn
from skirmish.games.magewinds.battle import Options, new_setup, start_battle
from skirmish.games.magewinds.battle.state import Battle, Phase, Status
from skirmish.games.magewinds.battle.tables import Table, parse_table
from skirmish.games.magewinds.cards import sort_cards
from skirmish.games.magewinds.pack import Pack

FACE_UP = ("8S", "8H", "8D", "8C", "9C")

QUICK_BANDS = ["--warband", "Wizard,Witch", "--warband", "Druid,Seer", "--length", "quick"]
"""The two small warbands, in the quick length, that the command tests' battles play."""

KING = [
    "play",
    "magewinds",
    "--scenario",
    "king-of-the-hill",
    *QUICK_BANDS,
    "--players",
    "human,greedy",
    "--seed",
    "4",
]
"""A King of the Hill a person plays at the terminal against the greedy player."""


KING_OPENING = [
    "deploy Wizard at 9.75,2",
    "deploy Witch at 11.25,2",
    "draw AH",
    *["draw deck"] * 4,
    "pass",
]
"""Player 1's answers in :data:`KING` up to the first decision of round 1's Action Phase
(a fresh player's review: the Druid the only enemy in the Wizard's reach)."""


def king(players: str) -> list[str]:
    """:data:`KING` played by ``players`` (``human,human``: hotseat)."""
    return [players if word == "human,greedy" else word for word in KING]


def open_table(terrain: Iterable[dict] = (), objects: Iterable[dict] = ()) -> Table:
    """A 12" x 16" table with the given terrain (none by default)."""
    data = {"battlefield": {"width": 12, "length": 16}, "terrain": list(terrain)}
    if objects:
        data["objects"] = list(objects)
    return parse_table(data, source="test table")


def new_battle(
    first: tuple[str, ...] = ("Wizard",),
    second: tuple[str, ...] = ("Guardian",),
    *,
    scenario: str = "deathmatch",
    table: Table | None = None,
    pack: Pack | None = None,
    **options: object,
) -> Battle:
    setup = new_setup(
        scenario,
        [list(first), list(second)],
        table=table or open_table(),
        options=Options(**options),  # type: ignore[arg-type]
        pack=pack,
    )
    return start_battle(setup)


def play(battle: Battle, *actions: str) -> Battle:
    for action in actions:
        battle = battle.apply(action)
    return battle


def guard_turns(*fighters: str) -> tuple[str, ...]:
    """Each fighter in turn activates, Guards without a step and ends its activation (13.4):
    the quickest way through an Action Phase turn."""
    return tuple(
        action
        for fighter in fighters
        for action in (f"activate {fighter}", "guard", "no step", "end activation")
    )


def set_up(battle: Battle, face_up: tuple[str, ...] = FACE_UP) -> Battle:
    """Player 1 (seat 0) wins the roll-off; player 2 takes the right half."""
    battle = play(battle, "roll-off 6 1", "take right")
    return play(battle, *(f"card {c}" for c in face_up))


def deploy(battle: Battle, positions: dict[str, tuple[float, float]]) -> Battle:
    """Deploy every fighter where given, in the order the rules ask for them."""
    while isinstance(battle.node(), Turn) and battle.phase.value == "deployment":
        node = battle.node()
        assert isinstance(node, Turn)
        name = next(
            n
            for n, _ in positions.items()
            if battle.fighter(n).player == node.player and battle.fighter(n).at is None
        )
        x, y = positions[name]
        battle = battle.apply(f"deploy {name} at {x},{y}")
    return battle


def channel(battle: Battle, hands: dict[int, tuple[str, ...]]) -> Battle:
    """12.0: each player draws their cards from the deck, then passes."""
    left = {p: list(cards) for p, cards in hands.items()}
    while battle.phase.value == "channelling":
        node = battle.node()
        assert isinstance(node, Turn), node
        cards = left.get(node.player, [])
        if cards:
            battle = play(battle, "draw deck", f"card {cards.pop(0)}")
        else:
            battle = battle.apply("pass")
    return battle


def ready(
    first: tuple[str, ...],
    second: tuple[str, ...],
    positions: dict[str, tuple[float, float]],
    hands: dict[int, tuple[str, ...]] | None = None,
    **kwargs: object,
) -> Battle:
    """A battle at the start of round 1's Action Phase, fighters where given, the players
    holding ``hands`` (dealt from the deck as a shortcut; both passed, player 1 first)."""
    battle = set_up(new_battle(first, second, **kwargs))  # type: ignore[arg-type]
    battle = deploy(battle, positions)
    for player, cards in (hands or {}).items():
        battle = with_hand(battle, player, cards)
    while battle.phase.value == "channelling":
        battle = battle.apply("pass")
    return battle


def at_chance(battle: Battle) -> bool:
    return isinstance(battle.node(), Chance)


def with_hand(battle: Battle, player: int, cards: tuple[str, ...]) -> Battle:
    """Move ``cards`` from the deck into ``player``'s hand (a test shortcut)."""
    deck = tuple(c for c in battle.deck if c not in cards)
    hand = sort_cards(tuple(set(battle.hands[player]) | set(cards)))
    return replace(battle.with_hand(player, hand), deck=deck)


def events(battle: Battle, event: str) -> list:
    return [e for e in battle.events() if e.event == event]


def revealed_pairs(line: Any) -> list[tuple[str, str]]:
    """What a ``clone_revealed`` line reveals, from its fields: (genuine twin, the fighter it
    is) pairs, the note it follows from first (rulings MB-45, MB-49)."""
    pairs = [(line.get("genuine"), line.get("target"))]
    if line.get("origin"):
        pairs.insert(0, (line.get("fighter"), line.get("origin")))
    return pairs


def placed(
    first: tuple[str, ...],
    second: tuple[str, ...],
    where: dict[str, tuple[float, float]],
    hands: dict[int, tuple[str, ...]] | None = None,
    **options: object,
) -> Battle:
    """The Action Phase of round 1, each fighter deployed in its own half and then put where
    ``where`` says (a test shortcut past 10.5's territories)."""
    spots = {n: (1.0, 1.0 + 2 * i) for i, n in enumerate(first)}
    spots |= {n: (11.0, 1.0 + 2 * i) for i, n in enumerate(second)}
    battle = ready(first, second, spots, hands=hands, **options)
    for name, at in where.items():
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    return battle


def activate(battle: Battle, name: str, *actions: str) -> Battle:
    """Activate ``name`` (the other player first Guards with a fighter if it is their turn)."""
    me = battle.fighter(name).player
    node = battle.node()
    if getattr(node, "player", me) != me:
        other = next(f.name for f in battle.on_battlefield(1 - me))
        battle = play(battle, *guard_turns(other))
    return play(battle, f"activate {name}", *actions)


def out_of_action(battle: Battle, name: str) -> Battle:
    return battle.with_fighter(replace(battle.fighter(name), status=Status.OUT_OF_ACTION, at=None))


# -- Battle Royale, and playing on quietly ---------------------------------------------

CORNERS = ("far-right", "near-left", "near-right", "far-left")
"""The corner each seat takes: seat 0 wins the roll-off (Player 1) and picks last."""


def royale(
    bands: list[list[str]],
    positions: dict[str, tuple[float, float]],
    hands: dict[int, tuple[str, ...]],
    *,
    terrain: tuple[dict, ...] = (),
) -> Battle:
    """A Battle Royale at the start of round 1's Action Phase on an open 24" x 16" table:
    seats 0, 1, 2 (, 3) are Players 1, 2, 3 (, 4), deployed in their corners and then set
    where ``positions`` says (away from the Storm), holding ``hands``."""
    data = {"battlefield": {"width": 24, "length": 16}, "terrain": list(terrain)}
    setup = new_setup("battle-royale", bands, table=parse_table(data, source="test table"))
    battle = start_battle(setup).apply(
        "roll-off " + " ".join(str(6 - s) for s in range(len(bands)))
    )
    while isinstance(battle.node(), Turn):  # a last corner left is given, not chosen
        battle = battle.apply(f"take {CORNERS[battle.node().player]}")
    battle = play(battle, *(f"card {c}" for c in ("8S", "8H", "8D", "8C", "9C")))
    while battle.phase is Phase.DEPLOYMENT:
        battle = battle.apply(battle.options()[0])
    for seat, cards in hands.items():
        battle = with_hand(battle, seat, cards)
    while battle.phase is Phase.CHANNELLING:
        battle = battle.apply("pass")
    for name, at in positions.items():
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    return battle


QUIET = ("done", "pass", "guard", "no step", "end activation", "no barrier", "none")


def answer(battle: Battle, *preferred: str) -> Battle:
    """One step: every hit die a 1 (a hit), another chance sampled, or the first of
    ``preferred`` then of the quiet answers that is offered (else the first option)."""
    node = battle.node()
    if isinstance(node, Chance) and node.rule == "18.5.2":
        sampled = str(battle.sample_chance(Random(node.index))).split()
        return battle.apply(" ".join(["dice", *("1" for _ in sampled[1:])]))
    if isinstance(node, Chance):
        return battle.apply(battle.sample_chance(Random(node.index)))
    options = battle.options()
    chosen = next((o for o in (*preferred, *QUIET) if o in options), options[0])
    return battle.apply(chosen)


def to_round_2(battle: Battle, *preferred: str) -> Battle:
    """Play quietly on to round 2's Channelling Phase."""
    while battle.round < 2 and battle.result is None:
        battle = answer(battle, *preferred)
    assert battle.result is None and battle.phase is Phase.CHANNELLING
    return battle


def renamed_pack(rename: dict[str, str]) -> Pack:
    """The bundled pack with its fighters renamed (``rename``: old name to new), shared
    limits following the new names."""
    from skirmish.games.magewinds.pack import bundled_pack

    pack = bundled_pack()
    return replace(
        pack,
        items=tuple(
            replace(
                f,
                name=rename.get(f.name, f.name),
                limit_shared_with=rename.get(f.limit_shared_with, f.limit_shared_with),
            )
            for f in pack.items
        ),
    )
