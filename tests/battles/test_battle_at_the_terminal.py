"""Playing a Magewinds battle at the terminal as a new player does (issue 34): take-backs,
interrupts, pictures, menus, hints, wording, stepping through a record, start-up."""

from __future__ import annotations

import io
import sys

from mwbattle import KING

from skirmish.games.magewinds.battle import grammar

OPENING = [
    "deploy Wizard at 8,1.5",
    "deploy Witch at 9.5,1.5",
    "1",
    "3",
    "draw JH",
    "draw QS",
    "draw deck",
    "pass",
    "activate Wizard",
]
"""Player 1's first steps of a King of the Hill against the greedy player, up to the
Wizard's first decision of round 1."""


BASE = 25 / 25.4 / 2
"""A 25 mm round base's radius in inches: distances are to the base's closest point (8.0)."""


def scripted(monkeypatch, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_after_a_take_back_the_decision_now_pending_is_asked_and_numbered(cli, monkeypatch):
    scripted(monkeypatch, [*OPENING, "move", "undo", "3"])
    run = cli(*KING)
    assert "is not a legal action" not in run.err
    after = run.out[run.out.index("1.1: took back") :]
    assert "13.0: Wizard: cast a spell" in after  # the decision taken back, asked again
    assert "3. guard" in after and "Wizard makes a Guard action" in after
    assert "standard input has ended" in run.err  # the script ran out, nothing refused


def test_a_script_that_ends_keeps_the_battle_and_says_how_to_go_on(cli, tmp_path, monkeypatch):
    path = tmp_path / "battle.json"
    scripted(monkeypatch, OPENING)
    run = cli(*KING, "--save", str(path))
    assert run.code == 2 and run.err.count("\n") == 1 and "standard input has ended" in run.err
    assert f"saved in {path}" in run.err and f"--resume {path} --players human,greedy" in run.err
    scripted(monkeypatch, ["move", "undo", "guard"])
    again = cli("play", "magewinds", "--resume", str(path), "--players", "human,greedy")
    assert "Wizard makes a Guard action" in again.out  # resumed at the Wizard's decision


class _Keyboard(io.StringIO):
    """A person at a terminal typing the given lines, then Ctrl-C (or Ctrl-D)."""

    def isatty(self) -> bool:
        return True


def test_ctrl_c_or_ctrl_d_at_a_prompt_keeps_the_battle(cli, tmp_path, monkeypatch):
    import typer

    for stop in (KeyboardInterrupt, EOFError):  # click's prompt turns both into Abort
        answers = iter([a for a in OPENING if a != "pass"])  # a lone pass is taken at once

        def prompt(text, *args, _answers=answers, _stop=stop, **kwargs):
            try:
                return next(_answers)
            except StopIteration:
                raise typer.Abort() from _stop()

        monkeypatch.setattr(sys, "stdin", _Keyboard())
        monkeypatch.setattr(typer, "prompt", prompt)
        monkeypatch.chdir(tmp_path)
        run = cli(*KING)
        said = " ".join(run.err.split())  # fitted to the terminal's width, if any
        assert run.code == 1 and "interrupted; the battle so far is saved in" in said
        name = said.split("saved in ")[1].split(";")[0]
        assert f"--resume {name} --players human,greedy" in said
        assert '"deploy Wizard at 8,1.5"' in (tmp_path / name).read_text()
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "magewinds-4-2.json",  # the first file kept, not overwritten
        "magewinds-4.json",
    ]


def _recorded(cli, tmp_path, scenario="king-of-the-hill", seed="5", players="greedy,greedy"):
    """Every state of a whole battle between random players, replayed from its record."""
    from skirmish.games.magewinds.battle import replay_record
    from skirmish.games.magewinds.battles import BATTLES

    path = tmp_path / f"{scenario}-{seed}.json"
    args = [*KING[:3], scenario, *KING[4:11], players, "--seed", seed, "--save", str(path)]
    assert cli(*args).code == 0
    return replay_record(BATTLES.record(path), source=str(path)).states


