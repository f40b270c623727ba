from fqa_build.swap.rewriting.rewrite import name_parts, person_short_forms, rewrite_context


def test_possessive_kept():
    result = rewrite_context("Obama's speech. Obama’s plan.", "Obama", "Tom Hanks")
    assert result.text == "Tom Hanks's speech. Tom Hanks’s plan."


def test_word_boundary_no_glued_replacement():
    result = rewrite_context("Paris and the Parisians left Paris-based firms.", "Paris", "Lyon")
    assert result.text == "Lyon and the Parisians left Lyon-based firms."


def test_case_insensitive_full_name_and_capitalised_start():
    result = rewrite_context("Three men met. The three left.", "three", "five")
    assert result.text == "Five men met. The five left."
    assert result.old_spans == ((0, 5), (19, 24))
    assert result.new_spans == ((0, 4), (18, 22))


def test_surname_short_mentions_rewritten():
    pairs = person_short_forms("Barack Obama", "Tom Hanks")
    assert pairs == [("Obama", "Hanks"), ("Barack", "Tom")]
    result = rewrite_context("Barack Obama won. Later Obama's team and Barack met.", "Barack Obama", "Tom Hanks", pairs)
    assert result.text == "Tom Hanks won. Later Hanks's team and Tom met."


def test_short_mentions_are_case_sensitive():
    pairs = person_short_forms("Neil Young", "Tom Hanks")
    result = rewrite_context("Neil Young was young. Young sang.", "Neil Young", "Tom Hanks", pairs)
    assert result.text == "Tom Hanks was young. Hanks sang."


def test_overlapping_mentions_longest_wins():
    pairs = person_short_forms("John Smith", "Mary Jones")
    result = rewrite_context("John Smith and Smith", "John Smith", "Mary Jones", pairs)
    assert result.text == "Mary Jones and Jones"
    assert result.new_spans == ((0, 10), (15, 20))


def test_multiword_surname_and_its_last_word():
    assert name_parts("Ludwig van Beethoven") == {"last": "van Beethoven", "last_tail": "Beethoven", "first": "Ludwig"}
    pairs = person_short_forms("Ludwig van Beethoven", "Franz Schubert")
    result = rewrite_context(
        "Ludwig van Beethoven wrote; Beethoven died.", "Ludwig van Beethoven", "Franz Schubert", pairs
    )
    assert result.text == "Franz Schubert wrote; Schubert died."


def test_single_word_person_has_no_parts():
    assert name_parts("Madonna") == {}
    assert person_short_forms("Madonna", "Cher") == []


def test_map_region_and_new_span_of():
    result = rewrite_context("At Stanford Stadium, Stanford won.", "Stanford", "Boston")
    assert result.text == "At Boston Stadium, Boston won."
    assert result.map_region(3, 19) == (3, 17)
    assert result.map_region(5, 19) is None  # starts inside a rewritten span
    assert result.new_span_of(21) == (19, 25)
    assert result.new_span_of(0) is None
