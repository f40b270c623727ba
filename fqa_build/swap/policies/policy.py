"""What a swap policy is: a frozen value naming its rules, its candidate filters, its draw and its switches. It
names them only; `registry.py` checks the names against the rule table and the filters, gives each stage its
rules (`stage_rules`) and keeps the registry, so the swap's state can name a `Policy` without importing the
rules that name the state."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...labels import ALL_ENTITY_TYPES

#: The types a policy with `compose_names` makes rather than draws (fqa_build/swap/orchestration/sample.py
#: `_made_replacement`); works of art, laws and products only under `compose_works` (fqa_build/swap/made/works.py)
MADE_TYPES = frozenset({"GPE", "NORP", "ORG", "LOC", "EVENT", "FAC", "WORK_OF_ART", "LAW", "PRODUCT"})
#: The numbers with units a policy with `make_values` matches whatever `--entity-types` says, and makes
#: (fqa_build/swap/made/values.py) rather than draws: the bank holds none of them
VALUE_TYPES = frozenset({"MONEY", "PERCENT", "QUANTITY", "ORDINAL", "TIME"})
#: The names `Policy.draw` may use (defined in fqa_build/swap/drawing/candidates.py).
DRAW_NAMES = ("uniform", "neighbours")


@dataclass(frozen=True)
class Policy:
    """How a replacement is chosen and what a swap must keep consistent."""

    name: str
    description: str
    rules: frozenset[str]  # names of fqa_build/swap/rules TABLE entries; run in the table's order
    filters: tuple[str, ...] = ()  # candidate filters (a bank entry must pass all)
    draw: str = "uniform"
    classify_kinds: bool = False  # classify the entity's kind under its label; the shape includes the kind
    acronyms_as_aliases: bool = False  # acronyms of the original the context uses count as its other names
    neighbour_k: int = 8  # draw "neighbours": among this many nearest candidates
    alias_similarity: float = 0.9  # draw "neighbours": a candidate this similar to the original is an alias
    compose_persons: bool = False  # a person is replaced by a composed name (fqa_build/swap/made/persons.py)
    swap_types: frozenset[str] | None = None  # the entity types swapped (None: every chosen type)
    map_countries: bool = (
        False  # a country or nationality is swapped with all its forms (fqa_build/swap/made/countries.py)
    )
    make_towns: bool = False  # a city is replaced by a small town of its region (fqa_build/swap/made/towns.py)
    compose_names: bool = False  # organisations, places, events: composed names (fqa_build/swap/made/names.py)
    compose_persons_beyond_article: bool = (
        False  # composed persons from the corpus's nearest persons where the article has few
    )
    use_plain_name_parts: bool = False  # composed names use no function word or particle as a part ("Il", "Meanwhile")
    # every source gold answer holding a rewritten mention is a gold answer (swap/orchestration/golds.py)
    map_gold_forms: bool = False
    # no gold answer ends with punctuation that is no part of it (swap/orchestration/golds.py)
    trim_answers: bool = False
    one_row_per_question: bool = False  # a (question, context) input repeated under several ids makes one row
    no_city_districts: bool = False  # no made town is a district of a large city ("Ochota" of Warsaw)
    towns_near_named_cities: bool = False  # a made town lies near the cities its text names (swap/made/locality.py)
    # a made town lies in the regions of the places named near (fqa_build/swap/made/regions.py)
    read_regions_from_text: bool = False
    roles_fix_gender: bool = False  # a role word bound to a person ("actress", "his wife") fixes the composed gender
    classify_orgs: bool = False  # an organisation without a generic head is classed by its text and made anew
    #: labels the policy matches and banks besides the build's `--entity-types` (see `matched_types`)
    added_types: frozenset[str] = frozenset()
    compose_works: bool = False  # works of art and laws: made titles and names (fqa_build/swap/made/works.py)
    name_buildings_after_persons: bool = (
        False  # a building's part is a town only where it names a place, else a surname
    )
    compose_surname_persons: bool = (
        False  # a person named by surname alone gets a composed surname (swap/made/persons.py)
    )
    # a person given a nationality gets a name of names used there (swap/rewriting/roles.py)
    name_persons_by_nationality: bool = False
    find_persons_by_pronoun: bool = (
        False  # a name of an unknown given name is a person where a pronoun or role word says so
    )
    make_values: bool = False  # numbers with units (VALUE_TYPES) are matched beyond --entity-types and made
    # a one-word answer of a closed class ("copper") is swapped (fqa_build/swap/made/things.py)
    swap_closed_class_nouns: bool = False
    # a date swap moves every date of the passage by one offset (swap/timelines/timeline.py)
    shift_timelines: bool = False
    counts_keep_relations: bool = False  # a count keeps its sentence's sums and orders (facts/relations.py)
    counts_read_whole_passage: bool = False  # a count tied to numbers or lists of its passage is dropped
    team_towns_host_sized: bool = False  # a made team's town is one a major league could play in (100,000 people)
    call_signs_keep_region: bool = False  # a made call sign keeps its W or K and changes its last letter
    use_common_surnames: bool = (
        False  # a composed surname is a common one of a country fitting the person (swap/made/persons.py)
    )
    count_parts_name_their_noun: bool = False  # "Four of the sororities" is a part of a count of sororities only
    counts_rewrite_own_mentions: bool = False  # a count's mentions that count other nouns elsewhere stay as written
    count_scaled_decimals: bool = False  # "4.5 million objects" is a count (a decimal before its scale word)
    counts_read_clause_lists: bool = False  # "three types of movement: they flick ...; they wriggle ...; ..." tie
    count_units_by_two_words: bool = False  # "12 research institutes" and "113 research centers" count apart
    count_questions_past_typos: bool = False  # "How man volumes ...", "About many students ...?" ask for a count
    counted_numbers_keep_label: bool = False  # "118 tackles" is a count whatever "118" is tagged elsewhere
    orgs_classed_by_question: bool = False  # "what company" in the question, or trade words, class a bare name
    acronym_expansions_mapped: bool = False  # "Global Panel on X (GPX)" for "Intergovernmental Panel on X (IPX)"
    #: a swap the whole passage refuses for a tie elsewhere in it is tried on a window
    #: (swap/orchestration/evidence_windows.py)
    retry_on_windows: bool = False

    relabel_by_evidence: bool = False  # a mislabelled mention takes the label its text shows (rules/persons.py)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", frozenset(self.rules))

    @property
    def drawn_types(self) -> frozenset[str] | None:
        """The types whose replacements come from the bank (drawn, or ranked in embedding space), None for every
        type: the swapped types but those the policy makes (country maps, towns, composed names)."""
        if not self.compose_names or self.swap_types is None:
            return self.swap_types
        return self.swap_types - MADE_TYPES - self.value_types

    @property
    def reads_answers(self) -> bool:
        """Whether the policy's rules read the passage with the candidate reader (fqa_build/swap/answerability/)."""
        return "reader_picks_gold" in self.rules

    @property
    def value_types(self) -> frozenset[str]:
        """The types matched beyond the build's `--entity-types` and made (VALUE_TYPES under `make_values`)."""
        return VALUE_TYPES if self.make_values else frozenset()

    def matched_types(self, chosen: tuple[str, ...]) -> tuple[str, ...]:
        """The labels a build under this policy matches answers to and banks: the build's `--entity-types`
        (`chosen`), then the labels the policy adds (`added_types`) that it does not hold, in the order of
        `ALL_ENTITY_TYPES`. The one place where a policy widens what is matched; a policy that adds none leaves
        `chosen` as it is."""
        return chosen + tuple(t for t in ALL_ENTITY_TYPES if t in self.added_types and t not in chosen)

    def extend(self, name: str, description: str, rules: tuple[str, ...] = (), **changes) -> Policy:
        """A new version: this policy's rules plus `rules`, with `changes` to its other fields."""
        return replace(self, name=name, description=description, rules=self.rules | frozenset(rules), **changes)
