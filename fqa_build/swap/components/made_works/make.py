"""Made works of art and laws: a replacement of the same form, made, never drawn from the bank.

- A law keeps its head and what follows it ("the Clean Air Act of 1970" -> "the Tolbert Act of 1970", "Treaty of
  Paris" -> "Treaty of Melun"): the distinctive part becomes a surname of the article's other persons (a law
  named after its sponsors is common) or, where it names a place, a small town of its region, as the composed
  names of swap/components/composed_names/make.py do.
- A work of art gets a made title of the same shape: its function words kept ("The", "of", "and"), each run of
  other words made of hand-written title words (adjectives before a noun: "Gone with the Wind" -> "Ember with the
  Harbor"), each word capitalised as the word it replaces; quotes and a generic head ("Sonata", "Symphony") kept.

Why: a real work or law put in another's place carries facts (an author, a year, a subject) a reader knows; a
made one of the same form carries none. What the text must leave free for one (no title word used elsewhere, no
famous person or number tied to it) the rules of rules.py check before it is made.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import HEADS, head_word
from fqa_build.gazetteers.places import place
from fqa_build.hashing import rng_for
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.components import MadeWorks
from fqa_build.swap.components.composed_names import MADE_TYPES
from fqa_build.swap.components.composed_names.make import _place_part, surname_part
from fqa_build.swap.components.composed_names.patterns import NameForm
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import TITLE_KIND, made_entry
from fqa_build.text import contains_whole_word
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

WORK_SOURCE = "made_work"
#: labels whose replacements are made here under `compose_works`
WORK_LABELS = frozenset({"WORK_OF_ART", "LAW"})
#: heads a made law keeps ("the X Act", "Treaty of X"); an amendment or an article is numbered, a constitution
#: or a declaration is one a reader knows by its country
LAW_HEADS = frozenset({"act", "acts", "bill", "code", "charter", "accord", "accords", "treaty", "convention"})
#: words a made title keeps as they are
FUNCTION_WORDS = frozenset(
    "the a an of and in on to for with at from by or but into over under upon my your our their its is as".split()
)
#: the words of a law's or a title's distinctive part that can be replaced
_NAME_WORD = re.compile(r"^[A-Z][a-z]+(?:-[A-Z][a-z]+)?$")
_TITLE_WORD = re.compile(r"^[A-Za-z][a-z]+$")
#: words that make a title a sentence or a slogan ("We Love TV", "Start Here"): its words say something a made
#: title of nouns would not
SENTENCE_WORDS = frozenset(
    "i me we us you he him she they them it this that these those here there is are was were am be been will "
    "would can could shall should must do does did don't let not no yes never".split()
)
#: quotes and brackets a title's span may carry
_QUOTES = "\"'“”‘’«»"
#: the longest title made (longer ones are sentences: their words carry meaning a made title would not)
MAX_TITLE_WORDS = 6
_MAX_DRAWS = 20


@functools.cache
def _title_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(adjectives, nouns) a made title is composed of, without the labels' generic heads."""
    heads = frozenset().union(*HEADS.values())

    def clean(name: str) -> tuple[str, ...]:
        return tuple(sorted(w for w in word_set(name) if w.casefold() not in heads))

    return clean("title_adjectives"), clean("title_nouns")


@hook(Hook.MAKE, MadeWorks)
def make_work(swap: Swap) -> BankEntry | Reason | None:
    """A work's or a law's made title or name; nothing else of the labels the component adds (never drawn)."""
    if composes_work(swap):
        return compose_work(swap)
    if swap.label in MadeWorks.added_types and swap.label in MADE_TYPES:
        return Reason.NO_CANDIDATE
    return None


def composes_work(swap: Swap) -> bool:
    """The policy makes this swap's replacement here: a work of art or a law under `compose_works`."""
    return swap.policy.uses(MadeWorks) and swap.label in WORK_LABELS


def law_form(name: str) -> NameForm | None:
    """The form of a law with a kept head: "<Head> of <X>", X a place ("Treaty of Paris"), or "<X> <Head>[ of <year>]"
    ("Clean Air Act of 1970", "Housing Act 1980"), X one to three capitalised words; None for any other law."""
    words = name.split()
    if len(words) >= 3 and words[0].casefold() in LAW_HEADS and words[1] == "of":
        if place(" ".join(words[2:])) is None:
            return None  # "Bill of Rights": named after what it does, no place
        form = NameForm(f"{words[0]} of ", " ".join(words[2:]), "")
    else:
        tail = re.search(r"(?: of)? \d{4}$", name)  # "of 1970", or "Housing Act 1980"
        core = name[: tail.start()] if tail else name
        core_words = core.split()
        if len(core_words) < 2 or core_words[-1].casefold() not in LAW_HEADS:
            return None
        form = NameForm("", " ".join(core_words[:-1]), " " + core_words[-1] + (tail.group(0) if tail else ""))
    parts = form.distinctive.split()
    if not 1 <= len(parts) <= 3 or not all(_NAME_WORD.match(p) for p in parts):
        return None
    return form


