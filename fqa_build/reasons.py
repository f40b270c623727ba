"""Every reason a record is skipped or a swap is rejected, declared once with a one-line description.

The stats (`build_stats.json`), the card's funnel, `rejections.parquet` and the audit count only these: a
reason that is not declared here cannot be counted (`Reason(name)` raises).
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """A named reason; its value is the name written to the stats."""

    # read: a source record that cannot be used (counted per source, logged with file and record)
    MISSING_ID = "missing_id"
    UNREADABLE_ID = "unreadable_id"
    MISSING_CONTEXT = "missing_context"
    MISSING_QUESTION = "missing_question"
    NO_ANSWERS = "no_answers"
    INVALID_ANSWER_START = "invalid_answer_start"
    DUPLICATE_ID = "duplicate_id"
    NO_WIKIPEDIA_EVIDENCE = "no_wikipedia_evidence"
    MISSING_EVIDENCE = "missing_evidence"
    ANSWER_NOT_IN_EVIDENCE = "answer_not_in_evidence"
    NO_RELEVANT_WINDOW = "no_relevant_window"
    OVERSIZED_RECORD = "oversized_record"
    DECONTAMINATED = "decontaminated"
    ANSWER_IN_TABLE = "answer_in_table"
    ANSWERS_DISAGREE = "answers_disagree"
    # swap: one row per input
    DUPLICATE_QUESTION = "duplicate_question"
    # match and draw
    NO_ENTITY_MATCH = "no_entity_match"
    NO_CANDIDATE = "no_candidate"
    ONLY_ALIASES = "only_aliases"
    # swap rules (fqa_build/swap/rules/)
    LABEL_CONTRADICTED = "label_contradicted"
    NUMBER_IN_NAME = "number_in_name"
    ORIGINAL_IN_QUESTION = "original_in_question"
    GPE_PAIR = "gpe_pair"
    ACRONYM_LEFT = "acronym_left"
    SHORT_FORM_LEFT = "short_form_left"
    INSIDE_OTHER_PERSON = "inside_other_person"
    INSIDE_LONGER_NAME = "inside_longer_name"
    NUMBER_IN_RANGE = "number_in_range"
    NUMBER_COUNTS_A_LIST = "number_counts_a_list"
    UNIT_CONVERSION = "unit_conversion"
    RELATIVE_DATE = "relative_date"
    GEOGRAPHY_LEFT = "geography_left"
    DERIVED_WORD_LEFT = "derived_word_left"
    ANSWER_NOT_REWRITTEN = "answer_not_rewritten"
    OTHER_ANSWER_LEFT = "other_answer_left"
    QUESTION_ASKS_FOR_SEVERAL = "question_asks_for_several"
    QUESTION_YES_NO = "question_yes_no"
    QUESTION_ASKS_FOR_TWO = "question_asks_for_two"
    QUESTION_ASKS_FOR_ANY = "question_asks_for_any"
    ANSWER_SHARES_ROLE = "answer_shares_role"
    VALUE_BESIDE_TABLE = "value_beside_table"
    READER_PREFERS_RIVAL = "reader_prefers_rival"
    READER_PREFERS_RIVAL_AFTER_SWAP = "reader_prefers_rival_after_swap"
    WEEKDAY_LEFT = "weekday_left"
    NUMBER_IN_ARITHMETIC = "number_in_arithmetic"
    VARIANT_LEFT = "variant_left"
    PLACE_IN_PLACE = "place_in_place"
    ANSWER_NOT_THE_ENTITY = "answer_not_the_entity"
    NUMBER_BESIDE_NUMBERS = "number_beside_numbers"
    YEAR_BESIDE_DURATION = "year_beside_duration"
    QUESTION_KIND_MISMATCH = "question_kind_mismatch"
    KIND_NOT_SWAPPED = "kind_not_swapped"
    ANSWER_COORDINATED = "answer_coordinated"
    ORIGINAL_NAMED_BESIDE = "original_named_beside"
    NAME_PARTLY_SWAPPED = "name_partly_swapped"
    ORIGINAL_WORD_LEFT = "original_word_left"
    ROLE_GENDER_MISMATCH = "role_gender_mismatch"
    ARTICLE_MISMATCH = "article_mismatch"
    NATIONALITY_NAMED = "nationality_named"
    NUMBER_NOT_A_COUNT = "number_not_a_count"
    LANGUAGE_NAMED = "language_named"
    ROLE_MISMATCH = "role_mismatch"
    LANDMARK_NAMED = "landmark_named"
    MADE_PLACE_ASTRAY = "made_place_astray"
    AGE_COMPARED = "age_compared"
    SECOND_ANSWER_LEFT = "second_answer_left"
    DATE_FIXED_BY_NAME = "date_fixed_by_name"
    QUESTION_GRAIN = "question_grain"
    QUESTION_ASKS_NO_TIME = "question_asks_no_time"
    PERFORMER_NOT_ASKED = "performer_not_asked"
    PLACE_OUT_OF_REGION = "place_out_of_region"
    TIMELINE_FIXED = "timeline_fixed"
    TIMELINE_UNREAD = "timeline_unread"
    TIMELINE_NO_OFFSET = "timeline_no_offset"
    # checks on the finished sample (the reference work's six, then ours)
    NEW_ENTITY_ABSENT = "new_entity_absent"
    CONTEXT_UNCHANGED = "context_unchanged"
    CONTEXT_TOO_SHORT = "context_too_short"
    REPLACEMENT_IN_ORIGINAL = "replacement_in_original"
    TOO_MANY_OCCURRENCES = "too_many_occurrences"
    REPLACEMENT_TOO_SHORT = "replacement_too_short"
    ORIGINAL_ENTITY_REMAINS = "original_entity_remains"
    INVALID_ANSWER_OFFSETS = "invalid_answer_offsets"
    # made works of art and laws (swap/components/made_works/rules.py)
    WORK_IN_A_SERIES = "work_in_a_series"
    TITLE_WORD_LEFT = "title_word_left"
    WORK_TIED_TO_PERSON = "work_tied_to_person"
    # made values (swap/components/made_values/make.py)
    VALUE_UNREADABLE = "value_unreadable"
    VALUE_BOUND = "value_bound"
    VALUE_IN_ARITHMETIC = "value_in_arithmetic"
    VALUE_RESTATED = "value_restated"
    VALUE_OUTSIDE_RANGE = "value_outside_stated_range"
    SHARE_TIED = "share_tied_to_stated_numbers"
    # scaled amounts (swap/components/scaled_amounts/rules.py)
    PERCENT_OF_AMOUNTS = "percent_of_stated_amounts"
    # the arithmetic a passage states (swap/components/stated_arithmetic/rules.py)
    STATED_ARITHMETIC_BROKEN = "stated_arithmetic_broken"
    # closed-class noun answers (swap/components/closed_class_nouns/rules.py)
    THING_CLASS_UNASKED = "thing_class_unasked"
    THING_IN_NAME = "thing_in_name"
    THING_IN_COMPOUND = "thing_in_compound"
    THING_FORM_LEFT = "thing_form_left"
    THING_KIN_NAMED = "thing_kin_named"
    COUNT_RELATION_BROKEN = "count_relation_broken"
    VALUE_ON_NAMED_SCALE = "value_on_named_scale"
    VALUE_GLOSSED = "value_glossed"
    VALUE_NOT_ASKED = "value_not_asked"
    COUNT_TIED_IN_PASSAGE = "count_tied_in_passage"
    TITLE_CUT = "title_cut"
    TITLE_OF_ANOTHER_AGE = "title_of_another_age"
    SITE_NOT_SINGLED_OUT = "site_not_singled_out"
    PERSONS_ASKED = "persons_asked"
    PERSON_SPELLING_LEFT = "person_spelling_left"
    TIMELINE_UNDATED_EVENT = "timeline_undated_event"
    TIMELINE_LIFETIME = "timeline_lifetime"
    ORG_NAMED_FOR_PERSON = "org_named_for_person"
    ORG_NATIONALITY_STATED = "org_nationality_stated"
    ORG_TRADE_NOT_STATED = "org_trade_not_stated"
    ORG_PAIRED_BY_ORDER = "org_paired_by_order"
    RELABEL_REFERENT_MIXED = "relabel_referent_mixed"
    PERSON_CULTURE_CHANGED = "person_culture_changed"

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self]


DESCRIPTIONS: dict[Reason, str] = {
    Reason.MISSING_ID: "the source record has no id (none, or an empty one)",
    Reason.UNREADABLE_ID: "the source record's id is no string or whole number (a decimal, true/false, a list)",
    Reason.MISSING_CONTEXT: "the source record has no context",
    Reason.MISSING_QUESTION: "the source record has no question",
    Reason.NO_ANSWERS: "the source record has no usable gold answer",
    Reason.INVALID_ANSWER_START: "a gold answer's answer_start does not point at its text",
    Reason.DUPLICATE_ID: "an id already read from the same source",
    Reason.NO_WIKIPEDIA_EVIDENCE: "a TriviaQA question without Wikipedia evidence",
    Reason.MISSING_EVIDENCE: "a TriviaQA evidence file is missing or unreadable",
    Reason.ANSWER_NOT_IN_EVIDENCE: "no evidence article contains the answer or an alias as a whole word",
    Reason.NO_RELEVANT_WINDOW: "no window around the answer in the evidence holds enough of the question's words",
    Reason.OVERSIZED_RECORD: "a context or question far longer than any paragraph (over 100,000 / 2,000 characters)",
    Reason.ANSWER_IN_TABLE: "NQ / MRQA: every answer span lies inside a table (tables are cut out of passages)",
    Reason.ANSWERS_DISAGREE: "NQ-open: answers name different values (several things asked, or annotators disagree)",
    Reason.DECONTAMINATED: "the question or the context matches a held-out evaluation set (--exclude)",
    Reason.DUPLICATE_QUESTION: "the same question on the same context as a record of a smaller id (one row each)",
    Reason.NO_ENTITY_MATCH: "no gold answer matches a named entity of the chosen types",
    Reason.NO_CANDIDATE: "the bank has no replacement of the same type, shape (and kind) that passes the filters",
    Reason.ONLY_ALIASES: "every nearest neighbour is an alias of the original",
    Reason.LABEL_CONTRADICTED: "a head word or lexicon, the corpus majority label or the text contradicts the label",
    Reason.NUMBER_IN_NAME: "the number is part of a name, a time or a longer number, or is 'one'",
    Reason.ORIGINAL_IN_QUESTION: "the question names the original entity (or its short form or acronym)",
    Reason.GPE_PAIR: "a 'City, State' pair the swap would make incoherent",
    Reason.ACRONYM_LEFT: "the context uses an acronym of the original the replacement cannot take over",
    Reason.SHORT_FORM_LEFT: "the context uses a short form of the original the replacement cannot take over",
    Reason.INSIDE_OTHER_PERSON: "a mention to rewrite lies inside another person's name",
    Reason.INSIDE_LONGER_NAME: "a mention to rewrite lies inside a longer name of something else",
    Reason.NUMBER_IN_RANGE: "the number bounds a range or a part-of ('39 of the 43')",
    Reason.NUMBER_COUNTS_A_LIST: "the number counts items the text lists or adds up",
    Reason.UNIT_CONVERSION: "the number has a unit conversion beside it",
    Reason.RELATIVE_DATE: "the year is dated relative to another ('three years later')",
    Reason.GEOGRAPHY_LEFT: "the context still names a place inside the swapped one",
    Reason.DERIVED_WORD_LEFT: "a word derived from the original ('French' of 'France') is left standing",
    Reason.ANSWER_NOT_REWRITTEN: "the gold answer's place in the context was not rewritten",
    Reason.OTHER_ANSWER_LEFT: "another gold answer naming the original is left standing",
    Reason.QUESTION_ASKS_FOR_SEVERAL: "the question asks for several things ('which two generals', 'which countries')",
    Reason.QUESTION_YES_NO: "the question asks for a yes or a no ('Was the treaty signed?')",
    Reason.QUESTION_ASKS_FOR_TWO: "the question joins two questions ('who discovered it and in what year')",
    Reason.QUESTION_ASKS_FOR_ANY: "any member of a class answers the question ('name a food', 'one of the founders')",
    Reason.ANSWER_SHARES_ROLE: (
        "the answer stands in a line of a role table (cast, personnel, table rows) the question does not tell apart"
    ),
    Reason.VALUE_BESIDE_TABLE: "a number or date beside a table of numbers, whose sums, shares and columns tie it",
    Reason.READER_PREFERS_RIVAL: "the candidate reader ranks another candidate above the gold in the original passage",
    Reason.READER_PREFERS_RIVAL_AFTER_SWAP: (
        "the candidate reader ranks another candidate above the new gold in the counterfactual passage"
    ),
    Reason.WEEKDAY_LEFT: "a weekday beside the swapped date would no longer fit it",
    Reason.NUMBER_IN_ARITHMETIC: "the number is a factor of a product the text states ('two tumens (10,000 each)')",
    Reason.VARIANT_LEFT: "another spelling of the original ('Röntgen' for 'Roentgen', 'DECnet' of 'DEC') is left",
    Reason.ANSWER_NOT_THE_ENTITY: "the question asks why or how, or the entity is only part of the gold answer",
    Reason.NUMBER_BESIDE_NUMBERS: "another number shares the count's sentence (totals, shares, densities)",
    Reason.YEAR_BESIDE_DURATION: "the context counts a stretch of years a new year could break ('26 seasons')",
    Reason.QUESTION_KIND_MISMATCH: "the question asks for another kind of thing ('how many' answered by a year)",
    Reason.KIND_NOT_SWAPPED: (
        "the policy does not swap this entity: its type, or its kind within a swapped type (a ruler, a religion, an "
        "organisation with no generic head, a place no country map, town or composed name fits)"
    ),
    Reason.ARTICLE_MISMATCH: "an 'a' would stand before a number said with a vowel sound ('a 1876 vote')",
    Reason.NATIONALITY_NAMED: "the text or question gives the person a nationality a composed name would not fit",
    Reason.NUMBER_NOT_A_COUNT: "the number is no count: a decimal measure or a number used as a name ('268 U.S.')",
    Reason.LANGUAGE_NAMED: "the country's adjective names a language here ('written in French'): no map swaps it",
    Reason.ROLE_MISMATCH: "the text gives the place a role a town cannot take ('the borough of', 'the capital')",
    Reason.LANDMARK_NAMED: "the text ties the place to what a reader knows of it (a landmark, a war, a famous city)",
    Reason.AGE_COMPARED: "the age is compared with another age or a record the text states ('the oldest ... at 39')",
    Reason.MADE_PLACE_ASTRAY: "a made town (or a composed name's namesake) lies far from a city the text puts it by",
    Reason.SECOND_ANSWER_LEFT: "another gold answer, naming something else, still stands and answers the question",
    Reason.DATE_FIXED_BY_NAME: "a name fixes the year: an anniversary ('centennial') or a numbered edition of a series",
    Reason.QUESTION_GRAIN: "the question asks for a finer date or two ends ('month and year') the swapped span lacks",
    Reason.QUESTION_ASKS_NO_TIME: "a date answers a question that asks for no time ('what was their first plan')",
    Reason.PERFORMER_NOT_ASKED: "the answer plays a character ('played by'); the question asks for a relative of one",
    Reason.PLACE_OUT_OF_REGION: (
        "no made town would lie in the country and region of the original and of the places named beside it"
    ),
    Reason.TIMELINE_FIXED: "a weekday, an era, a name or the present fixes a date: no shifted timeline, no single swap",
    Reason.TIMELINE_UNREAD: "a number of year form is neither a date nor a count: no shifted timeline, no single swap",
    Reason.TIMELINE_NO_OFFSET: "no offset keeps a shifted timeline past, well-formed and new; no single swap either",
    Reason.PLACE_IN_PLACE: "the text places the swapped place inside another ('the Caspian Sea in the Netherlands')",
    Reason.ANSWER_COORDINATED: "the answer is one of a list of its kind ('X and Y') and the question names no other",
    Reason.ORIGINAL_NAMED_BESIDE: "a pronunciation or another name of the original follows a rewritten mention",
    Reason.NAME_PARTLY_SWAPPED: "a rewritten mention runs on into the rest of a longer name ('... y Beaumont')",
    Reason.ORIGINAL_WORD_LEFT: "a distinctive word of the original is left, alone or in another name ('New Rochelle')",
    Reason.ROLE_GENDER_MISMATCH: "a role word bound to the person ('actress', 'his wife') gives the other gender",
    Reason.NEW_ENTITY_ABSENT: "the replacement does not occur in the new context",
    Reason.CONTEXT_UNCHANGED: "the new context equals the original",
    Reason.CONTEXT_TOO_SHORT: "the new context is shorter than the minimum",
    Reason.REPLACEMENT_IN_ORIGINAL: "the replacement already occurs in the original context",
    Reason.TOO_MANY_OCCURRENCES: "more mentions to rewrite than the maximum",
    Reason.REPLACEMENT_TOO_SHORT: "the replacement is shorter than 2 characters",
    Reason.ORIGINAL_ENTITY_REMAINS: "the original (or a surname, first name or short form) is left in the context",
    Reason.INVALID_ANSWER_OFFSETS: "the new answer is not at its answer_start or does not begin with the replacement",
    Reason.WORK_IN_A_SERIES: "the work is a numbered one of a series ('Part II', 'Toy Story 2'): a made title hides it",
    Reason.TITLE_WORD_LEFT: "a word of the work's or law's name is used elsewhere in the text (a character, a subject)",
    Reason.WORK_TIED_TO_PERSON: "a famous person (author, character, the article's subject) is named beside the work",
    Reason.VALUE_UNREADABLE: "the number with a unit writes no single number to remake ('5 to 10 km', 'a million')",
    Reason.VALUE_BOUND: "no made value keeps the original's place among the values of its kind the passage names",
    Reason.VALUE_IN_ARITHMETIC: "the value is a part or sum, a share, a multiple or a change the passage states",
    Reason.VALUE_RESTATED: "the value's number stands elsewhere in another form, or an ordinal or number word repeats",
    Reason.VALUE_OUTSIDE_RANGE: "the new number falls outside the range the passage states right after it "
    "('9.5 days (range, 8 to 11 days)')",
    Reason.SHARE_TIED: "the number is a share the passage states with two other numbers, or one of them, or half "
    "of a count-and-share pair ('9,842 of 18,500 ..., a response rate of 53.2%', '634 [47.9%]'): a new one would "
    "break the share",
    Reason.PERCENT_OF_AMOUNTS: "the percentage is the share or the change two amounts of the passage give ('£11.6m "
    "of the £48.3m ... 24%'): a new one would contradict them",
    Reason.STATED_ARITHMETIC_BROKEN: "a sum, product, share or change three figures of the passage state no longer "
    "holds after the swap, to the precision they are written with ('£9,250 x 5,390 entrants ... £49.9m', doubled: "
    "£99.7m, not £99.8m)",
    Reason.THING_CLASS_UNASKED: (
        "a common-noun answer of several classes ('gold'), or of a class its words often leave (a colour), and the "
        "question names none of them"
    ),
    Reason.THING_IN_NAME: "the common-noun answer is written as (part of) a name somewhere ('the Black Death')",
    Reason.THING_IN_COMPOUND: "the common-noun answer is joined to another word ('blue-collar', 'copper-plated')",
    Reason.THING_FORM_LEFT: (
        "a synonym, symbol, atomic number or derived word of the common-noun answer is left ('Cu', 'golden')"
    ),
    Reason.THING_KIN_NAMED: "the text names another material the answer may be made of or into ('flax', 'linen')",
    Reason.COUNT_RELATION_BROKEN: (
        "the count is a total, a share, a product or a multiple of numbers its sentence gives: no rewrite keeps it"
    ),
    Reason.VALUE_ON_NAMED_SCALE: (
        "the value's sentence names the class it falls in ('Category 2', 'F3', 'hurricane', 'boiling'): a made value "
        "may leave it"
    ),
    Reason.VALUE_GLOSSED: "a bracket of words after the value glosses it ('10 o'clock tea (chai ya saa nne)')",
    Reason.VALUE_NOT_ASKED: (
        "the gold answer is not the value's own number, or the question asks a count of something the value does "
        "not count"
    ),
    Reason.COUNT_TIED_IN_PASSAGE: (
        "another number of the passage counts the same thing or is its share or breakdown, or the passage numbers "
        "or names the counted things"
    ),
    Reason.TITLE_CUT: "the work's mention is part of a longer title in the text or the gold answer",
    Reason.TITLE_OF_ANOTHER_AGE: "a title of devotion or myth, or of a work before 1800: a made title would not fit it",
    Reason.SITE_NOT_SINGLED_OUT: "the answer is one of a list of its kind and the passage lacks the question's verb",
    Reason.PERSONS_ASKED: "the question asks for several persons ('which key figures'), or a gold answer names two",
    Reason.PERSON_SPELLING_LEFT: "another spelling of the person's swapped name is left ('credited as Stacy Keenan')",
    Reason.TIMELINE_UNDATED_EVENT: (
        "the passage names a war, revolution, treaty or other event the lexicon does not date: no shifted timeline"
    ),
    Reason.TIMELINE_LIFETIME: "the passage names a person's birth, death or office: no shifted timeline",
    Reason.ORG_NAMED_FOR_PERSON: (
        "a word of the company's name is the surname of a person the text or the question names (its founder): a "
        "made name would leave the person behind"
    ),
    Reason.ORG_NATIONALITY_STATED: (
        "the text gives the company a nationality or a country ('South Korean car manufacturer Daewoo'): a made "
        "surname would not fit it"
    ),
    Reason.ORG_TRADE_NOT_STATED: (
        "the question asks for the organisation by a trade the text does not give it ('What petroleum company'): "
        "only a reader who knows the real one could answer"
    ),
    Reason.ORG_PAIRED_BY_ORDER: (
        "the organisation's sentence pairs two lists by their order ('respectively'): which one the question asks "
        "for depends on a reading a made name cannot check"
    ),
    Reason.RELABEL_REFERENT_MIXED: (
        "a name swapped under the label its text shows is written elsewhere as another referent ('the Tesla', "
        "'Tesla Motors', 'tesla')"
    ),
    Reason.PERSON_CULTURE_CHANGED: (
        "a person whose surname is common in other cultures than the English-speaking one got a surname of none of "
        "them ('Rajan' replaced by 'Gell-Mann')"
    ),
}
