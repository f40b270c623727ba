"""The projected time of the full release from what `python -m fqa_build bench` measures on a smaller input."""

from __future__ import annotations

from typing import Any

#: the full release: SQuAD v1.1 train, and TriviaQA rc with a ~1,600-character window per question
FULL_RELEASE = {
    "squad_train_questions": 87_599,
    "squad_train_contexts": 18_896,
    "trivia_qa_questions": 87_000,
    "trivia_qa_window_chars": 1_600,
}

#: questions the 1x input needs for a projection of the full release (below, start-up dominates the per-question
#: cost: the bundled sample's 160 questions project ~400 minutes)
MIN_PROJECTION_QUESTIONS = 1_000


def projection(
    ner_chars_per_second: float,
    post_ner_seconds_per_question: float,
    squad_context_chars: float,
    trivia_snippet_share: float,
    measured_questions: int | None = None,
) -> dict[str, Any]:
    """Projected seconds of the full release from measured throughput: NER over the SQuAD train contexts
    (whole, they feed the bank) and the TriviaQA snippets, plus the per-question post-NER work; with
    `measured_questions`, how far that extrapolates, said as a caveat beside the figure."""
    full = FULL_RELEASE
    squad_chars = full["squad_train_contexts"] * squad_context_chars
    trivia_chars = full["trivia_qa_questions"] * full["trivia_qa_window_chars"] * trivia_snippet_share
    questions = full["squad_train_questions"] + full["trivia_qa_questions"]
    ner = (squad_chars + trivia_chars) / ner_chars_per_second
    post = questions * post_ner_seconds_per_question
    scale = {}
    if measured_questions:
        times = questions / measured_questions
        scale = {
            "measured_questions": measured_questions,
            "extrapolated_times": round(times, 1),
            "caveat": (
                f"a projection, not a measurement: {measured_questions:,} questions timed, extrapolated {times:.0f}x "
                "to the full release on this machine; the TriviaQA share is not in the timed input"
            ),
        }
    return {
        **scale,
        "inputs": full,
        "ner_characters": round(squad_chars + trivia_chars),
        "trivia_snippet_share": trivia_snippet_share,
        "ner_seconds": round(ner, 1),
        "post_ner_seconds": round(post, 1),
        "total_minutes": round((ner + post) / 60, 1),
    }
