"""Dark Realms in the registry: its roster, options, situation, procedure and answers."""

from __future__ import annotations

from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from skirmish.engine import Decision, Procedure
from skirmish.games.base import Game, Referee
from skirmish.games.darkrealms import options as flags
from skirmish.games.darkrealms.attack import Result, Situation, resolve_attack
from skirmish.games.darkrealms.figures import Roster, load_roster, sample_roster
from skirmish.games.darkrealms.odds import (
    PolicyName,
    Summary,
    first_choices,
    odds,
    optimal_policy,
    played,
    positions,
    utility,
)
from skirmish.games.darkrealms.reports import advise_report, fighters_report, odds_report
from skirmish.options import Options
from skirmish.progress import tracker
from skirmish.report import Report

DECIDE = "--decide optimal or --decide never"
WORKED_OUT = "positions worked out"
"""What the progress of the exact odds counts (about :func:`odds.positions` of them)."""


def result_json(result: Result) -> dict[str, Any]:
    data = asdict(result)
    data["statuses"] = sorted(result.statuses)
    return data


class DarkRealms(Game):
    """Dark Realms: the attack on tiles, every player choice solved."""

    name = "darkrealms"
    roster_flag = "--figures"
    commands: ClassVar[dict[str, type[Options]]] = {
        "fighters": flags.FightersOptions,
        "odds": flags.OddsOptions,
        "attack": flags.AttackOptions,
        "advise": flags.AdviseOptions,
    }
    decisions: ClassVar[dict[str, str]] = {
        "reroll attack dice": DECIDE,
        "reroll attack and range dice": DECIDE,
        "reroll defence die": DECIDE,
        "reroll shield die": DECIDE,
        "assign range die": DECIDE,
        "defence roll": DECIDE,
    }
    examples = "skirmish.games.darkrealms.examples"

    def bundled(self) -> Roster:
        return sample_roster()

    def load_roster(self, path: Path) -> Roster:
        return load_roster(path)

    def situation(self, options: Options) -> Situation:
        assert isinstance(options, flags.SituationOptions)
        return flags.situation(options)

    def procedure(self, situation: Situation) -> Procedure[Result]:
        return partial(resolve_attack, situation=situation)

    def fighters(self, options: Options) -> Report:
        assert isinstance(options, flags.FightersOptions)
        return fighters_report(flags.roster(options.figures))

    def odds(self, options: Options) -> Report:
        assert isinstance(options, flags.OddsOptions)
        situation = self.situation(options)
        flags.check_objective(situation, options.objective)
        summary = Summary.of(
            odds(
                situation,
                policy=options.policy,
                objective=options.objective,
                stamina_cost=options.stamina_cost,
                progress=tracker(WORKED_OUT, positions(situation)),
            )
        )
        return odds_report(
            situation, summary, options.policy, options.objective, options.stamina_cost
        )

    def advise(self, options: Options) -> Report:
        assert isinstance(options, flags.AdviseOptions)
        situation = self.situation(options)
        flags.check_objective(situation, options.objective)
        choices = first_choices(
            situation,
            options.objective,
            options.stamina_cost,
            progress=tracker("first choices: " + WORKED_OUT, positions(situation)),
        )
        value = odds(
            situation,
            objective=options.objective,
            stamina_cost=options.stamina_cost,
            progress=tracker(WORKED_OUT, positions(situation)),
        ).mean(utility(options.objective, options.stamina_cost))
        return advise_report(situation, choices, options.objective, options.stamina_cost, value)

    def referee(self, options: Options) -> Referee:
        assert isinstance(options, flags.AttackOptions)
        situation = self.situation(options)
        flags.check_objective(situation, options.objective)
        if options.decide is flags.Decide.NEVER:
            situation = played(situation, PolicyName.NEVER)
        advisor = optimal_policy(situation, options.objective, options.stamina_cost)

        def flag(decision: Decision) -> str | None:
            return DECIDE

        asking = options.decide is flags.Decide.ASK
        return Referee(
            self.procedure(situation),
            {},
            flag,
            result_json,
            names={
                "attacker": situation.attacker.name,
                "attack": situation.attack.name,
                "target": situation.target.name,
            },
            advisor=advisor.choices if asking else None,
            players=None if asking else advisor,
        )


GAME = DarkRealms()
