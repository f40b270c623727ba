"""Source formats: each format of `--source` is one `SourceFormat`, registered once here, holding everything the
project says or does with it: how to read a local path and the Hub, its help, the `source` names of its rows,
their names, credits (licence and BibTeX) and Hub id in the card, which of its rows are whole paragraphs (the
bank corpus), and the paragraph the card adds where its rows are in the release.

A new format is one `register_source(SourceFormat(...))` call (tests/toy_source.py builds, validates, loads and
evaluates one with no other edit)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fqa_build.read.credits import CREDITS, MRQA_CREDIT, MRQA_SUBSET_CREDITS, Credit
from fqa_build.read.mrqa import HUB_MRQA, NQ_SUBSET, load_mrqa_hub, read_mrqa_file
from fqa_build.read.nq import read_nq_file
from fqa_build.read.skips import SkipCounter
from fqa_build.read.squad import load_squad_hub, read_squad_file
from fqa_build.read.trivia_qa import load_trivia_qa_hub, read_trivia_qa_dir
from fqa_build.types import QARecord


@dataclass(frozen=True)
class SourceFormat:
    """One format of `--source FORMAT[:PATH]`."""

    name: str  # the KIND of --source
    help: str  # what FORMAT:PATH and FORMAT read (the --source help joins every format's)
    #: (path, skips, window_chars) -> records; counts every record it reads (`skips.seen(source)`) and every one
    #: it drops (`skips.skip(source, reason, where)`), raises SourceError naming the file on unreadable input
    read_path: Callable[[Path, SkipCounter, int], list[QARecord]]
    read_hub: Callable[[SkipCounter, int], list[QARecord]] | None  # (skips, window_chars); None: local only
    hub_dataset: str | None  # what `read_hub` loads, as the manifest records it
    path_is_folder: bool = False  # the PATH is a folder (else a file)
    row_sources: Callable[[str], bool] = field(default=lambda source: False)  # the row `source` values it makes
    display_name: Callable[[str], str] = field(default=lambda source: source)  # a row source as the card names it
    credits: Callable[[str], tuple[Credit, ...]] = field(default=lambda source: ())  # licence and BibTeX
    source_dataset: Callable[[str], str] = field(default=lambda source: source)  # the card YAML's source_datasets
    paragraph_sources: frozenset[str] = frozenset()  # row sources that are whole paragraphs people wrote
    card_text: str = ""  # what "How it was built" adds where the release holds rows of this format


SOURCE_FORMATS: dict[str, SourceFormat] = {}


def register_source(fmt: SourceFormat) -> SourceFormat:
    """Make `fmt` selectable as `--source NAME[:PATH]`."""
    if fmt.name in SOURCE_FORMATS:
        raise ValueError(f"source format {fmt.name} is already registered")
    SOURCE_FORMATS[fmt.name] = fmt
    return fmt


def unregister_source(name: str) -> None:
    """Remove a format (tests that register a toy format restore the registry with it)."""
    del SOURCE_FORMATS[name]


def format_of_source(source: str) -> SourceFormat | None:
    """The format whose rows carry the `source` value `source` (None: no registered format makes it)."""
    return next((fmt for fmt in SOURCE_FORMATS.values() if fmt.row_sources(source)), None)


def source_name(source: str) -> str:
    """How the card names a row source ("squad" -> "SQuAD v1.1", "mrqa_newsqa" -> "MRQA: `mrqa_newsqa`")."""
    fmt = format_of_source(source)
    return fmt.display_name(source) if fmt else source


def paragraph_sources() -> frozenset[str]:
    """Row sources whose contexts are whole paragraphs written by people: the bank corpus by default."""
    return frozenset().union(*(fmt.paragraph_sources for fmt in SOURCE_FORMATS.values()))


def _unknown_credit(name: str, authors: str) -> Credit:
    """A source whose licence this version does not know: it makes the release's licence `other`."""
    return Credit(name, authors, "licence not known to this version", False, "")


def credits_of(source: str) -> tuple[Credit, ...]:
    """The credits of a row source (an unknown licence where no format knows it: the release is then `other`)."""
    fmt = format_of_source(source)
    found = fmt.credits(source) if fmt else ()
    return found or (_unknown_credit(f"`{source}`", source),)


def credits_for(sources: list[str] | tuple[str, ...]) -> list[Credit]:
    """The credits of the row sources a release holds, each once, in the order of `sources`."""
    found: list[Credit] = []
    for source in sources:
        found += [credit for credit in credits_of(source) if credit not in found]
    return found


