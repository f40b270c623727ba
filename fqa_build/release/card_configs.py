"""The card's part for each config: the field table, each derived config's own section (rendered from its
template with its statistics) and every config's reference predictors' scores as a table."""

from __future__ import annotations

from typing import Any

import jinja2

import faithfulness_qa as fqa


def _fields_table(config: str) -> str:
    rows = "".join(f"| `{name}` | {text} |\n" for name, text in fqa.FIELD_DESCRIPTIONS.get(config, {}).items())
    return f"| field | meaning |\n|---|---|\n{rows}".rstrip("\n")


def baselines_table(scores: dict[str, dict[str, dict[str, Any]]] | None) -> str:
    """A config's reference predictors as a Markdown table: one row per predictor and split, a column per
    metric (rates as percentages, "–" where undefined); "" where none was scored."""
    rows = [(name, split, r) for name, by_split in (scores or {}).items() for split, r in by_split.items()]
    if not rows:
        return ""
    metrics = [k for k in rows[0][2] if k != "n"]
    lines = [
        "| predictor | split | rows | " + " | ".join(m.replace("_", " ") for m in metrics) + " |",
        "|---|---|---:|" + "---:|" * len(metrics),
    ]
    for name, split, r in rows:
        cells = ["–" if r[m] is None else f"{100 * r[m]:.1f}" for m in metrics]
        lines.append(f"| `{name}` | {split} | {r['n']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def derived_sections(stats: dict[str, Any], repo_id: str, env: jinja2.Environment) -> dict[str, str]:
    """name -> the card section of each derived config the build holds, rendered from its own template with
    its statistics (`d`) and its field table, then its reference predictors' scores; `env` renders them."""
    from fqa_build.release.configs import DERIVED

    sections = {}
    for name, derived in stats["derived"].items():
        if name not in DERIVED:
            continue
        text = env.from_string(DERIVED[name].card_section).render(
            d=derived, repo_id=repo_id, fields_table=_fields_table(name)
        )
        table = baselines_table(stats.get("baselines", {}).get(name))
        if table:
            text = f"{text.strip()}\n\nReference predictors (percent; fqa_build/release/baselines.py):\n\n{table}"
        sections[name] = text.strip()
    return sections
