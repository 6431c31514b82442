"""Benchmarks, each a ratio against a baseline measured in the same run.

Run with ``python benchmarks/run.py``. Nothing here is a test: timings depend on
the machine, so they are reported, never asserted.

1. Exact odds of one Magewinds attack through the engine against the same
   computation written directly in icepool (target: engine within 3x).
2. Refereed resolutions per second, against the bare dice rolling they contain.
3. The full matchup table of the bundled pack, solved exactly (target: under 3 s),
   against building each cell's matrix and solving its LP naively with HiGHS.

Then the battlefield geometry benchmarks of ``geometry.py``, the Dark Realms re-roll
benchmarks of ``darkrealms.py``, the Entropic Engine bidding benchmark of ``entropic.py``,
the Magewinds battle benchmarks of ``battles.py``, the computer players' speeds and
strength ladder of ``ai.py`` (about an hour on a busy 2-core machine) and the start-up of whole commands of
``startup.py``.
"""

from __future__ import annotations

import random
import timeit
from functools import partial

import icepool

from skirmish.dice import probabilities
from skirmish.engine import FixedPolicy, play
from skirmish.games.magewinds import (
    AttackChoice,
    AttackSituation,
    Combatant,
    Reaction,
    bundled_pack,
    resolve_attack,
)
from skirmish.games.magewinds.odds import case

PACK = bundled_pack()
MATCHUPS = [
    ("Wizard", "Zap", "Guardian", True),
    ("Witch", "Poison Tip", "Mesmer", False),
    ("Druid", "Melee", "Cleric", False),
    ("Deadeye", "Aimed Shot", "Seer", True),
]


def situations() -> list[AttackSituation]:
    out = []
    for attacker, attack, target, cover in MATCHUPS:
        profile = PACK.fighter(attacker)
        out.append(
            AttackSituation(
                Combatant(profile),
                Combatant(PACK.fighter(target)),
                profile.attack(attack),
                cover=cover,
            )
        )
    return out


def engine_odds(all_situations: list[AttackSituation]) -> None:
    for s in all_situations:
        choice = AttackChoice.HEAVY if s.attack.is_split else None
        result = case(s, choice, Reaction.NONE)
        result.damage  # noqa: B018 - the marginal a user asks for


def icepool_odds(all_situations: list[AttackSituation]) -> None:
    for s in all_situations:
        strike = s.attack.heavy or s.attack.single
        assert strike is not None
        target_number = strike.precision - (s.target.profile.evasion + (1 if s.cover else 0))
        hits = strike.power @ (icepool.d6 <= target_number)
        damage = hits.map(lambda h, a=s.target.profile.armour: max(0, h - a))
        probabilities(damage)


def naive_matchups() -> int:
    """Every cell: build the payoff matrix, then HiGHS on floats; no shortcuts, no exactness."""
    import numpy as np
    from scipy.optimize import linprog

    from skirmish.games.magewinds.advice import matrix_game
    from skirmish.games.magewinds.matchups import attack_rows

    cells = 0
    for attacker, attack in attack_rows(PACK):
        for target in PACK.fighters:
            game, _ = matrix_game(AttackSituation(Combatant(attacker), Combatant(target), attack))
            a = np.array([[float(v) for v in row] for row in game.payoff])
            rows, columns = a.shape
            linprog(
                [0.0] * rows + [-1.0],
                A_ub=np.hstack([-a.T, np.ones((columns, 1))]),
                b_ub=np.zeros(columns),
                A_eq=[[1.0] * rows + [0.0]],
                b_eq=[1.0],
                bounds=[(0, None)] * rows + [(None, None)],
                method="highs",
            )
            cells += 1
    return cells


def best(function, number: int) -> float:
    return min(timeit.repeat(function, number=number, repeat=5)) / number


def main() -> None:
    all_situations = situations()
    engine = best(lambda: engine_odds(all_situations), 50)
    direct = best(lambda: icepool_odds(all_situations), 50)
    per = len(all_situations)
    print("1. Exact odds of one attack (mean over 4 bundled matchups, best of 5 runs)")
    print(f"   engine (referee-shaped procedure, enumerated): {engine / per * 1e6:8.1f} us")
    print(f"   hand-written icepool expression (baseline):    {direct / per * 1e6:8.1f} us")
    print(f"   ratio engine / icepool: {engine / direct:.2f}x   (target: within 3x)")

    s = all_situations[0]
    policy = FixedPolicy.of(defence_choice="none")
    procedure = partial(resolve_attack, situation=s)
    n = 2000
    seconds = min(
        timeit.repeat(
            lambda: [play(procedure, players=policy, seed=i) for i in range(n)], number=1, repeat=3
        )
    )
    rng = random.Random(1)
    bare = min(
        timeit.repeat(
            lambda: [[rng.randint(1, 6) for _ in range(7)] for _ in range(n)], number=1, repeat=3
        )
    )
    print("2. Refereed resolutions (Wizard Zap on Guardian in cover, with full log)")
    print(f"   {n / seconds:10.0f} resolutions per second")
    print(f"   baseline, rolling the same 7 dice bare: {n / bare:10.0f} per second")
    print(f"   ratio referee / bare dice: {seconds / bare:.1f}x")

    from skirmish.games.magewinds.matchups import matchup_table

    exact_table = min(timeit.repeat(lambda: matchup_table(PACK), number=1, repeat=3))
    naive = min(timeit.repeat(naive_matchups, number=1, repeat=3))
    cells = naive_matchups()
    print(f"3. Matchup table of the bundled pack ({cells} cells, best of 3)")
    print(
        f"   exact equilibria (saddle check, HiGHS, Fraction confirmation): {exact_table:.3f} s  (target: under 3 s)"
    )
    print(f"   naive baseline, HiGHS on floats for every cell:                {naive:.3f} s")
    print(f"   ratio exact / naive: {exact_table / naive:.2f}x")


if __name__ == "__main__":
    main()
    import geometry  # benchmarks/geometry.py, beside this file

    geometry.main()
    import darkrealms  # benchmarks/darkrealms.py

    darkrealms.main()
    import entropic  # benchmarks/entropic.py

    entropic.main()
    import battles  # benchmarks/battles.py

    battles.main()
    import ai  # benchmarks/ai.py

    ai.main()
    import startup  # benchmarks/startup.py

    startup.main()
