"""The audit sheet: randomly drawn records laid out for a blind judgement with the rubric in
`../shared/QUALITY.md`, and automated proxies of swap quality over the whole build."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fqa_build.bank.entity_kinds import entity_kind
from fqa_build.facts.pairs import gpe_pair
from fqa_build.gazetteers.countries import country_of_form
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import city_in, place
from fqa_build.halves import Half, row_half
from fqa_build.reasons import Reason
from fqa_build.release.parquet import write_atomic
from fqa_build.release.read_back import read_rows
from fqa_build.swap.components.composed_names.patterns import team_form
from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import recorded_policy

#: the rubric a judge needs, shipped with the project (the same as `../shared/QUALITY.md`'s)
RUBRIC = Path(__file__).with_name("rubric.md")


def _highlight(text: str, spans: list[tuple[int, int]], lo: int, hi: int) -> str:
    out, cursor = [], lo
    for start, end in spans:
        if start < lo or end > hi:
            continue
        out.append(text[cursor:start])
        out.append(f"**{text[start:end]}**")
        cursor = end
    out.append(text[cursor:hi])
    # a line break is kept visible: a list, a table row or a cast line reads as one only on its own line
    return "".join(out).strip().replace("|", "\\|").replace("\n", " ¶ ")


def _rows(outs: Sequence[str], half: Half | None) -> list[dict[str, Any]]:
    """The rows of the builds (all splits) sorted by (id, source), only those of `half` where one is named."""
    rows = (row for out in outs for _, row in read_rows(out))
    return sorted((r for r in rows if half is None or row_half(r) is half), key=lambda r: (r["id"], r["source"]))


def draw(out: str, sample: int, seed: int, half: Half | None = None, more: Sequence[str] = ()) -> list[dict[str, Any]]:
    """`sample` rows drawn with a seeded RNG from the rows of the build and the `more` builds together, sorted by
    (id, source) (all splits; of one half of the sources where `half` is named, fqa_build/halves.py)."""
    rows = _rows([out, *more], half)
    return random.Random(seed).sample(rows, min(sample, len(rows)))


def draw_stratified(
    outs: Sequence[str], per_type: int, seed: int, types: Sequence[str] | None = None, half: Half | None = None
) -> list[dict[str, Any]]:
    """A type-stratified sheet (`../shared/QUALITY.md`, step 4): up to `per_type` rows of each entity type
    (those named, else every type present), drawn with a seeded RNG from the rows of all the builds sorted by
    id, then shuffled together so no type comes in a block (of one half of the sources where `half` is named)."""
    rows = _rows(outs, half)
    rng = random.Random(seed)
    wanted = list(types) if types else sorted({r["entity_type"] for r in rows})
    drawn: list[dict[str, Any]] = []
    for entity_type in wanted:
        of_type = [r for r in rows if r["entity_type"] == entity_type]
        drawn += rng.sample(of_type, min(per_type, len(of_type)))
    rng.shuffle(drawn)
    return drawn


def sheet(rows: list[dict[str, Any]], seed: int, manifest: dict[str, Any], half: Half | None = None) -> str:
    """The Markdown audit sheet, blind as `../shared/QUALITY.md` asks: for each record only what a user sees
    (the question, the whole original and counterfactual contexts with the rewritten places in bold, the swap,
    the new answer); no policy, model, label, kind or score. `manifest` is not shown. The heading names the seed,
    and the half of the sources the records were drawn from where one was (`--half`)."""
    lines = [
        f"# Audit sheet: {len(rows)} records, seed {seed}{f', {half.value} half' if half else ''}",
        "",
        "Judge each record with the rubric below: **A** well-formed, **B** type-fit, **C** consistent, "
        "**D** answerable; usable = all four. Read both contexts in full.",
        "",
        RUBRIC.read_text(encoding="utf-8").replace("## Rubric", "## The rubric", 1).strip(),
        "",
        "## The records",
        "",
    ]
    for number, row in enumerate(rows, 1):
        new_spans = [(s["start"], s["end"]) for s in row["replaced_spans"]]
        old_spans = [(s["start"], s["end"]) for s in row.get("original_spans") or []]
        original, context = row["original_context"], row["context"]
        lines += [
            f"### {number}. `{row['id']}`",
            "",
            f"- question: {row['question']}",
            f"- swap: **{row['original_entity']}** -> **{row['replacement_entity']}**",
            f"- new answer: **{row['answers']['text'][0]}**",
            "",
            f"Original context: {_highlight(original, old_spans, 0, len(original))}",
            "",
            f"Counterfactual context: {_highlight(context, new_spans, 0, len(context))}",
            "",
        ]
    return "\n".join(lines) + "\n"


class AuditError(Exception):
    """An audit that cannot be drawn or written (its message names the folder or the sheet)."""


@dataclass(frozen=True)
class Proxies:
    rows: int
    kind_agreement: float | None
    gender_agreement: float | None
    gpe_pair_coherence: float | None
    aliases_excluded: int
    only_aliases_rejections: int
    alias_in_output: int
    from_neighbours: float
    composed_names: int
    made_replacements: int  # country maps, towns and composed names of organisations, places, events (context_v9)

    def as_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


def proxies(out: str) -> Proxies:
    """Automated swap-quality proxies over every row: the replacement's kind (as the entity bank records it)
    equals the original's; a replacement person's gender equals the one the pronouns require; a replaced city
    still lies in the state or country it is paired with; aliases excluded; share drawn from neighbours."""
    bank = {(r["entity"], r["entity_type"]): r for _, r in read_rows(out, "entity_bank")}
    rows = [row for _, row in read_rows(out)]
    policy = _built_policy(out)
    _composed = functools.partial(composed, policy=policy)
    _made = functools.partial(made, policy=policy)
    for r in rows:
        if _composed(r):  # a composed name is in no bank: its kind and gender are read off the name
            kind = entity_kind(r["replacement_entity"], "PERSON")
            gender = name_gender(r["replacement_entity"])
            bank[(r["replacement_entity"], "PERSON")] = {"entity_kind": kind, "person_gender": gender}
        elif _made(r):  # a country map, a town or a composed name: its kind is read off the name too
            bank[(r["replacement_entity"], r["entity_type"])] = {"entity_kind": made_kind(r)}
    kind_checks = [
        bank.get((r["replacement_entity"], r["entity_type"]), {}).get("entity_kind") == r["entity_kind"]
        for r in rows
        if r.get("entity_kind")
    ]
    gender_checks = [
        bank.get((r["replacement_entity"], "PERSON"), {}).get("person_gender") == r["required_gender"]
        for r in rows
        if r["entity_type"] == "PERSON" and r.get("required_gender")
    ]
    pair_checks = []
    for r in rows:
        if r["entity_type"] != "GPE":
            continue
        for span in r["replaced_spans"]:
            role, region = gpe_pair(r["context"], span["start"], span["end"])
            if role == "city" and region is not None:
                pair_checks.append(city_in(r["replacement_entity"], region))
    stats_path = Path(out) / "build_stats.json"
    stats = json.loads(stats_path.read_text()) if stats_path.exists() else {}
    only_aliases = sum(s["rejected"].get(Reason.ONLY_ALIASES, 0) for s in stats.get("sources", {}).values())
    from fqa_build.swap.rewriting.aliases import is_alias

    return Proxies(
        rows=len(rows),
        kind_agreement=_share(kind_checks),
        gender_agreement=_share(gender_checks),
        gpe_pair_coherence=_share(pair_checks),
        aliases_excluded=sum(r.get("aliases_excluded") or 0 for r in rows),
        only_aliases_rejections=only_aliases,
        alias_in_output=sum(is_alias(r["original_entity"], r["replacement_entity"]) for r in rows),
        from_neighbours=_share([r.get("similarity") is not None for r in rows if not (_composed(r) or _made(r))])
        or 0.0,
        composed_names=sum(map(_composed, rows)),
        made_replacements=sum(map(_made, rows)),
    )


def _built_policy(out: str) -> Policy:
    """The policy the build in `out` ran (its manifest's; AuditError where this version cannot read it)."""
    manifest_path = Path(out) / "build_manifest.json"
    if not manifest_path.exists():
        raise AuditError(f"{out}: not a build folder (no build_manifest.json to read the build's policy from)")
    recorded = json.loads(manifest_path.read_text(encoding="utf-8"))["policy"]
    policy = recorded_policy(recorded)
    if policy is None:
        raise AuditError(f"{out}: this version cannot read the build's policy {recorded.get('name')!r}")
    return policy


#: the types whose made replacements the audit reads as made names (a country map, a town, a composed name)
_MADE_NAMES = frozenset({"GPE", "NORP", "ORG", "LOC", "EVENT", "FAC"})


def composed(row: dict[str, Any], policy: Policy) -> bool:
    """A row whose replacement is a composed person name (swap/components/composed_persons/make.py)."""
    return row["entity_type"] == "PERSON" and "PERSON" in policy.made_types


def made(row: dict[str, Any], policy: Policy) -> bool:
    """A row whose replacement was made, not drawn: a country map, a town or a composed name (context_v9)."""
    return row["entity_type"] in policy.made_types & _MADE_NAMES


def made_kind(row: dict[str, Any]) -> str | None:
    """The kind a made replacement's name shows: a country or city for a GPE (the gazetteer), a nationality for a
    NORP (the country maps), the generic head of a composed name, "team" for a team."""
    new, label = row["replacement_entity"], row["entity_type"]
    if label == "GPE":
        found = place(new)
        return found.kind if found is not None else None
    if label == "NORP":
        return "nationality" if country_of_form(new) is not None else None
    if team_form(new) is not None and row["entity_kind"] == "team":
        return "team"
    return entity_kind(new, label)


def _share(checks: list[bool]) -> float | None:
    return round(sum(checks) / len(checks), 4) if checks else None


def run_audit(
    out: str,
    sample: int,
    seed: int,
    sheet_path: str | None,
    per_type: int | None = None,
    types: Sequence[str] | None = None,
    more: Sequence[str] = (),
    half: Half | None = None,
) -> tuple[Path, Proxies]:
    """Write the sheet (default beside the build, OUT-audit-seed{seed}.md, OUT-audit-seed{seed}-{half}.md with
    `half`: never inside the release folder, which
    a rebuild replaces and `push` publishes) and return its path with the proxies of `out`. With
    `per_type`, the sheet is type-stratified over `out` and the `more` builds (see `draw_stratified`), else a
    random draw over them all; with
    `half`, only rows of that half of their source are drawn (fqa_build/halves.py)."""
    manifest_path = Path(out) / "build_manifest.json"
    if not manifest_path.exists():
        raise AuditError(f"{out}: not a build folder (no build_manifest.json)")
    manifest = json.loads(manifest_path.read_text())
    folder = Path(out).resolve()
    named = f"{folder.name}-audit-seed{seed}{f'-{half.value}' if half else ''}.md"
    path = Path(sheet_path) if sheet_path else folder.parent / named
    if per_type:
        rows = draw_stratified([out, *more], per_type, seed, types, half)
    else:
        rows = draw(out, sample, seed, half, more)
    if not rows:
        what = f" of type(s) {', '.join(types)}" if per_type and types else ""
        raise AuditError(f"{out}: no rows{what}{f' in the {half.value} half' if half else ''} to draw")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, sheet(rows, seed, manifest, half).encode("utf-8"))
    except OSError as error:
        raise AuditError(f"cannot write the sheet {path}: {error.strerror or error}") from None
    return path, proxies(out)
