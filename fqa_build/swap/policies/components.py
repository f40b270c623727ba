"""The swap's components: the features a policy lists, each with its parameters as a frozen dataclass.

A policy uses a feature by listing its component (`Policy.components`) and tunes it through the component's fields;
a policy that does not list it does not use it. Each component registers under a name of its own (`COMPONENTS`), the
name a policy file writes (`Policy.to_dict`, docs/policies.md). A field's default is what the default policy uses;
the retired steps in tests/retired_policies.py turn some off. A new component is a dataclass here with `@component`,
read where its feature runs through `policy.uses(TheComponent, "parameter")`, or joined to the swap by its hooks
(fqa_build/swap/hooks.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

#: every component by its registered name, in registration order
COMPONENTS: dict[str, type[Component]] = {}


@dataclass(frozen=True)
class Component:
    """A feature of the swap a policy lists; its fields are the feature's parameters."""

    name: ClassVar[str] = ""
    #: the labels the component matches and banks beyond the build's `--entity-types`
    added_types: ClassVar[frozenset[str]] = frozenset()


C = TypeVar("C", bound=type[Component])


def component(name: str) -> Callable[[C], C]:
    """Register a component class under `name` (a name is never reused)."""

    def register(cls: C) -> C:
        if name in COMPONENTS:
            raise ValueError(f"component {name} is already registered")
        cls.name = name
        COMPONENTS[name] = cls
        return cls

    return register


@component("kinds")
@dataclass(frozen=True)
class Kinds(Component):
    """Each entity is classed by its kind under its label (a city, a country, a given name ...), and the shape a
    replacement must keep includes the kind; the acronyms of the original its context uses count as its other names."""


@component("composed_persons")
@dataclass(frozen=True)
class ComposedPersons(Component):
    """A person is replaced by a composed name (fqa_build/swap/made/persons.py)."""

    beyond_article: bool = True  # name parts from the corpus's nearest persons where the article has few
    plain_parts: bool = True  # no function word or particle as a name part ("Il", "Meanwhile")
    roles_fix_gender: bool = True  # a role word bound to the person ("actress", "his wife") fixes the gender
    surnames_alone: bool = True  # a person named by surname alone gets a composed surname
    by_nationality: bool = True  # a person given a nationality gets a name of names used there (rewriting/roles.py)
    common_surnames: bool = True  # a surname is a common one of a country fitting the person


@component("persons_by_pronoun")
@dataclass(frozen=True)
class PersonsByPronoun(Component):
    """A name of an unknown given name is a person where a pronoun or role word that refers to it says so."""


@component("country_maps")
@dataclass(frozen=True)
class CountryMaps(Component):
    """A country or a nationality is swapped with all its forms (fqa_build/swap/made/countries.py)."""


@component("made_towns")
@dataclass(frozen=True)
class MadeTowns(Component):
    """A city is replaced by a small town of its region (fqa_build/swap/made/towns.py); a composed name's town part
    follows the same parameters."""

    regions_from_text: bool = True  # a made town lies in the regions of the places named near (made/regions.py)
    near_named_cities: bool = True  # a made town lies near the cities its text names (made/locality.py)
    no_city_districts: bool = True  # no made town is a district of a large city ("Ochota" of Warsaw)


@component("composed_names")
@dataclass(frozen=True)
class ComposedNames(Component):
    """Organisations, places and events get composed names (fqa_build/swap/made/names.py)."""

    plain_parts: bool = True  # no function word or particle as a name part
    team_towns_host_sized: bool = True  # a made team's town is one a major league could play in (100,000 people)
    call_signs_keep_region: bool = True  # a made call sign keeps its W or K and changes its last letter


@component("gold_forms")
@dataclass(frozen=True)
class GoldForms(Component):
    """Every source gold answer holding a rewritten mention is a gold answer, and no gold answer ends with
    punctuation that is no part of it (fqa_build/swap/orchestration/golds.py)."""


@component("one_row_per_question")
@dataclass(frozen=True)
class OneRowPerQuestion(Component):
    """A (question, context) input repeated under several ids makes one row (swap/orchestration/substitute.py)."""


@component("organisation_classes")
@dataclass(frozen=True)
class OrganisationClasses(Component):
    """An organisation without a generic head is classed by its text and made anew (swap/made/org_classes.py)."""

    by_question: bool = True  # "what company" in the question, or trade words, class a bare name
    acronym_expansions: bool = True  # "Global Panel on X (GPX)" for "Intergovernmental Panel on X (IPX)"


@component("made_values")
@dataclass(frozen=True)
class MadeValues(Component):
    """Numbers with units (`VALUE_TYPES`) are matched whatever `--entity-types` says, and made rather than drawn
    (fqa_build/swap/made/values.py)."""


@component("shifted_timelines")
@dataclass(frozen=True)
class ShiftedTimelines(Component):
    """A date swap moves every date of the passage by one offset (fqa_build/swap/timelines/)."""


@component("relabelled_names")
@dataclass(frozen=True)
class RelabelledNames(Component):
    """A mislabelled mention is swapped under the label its text shows (fqa_build/swap/rules/relabels.py)."""


@component("made_works")
@dataclass(frozen=True)
class MadeWorks(Component):
    """Works of art and laws get made titles and names, and buildings are named after persons only where the part
    names no place (fqa_build/swap/made/works.py); their labels are matched beyond `--entity-types`."""

    added_types: ClassVar[frozenset[str]] = frozenset({"FAC", "WORK_OF_ART", "LAW"})


@component("closed_class_nouns")
@dataclass(frozen=True)
class ClosedClassNouns(Component):
    """A one-word answer of a closed class ("copper") is swapped (fqa_build/swap/made/things.py)."""


@component("count_relations")
@dataclass(frozen=True)
class CountRelations(Component):
    """A count keeps its sentence's sums and orders (fqa_build/facts/relations.py, swap/rules/arithmetic.py)."""

    whole_passage: bool = True  # a count tied to numbers or lists of its passage is dropped
    parts_name_their_noun: bool = True  # "Four of the sororities" is a part of a count of sororities only
    rewrite_own_mentions: bool = True  # a count's mentions that count other nouns elsewhere stay as written
    scaled_decimals: bool = True  # "4.5 million objects" is a count (a decimal before its scale word)
    clause_lists: bool = True  # "three types of movement: they flick ...; they wriggle ...; ..." tie
    units_by_two_words: bool = True  # "12 research institutes" and "113 research centers" count apart
    questions_past_typos: bool = True  # "How man volumes ...", "About many students ...?" ask for a count
    numbers_keep_label: bool = True  # "118 tackles" is a count whatever "118" is tagged elsewhere


@component("evidence_windows")
@dataclass(frozen=True)
class EvidenceWindows(Component):
    """A swap the whole passage refuses for a tie elsewhere in it is tried on a window
    (fqa_build/swap/orchestration/evidence_windows.py)."""
