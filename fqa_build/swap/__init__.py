"""The swap stage: from a QA record and its context's entities to a counterfactual sample or a named rejection.

Its parts, by role:

- `orchestration/`: the stage over all records (`substitute.py`), one record's attempt as a loop of steps
  (`sample.py`), what a swap works on (`state.py`), answer-to-entity matching (`match.py`), the gold answers
  (`golds.py`) and evidence windows (`windows.py`).
- `drawing/`: the candidate pool and draw strategies (`candidates.py`, `vectors.py`) and the candidate filters
  (`filters/`).
- `rewriting/`: the whole-word rewrite of every mention (`rewrite.py`), an entity's other names
  (`aliases.py`), gendered role words (`roles.py`) and unit conversions stated beside a value
  (`conversions.py`).
- `made/`: replacements made rather than drawn: composed persons, names and works, country maps, towns, classed
  organisations, values with units and closed-class nouns.
- `timelines/`: the dates of a passage and their shift by one offset.
- `reading/`: what a passage states around a swapped number: numbers in digits and words, their relations,
  lists and "City, State" pairs.
- `rules/`: the rule table a policy picks from, rules by topic.
- `policies/`: what a policy is, the versioned registry, the rule lists policies share and their blind audits.
"""
