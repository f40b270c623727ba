"""Versioned swap policies: each a registry entry naming its rules, its candidate filters and its draw
strategy, selectable with `--policy` and recorded in the manifest and the card. A new version extends an
earlier one (`Policy.extend`) and leaves it as it was, so old builds stay byte-identical."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .rules import CHECKS, RULES, TABLE, Rule, Stage

#: The filters of kind_v1 and neighbours_v1 (later versions add theirs by name, so these never change).
KIND_FILTERS = (
    "same_kind",
    "same_magnitude",
    "same_country",
    "year_stays_year",
    "keeps_chronology",
    "same_gender",
    "city_in_region",
)
#: The names `Policy.filters` may use (defined in build/swap/filters/; a test checks the two agree), in the
#: order the tests run in: the most selective first (they are pure and ANDed, so the order changes only the time)
FILTER_NAMES = (
    "same_article",
    "minor_figure",
    "same_role",
    "future_stays_future",
    "asked_part_changes",
    "same_statehood",
    "nationality_same_continent",
    "same_era",
    "same_era_broad",
    "close_value",
    "stays_past",
    "dates_keep_order",
    "near_year",
    "unit_agrees",
    "near_day",
    "same_season",
    "anchored_chronology",
    "same_continent",
    "city_in_region",
    "same_gender",
    "keeps_chronology",
    "same_country",
    "year_stays_year",
    "same_magnitude",
    "same_kind",
    "name_words_absent",
    "surname_not_given_name",
)
#: The types a policy with `composed_names` makes rather than draws (build/swap/sample.py `_made_replacement`)
MADE_TYPES = frozenset({"GPE", "NORP", "ORG", "LOC", "EVENT", "FAC"})
#: The names `Policy.draw` may use (defined in build/swap/draw.py).
DRAW_NAMES = ("uniform", "neighbours")


@dataclass(frozen=True)
class Policy:
    """How a replacement is chosen and what a swap must keep consistent."""

    name: str
    description: str
    rules: frozenset[str]  # names of build/swap/rules TABLE entries; run in the table's order
    filters: tuple[str, ...] = ()  # candidate filters (a bank entry must pass all)
    draw: str = "uniform"
    kinds: bool = False  # classify the entity's kind under its label; the shape includes the kind
    acronym_forms: bool = False  # acronyms of the original the context uses count as its other names
    neighbour_k: int = 8  # draw "neighbours": among this many nearest candidates
    alias_similarity: float = 0.9  # draw "neighbours": a candidate this similar to the original is an alias
    question_kinds: bool = False  # a name without a kind-giving head takes the kind its questions name
    composed_persons: bool = False  # a person is replaced by a composed name (build/swap/compose.py)
    swap_types: frozenset[str] | None = None  # the entity types swapped (None: every chosen type)
    country_maps: bool = False  # a country or nationality is swapped with all its forms (build/swap/countries.py)
    towns: bool = False  # a city is replaced by a small town of its region (build/swap/towns.py)
    composed_names: bool = False  # organisations, places, events: composed names (build/swap/compose_names.py)
    persons_beyond_article: bool = False  # composed persons from the corpus's nearest persons where the article has few
    stage_rules: dict[Stage, tuple[Rule, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", frozenset(self.rules))
        unknown = sorted(set(self.rules) - set(RULES))
        unknown += [f for f in self.filters if f not in FILTER_NAMES]
        unknown += [] if self.draw in DRAW_NAMES else [self.draw]
        if unknown:
            raise ValueError(f"policy {self.name}: unknown rule, filter or draw {unknown}")
        by_stage = {stage: tuple(r for r in TABLE if r.stage is stage and r.name in self.rules) for stage in Stage}
        object.__setattr__(self, "stage_rules", by_stage)

    @property
    def drawn_types(self) -> frozenset[str] | None:
        """The types whose replacements come from the bank (drawn, or ranked in embedding space), None for every
        type: the swapped types but those the policy makes (country maps, towns, composed names)."""
        if not self.composed_names or self.swap_types is None:
            return self.swap_types
        return self.swap_types - MADE_TYPES

    def extend(self, name: str, description: str, rules: tuple[str, ...] = (), **changes) -> Policy:
        """A new version: this policy's rules plus `rules`, with `changes` to its other fields."""
        return replace(self, name=name, description=description, rules=self.rules | frozenset(rules), **changes)