def test_the_picture_in_a_battle_shows_zones_territories_fighters_and_the_attack(cli, tmp_path):
    from skirmish.games.magewinds.battle.state import Phase
    from skirmish.games.magewinds.picture import battle_scene

    states = _recorded(cli, tmp_path)
    deploying = next(s for s in states if s.phase == Phase.DEPLOYMENT and all(s.territories))
    styles = [a.style for a in battle_scene(deploying, 0).areas]
    assert {"zone", "zone inner", "keep out", "territory P1", "territory P2"} <= set(styles)
    zone = next(a for a in battle_scene(deploying, 0).areas if a.style == "zone")
    assert abs(zone.shape.area - 3.14159 * 9) < 0.1  # 3" about the objective (9.4)
    # every fighter's damage, counters, Guard and spells under its name (9.1-9.3)
    hurt = next(s for s in states if any(f.damage and f.at for f in s.fighters))
    fighter = next(f for f in hurt.fighters if f.damage and f.at)
    base = next(b for b in battle_scene(hurt, 0).bases if b.name == fighter.name)
    assert base.detail.startswith(f"{fighter.damage}/")
    guarding = next(s for s in states if any(f.guarding and f.at for f in s.fighters))
    guard = next(f for f in guarding.fighters if f.guarding and f.at)
    assert (
        "guarding"
        in next(b for b in battle_scene(guarding, 0).bases if b.name == guard.name).detail
    )
    # the attack in progress: its line of attack (or why none) and the edge in cover
    attacking = next(s for s in states if any(f["frame"] == "attack" for f in s.view(0)["pending"]))
    scene = battle_scene(attacking, 0)
    assert scene.title.startswith("attack in progress") and {"cover"} <= {
        k.style for k in scene.strokes
    }
    assert {"attack", "blocked"} & {k.style for k in scene.strokes}
    # the active fighter's reach
    active = next(
        s for s in states if any(f["frame"] == "activation" for f in s.view(0)["pending"])
    )
    assert "reach" in [a.style for a in battle_scene(active, 0).areas]
    assert "reach" not in [a.style for a in battle_scene(deploying, 0).areas]


def test_draw_los_and_reach_answer_inside_a_battle(cli, tmp_path, monkeypatch):
    picture = tmp_path / "now.png"
    scripted(
        monkeypatch,
        [
            *OPENING,
            f"draw {picture} --reach Witch --attacker Wizard --target Druid",
            "los Wizard Druid",
            "reach Wizard",
            "reach Wizard 7,4",
        ],
    )
    run = cli(*KING)
    assert picture.exists() and f"wrote {picture}" in run.err
    assert "16.0: Druid is visible to Wizard" in run.out and "18.2: Druid is in cover" in run.out
    assert 'Wizard: 13.4: Movement 5"' in run.out and "sq in" in run.out
    assert "not a legal move" in run.out and "high obstacle 'South wall'" in run.out
    assert "standard input has ended" in run.err  # none of them was taken for an action


def test_status_shows_the_objective_and_who_is_within_3_and_1_inches(cli, tmp_path, monkeypatch):
    import math
    import re

    from skirmish.games.magewinds.battles import objective_rows

    states = _recorded(cli, tmp_path)
    seen = set()
    for state in states[::5]:
        (row,) = objective_rows(state)
        cx, cy = state.setup.table.centre
        for radius in (3, 1):
            counts = [
                sum(
                    1
                    for f in state.fighters
                    if f.player == p and f.at and math.dist(f.at, (cx, cy)) - BASE <= radius + 1e-9
                )
                for p in range(2)
            ]
            told = re.search(
                f'within {radius}" [^:]*: player 1: (\\d+), player 2: (\\d+)', row["notes"]
            )
            assert told and [int(n) for n in told.groups()] == counts
            seen.add(tuple(counts))
    assert len(seen) > 2  # the counts change as the battle goes
    scripted(monkeypatch, [*OPENING[:8], "status"])
    run = cli(*KING)
    table = run.out[run.out.index("objects and markers") :]
    assert "objective" in table and "6,8" in table and 'within 3"' in table


def _decisions(states):
    from skirmish.engine.battle import Turn

    for state in states:
        node = state.node()
        if isinstance(node, Turn):
            yield state, node, grammar.texts(state.legal_actions(node.player))


