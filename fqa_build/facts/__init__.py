"""What a passage states, read by any stage after NER: its numbers (in digits or words, with their units), the
relations between them (ranges, parts and wholes, totals, conversions), its lists and named members, and its
"City, State" pairs. A library the swap's rules, filters and made values read; it reads no stage."""