POLICIES: dict[str, Policy] = {}


def register(policy: Policy) -> Policy:
    """Add a policy to the registry under its (versioned, never reused) name."""
    if policy.name in POLICIES:
        raise ValueError(f"policy {policy.name} is already registered")
    POLICIES[policy.name] = policy
    return policy


TYPE_SHAPE_V1 = register(
    Policy(
        "type_shape_v1",
        "same NER label and shape, uniform draw",
        rules=frozenset(("question_free_of_original", "not_inside_other_person", *CHECKS)),
    )
)
KIND_V1 = register(
    TYPE_SHAPE_V1.extend(
        "kind_v1",
        "type_shape_v1 plus same kind, label sanity, pronoun gender, City-State coherence, acronyms, "
        "short forms and other gold answers kept consistent; uniform draw",
        rules=(
            "kind_known",
            "person_written_as_person",
            "cardinal_not_one",
            "label_is_majority",
            "gpe_not_second_of_pair",
            "acronyms_rewritable",
            "short_forms_rewritable",
            "not_inside_longer_name",
            "gpe_pairs_coherent",
            "number_context_free",
            "no_relative_date",
            "no_geography_left",
            "no_derived_word_left",
            "no_other_answer_left",
        ),
        filters=KIND_FILTERS,
        kinds=True,
        acronym_forms=True,
    )
)
NEIGHBOURS_V1 = register(
    KIND_V1.extend(
        "neighbours_v1",
        "kind_v1, drawn among the 8 nearest neighbours (wordllama embeddings), aliases excluded",
        draw="neighbours",
    )
)


CONTEXT_V1 = register(
    NEIGHBOURS_V1.extend(
        "context_v1",
        "neighbours_v1, and the context decides more: a question that asks for one thing, a year within a "
        "generation, no weekday beside a swapped date, no count that multiplies with a stated number, no other "
        "spelling of the original left, no place the text puts inside a country it is not in",
        rules=(
            "question_asks_for_one",
            "weekday_still_fits",
            "not_a_stated_factor",
            "place_fits_its_container",
            "no_variant_left",
        ),
        filters=(*KIND_FILTERS, "same_era"),
    )
)
CONTEXT_V2 = register(
    CONTEXT_V1.extend(
        "context_v2",
        "context_v1, and a name is drawn from the names of the same kind in the same article; the question must "
        "not ask why or how, and the entity must be the whole gold answer, not part of it",
        rules=("answer_is_the_entity",),
        filters=(*KIND_FILTERS, "same_era", "same_article"),
    )
)


CONTEXT_V3 = register(
    CONTEXT_V2.extend(
        "context_v3",
        "context_v2, and numbers and places are swapped only where nothing around them can contradict the swap: "
        "a count shares its sentence with no other number, a year stands in no context that counts years, and "
        "a country is replaced by a country of the same continent",
        rules=("count_stands_alone", "no_duration_beside_year"),
        filters=(*KIND_FILTERS, "same_era", "same_article", "same_continent"),
    )
)


CONTEXT_V4 = register(
    CONTEXT_V3.extend(
        "context_v4",
        "context_v3, and the question decides too: the entity is the kind of thing the question asks for (and "
        "a name without a kind-giving head takes the kind the corpus's questions name: 'Which NFL team'), a year "
        "the question asks for changes, a person is replaced by one whose names the passage and question do "
        "not use, a year the text looks forward to moves later, a date tied to another ('soon after') stays, "
        "a historical state is replaced by a historical state, and of the groups only nationalities are swapped",
        rules=("question_fits_label", "group_is_nationality", "person_named_in_full", "no_close_tie"),
        filters=(
            *CONTEXT_V3.filters,
            "name_words_absent",
            "asked_part_changes",
            "future_stays_future",
            "same_statehood",
            "nationality_same_continent",
            "surname_not_given_name",
            "same_role",
            "minor_figure",
        ),
        question_kinds=True,
    )
)


