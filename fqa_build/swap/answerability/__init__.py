"""Answerability: does a passage name exactly one answer to its question, and is it the gold? A candidate
reader (`reader.py`) ranks every mention of the answer's type in the passage by how well it fills the role the
question asks for (`features.py`, over `candidates.py`), with weights trained on real QA data
(`training.py`, `tools/train_reader.py`) and shipped as `reader_weights.json`; the rules in
`fqa_build/swap/rules/answerability.py` keep a row only where the reader picks the gold by a margin, in the original
passage and in the counterfactual one (a round-trip check)."""