def _mrqa_credits(source: str) -> tuple[Credit, ...]:
    subset = MRQA_SUBSET_CREDITS.get(source)
    return (subset or _unknown_credit(f"MRQA: `{source}`", "Fisch et al., 2019"), MRQA_CREDIT)


SQUAD = register_source(
    SourceFormat(
        "squad",
        "squad:FILE (SQuAD v1.1 JSON), squad (rajpurkar/squad train from the Hub)",
        read_path=lambda path, skips, window: read_squad_file(path, skips),
        read_hub=lambda skips, window: load_squad_hub(skips),
        hub_dataset="rajpurkar/squad",
        row_sources=lambda source: source == "squad",
        display_name=lambda source: "SQuAD v1.1",
        credits=lambda source: CREDITS["squad"],
        source_dataset=lambda source: "extended|squad",
        paragraph_sources=frozenset({"squad"}),
    )
)
TRIVIA_QA = register_source(
    SourceFormat(
        "trivia_qa",
        "trivia_qa:DIR (TriviaQA rc layout), trivia_qa (mandarjoshi/trivia_qa rc train from the Hub)",
        read_path=read_trivia_qa_dir,
        read_hub=load_trivia_qa_hub,
        hub_dataset="mandarjoshi/trivia_qa (rc)",
        path_is_folder=True,
        row_sources=lambda source: source == "trivia_qa",
        display_name=lambda source: "TriviaQA (rc, Wikipedia evidence)",
        credits=lambda source: CREDITS["trivia_qa"],
        source_dataset=lambda source: "extended|trivia_qa",
        card_text=(
            "TriviaQA windows are chosen by relevance: of every occurrence of the answer (or an alias) in every "
            "Wikipedia evidence page, the window of whole sentences (within the answer's paragraph) whose words, "
            "weighted by nearness to the answer, match the question best (BM25; `window_score`, from the page "
            "`evidence_title`); a question whose best window holds under 10% of its words is skipped. On SQuAD dev "
            "recast as TriviaQA, 95–96.5% of kept samples rest on the question's own paragraph (first-occurrence "
            "windows: 78–80%)."
        ),
    )
)
_NQ_TEXT = (
    "Natural Questions and MRQA passages are cleaned first: markup tags become line breaks or spaces, tables are cut "
    "out (a question answered only inside a table is skipped, `answer_in_table`), tokenised punctuation and "
    'possessives are joined ("Welch \'s" to "Welch\'s"), and table sort keys are dropped ("Diggins , Jessica '
    'Jessica Diggins" to "Jessica Diggins"); answer offsets are mapped into the clean text, which is the row\'s '
    "`original_context`. NQ-open answers are found as whole words in the gold passage."
)
NQ = register_source(
    SourceFormat(
        "nq",
        "nq:FILE (NQ-open with gold passages, or NQ in the MRQA layout), nq (NaturalQuestionsShort of "
        "mrqa-workshop/mrqa from the Hub)",
        read_path=lambda path, skips, window: read_nq_file(path, skips),
        read_hub=lambda skips, window: load_mrqa_hub(skips, subset=NQ_SUBSET),
        hub_dataset=f"{HUB_MRQA} ({NQ_SUBSET})",
        row_sources=lambda source: source == "nq",
        display_name=lambda source: "Natural Questions (gold passages)",
        credits=lambda source: CREDITS["nq"],
        source_dataset=lambda source: "extended|natural_questions",
        paragraph_sources=frozenset({"nq"}),
        card_text=_NQ_TEXT,
    )
)
MRQA = register_source(
    SourceFormat(
        "mrqa",
        "mrqa:FILE (any MRQA JSONL), mrqa (all of mrqa-workshop/mrqa train)",
        read_path=lambda path, skips, window: read_mrqa_file(path, skips),
        read_hub=lambda skips, window: load_mrqa_hub(skips),
        hub_dataset=HUB_MRQA,
        row_sources=lambda source: source.startswith("mrqa_"),
        display_name=lambda source: f"MRQA: `{source}`",
        credits=_mrqa_credits,
        source_dataset=lambda source: "extended|mrqa",
        paragraph_sources=frozenset({"mrqa_squad", "mrqa_naturalquestions", "mrqa_naturalquestionsshort"}),
        card_text=_NQ_TEXT,
    )
)