CONTEXT_V5 = register(
    CONTEXT_V3.extend(
        "context_v5",
        "context_v3, and a person is replaced by a name composed of a given name and a surname of the article's "
        "other persons (no real person whose life a reader could set against the text); the entity is the kind "
        "of thing the question asks for, a year the question asks for changes, a year the text looks forward to "
        "moves later, a date tied to another stays, decades and centuries keep their era, counts and durations "
        "stay within a factor of 3, a historical state is replaced by a historical state, a nationality by one "
        "of the same continent; no religions, political groups, one-word names or places cut from longer names",
        rules=(
            "question_fits_label",
            "group_is_nationality",
            "person_named_in_full",
            "person_name_credible",
            "place_not_part_of_name",
            "no_close_tie",
        ),
        filters=(
            *CONTEXT_V3.filters,
            "asked_part_changes",
            "future_stays_future",
            "same_statehood",
            "nationality_same_continent",
            "same_era_broad",
            "close_value",
        ),
        composed_persons=True,
    )
)


CONTEXT_V6 = register(
    CONTEXT_V5.extend(
        "context_v6",
        "context_v5 for persons, dates and counts only (places, organisations, events and groups failed blind "
        "judges in about half their swaps: what a reader knows of a real place contradicts the text around "
        "it); a calendar date keeps its order among the text's dates and its weekday where the text names one, "
        "a year moves at most a decade and stays in the text's past, a unit keeps its number, no date counted "
        "in days from another, no weekday beside a date; no ruler, no couple, no name that is a word, no "
        "derived word of the surname left",
        rules=(
            "type_is_swapped",
            "person_not_a_ruler",
            "person_surname_not_a_word",
            "person_not_in_couple",
            "no_surname_word_left",
            "weekday_not_beside_date",
            "no_day_count_tie",
        ),
        filters=(*CONTEXT_V5.filters, "stays_past", "dates_keep_order", "near_year", "unit_agrees"),
        swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}),
    )
)


CONTEXT_V7 = register(
    CONTEXT_V6.extend(
        "context_v7",
        "context_v6, and a date keeps its place against every year, decade and named event of the text "
        "('World War I', 'Super Bowl XIX'), a calendar date moves at most a month within the year, no date in a "
        "text that counts days between dates or a stretch from it; no count of a list the text gives, no 'a' "
        "before a number said with a vowel; no person the text or question gives a nationality; no question "
        "that asks 'who were', no date or count for a 'which building'",
        rules=(
            "count_not_listed",
            "article_fits_number",
            "person_without_nationality",
            "question_not_plural",
            "question_noun_fits_number",
            "no_counted_tie",
        ),
        filters=(*CONTEXT_V6.filters, "anchored_chronology", "near_day"),
    )
)


CONTEXT_V8 = register(
    CONTEXT_V7.extend(
        "context_v8",
        "context_v7, and a count is swapped only where it counts (no decimal measure, no number used as a name) "
        "and the text lists or enumerates no such number of items anywhere; a month moves within its season; "
        "no date where a nearby sentence ties it loosely to another ('soon after', 'within a short time'); no "
        "year in a text that names a weekday and a day of the month",
        rules=("count_not_enumerated", "number_is_a_count", "no_loose_tie", "year_not_under_a_weekday"),
        filters=(*CONTEXT_V7.filters, "same_season"),
    )
)


CONTEXT_V9 = register(
    CONTEXT_V8.extend(
        "context_v9",
        "context_v8, and the other five types where nothing can contradict the swap: a country or nationality "
        "as one map (name, adjective, people) to a country of its UN subregion, no place of either country "
        "named; a city to a small town of its region; an organisation, place or event keeps its head and form "
        "with a composed distinctive part (a town of its region, or a surname of the article); a person of an "
        "article with too few persons gets a name composed from the corpus's nearest persons",
        swap_types=frozenset({"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"}),
        country_maps=True,
        towns=True,
        composed_names=True,
        persons_beyond_article=True,
    )
)


def get_policy(name: str) -> Policy:
    """The registered policy of that name (ValueError naming the choices otherwise)."""
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICIES)}") from None
