"""Magewinds in the registry: its roster, options, situation, procedure and answers."""

from __future__ import annotations

from dataclasses import asdict
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from skirmish.engine import Decision, Procedure, pure
from skirmish.errors import SkirmishError
from skirmish.games.base import Battles, Commands, Game, Referee
from skirmish.games.magewinds import options as flags
from skirmish.games.magewinds.advice import advise
from skirmish.games.magewinds.attack import (
    ATTACK_CHOICE,
    DEFENCE_CHOICE,
    AttackResult,
    AttackSituation,
    resolve_attack,
)
from skirmish.games.magewinds.odds import legal_pairs, odds
from skirmish.games.magewinds.pack import Pack, bundled_pack, load_pack
from skirmish.games.magewinds.reports import (
    advise_report,
    fighters_report,
    matchups_report,
    odds_report,
)
from skirmish.options import Options
from skirmish.progress import tracker
from skirmish.report import PICTURE_FORMATS, Report, check_picture


def _mix(option: str, text: str) -> dict[str, Any]:
    """A mix typed as ``light=1/2,heavy=1/2`` (a lone name means all weight on it)."""
    from fractions import Fraction

    from skirmish import limits

    mix: dict[str, Fraction] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, weight = part.partition("=")
        mix[name.strip().casefold()] = (
            limits.parse_fraction(weight, option, limits.VALUE) if weight else Fraction(1)
        )
    if not mix:
        raise SkirmishError(f"{option} {text!r}: expected option=weight pairs such as light=1/2")
    return mix


def result_json(result: AttackResult) -> dict[str, Any]:
    """A result record as JSON-ready values."""
    data = asdict(result)
    data["statuses"] = sorted(result.statuses)
    return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in data.items()}


