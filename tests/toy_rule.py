"""A toy rule in one file: the check, the reason it rejects with, the record it rejects (`CASES`, found beside the
rule as a rule module of fqa_build/swap/rules/ may hold them) and the rule it runs after (`AFTER`). Registered by
tests/test_extensions.py for one test, with a policy that runs it, and removed after; nothing else in the project
names it."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.policies.registry import POLICIES, Policy
from fqa_build.swap.rule import Case
from fqa_build.swap.rules import Rule, Stage

#: the rule the toy rule runs after (one of the same stage)
AFTER = "no_name_word_left"


def _no_hashtag_of_original_left(swap: Swap) -> Reason | None:
    """No hashtag of the original ("#MarieCurie") is left in the new context: the rewrite changes the name's
    mentions, and a hashtag is none."""
    tag = "#" + "".join(swap.original.split())
    return Reason.ORIGINAL_WORD_LEFT if tag.lower() in swap.rewrite.text.lower() else None


#: defined with `Rule`, not `@rule` (which registers a rule for good where it is defined): the test registers it
#: for its own duration (`register_rule`) and takes it out after
no_hashtag_of_original_left = Rule(
    "no_hashtag_of_original_left", Stage.REWRITE, (Reason.ORIGINAL_WORD_LEFT,), _no_hashtag_of_original_left, (AFTER,)
)

CASES: dict[str, Case] = {
    # the person's name is swapped, the hashtag made of it is not; without the rule it stays in the new context
    "no_hashtag_of_original_left": Case(
        "Who moved to Paris in 1891?",
        "Marie Curie moved to Paris in 1891 to study physics, and her admirers still write #MarieCurie online.",
        ("Marie Curie",),
        (("Marie Curie", "PERSON"),),
        bank=(("Ada Byron", "PERSON"),),
        without="Ada Byron moved to Paris in 1891 to study physics, and her admirers still write #MarieCurie online.",
        replacement="Ada Byron",
    ),
}


def toy_policy() -> Policy:
    """A test policy: the plain baseline `type_shape_v1` with the toy rule (built when asked: the registry refuses a
    policy naming a rule not in the table)."""
    return POLICIES["type_shape_v1"].extend(
        "toy_rule_v1", "type_shape_v1 and no hashtag of the original left", rules=(no_hashtag_of_original_left.name,)
    )
