"""An attack's outlook on a target with a single action counter, found from the same attack
on the target with none (fast-path part ``outlook.SHIFTED``), against the outlook worked
out afresh: on generated attacks of the bundled fighters (any profile, attack, damage,
Guard, spell on either fighter, cover, Dodge and reactions allowed), the whole outlook is
compared: its situation, both mixes, its value and every result with its exact
probability, in order.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.ai.test_ai_fastpaths import PACK
from tests.ai.test_ai_fastpaths import combatants as any_combatant

from skirmish import fastpaths
from skirmish.ai.magewinds.outlook import SHIFTED, forget, fresh_outlook, key_of, outlook
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.battle.abilities.effect_spells import AURAS, EFFECTS
from skirmish.games.magewinds.profiles import Reaction

SPELLS = {**EFFECTS, **AURAS}


@st.composite
def combatants(draw: st.DrawFn, label: str, counters: int) -> Combatant:
    """A bundled fighter (:func:`tests.ai.test_ai_fastpaths.combatants`) with ``counters``
    action counters and up to two spells on it."""
    spells = draw(st.frozensets(st.sampled_from(sorted(SPELLS)), max_size=2))
    return replace(
        draw(any_combatant(label, 0)),
        action_counters=counters,
        effects=frozenset(SPELLS[n] for n in spells),
    )


@st.composite
def situations(draw: st.DrawFn) -> AttackSituation:
    attacker = draw(combatants("Mine", 0))
    return AttackSituation(
        attacker=attacker,
        target=draw(combatants("Theirs", 1)),
        attack=draw(st.sampled_from(attacker.profile.attacks)),
        cover=draw(st.booleans()),
        can_dodge=draw(st.booleans()),
    )


@settings(max_examples=60, deadline=None)
@given(
    situation=situations(),
    reactions=st.none() | st.frozensets(st.sampled_from([r.value for r in Reaction])),
)
def test_an_outlook_shifted_by_a_counter_is_the_one_worked_out_afresh(situation, reactions):
    forget()
    found = outlook(situation, reactions)
    assert found.situation.target.action_counters == 1
    assert found == fresh_outlook(key_of(situation), reactions)
    with fastpaths.plain(SHIFTED):
        forget()
        assert outlook(situation, reactions) == found


def test_the_shifted_outlook_differs_from_the_one_it_is_found_from():
    """The shift is not a no-op: a reaction paid leaves the target with two counters."""
    guardian = PACK.fighter("Guardian")
    wizard = PACK.fighter("Wizard")
    situation = AttackSituation(
        attacker=Combatant(wizard, label="Mine"),
        target=Combatant(guardian, action_counters=1, label="Theirs"),
        attack=wizard.attacks[0],
        can_dodge=True,
    )
    forget()
    found = outlook(situation)
    counters = {r.target_action_counters for r, _ in found.results}
    assert 2 in counters and 0 not in counters
    assert found == fresh_outlook(key_of(situation), None)
