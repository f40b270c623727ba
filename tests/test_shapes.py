import pytest

from fqa_build.bank.shapes import entity_shape, signature


@pytest.mark.parametrize(
    "text, label, article, expected",
    [
        ("1904", "DATE", False, "DATE|D4"),
        ("February 7, 2016", "DATE", False, "DATE|MONTH DD , D4"),
        ("7 February 2016", "DATE", False, "DATE|DD MONTH D4"),
        ("February 2016", "DATE", False, "DATE|MONTH D4"),
        ("February", "DATE", False, "DATE|MONTH"),
        ("Monday", "DATE", False, "DATE|WEEKDAY"),
        ("1990s", "DATE", True, "DATE|D4s"),  # no article flag outside names
        ("19th century", "DATE", False, "DATE|D2ORD century"),
        ("two years", "DATE", False, "DATE|NUMW years"),
        ("380 years", "DATE", False, "DATE|DD years"),
        ("early autumn", "DATE", False, "DATE|early autumn"),
        ("24", "CARDINAL", False, "CARDINAL|D2"),
        ("1,000", "CARDINAL", False, "CARDINAL|D4,"),
        ("3.5", "CARDINAL", False, "CARDINAL|D1.d"),
        ("twenty-five", "CARDINAL", False, "CARDINAL|NUMW"),
        ("hundreds", "CARDINAL", False, "CARDINAL|NUMWS"),
        ("two-thirds", "CARDINAL", False, "CARDINAL|NUMW - FRACS"),
        ("half", "CARDINAL", False, "CARDINAL|FRAC"),
        ("one-eighth", "CARDINAL", False, "CARDINAL|NUMW - ORDW"),
        ("third", "ORDINAL", False, "ORDINAL|ORDW"),
        ("19th", "ORDINAL", False, "ORDINAL|D2ORD"),
        ("25 percent", "PERCENT", False, "PERCENT|D2 percent"),
        ("45%", "PERCENT", False, "PERCENT|D2 %"),
        ("$5 million", "MONEY", False, "MONEY|$ D1 NUMW"),
        ("187 feet", "QUANTITY", False, "QUANTITY|D3 feet"),
        ("17 seconds", "TIME", False, "TIME|DD seconds"),
        ("Barack Obama", "PERSON", False, "PERSON|Cap Cap"),
        ("Osama bin Laden", "PERSON", False, "PERSON|Cap p Cap"),
        ("J. R. R. Tolkien", "PERSON", False, "PERSON|I I I Cap"),
        ("Denver Broncos", "ORG", True, "ORG|Cap+|the"),
        ("University of Miami", "ORG", False, "ORG|Cap+ of Cap+"),
        ("NFL", "ORG", False, "ORG|ACR"),
        ("Americans", "NORP", False, "NORP|Cap+|plural"),
        ("Swiss", "NORP", False, "NORP|Cap+|singular"),
        ("United States", "GPE", True, "GPE|Cap+|the"),
    ],
)
def test_entity_shape(text, label, article, expected):
    assert entity_shape(text, label, article) == expected


def test_year_never_shares_a_shape_with_a_phrase():
    assert entity_shape("1904", "DATE", False) != entity_shape("year 1136", "DATE", False)
    assert entity_shape("1904", "DATE", False) != entity_shape("early autumn", "DATE", False)
    assert entity_shape("1904", "DATE", False) != entity_shape("February 23", "DATE", False)


def test_digits_and_number_words_differ():
    assert entity_shape("3", "CARDINAL", False) != entity_shape("three", "CARDINAL", False)
    assert signature("twenty five", "CARDINAL") == ("NUMW",)
