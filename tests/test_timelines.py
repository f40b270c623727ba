"""The shift of a passage's timeline (swap/components/shifted_timelines/timeline.py, shift.py; context_v11): which
numbers are dates, how they move, which offsets fit, and the rows it makes end to end."""

from __future__ import annotations

from types import SimpleNamespace

from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.swap.components.shifted_timelines.shift import offsets, shifted
from fqa_build.swap.components.shifted_timelines.timeline import Piece, timeline_of
from fqa_build.types import Rejection, Sample

from .retired_policies import CONTEXT_V10, CONTEXT_V11
from .rule_case import Case
from .test_rules import run


def _span(text: str, part: str, n: int = 0) -> tuple[int, int, str]:
    start = -1
    for _ in range(n + 1):
        start = text.index(part, start + 1)
    return start, start + len(part)


def _moved(text: str, entities=()) -> list[str]:
    return [text[p.start : p.end] for p in timeline_of(text, tuple(entities)).pieces]


def test_pieces_are_written_in_their_own_format():
    assert Piece(0, 4, "year", 1995).written(-3) == "1992"
    assert Piece(5, 7, "tail", 1996).written(5) == "01"
    assert Piece(0, 4, "decade", 1990).written(10) == "2000"


def test_years_after_date_words_ranges_and_lifespans_move():
    text = "Hobson (1858–1940) wrote in 1902, and the 1965–66 season began in the 1960s."
    found = timeline_of(text, ())
    assert [(p.kind, p.value) for p in found.pieces] == [
        ("year", 1858),
        ("year", 1940),
        ("year", 1902),
        ("year", 1965),
        ("tail", 1966),
        ("decade", 1960),
    ]
    assert found.counts == found.named == found.unread == ()


def test_counts_names_and_unread_numbers_are_told_apart():
    text = (
        "It goes back over 2000 years. The 1812 Overture was played in 1901 by 1500 soldiers at 1501 Broadway. "
        "Platform 1844 is here."
    )
    entities = [(*_span(text, "over 2000 years"), "DATE"), (*_span(text, "1501"), "DATE")]
    found = timeline_of(text, tuple(entities))
    assert _moved(text, entities) == ["1901"]
    assert [text[s:e] for s, e in found.counts] == ["2000", "1500", "1501"]
    assert [text[s:e] for s, e in found.named] == ["1812"]
    assert [text[s:e] for s, e in found.unread] == ["1844"]


def test_a_year_in_a_named_span_or_after_class_of_is_named():
    text = "She joined the Class of 2014 and won at the 2008 Summer Olympics in 2008."
    found = timeline_of(text, ())
    assert [text[s:e] for s, e in found.named] == ["2014", "2008"]
    assert _moved(text) == ["2008"]


def test_shifted_rewrites_each_piece_and_maps_its_spans():
    text = "Built in 1890, rebuilt in the 1920s."
    rewrite = shifted(text, timeline_of(text, ()).pieces, 10)
    assert rewrite.text == "Built in 1900, rebuilt in the 1930s."
    assert rewrite.old_spans == ((9, 13), (30, 34))
    assert rewrite.new_spans == ((9, 13), (30, 34))
    assert rewrite.mentions == 2


def _swap(context: str, answer: str, question: str = "When?", entities=()) -> SimpleNamespace:
    start = context.index(answer)
    return SimpleNamespace(
        context=context,
        original=answer,
        mention=SimpleNamespace(start=start, end=start + len(answer)),
        info=SimpleNamespace(entities=tuple(entities)),
        record=SimpleNamespace(question=question, id="q1"),
        config=SubstitutionConfig(),
        policy=CONTEXT_V11,
    )


def test_offsets_keep_the_passage_past_and_its_dates_new():
    # 2008 moves at most to LATEST_PRESENT (2010); no offset writes the answer 2001 anew (2: 1999 -> 2001) or
    # makes it a year the passage writes (-2: 2001 -> 1999); a shift moves one to three years
    swap = _swap("The club was founded in 2001 and won the league in 1999 and 2008.", "2001")
    assert sorted(offsets(swap)) == [-3, -1, 1]


