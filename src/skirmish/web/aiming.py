"""What a seat's page shows about an attack it points at: the line of attack, range and
cover with what gives it (``skirmish los``), the exact odds of every pair of choices
(``skirmish odds --json``) and the advisor's mixes (``skirmish advise --json``), all worked
out by the core for the battle as it stands.

Only what every seat may know goes in: the attack's situation is the battle's own
(:func:`~skirmish.games.magewinds.battle.attacks.build_situation`: damage, counters,
spells, geometry) with no hand in it, as ``skirmish odds`` asks it (every reaction the
profiles allow; the cards that pay for them are the players' own business), so the
answer is the same on every seat's page and on the spectators'.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from skirmish.web.pages import Problem
from skirmish.web.tables import Table


def attack_targets(battle: Any, seat: int, actions: Any) -> list[dict[str, str]]:
    """The (attacker, target, attack) of each legal attack among ``actions``, once each:
    the attacker is the fighter whose activation is under way (13.0)."""
    from skirmish.games.magewinds.battle.grammar import Kind
    from skirmish.games.magewinds.picture import active_fighter

    attacker = active_fighter(battle.view(seat))
    if attacker is None:
        return []
    found: dict[tuple[str, str], dict[str, str]] = {}
    for action in actions:
        if action.kind is Kind.ATTACK and action.target and action.attack:
            found.setdefault(
                (action.target, action.attack),
                {"attacker": attacker, "target": action.target, "attack": action.attack},
            )
    return list(found.values())


def aimed(table: Table, attacker: str, target: str, attack: str | None) -> dict[str, Any]:
    """The panel's answer for ``attacker`` attacking ``target`` (with ``attack``, or its
    first): ``los`` always; ``odds`` and ``advice`` when there is a line of attack (18.1),
    else ``refused`` with the rule's reason. Both fighters must stand on the battlefield."""
    from skirmish.errors import SkirmishError
    from skirmish.games.magewinds.advice import advise
    from skirmish.games.magewinds.battle.attacks import build_situation
    from skirmish.games.magewinds.battle.session import battlefield_now
    from skirmish.games.magewinds.odds import odds
    from skirmish.games.magewinds.options import Request
    from skirmish.games.magewinds.questions import record
    from skirmish.games.magewinds.reports import advise_report, odds_report
    from skirmish.games.magewinds.tabletop import report

    battle = table.battle
    try:
        on_table = report(battlefield_now(battle), attacker, target, attack)
        answer: dict[str, Any] = {"los": record(on_table), "odds": None, "advice": None}
        if not on_table.line.exists:
            answer["refused"] = on_table.line.reason
            return answer
        who, whom = battle.fighter(attacker), battle.fighter(target)
        situation = build_situation(battle, who, whom, on_table.attack)
    except SkirmishError as error:
        raise Problem(f"aim: {error}", status=400) from None
    situation = replace(situation, defender_cards=None, attacker_cards=None)
    request = Request(situation, None, None, on_table)
    answer["odds"] = dict(odds_report(request, odds(situation)).data)
    answer["advice"] = dict(advise_report(advise(situation), {}, on_table).data)
    return answer


__all__ = ["aimed", "attack_targets"]
