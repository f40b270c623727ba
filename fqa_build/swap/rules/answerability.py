"""Rules on answerability: a row is refused where its passage names another answer to its question as well as, or
rather than, the gold: a rival the candidate reader (fqa_build/swap/answerability/) clearly prefers, before the swap
or after it (a round trip); another line of a role table the question does not tell apart; and where the question
asks for more or other than one thing a passage can name: a yes or no, two things at once, any member of a
class."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.answerability.candidates import passage_candidates
from fqa_build.swap.answerability.reader import MARGIN, Reading, read_passage_for
from fqa_build.swap.answerability.role_lines import unnamed_row
from fqa_build.swap.components.gold_forms.golds import gold_answers
from fqa_build.swap.components.shifted_timelines.shift import shifted_question
from fqa_build.swap.rule import Case, Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a question opening with an auxiliary or modal verb, written as a question (a capital or a question mark: "will
#: smith first movie role" is a search, not a question) and holding no wh-word, asks for a yes or a no
_YES_NO = re.compile(
    r"^\s*(?:(?:Is|Are|Was|Were|Am|Do|Does|Did|Has|Have|Had|Can|Could|Will|Would|Shall|Should|May|Might|Must)\b|"
    r"(?=.*\?\s*$)(?i:is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|shall|should|may|might|must)"
    r"\b)(?!.*\b(?i:who|whom|whose|what|which|when|where|why|how)\b)"
)
#: two questions in one: a wh-word (or "how" with its word) joined by "and" to another ("who discovered it and in
#: what year", "when and where", "what and how many"; "who or what" asks one)
_WH = r"(?:who|whom|whose|what|which|when|where|why|how(?:\s+\w+)?)"
_TWO_QUESTIONS = re.compile(rf"\b{_WH}\b.*?\band\s+(?:(?:in|at|on|by|from|for|to|of|with)\s+)?{_WH}\b", re.I)
#: a question asking for any one member of an open class: "name a food", "give an example of", "one of the"
_ANY_ONE = re.compile(
    r"\b(?:name\s+(?:a|an|one|any|some)|give\s+(?:a|an|one)\s+example|an?\s+example\s+of|(?<!which )one\s+of\s+the|"
    r"(?:a|an|one)\s+(?:of\s+the\s+)?(?:other\s+)?(?:members?|examples?)\s+of)\b",
    re.IGNORECASE,
)


def asks_yes_or_no(question: str) -> bool:
    """True when the question asks for a yes or a no ("Was the treaty signed?")."""
    return bool(_YES_NO.match(question))


def asks_two_things(question: str) -> bool:
    """True when the question joins two questions ("who discovered the atom and in what year")."""
    return bool(_TWO_QUESTIONS.search(question))


def asks_for_any_one(question: str) -> bool:
    """True when any one member of a class answers the question ("name a food", "one of the founders")."""
    return bool(_ANY_ONE.search(question))


@rule(Stage.MENTION, Reason.QUESTION_YES_NO)
def question_not_yes_no(swap: Swap) -> Reason | None:
    """The question asks for something the passage names, not for a yes or a no."""
    return Reason.QUESTION_YES_NO if asks_yes_or_no(swap.record.question) else None


@rule(Stage.MENTION, Reason.QUESTION_ASKS_FOR_TWO)
def question_asks_one_question(swap: Swap) -> Reason | None:
    """The question is one question: where it joins two, the new gold answers only one of them."""
    return Reason.QUESTION_ASKS_FOR_TWO if asks_two_things(swap.record.question) else None


@rule(Stage.MENTION, Reason.QUESTION_ASKS_FOR_ANY)
def question_asks_for_the_one(swap: Swap) -> Reason | None:
    """The question asks for the one thing that fills its role, not for any member of a class."""
    return Reason.QUESTION_ASKS_FOR_ANY if asks_for_any_one(swap.record.question) else None


def _original_golds(swap: Swap) -> tuple[list[tuple[int, int]], list[str]]:
    """The gold's spans and forms in the original passage: the rewritten mentions (a shifted timeline rewrites
    every date, so there the original's own occurrences), the source's gold answers."""
    answers = [(a.start, a.start + len(a.text)) for a in swap.record.answers]
    mentions = swap.mention_spans if swap.shifting else swap.rewrite.mention_old_spans
    return [*mentions, *answers], [swap.original, *swap.old_forms, *(a.text for a in swap.record.answers)]


@rule(Stage.ANSWERABLE, Reason.ANSWER_SHARES_ROLE)
def answer_row_named(swap: Swap) -> Reason | None:
    """Where the gold stands in a line of a role table (lines of one pattern: "X as Role", "X -- role", table
    rows), the question names something of its line that no parallel line with a rival has."""
    spans, forms = _original_golds(swap)
    question = swap.record.question
    candidates = passage_candidates(swap.context, swap.info.entities, swap.label, spans, forms, question)
    rivals = [span for c in candidates[1:] for span in c.spans]
    return Reason.ANSWER_SHARES_ROLE if unnamed_row(swap.context, question, candidates[0].spans, rivals) else None


def counterfactual_reading(swap: Swap) -> Reading:
    """The reader's view of the counterfactual passage and question (a shifted timeline moves the question's dates
    too): the original's NER mentions mapped through the rewrite (those the rewrite cut into are the gold's), the
    new gold at the rewritten mentions (under a shift, the original's occurrences moved) and gold answers."""
    rewrite = swap.rewrite
    entities = []
    for start, end, label in swap.info.entities:
        region = rewrite.map_region(start, end)
        if region is not None:
            entities.append((*region, label))
    golds = gold_answers(rewrite, swap.record.answers, swap.answer_span, True, False)
    if swap.shifting:
        spans = [region for s, e in swap.mention_spans if (region := rewrite.map_region(s, e)) is not None]
        question = shifted_question(swap, swap.offset)
    else:
        skip = rewrite.articles | rewrite.dependents
        spans = [span for i, span in enumerate(rewrite.new_spans) if i not in skip]
        question = swap.record.question
    spans += [(g.start, g.start + len(g.text)) for g in golds]
    forms = [swap.replacement, *(new for _, new in swap.short_forms), *(g.text for g in golds)]
    return read_passage_for(question, rewrite.text, entities, swap.label, spans, forms)


@rule(Stage.ANSWERABLE, Reason.READER_PREFERS_RIVAL, Reason.READER_PREFERS_RIVAL_AFTER_SWAP)
def reader_picks_gold(swap: Swap) -> Reason | None:
    """A round trip with the candidate reader: in the original passage and in the counterfactual one, no other
    candidate of the gold's type (every other mention of that type: list members, table cells, cast and role
    lines, coordinated names) outranks the gold by more than `MARGIN` (negative: the reader is trusted only where
    it prefers a rival clearly). The passage names one answer to the question, the gold, before the swap and
    after it."""
    spans, forms = _original_golds(swap)
    reading = read_passage_for(swap.record.question, swap.context, swap.info.entities, swap.label, spans, forms)
    if reading.margin < MARGIN:
        return Reason.READER_PREFERS_RIVAL
    return Reason.READER_PREFERS_RIVAL_AFTER_SWAP if counterfactual_reading(swap).margin < MARGIN else None


_PERSONS = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))
_CAUVIN = "Jean Cauvin, another student at the university, converted to the new faith in the spring."
_CAST = (
    "The cast of the film about the molecule:\nJames Watson as the young chemist\nFrancis Crick as the old chemist\n"
    "Rosalind Franklin as the head of the laboratory"
)
_COMPTON = (
    "The effect of the scattered light was discovered by Arthur Compton in his laboratory in the spring. Robert "
    "Millikan measured the charge of the electron with oil drops."
)


