"""The card's PNG plots (matplotlib, Agg): samples per entity type, context length, and the funnel.

Fixed sizes, margins and rcParams, and no `Software` metadata, so the same statistics give the same bytes.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

PLOTS = ("entity_types.png", "context_length.png", "funnel.png")


def import_plotting():
    """matplotlib's pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def render_plots(stats: dict[str, Any]) -> dict[str, bytes]:
    """The PNG bytes of each plot of `PLOTS`, drawn from `stats` (from `collect_statistics`)."""
    plt = import_plotting()

    plt.rcdefaults()
    plt.rcParams.update({"font.size": 9, "figure.dpi": 100, "svg.hashsalt": "faithfulness-qa"})
    images: dict[str, bytes] = {}

    def save(fig, name: str, longest_label: int = 8) -> None:
        # fixed margins sized from the longest tick label: tight_layout measured every text (0.14 s of 0.3)
        width, height = fig.get_size_inches()
        fig.subplots_adjust(
            left=min(0.6, (0.3 + 0.075 * longest_label) / width), right=0.97, bottom=0.5 / height, top=1 - 0.3 / height
        )
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", metadata={"Software": None})
        plt.close(fig)
        images[name] = buffer.getvalue()

    types = sorted(stats["type_totals"], key=lambda t: (-stats["type_totals"][t], t))
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    left = np.zeros(len(types))
    for split in stats["split_names"]:
        values = np.array([stats["by_type"][t][split] for t in types])
        ax.barh(types, values, left=left, label=split)
        left += values
    ax.invert_yaxis()
    ax.set_xlabel("samples")
    ax.set_title("Samples per entity type and split")
    ax.legend(loc="lower right")
    save(fig, PLOTS[0], max(map(len, types), default=1))

    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    words = stats["context_word_lengths"]
    ax.hist(words, bins=40, color="#4C72B0")
    ax.set_xlabel("context length (words, whitespace-split)")
    ax.set_ylabel("samples")
    ax.set_title("Context length")
    save(fig, PLOTS[1], 8)  # tick labels up to 6 digits and the axis label

    labels, counts = ["input questions"], [stats["inputs_total"]]
    for reason, count in stats["reasons"]:
        labels.append(reason)
        counts.append(count)
    labels.append("kept")
    counts.append(stats["total"])
    # wide enough for the longest reason name at 9 pt; a linear axis, so bar lengths compare as the counts do
    fig, ax = plt.subplots(figsize=(max(6.4, 4.4 + 0.075 * max(map(len, labels))), 0.9 + 0.22 * len(labels)))
    colors = ["#4C72B0"] + ["#C44E52"] * (len(labels) - 2) + ["#55A868"]
    bars = ax.barh(labels, counts, color=colors)
    ax.bar_label(bars, labels=[f"{count:,}" for count in counts], padding=2, fontsize=8)
    ax.set_xlim(0, max(counts) * 1.12 if max(counts) else 1)
    ax.invert_yaxis()
    ax.set_xlabel("questions")
    ax.set_title("Funnel: inputs, rejections by reason, kept")
    save(fig, PLOTS[2], max(map(len, labels)))
    return images