def test_attacks_list_enemies_first_friends_marked_and_the_odds_beside(cli, tmp_path):
    from skirmish.ai.magewinds.menu import action_parts, menu
    from skirmish.ai.magewinds.outlook import outlook
    from skirmish.ai.magewinds.plans import choice_pairs
    from skirmish.engine.battle import LazyView
    from skirmish.games.magewinds.battle.attacks import build_situation

    states = _recorded(cli, tmp_path)
    checked = 0
    for state, node, legal in _decisions(states):
        if not any(a.startswith("attack ") for a in legal):
            continue
        options = menu(state.setup, LazyView(state, node.player), legal)
        assert sorted(map(str, (o.action for o in options))) == sorted(legal)  # all, once
        friends = [
            i
            for i, o in enumerate(options)
            if state.fighter(action_parts(o.action).target or "Nobody").player == node.player
            if action_parts(o.action).target in {f.name for f in state.fighters}
        ]
        enemies = [
            i
            for i, o in enumerate(options)
            if action_parts(o.action).target in {f.name for f in state.fighters}
            and i not in friends
        ]
        if friends and enemies:
            assert max(enemies) < min(friends)
        for i, option in enumerate(options):
            shown = option.group or option.text
            assert ("a friend" in shown) == (i in friends)
        active = next(f["fighter"] for f in state.view(0)["pending"] if f["frame"] == "activation")
        me = state.fighter(active)
        for option in options:
            target = action_parts(option.action).target
            if target is None or target not in {f.name for f in state.fighters}:
                continue
            attack = state.setup.profile(me.profile).attack(
                action_parts(option.action).subject.split(" with ")[1]
            )
            situation = build_situation(state, me, state.fighter(target), attack)
            if state.fighter(target).player == me.player:  # one player makes both choices
                damages = [pair[3] for pair in choice_pairs(situation)]
                expected = f"yours: {min(damages):.2f} to {max(damages):.2f} damage"
            else:
                expected = f"{float(outlook(situation).expected_damage):.2f} damage"
            assert expected in (option.group or option.text)
            checked += 1
    assert checked >= 5


def test_the_ways_to_pay_one_spell_are_grouped_under_it(cli, tmp_path):
    from skirmish.ai.magewinds.menu import action_parts, menu
    from skirmish.cli.commands.play import option_lines
    from skirmish.engine.battle import LazyView

    states = _recorded(cli, tmp_path)
    for state, node, legal in _decisions(states):
        paid = [action_parts(a).paid_for for a in legal if " paying " in a]
        if max((paid.count(p) for p in paid), default=0) < 3:
            continue
        options = menu(state.setup, LazyView(state, node.player), legal)
        lines = option_lines(options)
        assert len(lines) < len(options)
        for number, option in enumerate(options, 1):
            parts = action_parts(option.action)
            if parts.payment is not None and paid.count(parts.paid_for) > 1:
                heading = next(
                    i for i, line in enumerate(lines) if line.startswith(f"  {parts.paid_for}")
                )
                row = next(line for line in lines[heading:] if f" {number}. " in line + " ")
                assert f" {number}. {parts.payment}" in row
        break
    else:
        raise AssertionError("no decision with several ways to pay one thing")


def test_a_single_option_is_taken_and_said_and_commands_do_not_reprint_the_options(
    cli, monkeypatch
):
    scripted(monkeypatch, [*OPENING[:7], "status", "hand", "help", "activate Wizard"])
    run = cli(*KING)
    assert "  -> pass (the only choice)" in run.out and "player 1 passes" in run.out
    assert run.out.count("  1. activate Wizard") == 2  # under the question and in help only
    assert "player 1 activates Wizard" in run.out


def test_hints_are_best_first_and_hidden_choices_show_each_options_own_damage(cli, tmp_path):
    import re

    from skirmish.ai.magewinds.explain import explain, hint_lines
    from skirmish.ai.magewinds.outlook import outlook
    from skirmish.engine.battle import LazyView
    from skirmish.games.magewinds.battle.attacks import AttackFrame

    states = _recorded(cli, tmp_path)
    hidden = plain = 0
    for state, node, legal in list(_decisions(states))[::3]:
        if len(legal) < 2:
            continue
        advice = explain(state.setup, LazyView(state, node.player), legal)
        values = [a.value for a in advice]
        assert values == sorted(values, reverse=True), [(a.action, a.value) for a in advice]
        if not advice or not advice[0].share:
            plain += 1
            continue
        hidden += 1
        frame = state.frames[-1]
        assert isinstance(frame, AttackFrame)
        attacking = node.hidden and any(a in ("light", "heavy") for a in legal)
        found = outlook(frame.situation, None if attacking else legal)
        # each option's own damage against the other side's mix; weighted by the mix
        # they give the attack's expected damage
        own = {
            a.action: float(re.search(r"(\d+\.\d+) damage expected", a.reason).group(1))
            for a in advice
        }
        mix = dict(found.attack_mix if attacking else found.defence_mix)
        total = sum(float(mix.get(o, 0)) * d for o, d in own.items())
        assert abs(total - float(found.expected_damage)) < 0.01 * len(own)
        lines = hint_lines(state.setup, LazyView(state, node.player), legal)
        assert all("[played " in line for line in lines if re.match(r"  \d+\. ", line))
    assert hidden and plain


