"""A passage's dates: calendar dates, time anchors, the timeline and its shift by one offset."""
