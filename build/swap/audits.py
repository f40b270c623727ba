"""The blind audits of the registered policies (`../shared/QUALITY.md`): 120 records of a SQuAD v1.1 dev
build (bank also from the SQuAD train slice), drawn with `python -m build audit OUT --sample 120 --seed S`,
each sheet judged in three parts by helper sessions that saw only the sheet and the rubric. The card of a
release quotes the audit of its policy; the README tabulates them all."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Audit:
    """One blind audit: its seed, usable records of those judged, the share passing each criterion (A-D), and
    usable/judged per entity type."""

    seed: int
    kept: int  # rows of the audited SQuAD dev build (of 10,570 questions)
    usable: int
    judged: int
    criteria: dict[str, float]
    by_type: dict[str, tuple[int, int]]
    left: str = (
        "a plural the question rules miss, a gendered noun beside a composed name, a catalogue number or a number "
        "inside a term left standing"
    )  # the failure classes the judges found, as the card says them

    @property
    def share(self) -> float:
        return self.usable / self.judged


AUDITS: dict[str, Audit] = {
    "context_v8": Audit(
        5158,
        1110,
        108,
        120,
        {"A": 1.0, "B": 0.98, "C": 0.93, "D": 0.97},
        {"DATE": (60, 64), "PERSON": (35, 40), "CARDINAL": (13, 16)},
    ),
    "context_v9": Audit(
        9301,
        1165,
        110,
        120,
        {"A": 1.0, "B": 0.98, "C": 0.94, "D": 0.98},
        {"DATE": (62, 67), "PERSON": (34, 37), "CARDINAL": (12, 13), "GPE": (2, 2), "EVENT": (0, 1)},
        left=(
            "a duration against the years the text spans, a chronology 'soon after' or an age record broken, a "
            "film title tagged as a person, a composed surname already used for another person, a battle placed "
            "in a town of another state"
        ),
    ),
}

#: Type-stratified blind audits (`python -m build audit OUT --per-type 20 --types ...`): every record of a type
#: the random sheet holds too few of, drawn from SQuAD dev, the SQuAD train slice and the NQ oracle file
#: together (`kept`: the rows of those builds of the stratified types), judged like the random sheets.
STRATIFIED_AUDITS: dict[str, tuple[Audit, ...]] = {
    "context_v9": (
        Audit(
            9302,
            145,
            57,
            61,
            {"A": 1.0, "B": 0.98, "C": 0.97, "D": 0.98},
            {"GPE": (19, 20), "LOC": (19, 20), "ORG": (11, 11), "NORP": (5, 7), "EVENT": (3, 3)},
            left=(
                "a nationality against a person's name that carries another ('Jerónimo de Ayanz', 'Shibutani'), "
                "a country inside a film title, a port composed with an inland town"
            ),
        ),
        Audit(
            9303,
            114,
            47,
            56,
            {"A": 1.0, "B": 0.95, "C": 0.98, "D": 0.91},
            {"GPE": (18, 20), "LOC": (14, 20), "ORG": (10, 10), "NORP": (2, 2), "EVENT": (3, 4)},
            left=(
                "questions the swapped entity does not answer (a boundary, a station, a battle's year), composed "
                "mountain ranges ('Andes Mountains'), a word derived from the original ('Pamiri'), a town famous "
                "elsewhere ('Engadine Valley'), a town outside the county the text names ('Dorking, Kent')"
            ),
        ),
    ),
}


def blind_by_type(policy: str) -> dict[str, tuple[int, int]]:
    """usable/judged per entity type over the policy's random and type-stratified audits together."""
    merged: dict[str, tuple[int, int]] = {}
    for audit in (AUDITS.get(policy), *STRATIFIED_AUDITS.get(policy, ())):
        for entity_type, (usable, judged) in (audit.by_type if audit else {}).items():
            old = merged.get(entity_type, (0, 0))
            merged[entity_type] = (old[0] + usable, old[1] + judged)
    return dict(sorted(merged.items(), key=lambda item: (-item[1][1], item[0])))
