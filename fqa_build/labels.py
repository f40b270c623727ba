"""The NER label sets (OntoNotes labels as spaCy's English pipelines give them), declared once."""

from __future__ import annotations

#: The reference work's eight entity types (the default of `--entity-types`).
DEFAULT_ENTITY_TYPES = ("PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT")
#: The other OntoNotes labels, added by `--entity-types all`.
EXTRA_ENTITY_TYPES = (
    "FAC",
    "WORK_OF_ART",
    "PRODUCT",
    "LAW",
    "LANGUAGE",
    "MONEY",
    "PERCENT",
    "QUANTITY",
    "TIME",
    "ORDINAL",
)
ALL_ENTITY_TYPES = DEFAULT_ENTITY_TYPES + EXTRA_ENTITY_TYPES

#: Labels whose surface forms are proper names (they start upper-case or with a digit).
NAME_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "NORP", "EVENT", "FAC", "WORK_OF_ART", "PRODUCT", "LAW", "LANGUAGE"}
)
#: Labels of numbers, amounts, dates and times.
NUMERIC_LABELS = frozenset({"CARDINAL", "DATE", "MONEY", "PERCENT", "QUANTITY", "TIME", "ORDINAL"})
#: Labels of points and spans in time.
DATE_LABELS = frozenset({"DATE", "TIME"})
