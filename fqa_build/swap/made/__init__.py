"""Replacements the swap makes rather than draws from the bank."""
