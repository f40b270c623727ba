"""The one sentence splitter."""

import re

from fqa_build.sentences import SENTENCE_END, after_initial, sentence_spans, sentences_around

TEXT = "Ada was born in London. She moved to Paris! Then? Back to London. The end."


def test_sentence_spans_cover_the_text():
    assert sentence_spans(TEXT) == ((0, 24), (24, 44), (44, 50), (50, 66), (66, 74))
    assert sentence_spans("No end") == ((0, 6),)
    assert sentence_spans("") == ((0, 0),)
    assert sentence_spans('He said "Go." Then left.') == ((0, 14), (14, 24))
    assert sentence_spans("A line\nanother line") == ((0, 7), (7, 19))


def test_sentences_around_a_span():
    text = "One. Two three four. Five. Six."
    assert text[slice(*sentences_around(text, 9, 14))] == "Two three four."
    assert text[slice(*sentences_around(text, 9, 14, after=1))] == "Two three four. Five."
    assert text[slice(*sentences_around(text, 0, 30))] == text
    assert sentences_around(text, 27, 30, after=5) == (27, 31)


def test_an_initial_is_an_end_but_no_place_to_cut():
    text = "It was H. H. Asquith. He spoke! Then"
    ends = [(m.start(), after_initial(text, m)) for m in SENTENCE_END.finditer(text)]
    assert ends == [(8, True), (11, True), (20, False), (30, False)]


def test_cut_points_equal_the_window_cutters_former_pattern():
    # TriviaQA windows were cut at this pattern; the splitter plus `after_initial` gives the same ends
    former = re.compile(r"(?<!\b[A-Z])[.!?][\"'”’)\]]*(?=\s)|\n")
    texts = ["It was H. H. Asquith. He left.", "Saturn V. Then", "A.\nB", 'Mr. X! Y? Z." W', "é B. c", "(A.) x"]
    for text in texts:
        ours = [(m.start(), m.end()) for m in SENTENCE_END.finditer(text) if not after_initial(text, m)]
        assert ours == [(m.start(), m.end()) for m in former.finditer(text)], text
