"""Swap policies: what a policy is, the versioned registry, shared rule lists and the blind audits the card quotes."""
