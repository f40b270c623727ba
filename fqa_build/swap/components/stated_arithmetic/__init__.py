"""The `stated_arithmetic` component's parameters. Its rule is in rules.py, registered where it is defined
(fqa_build/swap/rule.py); the text is read by fqa_build/facts/arithmetic.py."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from fqa_build.facts.arithmetic import Reading
from fqa_build.swap.components.base import Component, component


@component("stated_arithmetic")
@dataclass(frozen=True)
class StatedArithmetic(Component):
    """The arithmetic a passage states among its figures holds after the swap: every sum, product, share and change
    that holds between three of its figures to the precision they are written with ("9,250 ... 5,390 entrants ...
    £49.9m"; "2,184 movements ... 31,150 t ... 14.3 t") holds among the new figures too, whatever rule or mechanism
    moved them, or the row is dropped (rules.py). Amounts scaled together are scaled by a factor that keeps it where
    one does (`offers`: scaled_amounts asks)."""

    # what the reader reads (fqa_build/facts/arithmetic.py, `Reading`); all off is how context_v16 read, the last nine
    # off how context_v17 read
    table_units: bool = True  # a table's cell takes the unit its column's header states ("Cost (€ millions)")
    means: bool = True  # the mean of two figures, where their sentence names an average
    letter_currencies: bool = True  # money in a currency written with letters ("R4.56 billion")
    exact_figures: bool = True  # an average, a share or a total the other two gave to its last digit still is
    shares_as_written: bool = True  # a percentage the written figures give to its last digit, however rounded
    wholes: bool = True  # shares one after another that make 100% keep making it ("68.7%; 17.1%; 14.2%")
    rates_in_prose: bool = True  # a quantity per a unit written out ("174.4 cubic metres per hectare") is a rate
    products_of_three: bool = True  # a figure three others multiply to ("15 places x £12,700 a week x 52 weeks")
    paired_shares: bool = True  # a share in brackets with its count, however round, is of its whole ("76% (289)")
    list_units: bool = True  # a list's items take the unit its head states ("Spending by scheme (£ million): A: 42.5")
    periods: bool = True  # a figure per a day, week or month stays what a year's total gives ("2,523 a day")
    sums_of_parts: bool = True  # three or more figures one after another that add up to another keep adding up to it
    grown_shares: bool = True  # a share now stays what its earlier figure and its part's and whole's growth give
    whole_counts: bool = True  # a whole count is worked out only as itself; a product's total worked out again
    orders: bool = True  # no figure moves past another of its unit in its sentence or the next ("134,800 of 312,500")

    offers: ClassVar[frozenset[str]] = frozenset({"stated_arithmetic_kept"})

    def reading(self) -> Reading:
        """What the reader reads under these parameters."""
        return Reading(**{f.name: getattr(self, f.name) for f in fields(Reading)})