def test_offsets_keep_every_date_in_the_century_the_text_names():
    # 1803 - 3 = 1800 would leave the 19th century
    swap = _swap("In the 19th century the mill opened in 1803 and closed in 1894.", "1803")
    assert sorted(offsets(swap)) == [-2, -1, 1, 2, 3]


def test_a_decade_moves_the_timeline_by_whole_decades():
    swap = _swap("The band formed in 1962 and was famous in the 1970s.", "1962")
    assert sorted(offsets(swap)) == [-10, 10]


def test_a_weekday_of_a_dated_day_moves_the_timeline_by_28_years():
    # 1988 + 28 = 2016 is later than LATEST_PRESENT; 7 February 1960 was a Sunday too
    swap = _swap("The game was played on Sunday, February 7, 1988, and again in 1990.", "February 7, 1988")
    assert offsets(swap) == [-28]


def test_a_weekday_and_a_decade_leave_no_offset():
    # 28 years would make "the 1960s" the "1988s"; whole decades would change the weekday
    swap = _swap("In the 1960s it opened on Sunday, February 7, 1960, and again in 1962.", "February 7, 1960")
    assert offsets(swap) == []


def test_a_29_february_stays_in_a_leap_year():
    # a leap cycle either way; 1900 was no leap year
    swap = _swap("The ship sailed on 29 February 1904 and sank in 1906.", "29 February 1904")
    assert sorted(offsets(swap)) == [4]


def test_the_first_year_of_a_named_event_stays_its_first():
    # the outbreak of World War I in 1914 stays at the war's start: no offset moves it
    swap = _swap("At the outbreak of World War I in August 1914, the colonies agreed a truce.", "August 1914")
    assert offsets(swap) == []


def test_the_timeline_keeps_its_place_against_named_events():
    # World War I (1914-1918): 1912 stays before it, 1920 after it
    swap = _swap("The club was founded in 1912; after World War I it moved, in 1920.", "1912")
    assert sorted(offsets(swap)) == [-1, 1]


_SEASON = Case(
    "For which season did colour first dominate in 1965?",
    "It was not until the 1965–66 season that colour dominated. Five years earlier, in 1960, the network was "
    "small, and in 1964 it found itself in trouble.",
    ("1965–66 season",),
    (("1965–66 season", "DATE"), ("1960", "DATE"), ("1964", "DATE")),
)


def test_a_row_shifts_the_passage_the_answer_and_the_question_together():
    row = run(_SEASON, CONTEXT_V11)
    assert isinstance(row, Sample)
    assert row.context == (
        "It was not until the 1968–69 season that colour dominated. Five years earlier, in 1963, the network was "
        "small, and in 1967 it found itself in trouble."
    )
    assert row.question == "For which season did colour first dominate in 1968?"
    assert row.answers == {"text": ["1968–69 season"], "answer_start": [21]}
    assert row.replacement_entity == "1968–69 season"
    assert row.original_spans == [{"start": 21, "end": 25}, {"start": 26, "end": 28}, {"start": 82, "end": 86},
                                  {"start": 118, "end": 122}]  # fmt: skip


def test_the_previous_policy_drops_the_row_the_shift_keeps():
    assert isinstance(run(_SEASON, CONTEXT_V10), Rejection)


def test_a_refused_shift_leaves_the_single_date_swap():
    case = Case(
        "When was the town founded?",
        "The town was founded in 1120 on a site settled since 300 BC.",
        ("1120",),
        (("1120", "DATE"),),
        bank=(("1124", "DATE"), ("1118", "DATE"), ("1131", "DATE")),
    )
    row = run(case, CONTEXT_V11)
    assert isinstance(row, Sample)
    assert row.context == "The town was founded in 1118 on a site settled since 300 BC."
    assert row.context == run(case, CONTEXT_V10).context


def test_a_row_refused_the_shift_and_the_single_swap_names_the_shift_refusal():
    case = Case(
        "When was the town founded?",
        "The town was founded in 1120 on a site settled since 300 BC.",
        ("1120",),
        (("1120", "DATE"),),
    )
    row = run(case, CONTEXT_V11)
    assert (row.reason, row.rule) == (Reason.TIMELINE_FIXED, "timeline_without_era")