def test_refusals_at_a_terminal_break_between_words(cli, tmp_path, monkeypatch):
    import typer

    answers = iter([*OPENING[:2], "deploy Witch at 99,99", "take the high ground"])

    def prompt(text, *args, **kwargs):
        try:
            return next(answers)
        except StopIteration:
            raise typer.Abort() from None

    monkeypatch.setattr(sys, "stdin", _Keyboard())
    monkeypatch.setattr(typer, "prompt", prompt)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    run = cli(*KING)
    refusals = run.err[: run.err.index("skirmish: interrupted")]
    assert refusals.count("not allowed:") == 2
    assert all(len(line) <= 80 for line in refusals.splitlines())
    words = " ".join(refusals.split())
    assert (
        "'take the high ground' is not a legal" in words
        and max(map(len, refusals.splitlines())) > 60
    )


def test_spells_are_named_as_players_say_them_and_positions_to_two_decimals(cli, tmp_path):
    import re

    from skirmish.games.magewinds.battles import BATTLES
    from skirmish.games.magewinds.effects import EFFECTS

    states = _recorded(cli, tmp_path, scenario="deathmatch", seed="3")
    names = {e.key: e.name for e in EFFECTS}
    spelled = next(s for s in states if any(f.effects for f in s.fighters))
    for fighter, row in zip(spelled.fighters, BATTLES.status_rows(spelled), strict=True):
        for key in fighter.effects:
            assert names[key] in row["notes"] and key not in row["notes"].split(", ")
    final = states[-1]
    ended = [e.text for e in final.events() if e.event == "effects_end"]
    assert ended and not any("_" in text for text in ended)
    for state in states[::7]:
        for row in BATTLES.status_rows(state):
            assert re.fullmatch(
                r"-?\d+(\.\d\d?)?,-?\d+(\.\d\d?)?|not deployed|out of action", row["at"]
            ), row


def test_replay_fits_its_result_and_resume_recaps_the_position(cli, tmp_path, monkeypatch):
    path = tmp_path / "battle.json"
    scripted(monkeypatch, OPENING)
    cli(*KING, "--save", str(path))
    scripted(monkeypatch, [])
    resumed = cli("play", "magewinds", "--resume", str(path), "--players", "human,greedy")
    recap = resumed.out[: resumed.out.index("13.0: Wizard")]
    assert "the battle so far (the last 8 of" in recap and "player 1 activates Wizard" in recap
    assert "fighter" in recap and "damage" in recap and "objective" in recap  # the tables
    whole = tmp_path / "whole.json"
    args = [*KING[:11], "greedy,greedy", "--seed", "5", "--save", str(whole)]
    played = cli(*args)
    replayed = cli("replay", str(whole))
    result = played.out[played.out.index("player 1 wins after") :]
    assert len(" ".join(result.split())) > 80  # a long result, fitted into lines
    assert all(len(line) <= 80 for line in result.splitlines())
    assert replayed.out.endswith(result)  # replay fits it the same way


