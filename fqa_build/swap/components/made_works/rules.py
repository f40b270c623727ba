"""Rules on a made work of art or law (make.py): one is made only where a reader would not
see it as false: the name has a form a made one can keep, the corpus does not know it well, no number makes it
one of a series, none of its words is used elsewhere in the text or in the question, and no famous person (an
author, a character, a subject) is named beside it. They run at stage `MADE`, before the replacement is made."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans
from fqa_build.swap.components.composed_names.rules import FAMOUS_CONTEXTS
from fqa_build.swap.components.made_works.make import composes_work, content_words, work_form
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: what makes a work one of a numbered series: a number, a Roman numeral, an ordinal or a part word
_NUMBERED = re.compile(
    r"(?:\d|\b(?:[IVX]{1,4}|[IVX]+\.|part|volume|vol|chapter|episode|book|no|season|series|sequel|first|second|"
    r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|one|two|three|four|five|six|seven|eight|nine|ten)\b)",
    re.IGNORECASE,
)
#: nouns that say a title is a work of art ("the single", "his novel", "a painting")
_WORK_NOUN = re.compile(
    r"\b(?:albums?|singles?|songs?|tracks?|hymns?|anthems?|ballads?|films?|movies?|documentar(?:y|ies)|novels?|"
    r"novellas?|books?|stor(?:y|ies)|poems?|plays?|operas?|operettas?|musicals?|symphon(?:y|ies)|concertos?|"
    r"sonatas?|paintings?|portraits?|sculptures?|murals?|frescoe?s?|series|shows?|programmes?|programs?|sitcoms?|"
    r"dramas?|comed(?:y|ies)|gameshows?|serials?|miniseries|telenovelas?|episodes?|cartoons?|comics?|soundtracks?|EPs?|mixtapes?|videos?|works?|pieces?|compositions?|"
    r"titled|entitled|premiered|recorded|released|published|painted|composed)\b",
    re.IGNORECASE,
)
#: how far before a mention (in its sentence) or after it a work noun is read
_NOUN_BEFORE, _NOUN_AFTER = 80, 40
#: after a mention: a number or a subtitle that makes it one of a series ("Toy Story 2", "Rocky: Balboa")
_SERIES_AFTER = re.compile(r"[^\S\n]*(?:\d|[IVX]{1,4}\b|:|Part\b|Returns\b|Reloaded\b)")


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def work_has_made_form(swap: Swap) -> Reason | None:
    """A made law keeps its head ("the X Act of 1970", "Treaty of X"), a made title its shape (at most six plain
    words): a law with neither ("Magna Carta", "Fourteenth Amendment") or a title with a possessive, a digit or
    a symbol ("Schindler's List", "Apollo 13") is not made."""
    return Reason.KIND_NOT_SWAPPED if composes_work(swap) and work_form(swap) is None else None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def work_not_famous(swap: Swap) -> Reason | None:
    """The corpus names the work or law in at most three paragraphs ("Hamlet", "Treaty of Versailles": a reader
    knows its author, its year, its story)."""
    if composes_work(swap):
        known = swap.bank.entry_of(swap.original)
        if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
            return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.WORK_IN_A_SERIES)
def work_not_numbered(swap: Swap) -> Reason | None:
    """The work is no numbered one of a series: its title holds no number, Roman numeral, ordinal or part word
    ("Part II", "Book One"), and no mention of it is followed by one ("Toy Story 2": a sequel would keep the
    old title's words)."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if _NUMBERED.search(swap.original):
        return Reason.WORK_IN_A_SERIES
    if any(_SERIES_AFTER.match(swap.context, end) for _, end in swap.mention_spans):
        return Reason.WORK_IN_A_SERIES
    return None


def _inside_mention(swap: Swap, start: int, end: int) -> bool:
    """Inside a mention written as the original is (the rewrite's case-blind spans would take "a raven" for a
    mention of "The Raven")."""
    return any(s <= start and end <= e for s, e in find_whole_word(swap.context, swap.original, ignore_case=False))


def _reused(swap: Swap, text: str, words: list[str], outside: bool) -> bool:
    """A word of `words` (or its plural) is used in `text` (outside the mentions where `outside`); a title's
    words in any case, a law's capitalised (its "Clean Air" may stand as "clean air" in what it regulates)."""
    any_case = swap.label == "WORK_OF_ART"
    for word in words:
        if len(word) < 3:
            continue
        for form in (word, word + "s"):
            for start, end in find_whole_word(text, form, ignore_case=any_case):
                if not (outside and _inside_mention(swap, start, end)):
                    return True
    return False


@rule(Stage.MADE, Reason.TITLE_WORD_LEFT)
def title_words_not_reused(swap: Swap) -> Reason | None:
    """No word the made replacement replaces is used elsewhere in the text ("Hamlet" the play beside Prince
    Hamlet, "The Raven" beside "the raven speaks", "Toy Story" beside "Toy Story 2"), nor for a work of art another
    form or a translation of one ("Autumn" beside "Songe d'Automne"): the word left would tie the new name to the
    old one's character, subject, sequel or other title."""
    form = work_form(swap)
    if form is None:
        return None
    words = content_words(form)
    if _reused(swap, swap.context, words, outside=True):
        return Reason.TITLE_WORD_LEFT
    if swap.label == "WORK_OF_ART" and _kin_word_left(swap, words):
        return Reason.TITLE_WORD_LEFT
    return None


#: how alike a title word and a word of the text are to be read as one word in two forms or tongues
_KIN_RATIO = 0.75


def _kin_word_left(swap: Swap, words: list[str]) -> bool:
    """A word of the text outside the mentions is another form or a translation of a title word of five letters
    or more ("Autumn" beside the waltz "Songe d'Automne", "Clouded" beside "clouds"): it would gloss the old title."""
    long = [w.casefold() for w in words if len(w) >= 5]
    if not long:
        return False
    for found in re.finditer(r"[A-Za-zÀ-ÿ]{4,}", swap.context):
        if any(s <= found.start() < e for s, e in swap.mention_spans):
            continue
        text = found.group(0).casefold()
        if any(text != w and SequenceMatcher(None, text, w).ratio() >= _KIN_RATIO for w in long):
            return True
    return False


@rule(Stage.MADE, Reason.ORIGINAL_IN_QUESTION)
def question_names_no_title_word(swap: Swap) -> Reason | None:
    """The question uses no word the made replacement replaces ("What did the Clean Air Act regulate?" with
    "Clean Air" named, "which song about the rain"): it would name the old work."""
    form = work_form(swap)
    if form is None:
        return None
    return Reason.ORIGINAL_IN_QUESTION if _reused(swap, swap.record.question, content_words(form), False) else None


@rule(Stage.MADE, Reason.WORK_TIED_TO_PERSON)
def work_not_tied_to_famous_person(swap: Swap) -> Reason | None:
    """No famous person is named in a sentence that names the work of art: its author, a character or its
    subject, where the corpus names the person in more than three paragraphs or the person is the article's
    subject ("Beyoncé released ...", "Shakespeare's ..."): a reader knows the person's works."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    sentences = [(s, e) for s, e in sentence_spans(swap.context) if any(s <= m < e for m, _ in swap.mention_spans)]
    title = swap.record.title.replace("_", " ").casefold()
    for start, end, label in swap.info.entities:
        if label != "PERSON" or not any(s <= start < e for s, e in sentences):
            continue
        name = swap.context[start:end]
        known = swap.bank.entry_of(name)
        if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
            return Reason.WORK_TIED_TO_PERSON
        if title and any(len(w) > 2 and w.casefold() in title.split() for w in name.split()):
            return Reason.WORK_TIED_TO_PERSON
    return None


@rule(Stage.MADE, Reason.LABEL_CONTRADICTED)
def work_called_a_work(swap: Swap) -> Reason | None:
    """The text or the question says the title is a work of art: a work noun or verb ("the single", "novel",
    "released", "painted") stands in a mention's sentence just before or after it, or in the question. A title
    said of nothing ("the Donkey", a club scene, a slogan) may be no work at all, and a made title would not fit
    what it is."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if _WORK_NOUN.search(swap.record.question):
        return None
    spans = sentence_spans(swap.context)
    for start, end in swap.mention_spans:
        first, last = next((s, e) for s, e in spans if s <= start < e)
        before = swap.context[max(first, start - _NOUN_BEFORE) : start]
        after = swap.context[end : min(last, end + _NOUN_AFTER)]
        if _WORK_NOUN.search(before) or _WORK_NOUN.search(after):
            return None
    return Reason.LABEL_CONTRADICTED


#: before a mention, a capitalised word (not an article) and perhaps function words: the title runs on to the left
#: ("On the Night of the Fire" with "Night of the Fire" the mention)
_RUNS_ON_BEFORE = re.compile(r"(?<![\w'’])([A-Z][a-z]+)[^\S\n]+(?:(?:the|a|an|of)[^\S\n]+)*$")
#: after a mention, function words then a capitalised word: the title runs on to the right ("Ode to the West Wind")
_RUNS_ON_AFTER = re.compile(r"[^\S\n]+(?:(?:of|the|on|with|for|in[^\S\n]+the|to[^\S\n]+the)[^\S\n]+)*[A-Z][a-z]")
_ARTICLES = frozenset({"The", "A", "An"})
_POSSESSIVE_END = re.compile(r"['’]s?\s*$")
_BRACKETED = re.compile(r"\([^)]*\)?")


def _gold_runs_on(original: str, answer: str) -> bool:
    """A gold answer holds the mention and more of a title: a capitalised word before it that is no owner
    ("Carlo Crivelli's Virgin and Child" is the painter's) or after it outside brackets."""
    at = answer.find(original)
    if at < 0:
        return False
    before, after = answer[:at], answer[at + len(original) :]
    if _POSSESSIVE_END.search(before):
        before = ""
    before = re.sub(r"^\W*(?:(?:The|A|An)\s+)?", "", before)
    after = _BRACKETED.sub("", after)
    return bool(re.search(r"[A-Z]", before)) or bool(re.search(r"[A-Z]", after))


@rule(Stage.MADE, Reason.TITLE_CUT)
def title_not_cut(swap: Swap) -> Reason | None:
    """The mention is the whole title: no capitalised word (an article aside, or the sentence's first word) runs
    on before it or after it ("On the Night of the Fire" with "Night of the Fire" tagged), and no gold answer holds
    it with more title words: a made part would leave the rest of the old title around it."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if any(_gold_runs_on(swap.original, answer.text) for answer in swap.record.answers):
        return Reason.TITLE_CUT
    spans = sentence_spans(swap.context)
    for start, end in swap.mention_spans:
        first = next((s for s, e in spans if s <= start < e), 0)
        before = _RUNS_ON_BEFORE.search(swap.context, first, start)
        if before is not None and before.group(1) not in _ARTICLES and before.start(1) > first:
            return Reason.TITLE_CUT
        if _RUNS_ON_AFTER.match(swap.context, end):
            return Reason.TITLE_CUT
    return None


#: title words of devotion, scripture and myth: a made title of nature words cannot stand for "Virgin and Child",
#: "The Last Supper" or "Venus and Mars"
_SACRED = re.compile(
    r"\b(?:virgin|madonna|child|christ|jesus|mary|god|gods|goddess|lord|saint|st|holy|sacred|divine|angels?|"
    r"apostles?|magi|annunciation|assumption|nativity|crucifixion|resurrection|ascension|adoration|baptism|"
    r"lamentation|deposition|entombment|transfiguration|pieta|pietà|supper|passion|judgement|judgment|paradise|"
    r"heaven|hell|creation|genesis|psalms?|gospel|mass|requiem|magnificat|gloria|ave|te deum|stabat|missa|"
    r"venus|mars|apollo|jupiter|zeus|bacchus|diana|cupid|psyche|hercules|trinity|pope|martyr|martyrdom)\b",
    re.IGNORECASE,
)
#: works of devotion and of state, whose titles are of their own kind ("Ein feste Burg", "God Save the King")
_SACRED_GENRE = re.compile(
    r"\b(?:hymns?|psalms?|carols?|cantatas?|oratorios?|chorales?|motets?|masses|altarpieces?|anthems?|"
    r"liturg(?:y|ies|ical)|scriptures?|bible|biblical)\b",
    re.IGNORECASE,
)
#: a year before the modern titles a made one mirrors, or an age of art named
_OLD_YEAR = re.compile(r"(?<!\d)(1[0-7]\d\d|[1-9]\d\d)(?!\d)")
_OLD_AGE = re.compile(
    r"\b(?:renaissance|baroque|medieval|mediaeval|gothic|rococo|byzantine|antiquity|ancient|classical|"
    r"(?:1[0-7]|[1-9])(?:st|nd|rd|th)[- ]century|(?:eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|"
    r"seventeenth|eighteenth)[- ]century)\b",
    re.IGNORECASE,
)


def _without_mentions(swap: Swap, first: int, last: int) -> str:
    """The context from `first` to `last` with the mentions blanked (a title's own "Hymn" says nothing of its
    genre)."""
    chars = list(swap.context[first:last])
    for start, end in swap.mention_spans:
        for i in range(max(start, first), min(end, last)):
            chars[i - first] = " "
    return "".join(chars)


@rule(Stage.MADE, Reason.TITLE_OF_ANOTHER_AGE)
def title_of_modern_kind(swap: Swap) -> Reason | None:
    """The title is of a kind a made one mirrors: no word of devotion, scripture or myth ("Virgin and Child",
    "The Last Supper"), and no year before 1800, old age of art ("Renaissance", "16th-century") or work of
    devotion or state ("hymn", "anthem") in a sentence that names it or in the question: a made title of modern
    words would not fit the work's genre or period."""
    if not composes_work(swap) or swap.label != "WORK_OF_ART":
        return None
    if _SACRED.search(swap.original) or _SACRED_GENRE.search(swap.record.question):
        return Reason.TITLE_OF_ANOTHER_AGE
    for first, last in sentence_spans(swap.context):
        if any(first <= m < last for m, _ in swap.mention_spans):
            sentence = _without_mentions(swap, first, last)
            if _OLD_YEAR.search(sentence) or _OLD_AGE.search(sentence) or _SACRED_GENRE.search(sentence):
                return Reason.TITLE_OF_ANOTHER_AGE
    return None
