from fqa_build.bank.entity_bank import EntityBankBuilder

from .conftest import make_mention


def test_majority_label_counts_and_sources():
    builder = EntityBankBuilder()
    c1, c2, c3 = "Paris is big.", "They love Paris.", "Paris Hilton."
    builder.add_context(c1, "k1", "squad", [make_mention("Paris", "GPE", c1)])
    builder.add_context(c2, "k2", "trivia_qa", [make_mention("Paris", "GPE", c2)])
    builder.add_context(c3, "k3", "squad", [make_mention("Paris", "PERSON", c3)])
    bank = builder.build()
    (entry,) = bank.entries
    assert (entry.entity, entry.entity_type, entry.frequency, entry.num_contexts, entry.sources) == (
        "Paris",
        "GPE",
        3,
        3,
        ("squad", "trivia_qa"),
    )
    assert entry.shape == "GPE|Cap+"


def test_tie_goes_to_alphabetically_first_label():
    builder = EntityBankBuilder()
    c1, c2 = "Jordan won.", "Jordan is dry."
    builder.add_context(c1, "k1", "squad", [make_mention("Jordan", "PERSON", c1)])
    builder.add_context(c2, "k2", "squad", [make_mention("Jordan", "GPE", c2)])
    assert builder.build().entries[0].entity_type == "GPE"


def test_article_majority_enters_the_shape():
    builder = EntityBankBuilder()
    c1, c2 = "the United States grew.", "In the United States."
    builder.add_context(c1, "k1", "squad", [make_mention("United States", "GPE", c1)])
    builder.add_context(c2, "k2", "squad", [make_mention("United States", "GPE", c2)])
    assert builder.build().entries[0].shape == "GPE|Cap+|the"


def test_sorted_min_frequency_restricted_and_lexicon():
    builder = EntityBankBuilder()
    context = "In 1990 Zed met Amy; Amy left in 1991."
    mentions = [
        make_mention("1990", "DATE", context),
        make_mention("Zed", "PERSON", context),
        make_mention("Amy", "PERSON", context),
        make_mention("1991", "DATE", context),
    ]
    mentions.append(make_mention("Amy", "PERSON", start=21))
    builder.add_context(context, "k", "squad", mentions)
    bank = builder.build()
    assert [(e.entity_type, e.entity) for e in bank.entries] == [
        ("DATE", "1990"),
        ("DATE", "1991"),
        ("PERSON", "Amy"),
        ("PERSON", "Zed"),
    ]
    assert [e.entity for e in builder.build(min_frequency=2).entries] == ["Amy"]
    assert [e.entity for e in bank.restricted(["DATE"]).entries] == ["1990", "1991"]
    assert bank.lexicon(2) == {"amy": "PERSON"}
    assert bank.label_of("Amy", "ORG") == "PERSON"
    assert bank.counts_by_type() == {"DATE": 2, "PERSON": 2}


def test_length_window():
    builder = EntityBankBuilder()
    context = "1900 and 1901 and 1902"
    builder.add_context(context, "k", "squad", [make_mention(y, "DATE", context) for y in ("1900", "1901", "1902")])
    bank = builder.build()
    group = bank.group("DATE", "DATE|D4")
    assert [e.entity for e in group.entries] == ["1900", "1901", "1902"]
    assert group.length_range(1.2, 12) == (0, 3)
    assert group.length_range(5, 12) == (3, 3)


def test_case_variants_are_one_entry_with_the_commonest_spelling():
    builder = EntityBankBuilder()
    c1, c2, c3 = "Three men came.", "Then three more.", "And three again."
    for c, key in ((c1, "k1"), (c2, "k2"), (c3, "k3")):
        word = "Three" if c is c1 else "three"
        builder.add_context(c, key, "squad", [make_mention(word, "CARDINAL", c)])
    (entry,) = builder.build().entries
    assert (entry.entity, entry.frequency) == ("three", 3)


def test_keys_in_equals_the_bank_keys_among_all_word_runs():
    from fqa_build.text import ngram_keys

    builder = EntityBankBuilder()
    for name, label in (
        ("New York", "GPE"),
        ("York", "GPE"),
        ("New York City Ballet", "ORG"),
        ("Ballet", "ORG"),
        ("Paris", "GPE"),
    ):
        builder.add_context(name, "c", "squad", [make_mention(name, label, name)])
    bank = builder.build()
    text = "The New York City ballet left York for new york."
    every = ngram_keys(text, max(len(e.key) for e in bank.entries))
    assert bank.keys_in(text) == frozenset(k for k in every if k in {e.key for e in bank.entries})
    assert bank.keys_in(text) == {("new", "york"), ("york",), ("new", "york", "city", "ballet"), ("ballet",)}
