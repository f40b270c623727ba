"""Rules on a composed name (make.py): an organisation, place, event or building keeps its
head and form and gets a new distinctive part only where the part ties the name to nothing a reader knows (a
nation, a region, a direction, a common word, a place inside it), where the text does not use the part alone
and where the name is not famous. They run at stage `MADE`, before the part is chosen."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import CONTINENTS, REGIONS, head_word, norp_kind
from fqa_build.gazetteers.countries import country_of_form
from fqa_build.gazetteers.places import place
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.components.composed_names.make import composes_name, form_of, place_named, team_of
from fqa_build.swap.components.composed_names.patterns import NameForm
from fqa_build.swap.components.organisation_classes.make import classed
from fqa_build.swap.rewriting.aliases import derived_words_left
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import contains_whole_word, find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a name the corpus uses in more paragraphs than this is one a reader knows (its size, its place, its story)
FAMOUS_CONTEXTS = 3
#: "University of California, Irvine": a campus of a system
_CAMPUS = re.compile(r",\s+[A-Z][a-z]+")
#: words that say where or which, not who: a composed name keeps none of them in the distinctive part
_DIRECTIONS = frozenset(
    "north south east west northern southern eastern western central upper lower greater new old great grand "
    "saint st royal national international united general first second third imperial holy".split()
)
#: what makes a "<City> <Plural>" name a sports team in its text (else "Paramount Pictures" would be one)
_SPORT = re.compile(
    r"\b(?:team|teams|season|seasons|league|NFL|NBA|MLB|NHL|coach|quarterback|playoffs?|championship|"
    r"Super Bowl|touchdowns?|defeated|stadium|franchise)\b"
)


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")


def _form(swap: Swap) -> NameForm | None:
    """The generic form of a name composed with a new distinctive part (not a team's)."""
    return form_of(swap) if team_of(swap) is None else None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def name_not_famous(swap: Swap) -> Reason | None:
    """The corpus uses the name in at most three paragraphs ("Mount Everest", "Hudson River", "Eiffel Tower":
    a reader knows them)."""
    if composes_name(swap) and not classed(swap):  # a made organisation carries none of the name's facts
        known = swap.bank.entry_of(swap.original)
        if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
            return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def team_in_a_sports_text(swap: Swap) -> Reason | None:
    """A "<City> <Plural>" name is composed as a team only where the text speaks of sport (a team, a season, a
    league): "Chicago Bears sold toys" is a business."""
    return Reason.KIND_NOT_SWAPPED if team_of(swap) is not None and not _SPORT.search(swap.context) else None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def name_has_generic_form(swap: Swap) -> Reason | None:
    """A composed name keeps a generic head and form ("University of X", "Lake X", "X River"): a name with none
    (an ocean, a parliament, "Tiffany & Co.") is not composed."""
    if composes_name(swap) and team_of(swap) is None and form_of(swap) is None and not classed(swap):
        return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def part_names_no_nation(swap: Swap) -> Reason | None:
    """The distinctive part names no country or nationality, nor holds a word that does ("Scottish
    Parliament", "Vietnam War": the name would change what it says)."""
    form = _form(swap)
    if form is None:
        return None
    text = form.distinctive
    if country_of_form(text) is not None or any(country_of_form(w) for w in text.split()):
        return Reason.KIND_NOT_SWAPPED
    found = place(text)
    return Reason.KIND_NOT_SWAPPED if found is not None and found.kind == "country" else None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def part_names_no_region_or_direction(swap: Swap) -> Reason | None:
    """The distinctive part is no continent or world region and holds no direction, rank or title word
    ("North", "Upper", "Royal", "General", "Second")."""
    form = _form(swap)
    if form is None:
        return None
    text = form.distinctive
    if text.casefold() in CONTINENTS or text.casefold() in REGIONS:
        return Reason.KIND_NOT_SWAPPED
    return Reason.KIND_NOT_SWAPPED if any(w.casefold() in _DIRECTIONS for w in text.split()) else None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def part_not_a_common_word(swap: Swap) -> Reason | None:
    """No word of the distinctive part is one the corpus writes in lower case, a stopword, a generic head or a
    group's name ("General Hospital", "World War II")."""
    form = _form(swap)
    if form is None:
        return None
    bank = swap.bank
    words = [w.casefold() for w in form.distinctive.split()]
    if any(w in bank.common_words or w in _stopwords() or head_word(w) or norp_kind(w) for w in words):
        return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def part_holds_no_place(swap: Swap) -> Reason | None:
    """A distinctive part of several words holds no place's name ("Emmerich Rhine Bridge"): the place inside
    would be renamed too."""
    form = _form(swap)
    if form is None:
        return None
    words = form.distinctive.split()
    if len(words) > 1 and any(place(w) or swap.bank.label_of(w, "LOC") in ("LOC", "GPE") for w in words):
        return Reason.KIND_NOT_SWAPPED
    return None


def _inside_original(swap: Swap, start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in swap.mention_spans)


@rule(Stage.MADE, Reason.SHORT_FORM_LEFT)
def part_not_named_alone(swap: Swap) -> Reason | None:
    """The text does not use the distinctive part alone where it names the thing or a place ("University of
    Chicago" or "Ohio Company" in a text that names Chicago, Ohio): the part left would contradict the name."""
    form = _form(swap)
    if form is None or not (form.after == "" or place_named(swap, form)):
        return None
    spans = find_whole_word(swap.context, form.distinctive, ignore_case=False)
    return Reason.SHORT_FORM_LEFT if any(not _inside_original(swap, s, e) for s, e in spans) else None


@rule(Stage.MADE, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_part(swap: Swap) -> Reason | None:
    """The question does not use the distinctive part ("Where is the Erfurt university?")."""
    form = _form(swap)
    if form is not None and contains_whole_word(swap.record.question, form.distinctive, ignore_case=False):
        return Reason.ORIGINAL_IN_QUESTION
    return None


@rule(Stage.MADE, Reason.DERIVED_WORD_LEFT)
def part_leaves_no_derived_word(swap: Swap) -> Reason | None:
    """The text uses no word derived from the distinctive part ("the Pamiris" beside the "Pamir Mountains")."""
    form = _form(swap)
    if form is not None and derived_words_left(swap.context, form.distinctive, swap.mention_spans):
        return Reason.DERIVED_WORD_LEFT
    return None


@rule(Stage.MADE, Reason.INSIDE_LONGER_NAME)
def name_not_a_campus(swap: Swap) -> Reason | None:
    """No mention of the name is followed by ", <Name>" ("University of California, Irvine": one campus of a
    system)."""
    if _form(swap) is not None and any(_CAMPUS.match(swap.context, e) for _, e in swap.mention_spans):
        return Reason.INSIDE_LONGER_NAME
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def part_names_a_place_or_person(swap: Swap) -> Reason | None:
    """The distinctive part is a place's name or ends in a surname the corpus knows ("Renmin University" is
    named after neither, and no composed part would fit it)."""
    form = _form(swap)
    if form is None or place_named(swap, form) or (swap.label == "FAC" and swap.policy.offers("buildings_by_part")):
        return None  # a building named after a sponsor or a word takes a surname as well as one after a person
    return Reason.KIND_NOT_SWAPPED if form.distinctive.split()[-1] not in swap.bank.surnames else None
