"""`build_stats.json`: per source total, kept and rejected by reason; splits, types, strategies, the bank."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.read.skips import SkipCounter
from fqa_build.reasons import Reason
from fqa_build.release.splits import SPLITS
from fqa_build.types import Rejection, Sample


@dataclass
class Tallies:
    """What the stats need of the outcomes, counted as they stream out: kept samples by source, split, type and
    strategy; rejections by source and reason, by source, reason and the rule that rejected them, and by reason
    and entity type."""

    kept_by_source: Counter = field(default_factory=Counter)
    by_split: Counter = field(default_factory=Counter)
    by_type: Counter = field(default_factory=Counter)
    by_strategy: Counter = field(default_factory=Counter)
    rejected: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    rejected_by_type: dict[Reason, Counter] = field(default_factory=lambda: defaultdict(Counter))
    rejected_by_rule: dict[str, dict[Reason, Counter]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(Counter))
    )

    def kept(self, sample: Sample, split: str) -> None:
        self.kept_by_source[sample.source] += 1
        self.by_split[split] += 1
        self.by_type[sample.entity_type] += 1
        self.by_strategy[sample.match_strategy] += 1

    def rejection(self, source: str, rejection: Rejection) -> None:
        reason = Reason(rejection.reason)  # an undeclared reason cannot be counted
        self.rejected[source][reason] += 1
        self.rejected_by_type[reason][rejection.entity_type] += 1
        if rejection.rule is not None:
            self.rejected_by_rule[source][reason][rejection.rule] += 1


def build_stats(
    skips: SkipCounter,
    tallies: Tallies,
    bank: EntityBank,
    model: dict[str, Any],
    num_contexts: int,
    bank_contexts: int,
    decontamination: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The stats of a build: read skips and swap rejections together per source, and the rest as counted;
    `decontamination` (one entry per --exclude set) only when the build had held-out sets."""
    sources: dict[str, Any] = {}
    kept = tallies.kept_by_source
    for source in sorted(set(skips.totals) | set(kept)):
        rejected = Counter(skips.counts.get(source, {})) + tallies.rejected.get(source, Counter())
        total = skips.totals[source]
        sources[source] = {
            "total": total,
            "kept": kept[source],
            "kept_share": round(kept[source] / total, 4) if total else 0.0,
            "rejected": dict(sorted(rejected.items())),
            "rejected_by_rule": {
                reason: dict(sorted(rules.items()))
                for reason, rules in sorted(tallies.rejected_by_rule.get(source, {}).items())
            },
        }
    return {
        "sources": sources,
        "total": sum(s["total"] for s in sources.values()),
        "kept": sum(tallies.by_split.values()),
        "unique_contexts": num_contexts,
        "splits": {split: tallies.by_split[split] for split in SPLITS},
        "entity_types": dict(sorted(tallies.by_type.items())),
        "match_strategies": dict(sorted(tallies.by_strategy.items())),
        "entity_bank": {"size": len(bank), "by_type": bank.counts_by_type(), "contexts": bank_contexts},
        "rejected_by_type": {reason: dict(sorted(c.items())) for reason, c in sorted(tallies.rejected_by_type.items())},
        "model": model,
        **({"decontamination": decontamination} if decontamination else {}),
    }