def title_form(name: str) -> NameForm | None:
    """A title split into its quotes and generic head kept ("before", "after") and the words made anew
    ("distinctive"): "'Moonlight Sonata'" -> ("'", "Moonlight", " Sonata'"); None where a word is no plain word
    ("Schindler's List", "Apollo 13") or the title has none to make or more than six words."""
    stripped = name.strip(_QUOTES)
    lead = name[: len(name) - len(name.lstrip(_QUOTES))]
    trail = name[len(name.rstrip(_QUOTES)) :]
    words = stripped.split()
    if not 1 <= len(words) <= MAX_TITLE_WORDS:
        return None
    after = ""
    head = head_word(stripped)
    if len(words) > 1 and head in HEADS["WORK_OF_ART"] and words[-1].casefold().rstrip("s") == head:
        after, words = " " + words[-1], words[:-1]
    if not all(w.casefold() in FUNCTION_WORDS or _TITLE_WORD.match(w) for w in words):
        return None
    if any(w.casefold() in SENTENCE_WORDS for w in words):
        return None
    if all(w.casefold() in FUNCTION_WORDS for w in words):
        return None
    return NameForm(lead, " ".join(words), after + trail)


def work_form(swap: Swap) -> NameForm | None:
    """The form a made replacement keeps: a law's (`law_form`), a title's (`title_form`); None otherwise."""
    if not composes_work(swap):
        return None
    return law_form(swap.original) if swap.label == "LAW" else title_form(swap.original)


def content_words(form: NameForm) -> list[str]:
    """The words of the distinctive part a made replacement replaces (not the function words)."""
    return [w for w in form.distinctive.split() if w.casefold() not in FUNCTION_WORDS]


def _cased(word: str, like: str) -> str:
    return word if like[0].isupper() else word.lower()


def made_title(distinctive: str, adjectives: tuple[str, ...], nouns: tuple[str, ...], rng) -> str | None:
    """The distinctive part made anew: function words kept, each run of other words adjectives then a noun, each
    word cased as the word it replaces, no word twice (None where the free words run out)."""
    words = distinctive.split()
    out: list[str] = []
    used: set[str] = set()
    for i, word in enumerate(words):
        if word.casefold() in FUNCTION_WORDS:
            out.append(word)
            continue
        run_ends = i + 1 == len(words) or words[i + 1].casefold() in FUNCTION_WORDS
        pool = [w for w in (nouns if run_ends else adjectives) if w not in used]
        if not pool:
            return None
        choice = pool[rng.randrange(len(pool))]
        used.add(choice)
        out.append(_cased(choice, word))
    return " ".join(out)


def _free_words(swap: Swap, pool: tuple[str, ...]) -> tuple[str, ...]:
    """The title words neither the context nor the question uses (in any case)."""
    text = swap.context + "\n" + swap.record.question
    return tuple(w for w in pool if not contains_whole_word(text, w))


def compose_work(swap: Swap) -> BankEntry | Reason:
    """A made law or title for the original (see the module docstring), or `Reason.NO_CANDIDATE` where none fits:
    the form was checked by the rules of rules.py before."""
    form = work_form(swap)
    if form is None:
        return Reason.NO_CANDIDATE
    if swap.label == "LAW":
        if form.before or place(form.distinctive) is not None:  # "Treaty of X", "Lisbon Treaty": a place
            part = _place_part(swap, form)
        else:
            part = surname_part(swap)
        if part is None:
            return Reason.NO_CANDIDATE
        return made_entry(form.compose(part), swap.label, swap.kind, WORK_SOURCE)
    adjectives, nouns = (_free_words(swap, pool) for pool in _title_words())
    rng = rng_for(swap.config.seed, swap.record.id, "work")
    for _ in range(_MAX_DRAWS):
        distinctive = made_title(form.distinctive, adjectives, nouns, rng)
        if distinctive is None:
            break
        title = form.compose(distinctive)
        if swap.bank.entry_of(title.strip(_QUOTES)) is None:
            return made_entry(title, swap.label, swap.kind, WORK_SOURCE)
    return Reason.NO_CANDIDATE


@hook(Hook.KIND, MadeWorks)
def title_kind(swap: Swap, kind: str | None) -> str | None:
    """A title with no generic head ("Hamlet"): its kind is its shape."""
    if swap.label == "WORK_OF_ART" and kind is None and head_word(swap.original) is None:
        return TITLE_KIND
    return kind