class Magewinds(Game):
    """Magewinds: the attack sequence of section 18, advice, matchups and battlefields."""

    name = "magewinds"
    roster_flag = "--pack"
    commands = Commands(
        fighters=flags.FightersOptions,
        odds=flags.OddsOptions,
        attack=flags.AttackOptions,
        advise=flags.AdviseOptions,
        matchups=flags.MatchupsOptions,
        los=flags.LosOptions,
        move=flags.MoveOptions,
        draw=flags.DrawOptions,
        play="skirmish.games.magewinds.battles:PlayOptions",
        scenarios="skirmish.games.magewinds.battles:ScenariosOptions",
        simulate="skirmish.games.magewinds.battles:SimulateOptions",
        sweep="skirmish.ai.magewinds.sweeps:SweepOptions",
    )
    decisions: ClassVar[dict[str, str]] = {ATTACK_CHOICE: "--choice", DEFENCE_CHOICE: "--reaction"}
    examples = "skirmish.games.magewinds.examples"

    @property
    def battle(self) -> Battles[Any]:
        from skirmish.games.magewinds.battles import BATTLES

        return BATTLES

    def scenarios(self, options: Options) -> Report:
        from skirmish.games.magewinds.battles import scenarios_report

        return scenarios_report()

    def bundled(self) -> Pack:
        return bundled_pack()

    def load_roster(self, path: Path) -> Pack:
        return load_pack(path)

    def situation(self, options: Options) -> AttackSituation:
        assert isinstance(options, flags.SituationFlags)
        return flags.request(options).situation

    def procedure(self, situation: AttackSituation) -> Procedure[AttackResult]:
        return partial(resolve_attack, situation=situation)

    def fighters(self, options: Options) -> Report:
        assert isinstance(options, flags.FightersOptions)
        fighters = self.roster(options.pack)
        assert isinstance(fighters, Pack)
        return fighters_report(fighters)

    def odds(self, options: Options) -> Report:
        assert isinstance(options, flags.OddsOptions)
        if options.plot is not None:
            check_picture(options.plot, flag="--plot")
        request = flags.request(options)
        cases = odds(request.situation, choice=request.choice, reaction=request.reaction)
        return odds_report(request, cases, options.plot)

    def advise(self, options: Options) -> Report:
        assert isinstance(options, flags.AdviseOptions)
        request = flags.request(options)
        advice = advise(request.situation, options.objective, action_value=options.action_value)
        from skirmish.engine.matrix import best_column_response, best_row_response

        responses = {}
        if options.vs_attacker_mix is not None:
            reply = best_column_response(
                advice.game, _mix("--vs-attacker-mix", options.vs_attacker_mix)
            )
            responses["vs_attacker_mix"] = (list(reply.options), reply.value)
        if options.vs_defender_mix is not None:
            reply = best_row_response(
                advice.game, _mix("--vs-defender-mix", options.vs_defender_mix)
            )
            responses["vs_defender_mix"] = (list(reply.options), reply.value)
        return advise_report(advice, responses, request.table)

    def referee(self, options: Options) -> Referee:
        assert isinstance(options, flags.AttackOptions)
        request = flags.request(options)
        situation = request.situation
        legal_pairs(situation, choice=request.choice, reaction=request.reaction)
        answers = {}
        if request.choice is not None:
            answers[ATTACK_CHOICE] = pure(request.choice.value)
        if request.reaction is not None:
            answers[DEFENCE_CHOICE] = pure(request.reaction.value)

        def flag(decision: Decision) -> str | None:
            return self.answering_flag(decision.key)

        return Referee(
            self.procedure(situation),
            answers,
            flag,
            result_json,
            names={
                "attacker": situation.attacker.name,
                "attack": situation.attack.name,
                "target": situation.target.name,
            },
        )

    def matchups(self, options: Options) -> Report:
        assert isinstance(options, flags.MatchupsOptions)
        from skirmish.games.magewinds.matchups import (
            attack_rows,
            battlefield_matchups,
            matchup_table,
        )

        output = options.output
        if output is not None:
            check_picture(output, (".csv", ".json", *PICTURE_FORMATS), flag="--output")
        fighters = self.roster(options.pack)
        assert isinstance(fighters, Pack)
        if options.battlefield is not None:
            from skirmish.games.magewinds.field import load_battlefield

            if "damage_taken" in options.model_fields_set:
                raise SkirmishError(
                    "--damage-taken: with --battlefield each fighter's damage comes from the "
                    "battlefield file"
                )
            field = load_battlefield(
                options.battlefield, pack=fighters, near_obstacles=options.near_obstacles
            )
            cells = battlefield_matchups(
                field,
                options.objective,
                action_value=options.action_value,
                universal=options.universal,
                progress=tracker("matchups solved", None),
            )
            title = f"Magewinds matchups on {options.battlefield.name}"
        else:
            flags.refuse_without_battlefield(options)
            rows = attack_rows(fighters, universal=options.universal)
            cells = matchup_table(
                fighters,
                options.objective,
                action_value=options.action_value,
                universal=options.universal,
                damage_taken=options.damage_taken,
                progress=tracker("matchups solved", len(rows) * len(fighters.fighters)),
            )
            title = f"Magewinds matchups: {fighters.name}"
        return matchups_report(cells, options.objective, title, output)

    def _field(self, path: Path, pack: Path | None, near_obstacles: Any = None) -> Any:
        from skirmish.games.magewinds.field import load_battlefield

        fighters = self.roster(pack)
        assert isinstance(fighters, Pack)
        return load_battlefield(path, pack=fighters, near_obstacles=near_obstacles)

    def los(self, options: Options) -> Report:
        assert isinstance(options, flags.LosOptions)
        from skirmish.games.magewinds.questions import los

        return los(self._field(options.file, options.pack, options.near_obstacles), options)

    def move(self, options: Options) -> Report:
        assert isinstance(options, flags.MoveOptions)
        from skirmish.games.magewinds.questions import move

        return move(self._field(options.file, options.pack), options)

    def draw(self, options: Options) -> Report:
        assert isinstance(options, flags.DrawOptions)
        from skirmish.games.magewinds.questions import scene

        check_picture(options.output, flag="--output")
        picture = scene(self._field(options.file, options.pack, options.near_obstacles), options)
        return Report((), {"game": self.name}, pictures=((options.output, picture),))


GAME = Magewinds()
