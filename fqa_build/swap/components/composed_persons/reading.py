"""What the `composed_persons` component reads of a swap's person: a one-word name the passage writes in full is a
person named by surname alone (`surnames_alone`), a role word bound to the person fixes the gender
(`roles_fix_gender`), and the nationalities the text gives the person (which `by_nationality` composes names of)."""

from __future__ import annotations

from fqa_build.swap.components import ComposedPersons
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.rewriting.roles import nationalities_named


@hook(Hook.KIND, ComposedPersons)
def surname_alone(swap: Swap, kind: str | None) -> str | None:
    """ "Ealy" where the passage names "Kony Ealy": the person named by surname alone (`surnames_alone`)."""
    if (
        swap.policy.uses(ComposedPersons, "surnames_alone")
        and swap.one_word_person
        and kind in (None, "given_name")
        and swap.full_name_in_passage
    ):
        return "surname"
    return kind


@hook(Hook.GENDER, ComposedPersons)
def role_gender(swap: Swap) -> str | None:
    """The gender a role word bound to the person gives it ("actress Jane Doe", "Jane Doe, his wife"), under
    `roles_fix_gender`; None where none does (the pronoun's then)."""
    return swap.role_gender if swap.policy.uses(ComposedPersons, "roles_fix_gender") else None


def nationalities(swap: Swap) -> tuple[str, ...]:
    """The nationality words the question and the text beside the original person's mentions give it
    (`roles.nationalities_named`; a surname swapped alone under `surnames_alone` looks past its given names)."""
    if "nationalities" not in swap.memo:
        surname = swap.policy.uses(ComposedPersons, "surnames_alone") and swap.kind == "surname"
        swap.memo["nationalities"] = nationalities_named(swap.context, swap.record.question, swap.original, surname)
    return swap.memo["nationalities"]
