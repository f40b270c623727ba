"""The swap stage's orchestration: every record's outcome, one record's attempt, matching and gold answers."""
