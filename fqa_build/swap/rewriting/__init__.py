"""Rewriting a context: every mention of the original, its other names, role words and stated conversions."""
