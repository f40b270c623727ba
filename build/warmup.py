"""Start-up work that needs no NER, done in the parent while the NER workers run (its idle time). The pipeline
hands NER a `Warmup` value naming what to prepare; NER runs it when its workers have started, and calls nothing
of the pipeline."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Warmup:
    """What to prepare: always the modules writing the output needs (`datasets` through faithfulness_qa,
    matplotlib for the card) and the first-name gender lexicon the bank uses; with `kinds` the place gazetteer;
    with `embeddings` the embedding model of the neighbours draw; with `made` the city list and the country maps
    (read once here, they are shared by the forked swap workers instead of read in each); with `localities` the
    cities' points, the large cities and the cities by name (where made towns are placed against the text)."""

    kinds: bool = False
    embeddings: bool = False
    made: bool = False
    localities: bool = False

    @classmethod
    def for_policy(cls, policy: Any) -> Warmup:
        """What a build under `policy` (a `build.swap.policies.Policy`) uses."""
        return cls(
            kinds=policy.classify_kinds,
            embeddings=policy.draw == "neighbours",
            made=policy.composed_names,
            localities=policy.no_city_districts or policy.towns_near_named_cities,
        )

    def run(self) -> None:
        """Do the work (idempotent: each step loads what later calls reuse)."""
        import faithfulness_qa  # noqa: F401

        from .bank import countries, persons, places
        from .release import card

        card.import_plotting()
        persons.name_gender("Ada Lovelace")  # loads gender-guesser's lexicon
        if self.kinds:
            places.place("Paris")  # builds the gazetteer
        if self.embeddings:
            from .bank.embeddings import embed

            embed(["Paris"])  # loads the model
        if self.made:
            from .swap.made.cities import resolve_city
            from .swap.made.countries import map_country  # noqa: F401

            resolve_city("Paris")  # the city list and its index
            countries.countries()
            countries.neighbours()
        if self.localities:
            from .swap.made import locality

            locality.points_of("Paris")  # the cities' points and the large cities' cells
            locality.district_of("Paris")
            places.city_in("Paris", places.Place("country", "FR", ""))  # the cities by name