def _cauvin(question: str) -> Case:
    """A record about Jean Cauvin that `question` asks of (context_v13 without the rule swaps him for Tom Marx)."""
    without = _CAUVIN.replace("Jean Cauvin", "Tom Marx")
    return Case(question, _CAUVIN, ("Jean Cauvin",), (("Jean Cauvin", "PERSON"),), _PERSONS, without, "Tom Marx")


#: the records each rule rejects under context_v13, and what context_v13 without the rule makes of them
CASES: dict[str, Case] = {
    # a yes or a no answers it, not the name
    "question_not_yes_no": _cauvin("Did a student at the university convert to the new faith in the spring?"),
    # two questions: the name answers the first only
    "question_asks_one_question": Case(
        "Who designed the pump for the mines and when was it tested?",
        "The pump for the mines was designed by Pedro Ayanz, who tested it in the river in the summer.",
        ("Pedro Ayanz",),
        (("Pedro Ayanz", "PERSON"),),
        bank=_PERSONS,
        without="The pump for the mines was designed by Tom Marx, who tested it in the river in the summer.",
        replacement="Tom Marx",
    ),
    # any student who converted answers it
    "question_asks_for_the_one": _cauvin("Name a student who converted to the new faith."),
    # a cast list: two lines play a chemist, and the question does not say which
    "answer_row_named": Case(
        "Who played the chemist in the film about the molecule?",
        _CAST,
        ("Francis Crick",),
        (("James Watson", "PERSON"), ("Francis Crick", "PERSON"), ("Rosalind Franklin", "PERSON")),
        bank=_PERSONS,
        without=_CAST.replace("Francis Crick", "Tom Marx"),
        replacement="Tom Marx",
    ),
    # the source's gold is wrong: the passage says another person discovered the effect
    "reader_picks_gold": Case(
        "Who discovered the effect of the scattered light?",
        _COMPTON,
        ("Robert Millikan",),
        (("Arthur Compton", "PERSON"), ("Robert Millikan", "PERSON")),
        bank=_PERSONS,
        without=_COMPTON.replace("Robert Millikan", "Tom Marx"),
        replacement="Tom Marx",
    ),
}
REASON_OF: dict[str, Reason] = {"reader_picks_gold": Reason.READER_PREFERS_RIVAL}
