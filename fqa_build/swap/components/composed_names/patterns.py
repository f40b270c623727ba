"""Name forms a composed name keeps: "<Head> of <X>", "<Prefix head> <X>", "<X> <Head>" and a team's "<City>
<Nickname>"; X, the distinctive part, is what make.py replaces. And, under
`acronym_expansions_mapped`, an acronym its text spells out with its expansion ("the Intergovernmental Panel on
Climate Change (IPCC)"), which organisations.py makes anew in both forms, the expansion's first word
replaced ("Global Panel on Climate Change (GPCC)"): one consistent map of every mention and short form."""

from __future__ import annotations

import functools
import re
from collections.abc import Container
from dataclasses import dataclass

from fqa_build.bank.entity_kinds import _PREFIX_HEADS, head_word
from fqa_build.gazetteers.places import place
from fqa_build.lexicons import word_set
from fqa_build.swap.components.made_towns.cities import resolve_city

#: heads of things commonly named after a person or a place, of which a reader knows no list: a composed
#: "Tolbert University" is credible. Not composed: bodies of a state ("Parliament", "Court", "Government"),
#: denominations ("Church"), parties and armies, and features of which there are few and all known ("Ocean",
#: "Sea", "Continent"), and places only a coast has ("Port", "Harbor", "Bay", "Cape", "Island"): a town of
#: the region may lie inland.
COMPOSED_HEADS = frozenset(
    "university college school academy seminary institute library museum gallery observatory laboratory "
    "laboratories hospital foundation company corporation records studio studios press society club orchestra "
    "bank brewery bridge tunnel dam canal stadium arena hall theater park garden gardens square street road "
    "avenue station airport tower castle fort fortress palace abbey monastery cathedral chapel "
    "temple mosque cemetery memorial monument zoo river creek lake mountain hill valley forest desert "
    "falls glacier plain plateau battle siege festival fire rally race marathon expedition massacre "
    "earthquake flood riot strike".split()
)
#: heads of buildings composed besides those under `name_buildings_after_persons` (a mall, a house or a highway is named
#: after anyone; none is one a reader knows the list of)
BUILDING_HEADS = frozenset("building mall market highway motorway lighthouse house prison".split())
_WORD = re.compile(r"^[A-Z][a-z]+(?:['’][a-z]+)?$")


@dataclass(frozen=True)
class NameForm:
    """A name split into the part kept before, the distinctive part and the part kept after."""

    before: str
    distinctive: str
    after: str

    def compose(self, part: str) -> str:
        return f"{self.before}{part}{self.after}"


def name_form(name: str, label: str, heads: frozenset[str] = COMPOSED_HEADS) -> NameForm | None:
    """The form of a name with a generic head of `heads`: "<Head> of <X>", "<Prefix head> <X>" ("Lake Ontario") or
    "<X> <Head>" ("Vistula River"), X one or two capitalised words; None for any other name."""
    head = head_word(name)
    if head not in heads:
        return None
    words = name.split()
    if " of " in name:
        before, distinctive = name.split(" of ", 1)
        form = NameForm(before + " of ", distinctive, "")
        if head_word(before) != head:
            return None
    elif words[0].casefold().rstrip(".") in _PREFIX_HEADS and len(words) > 1:
        form = NameForm(words[0] + " ", " ".join(words[1:]), "")
    else:
        last = words[-1].casefold().strip(",.'’")
        if not (last == head or last.rstrip("s") == head.rstrip("s")) or len(words) < 2:
            return None
        if last in _RANGES:
            return None  # "Andes Mountains", "Pamir Mountains": a range is one a reader knows
        form = NameForm("", " ".join(words[:-1]), " " + words[-1])
    parts = form.distinctive.split()
    if not 1 <= len(parts) <= 2 or not all(_WORD.match(p) for p in parts):
        return None
    return form


