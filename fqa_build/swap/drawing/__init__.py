"""Drawing a replacement from the entity bank: the candidate pool, the draw strategies and the candidate filters."""
