"""The records of the rules of a timeline's shift (rules.py, context_v11): a record each rule refuses the shift of, with
no bank entry a single-date swap could draw, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # a weekday and a day of the month before 1901: no shift by 28 years keeps the weekday
    "timeline_without_weekday": Case(
        "When did the hall open?",
        "The hall opened on 3 May 1826 after two years of work. The first concert was on a Monday. The hall "
        "closed in 1831.",
        ("3 May 1826",),
        (("3 May 1826", "DATE"), ("1831", "DATE")),
        without=Reason.TIMELINE_NO_OFFSET,
    ),
    # a year counted from a fixed era
    "timeline_without_era": Case(
        "When was the town founded?",
        "The town was founded in 1120 and its walls were built in 1190, on a site settled since 300 BC.",
        ("1120",),
        (("1120", "DATE"), ("1190", "DATE")),
        without="The town was founded in 1123 and its walls were built in 1193, on a site settled since 300 BC.",
        replacement="1123",
    ),
    # a date counted from the time of writing
    "timeline_not_from_present": Case(
        "When was the bridge built?",
        "The bridge was built in 1887 and rebuilt in 1921, and the city painted it again two years ago.",
        ("1887",),
        (("1887", "DATE"), ("1921", "DATE")),
        without="The bridge was built in 1890 and rebuilt in 1924, and the city painted it again two years ago.",
        replacement="1890",
    ),
    # a year in the name of a work
    "timeline_without_named_year": Case(
        "When did the choir first sing in the hall?",
        "The choir first sang in the hall in 1901, playing the 1812 Overture, and toured the country in 1905.",
        ("1901",),
        (("1901", "DATE"), ("1905", "DATE")),
        without="The choir first sang in the hall in 1904, playing the 1812 Overture, and toured the country in 1908.",
        replacement="1904",
    ),
    # a number of year form that is neither a date nor a count by any sign
    "timeline_years_read": Case(
        "When was the station opened?",
        "The station was opened in 1901 and rebuilt in 1905. Platform 1844 is near the old ticket hall.",
        ("1901",),
        (("1901", "DATE"), ("1905", "DATE")),
        without="The station was opened in 1904 and rebuilt in 1908. Platform 1844 is near the old ticket hall.",
        replacement="1904",
    ),
    # every offset moves 1800 or 1899 out of the century the text names
    "timeline_has_offset": Case(
        "When did the mill open?",
        "In the 19th century the town grew: the mill opened in 1800 and the station was closed in 1899.",
        ("1800",),
        (("1800", "DATE"), ("1899", "DATE"), ("the 19th century", "DATE")),
        without=Reason.NO_CANDIDATE,
    ),
    # a numbered instance of a yearly series fixes its year
    "timeline_without_numbered_series": Case(
        "When did the team win the cup?",
        "The team won the cup in 1921 and lost the final of 1925. The town hosted the 3rd Winter Games.",
        ("1921",),
        (("1921", "DATE"), ("1925", "DATE")),
        without="The team won the cup in 1924 and lost the final of 1928. The town hosted the 3rd Winter Games.",
        replacement="1924",
    ),
    # the years between two wars: a shift could move the society's end across them
    "timeline_without_undated_event": Case(
        "When was the society founded?",
        "The society was founded in 1906 and closed in 1921, though its members met through the interwar years.",
        ("1906",),
        (("1906", "DATE"), ("1921", "DATE")),
        without=(
            "The society was founded in 1909 and closed in 1924, though its members met through the interwar years."
        ),
        replacement="1909",
    ),
    # a person's birth: the shift would move a life a reader may know
    "timeline_without_known_lifetime": Case(
        "When did Hobson write the book?",
        "Hobson was born in 1858 and wrote the book in 1902 in London.",
        ("1902",),
        (("Hobson", "PERSON"), ("1858", "DATE"), ("1902", "DATE")),
        without="Hobson was born in 1861 and wrote the book in 1905 in London.",
        replacement="1905",
    ),
}
REASON_OF: dict[str, Reason] = {
    "timeline_without_weekday": Reason.TIMELINE_FIXED,
    "timeline_without_era": Reason.TIMELINE_FIXED,
    "timeline_not_from_present": Reason.TIMELINE_FIXED,
    "timeline_without_named_year": Reason.TIMELINE_FIXED,
    "timeline_years_read": Reason.TIMELINE_UNREAD,
    "timeline_has_offset": Reason.TIMELINE_NO_OFFSET,
    "timeline_without_numbered_series": Reason.TIMELINE_FIXED,
    "timeline_without_undated_event": Reason.TIMELINE_UNDATED_EVENT,
    "timeline_without_known_lifetime": Reason.TIMELINE_LIFETIME,
}

#: context_v11 shifts the timeline of the records of the rules on a date's ties to other dates (the shift keeps
#: every tie true, so they are kept: None); the weekday's record moves by 28 years, its weekday kept
UNREACHED: dict[tuple[str, str], Reason | None] = {
    **{
        ("context_v11", rule): None
        for rule in (
            "no_relative_date",
            "no_close_tie",
            "no_day_count_tie",
            "no_counted_tie",
            "no_loose_tie",
            "no_duration_beside_year",
        )
    },
    ("context_v11", "weekday_still_fits"): None,
    # a weekday beside a day of 1522: refused the shift, and the single-date swap by `year_not_under_a_weekday`
    ("context_v11", "year_not_under_a_weekday"): Reason.TIMELINE_FIXED,
    # "a 1901 vote" shifted by at most three years: the drawn offset keeps the article ("a 1904 vote")
    ("context_v11", "article_fits_number"): None,
    # the 46th Super Bowl: refused the shift, and the single-date swap by `year_not_a_numbered_instance`
    ("context_v11", "year_not_a_numbered_instance"): Reason.TIMELINE_FIXED,
}