#: plural heads of ranges and chains (blind judges failed composed ranges: 6 of 10 mountains usable)
_RANGES = frozenset({"mountains", "hills", "alps", "highlands", "islands"})


#: a team's nickname: a capitalised plural ("Bears", "Broncos") or a number word ending in s ("49ers")
_NICKNAME = re.compile(r"^(?:[A-Z][a-z]+|\d+[a-z]+)s$")


#: plurals that name a business, not a team ("Paramount Pictures", "Pacific Airlines")
_BUSINESS_PLURALS = frozenset(
    "pictures records studios industries airlines airways motors enterprises holdings brothers communications "
    "systems laboratories labs films productions publications networks partners associates resources "
    "technologies services stores foods mills works".split()
)


def team_form(name: str) -> NameForm | None:
    """The form of a team named "<City> <Nickname>" ("Chicago Bears"), the city one the gazetteer resolves to
    one place; None for any other name."""
    words = name.split()
    if not 2 <= len(words) <= 4 or not _NICKNAME.match(words[-1]) or head_word(name) is not None:
        return None
    city = " ".join(words[:-1])
    if words[-1].casefold() in _BUSINESS_PLURALS:
        return None
    found = place(city)
    if found is None or found.kind != "city" or resolve_city(city) is None:
        return None
    return NameForm("", city, " " + words[-1])


#: first words of an institution's expansion that say its scope: a made expansion takes another of them
#: ("Intergovernmental Panel on Climate Change" -> "Global Panel on Climate Change")
SCOPE_WORDS = (
    "International",
    "Intergovernmental",
    "National",
    "Federal",
    "Global",
    "World",
    "Central",
    "General",
    "Joint",
    "Permanent",
    "Independent",
    "Continental",
    "Regional",
    "Universal",
    "Consolidated",
)
_EXPANSION_WORD = r"(?:[A-Z][\w'’-]*|of|and|for|the|on|in|to|&)"
#: an expansion and its acronym in brackets: "the Intergovernmental Panel on Climate Change (IPCC)"
_EXPANDED = re.compile(rf"({_EXPANSION_WORD}(?:[^\S\n]+{_EXPANSION_WORD}){{1,9}})[^\S\n]+\(([A-Z]{{3,6}})\)")


@functools.lru_cache(maxsize=4096)
def acronym_expansions(text: str) -> tuple[tuple[str, str], ...]:
    """(acronym, expansion) of each acronym the text spells out before it in brackets, the expansion the
    shortest run of words from a capitalised one whose capitalised words' initials are the acronym."""
    found: dict[str, str] = {}
    for m in _EXPANDED.finditer(text):
        words, acronym = m.group(1).split(), m.group(2)
        for i in range(len(words)):
            run = words[i:]
            if not run[0][0].isupper() or run[0] == "The":
                continue
            if "".join(w[0] for w in run if w[0].isupper()) == acronym:
                found.setdefault(acronym, " ".join(run))
                break
    return tuple(sorted(found.items()))


def acronym_pair_of(
    name: str, context: str, surnames: Container[str], common_words: Container[str]
) -> tuple[str, str] | None:
    """(acronym, expansion) where an organisation is named by an acronym its context spells out, or by the
    expansion of one the context uses, and the expansion's first word can be made anew: a word of scope
    (`SCOPE_WORDS`) or a surname of the corpus (`surnames`) that names no place and is no common word; None
    otherwise."""
    name = re.sub(r"^[Tt]he\s+", "", name)
    for acronym, expansion in acronym_expansions(context):
        if name not in (acronym, expansion) or len(expansion.split()) < 3:
            continue
        first = expansion.split()[0]
        if first in SCOPE_WORDS or (
            first in surnames
            and re.match(r"^[A-Z][a-z]{2,}$", first)
            and place(first) is None
            and first.casefold() not in common_words
            and first.casefold() not in _stopwords()
        ):
            return acronym, expansion
    return None


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")