def test_replay_steps_to_a_position_and_play_goes_on_from_it_as_a_new_battle(
    cli, tmp_path, monkeypatch
):
    from skirmish.engine.battle import load_record
    from skirmish.games.magewinds.battles import BATTLES

    whole = tmp_path / "whole.json"
    assert cli(*KING[:11], "greedy,random", "--seed", "2", "--save", str(whole)).code == 0
    record = load_record(whole)
    step = len(record.steps) // 2
    picture = tmp_path / "half.png"
    shown = cli("replay", str(whole), "--step", str(step), "--draw", str(picture))
    assert shown.code == 0 and picture.exists()
    _, battle = BATTLES.replay(whole, step=step)
    assert len(battle.events()) < len(BATTLES.replay(whole)[1].events())
    assert (
        shown.out.count("\n      ") >= 1
        and f"after step {step} of {len(record.steps)}" in shown.out
    )
    for fighter in battle.fighters:
        assert fighter.name in shown.out  # the status table of that position
    assert battle.events()[-1].text in shown.out and "wins after" not in shown.out
    again = tmp_path / "again.json"
    run = cli(
        "play",
        "magewinds",
        "--resume",
        str(whole),
        "--from-step",
        str(step),
        "--players",
        "greedy,random",
        "--save",
        str(again),
    )
    assert run.code == 0, run.err
    assert f"a new battle from step {step} of {len(record.steps)}" in run.out
    new = load_record(again)
    assert [s.action for s in new.steps[:step]] == [s.action for s in record.steps[:step]]
    assert load_record(whole) == record  # the record played from is left as it was
    bad = cli("replay", str(whole), "--step", str(len(record.steps) + 1))
    assert bad.code == 2 and f"holds {len(record.steps)} steps" in bad.err
    over = cli(
        "play", "magewinds", "--resume", str(whole), "--from-step", "3", "--save", str(whole)
    )
    assert over.code == 2 and "--from-step" in over.err and load_record(whole) == record


def test_skirmish_games_answers_as_the_parser_does_without_building_it(capsys, monkeypatch):
    from skirmish.cli import LIGHT, build_app, main

    for words in LIGHT:
        monkeypatch.setattr(sys, "argv", ["skirmish", *words])
        main()
        fast = capsys.readouterr().out
        build_app()(list(words), standalone_mode=False)
        parsed = capsys.readouterr().out
        assert fast == parsed and "magewinds" in fast


def test_light_commands_import_no_heavy_library_and_no_battle():
    import subprocess

    heavy = ("scipy", "networkx", "matplotlib", "skirmish.games.magewinds.battle")
    commands = {
        ("games",): (*heavy, "typer", "pydantic", "numpy"),
        ("fighters", "darkrealms"): heavy,
        ("fighters", "magewinds"): heavy,
        ("odds", "magewinds", "--attacker", "Wizard", "--target", "Guardian"): heavy,
        ("replay", "--help"): heavy,
        ("--help",): heavy,
        ("play", "magewinds", "--help"): heavy,
        ("simulate", "magewinds", "--help"): heavy,
        ("sweep", "magewinds", "--help"): heavy,
        ("scenarios",): heavy,
        # the scenario catalogue is the battle's own, read to answer; no library it does
        # not use
        ("scenarios", "magewinds"): heavy[:3],
    }
    for words, banned in commands.items():
        probe = (
            "import sys, atexit\n"
            f"atexit.register(lambda: print('LOADED', *[m for m in {banned!r} if m in sys.modules]))\n"
            f"from skirmish.cli import main; sys.argv = ['skirmish', *{words!r}]; main()\n"
        )
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
        assert out.rsplit("LOADED", 1)[1].split() == [], words


def test_the_battles_name_their_game_as_the_battle_does():
    """``play``'s options are made without the battle, so the registry names the game
    itself: the same name the battle's records carry."""
    from skirmish.games.magewinds.battle import GAME
    from skirmish.games.magewinds.battles import BATTLES

    assert BATTLES.game == GAME