def test_a_passage_naming_an_undated_war_is_not_shifted():
    from fqa_build.swap.components.shifted_timelines.rules import timeline_without_undated_event

    swap = _swap("The armistice of 1918 ended the Ottoman part in the war; the treaty followed in 1923.", "1918")
    swap.shifting = True
    assert timeline_without_undated_event(swap) == Reason.TIMELINE_UNDATED_EVENT


def test_a_war_the_lexicon_dates_does_not_stop_the_shift():
    from fqa_build.swap.components.shifted_timelines.rules import timeline_without_undated_event

    swap = _swap("The club was founded in 1912; after World War I it moved, in 1920.", "1912")
    swap.shifting = True
    assert timeline_without_undated_event(swap) is None


def test_a_long_shift_is_refused_beside_a_named_organisation():
    from fqa_build.swap.components.shifted_timelines.rules import timeline_without_undated_event

    text = "The band formed in 1962 and was famous in the 1970s."
    swap = _swap(text, "1962", entities=((text.index("band"), text.index("band") + 4, "ORG"),))
    swap.shifting = True
    assert timeline_without_undated_event(swap) == Reason.TIMELINE_UNDATED_EVENT
    swap = _swap(text, "1962")
    swap.shifting = True
    assert timeline_without_undated_event(swap) is None


def test_a_dated_crisis_or_a_named_law_stops_the_shift():
    from fqa_build.swap.components.shifted_timelines.rules import timeline_without_undated_event

    swap = _swap("A decade after the 1973 oil crisis, the firm opened a plant in 1983.", "1983")
    swap.shifting = True
    assert timeline_without_undated_event(swap) == Reason.TIMELINE_UNDATED_EVENT
    text = "The Emperor presented the Edict of Worms on 25 May 1521 and left in 1522."
    law = (text.index("Edict"), text.index("Edict") + len("Edict of Worms"), "LAW")
    swap = _swap(text.replace("Edict", "Order"), "25 May 1521", entities=(law,))
    swap.shifting = True
    assert timeline_without_undated_event(swap) == Reason.TIMELINE_UNDATED_EVENT


def test_a_person_with_an_office_stops_the_shift():
    from fqa_build.swap.components.shifted_timelines.rules import timeline_without_known_lifetime

    text = "President Adams signed the bill in 1798 and left office in 1801."
    person = (text.index("Adams"), text.index("Adams") + 5, "PERSON")
    swap = _swap(text, "1798", entities=(person,))
    swap.shifting = True
    assert timeline_without_known_lifetime(swap) == Reason.TIMELINE_LIFETIME
    swap = _swap(text.replace("President ", ""), "1798", entities=((0, 5, "PERSON"),))
    swap.shifting = True
    assert timeline_without_known_lifetime(swap) is None


def test_a_slashed_season_moves_whole_where_the_policy_reads_it():
    text = "The museum welcomed 186,300 visitors in 2023/24, up from 161,900 the year before."
    assert [(p.kind, p.value) for p in timeline_of(text, ()).pieces] == [("year", 2023)]
    found = timeline_of(text, (), slashed=True)
    assert [(p.kind, p.value) for p in found.pieces] == [("year", 2023), ("tail", 2024)]
    assert shifted(text, found.pieces, -3).text == (
        "The museum welcomed 186,300 visitors in 2020/21, up from 161,900 the year before."
    )
    spaced = timeline_of("Since 1979 / 80, all Test cricket has six-ball overs.", (), slashed=True)
    assert [(p.kind, p.value) for p in spaced.pieces] == [("year", 1979), ("tail", 1980)]
    # a slash after the two digits: no season ("2023/24/25")
    assert [(p.kind, p.value) for p in timeline_of("in 2023/24/25", (), slashed=True).pieces] == [("year", 2023)]


def test_a_season_end_stays_with_a_year_that_is_a_name():
    found = timeline_of("The Class of 2023/24 met in 2025.", (), slashed=True)
    assert [(p.kind, p.value) for p in found.pieces] == [("year", 2025)]