def test_positions_a_player_looks_for_are_offered_legal_and_with_reasons(cli, tmp_path):
    import math
    import re

    from skirmish.ai.magewinds.spots import spots
    from skirmish.games.magewinds.battle.session import battlefield_now
    from skirmish.games.magewinds.picture import active_fighter
    from skirmish.games.magewinds.sightlines import cover, visibility
    from skirmish.games.magewinds.tabletop import report

    states = _recorded(cli, tmp_path)
    centre = states[0].setup.table.centre

    def gap(text):
        x, y = map(float, text.rsplit(" ", 1)[-1].split(","))
        return math.dist((x, y), centre) - BASE

    def state_at(state, name):
        return next(f.at for f in state.fighters if f.name == name)

    moves = deployments = reaching = touching = hidden = covered = hidden_deployed = 0
    for state, node, legal in _decisions(states):
        mover = active_fighter(state.view(node.player))
        found = spots(state, mover, legal)

        def who(action, mover=mover):
            return (
                action.split(" at ")[0].removeprefix("deploy ")
                if action.startswith("deploy ")
                else mover
            )

        listed = [a for a in legal if a.startswith(("to ", "deploy "))]
        for spot in found:
            after = state.apply(spot.action)  # legal: the battle takes it
            assert spot.reason  # a listed action or a new legal one, each with its reason
            told = re.search(r'(\d+\.\d\d)"', spot.reason)
            if "objective" in spot.reason:
                assert abs(float(told.group(1)) - max(0.0, gap(spot.action))) < 0.01
                same = [a for a in listed if a.split(" at ")[0] == spot.action.split(" at ")[0]]
                assert gap(spot.action) <= min(map(gap, same or listed)) + 0.01
                if spot.action.startswith("deploy "):
                    deployments += 1
                else:
                    moves += 1
            elif "reaches" in spot.reason:
                attack, enemy = re.match(r"(.+) reaches (\S+) from here", spot.reason).groups()
                table = report(battlefield_now(after), mover, enemy, attack)
                assert table.line.exists and table.sight.visible
                reaching += 1
            elif spot.reason.startswith("touching "):
                item = re.match(r"touching (.+) \(19\.1\)", spot.reason).group(1)
                field = battlefield_now(after)
                placed, thing = (
                    field.fighter(mover),
                    next(o for o in field.objects if o.name == item),
                )
                apart = math.dist((placed.base.x, placed.base.y), (thing.x, thing.y))
                assert apart <= placed.base.radius + thing.radius + 0.02
                touching += 1
            elif spot.reason.startswith("out of every enemy's sight"):
                field = battlefield_now(after)
                placed = field.fighter(who(spot.action))
                enemies = [f for f in field.fighters if f.warband != placed.warband]
                assert enemies and not any(visibility(field, e, placed).visible for e in enemies)
                hidden += 1
                hidden_deployed += spot.action.startswith("deploy ")
            elif spot.reason.startswith("in cover from "):
                enemy, behind = re.match(
                    r"in cover from (\S+) behind (.+) \(18\.2\)", spot.reason
                ).groups()
                field = battlefield_now(after)
                placed = field.fighter(who(spot.action))
                if not spot.action.startswith("deploy "):  # a Move: from the nearest enemy
                    nearest = min(
                        (f for f in field.fighters if f.warband != placed.warband),
                        key=lambda f: math.dist((f.base.x, f.base.y), state_at(state, mover)),
                    )
                    assert nearest.name == enemy
                found = cover(field, field.fighter(enemy), placed)
                assert found.in_cover and ", ".join(found.because) == behind
                covered += 1
            else:
                raise AssertionError(f"a reason with no test: {spot.reason}")
    assert moves and deployments and reaching and hidden and covered and hidden_deployed


def test_the_barrier_question_shows_the_attack_choice_the_log_revealed():
    """Item 7: by the time Barrier is asked (after the damage, 18.5.3), the attack choice
    has been turned over (18.3, ruling MB-51), so the attack in progress names it rather
    than calling it face down, also when the target could not react."""
    from dataclasses import replace

    from mwbattle import play, ready

    from skirmish.engine.battle import Chance
    from skirmish.games.magewinds.battle.session import pending_lines

    battle = ready(
        ("Wizard",),
        ("Guardian",),
        {"Wizard": (5.5, 8), "Guardian": (6.5, 8)},
        hands={0: ("2D",), 1: ("2C",)},
    )
    # A target with a double action counter cannot react (13.0): no Defence Choice is
    # asked, and the card is turned over before the dice all the same.
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), counters=2))
    battle = play(battle, "activate Wizard", "attack", "no step", "attack Guardian with Melee")
    battle = play(battle, "heavy")
    assert isinstance(battle.node(), Chance)
    battle = battle.apply("dice 1 1 1 1 1 1")
    node = battle.node()
    assert "no barrier" in grammar.texts(battle.legal_actions(1)), node
    (line,) = pending_lines(battle.view(1))
    assert line.endswith("; attack choice heavy"), line
    assert "face down" not in line


def test_los_and_reach_at_an_unknown_fighter_read_like_every_unknown_name(cli, monkeypatch):
    for asked in ("los Nobody Druid", "los Wizard Nobody", "reach Nobody"):
        scripted(monkeypatch, [*OPENING, asked])
        run = cli(*KING)
        assert (
            "unknown fighter 'Nobody' in this battle; expected one of: Wizard, Witch, Druid, Seer"
            in run.err
        ), run.err
        assert "setup.battlefield" not in run.err and ".yaml" not in run.err
