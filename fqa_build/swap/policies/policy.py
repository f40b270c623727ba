"""What a swap policy is: a frozen value naming its rules, its candidate filters, its draw and the components it uses
with their parameters (components.py), written out and read back as data (`to_dict`, `from_dict`). It names them
only; `registry.py` checks the names against the rule table and the filters, gives each stage its rules
(`stage_rules`) and keeps the registry, so the swap's state can name a `Policy` without importing the rules that
name the state."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from fqa_build.labels import ALL_ENTITY_TYPES
from fqa_build.swap.components import COMPONENTS, Component
from fqa_build.swap.components.base import offered

#: The names `Policy.draw` may use (defined in fqa_build/swap/drawing/candidates.py).
DRAW_NAMES = ("uniform", "neighbours")
#: the labels a policy may swap: NER's, and closed-class nouns (`THING`, swap/components/closed_class_nouns/things.py)
ALL_ENTITY_TYPES_AND_THINGS = frozenset(ALL_ENTITY_TYPES) | {"THING"}


C = TypeVar("C", bound=Component)


@dataclass(frozen=True)
class Policy:
    """How a replacement is chosen and what a swap must keep consistent."""

    name: str  # versioned and never reused: `<family>_v<version>`
    description: str
    rules: frozenset[str]  # names of fqa_build/swap/rules TABLE entries; run in the table's order
    filters: tuple[str, ...] = ()  # candidate filters (a bank entry must pass all)
    draw: str = "uniform"
    neighbour_k: int = 8  # draw "neighbours": among this many nearest candidates
    alias_similarity: float = 0.9  # draw "neighbours": a candidate this similar to the original is an alias
    swap_types: frozenset[str] | None = None  # the entity types swapped (None: every chosen type)
    components: tuple[Component, ...] = ()  # the features the swap uses, with their parameters (components.py)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", frozenset(self.rules))
        # one order for every policy, the components' registration order: the swap runs them so whatever the order
        # a policy lists them in, and two policies of the same components are equal
        order = {kind: i for i, kind in enumerate(COMPONENTS.values())}
        object.__setattr__(self, "components", tuple(sorted(self.components, key=lambda c: order[type(c)])))
        kinds = [type(c) for c in self.components]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"policy {self.name}: a component is listed twice ({[k.name for k in kinds]})")
        names = {k.name for k in kinds}
        for kind in kinds:
            missing = [name for name in kind.requires if name not in names]
            if missing:
                raise ValueError(f"policy {self.name}: component {kind.name} needs {', '.join(missing)} listed too")

    @property
    def version(self) -> int:
        """The version its name carries (`context_v13`: 13)."""
        family, _, version = self.name.rpartition("_v")
        return int(version) if family and version.isdigit() else 0

    def get(self, kind: type[C]) -> C | None:
        """The policy's component of this class, with its parameters; None where the policy does not use it."""
        for used in self.components:
            if type(used) is kind:
                return used  # type: ignore[return-value]
        return None

    def uses(self, kind: type[Component], parameter: str | None = None) -> bool:
        """Whether the policy lists the component, and, given one of its `parameter`s, has that parameter on."""
        used = self.get(kind)
        return used is not None and (parameter is None or bool(getattr(used, parameter)))

    @property
    def drawn_types(self) -> frozenset[str] | None:
        """The types whose replacements come from the bank (drawn, or ranked in embedding space), None for every
        type: the swapped types but those the policy's components make every replacement of (`draws_none`)."""
        if self.swap_types is None:
            return None
        return self.swap_types - self._united("draws_none")

    @property
    def reads_answers(self) -> bool:
        """Whether the policy's rules read the passage with the candidate reader (fqa_build/swap/answerability/)."""
        return "reader_picks_gold" in self.rules

    @property
    def value_types(self) -> frozenset[str]:
        """The types its components read as values: matched beyond the build's `--entity-types`, and made."""
        return self._united("value_types")

    @property
    def made_types(self) -> frozenset[str]:
        """The types its components make (compose) rather than draw."""
        return self._united("made_types")

    @property
    def own_labels(self) -> frozenset[str]:
        """The labels of its components' own, no NER label (`THING`)."""
        return self._united("own_labels")

    def offers(self, capability: str) -> bool:
        """Whether a component of the policy offers `capability` (`Component.capabilities`): what the shared rules
        and the other components ask instead of a component's parameters. ValueError for a name no component
        offers."""
        if capability not in offered():
            raise ValueError(f"no component offers {capability!r} (known: {sorted(offered())})")
        return capability in _capabilities(self.components)

    def needs(self, what: str) -> bool:
        """Whether a component of the policy needs `what` of the build (`Component.needs`: "kinds", ...)."""
        return what in self._united("needs")

    def _united(self, fact: str) -> frozenset[str]:
        return frozenset().union(*(getattr(c, fact) for c in self.components))

    @property
    def added_types(self) -> frozenset[str]:
        """The labels the policy's components match and bank beyond the build's `--entity-types`."""
        return frozenset().union(*(c.added_types for c in self.components))

    def matched_types(self, chosen: tuple[str, ...]) -> tuple[str, ...]:
        """The labels a build under this policy matches answers to and banks: the build's `--entity-types`
        (`chosen`), then the labels the policy adds (`added_types`) that it does not hold, in the order of
        `ALL_ENTITY_TYPES`. The one place where a policy widens what is matched; a policy that adds none leaves
        `chosen` as it is."""
        added = self.added_types
        return chosen + tuple(t for t in ALL_ENTITY_TYPES if t in added and t not in chosen)

    def extend(
        self,
        name: str,
        description: str,
        rules: tuple[str, ...] = (),
        components: tuple[Component, ...] = (),
        **changes: Any,
    ) -> Policy:
        """A new version: this policy's rules plus `rules`, its components with `components` added (or replacing
        the same component's parameters), with `changes` to its other fields."""
        extended = replace(self, name=name, description=description, rules=self.rules | frozenset(rules), **changes)
        return extended.with_components(*components)

    def with_components(self, *components: Component) -> Policy:
        """This policy with `components` added, each replacing the same component's parameters where listed."""
        listed = {type(c): c for c in components}
        kept = tuple(listed.pop(type(c), c) for c in self.components)
        return replace(self, components=kept + tuple(listed.values()))

    def without(self, *kinds: type[Component]) -> Policy:
        """This policy without the components `kinds`."""
        return replace(self, components=tuple(c for c in self.components if type(c) not in kinds))

    def to_dict(self) -> dict[str, Any]:
        """The policy as data (JSON-ready; what `--policy FILE` reads and the manifest records)."""
        return {
            "name": self.name,
            "version": self.version,
            "description": self.description,
            "rules": sorted(self.rules),
            "filters": list(self.filters),
            "draw": self.draw,
            "neighbour_k": self.neighbour_k,
            "alias_similarity": self.alias_similarity,
            "swap_types": None if self.swap_types is None else sorted(self.swap_types),
            "components": [{"name": c.name, "parameters": dataclasses.asdict(c)} for c in self.components],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "policy") -> Policy:
        """The policy `to_dict` wrote (ValueError naming `source` and the key, component or parameter at fault)."""
        if not isinstance(data, dict):
            raise ValueError(f"{source}: a policy is a JSON object, not {type(data).__name__}")
        # `reader`: what a build's manifest records of the reader it ran (its weights, its parser), not a setting
        known = {"name", "version", "description", "rules", "filters", "draw", "neighbour_k", "alias_similarity",
                 "swap_types", "components", "reader"}  # fmt: skip
        missing = sorted({"name", "description", "rules"} - set(data))
        unknown = sorted(set(data) - known)
        if missing or unknown:
            raise ValueError(f"{source}: policy keys missing {missing}, unknown {unknown}")
        listed = data.get("components", [])
        if not isinstance(listed, list):
            raise ValueError(f"{source}: components: expected a list of components")
        components = tuple(_component(entry, f"{source}: component {i}") for i, entry in enumerate(listed))
        rules = frozenset(_strings(data["rules"], f"{source}: rules"))
        filters = tuple(_strings(data.get("filters", []), f"{source}: filters"))
        swap_types = data.get("swap_types")
        swap_types = None if swap_types is None else frozenset(_strings(swap_types, f"{source}: swap_types"))
        unknown_types = sorted((swap_types or frozenset()) - ALL_ENTITY_TYPES_AND_THINGS)
        if unknown_types:
            raise ValueError(f"{source}: swap_types: unknown labels {unknown_types}")
        neighbour_k = data.get("neighbour_k", 8)
        if type(neighbour_k) is not int or neighbour_k < 1:
            raise ValueError(f"{source}: neighbour_k must be a whole number of at least 1, not {neighbour_k!r}")
        similarity = data.get("alias_similarity", 0.9)
        if type(similarity) not in (int, float) or not 0 <= similarity <= 1:
            raise ValueError(f"{source}: alias_similarity must be a number from 0 to 1, not {similarity!r}")
        for key in ("name", "description", "draw"):
            if key in data and not isinstance(data[key], str):
                raise ValueError(f"{source}: {key} must be a string, not {data[key]!r}")
        try:
            policy = cls(
                name=data["name"],
                description=data["description"],
                rules=rules,
                filters=filters,
                draw=str(data.get("draw", "uniform")),
                neighbour_k=neighbour_k,
                alias_similarity=float(similarity),
                swap_types=swap_types,
                components=components,
            )
        except (TypeError, ValueError) as error:
            raise ValueError(f"{source}: {error}") from None
        if "version" in data and data["version"] != policy.version:
            raise ValueError(
                f"{source}: version {data['version']!r} is not the one its name carries ({policy.version})"
            )
        return policy


def _strings(values: Any, where: str) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError(f"{where}: expected a list of strings")
    return values


def _component(entry: Any, where: str) -> Component:
    """One component of a policy file: `{"name": ..., "parameters": {...}}`."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise ValueError(f"{where}: expected an object with a name and parameters")
    kind = COMPONENTS.get(entry["name"])
    if kind is None:
        raise ValueError(f"{where}: unknown component {entry['name']!r}; known: {', '.join(COMPONENTS)}")
    parameters = entry.get("parameters", {})
    fields = {f.name: f for f in dataclasses.fields(kind)}
    if not isinstance(parameters, dict):
        raise ValueError(f"{where} ({kind.name}): parameters: expected an object, not {parameters!r}")
    if set(parameters) - set(fields):
        raise ValueError(
            f"{where} ({kind.name}): unknown parameters {sorted(set(parameters) - set(fields))}; "
            f"known: {sorted(fields)}"
        )
    read = {}
    for key, value in parameters.items():
        default = fields[key].default
        expected = type(default)
        if expected is tuple and isinstance(value, list):  # JSON writes a tuple of numbers as a list
            items = {type(item) for item in default}
            if items == {float} and all(type(v) in (int, float) for v in value):
                value = tuple(float(v) for v in value)
            elif all(type(v) in items for v in value):
                value = tuple(value)
        elif expected is float and type(value) is int:
            value = float(value)
        if type(value) is not expected:
            raise ValueError(f"{where} ({kind.name}): parameter {key} must be a {expected.__name__}, not {value!r}")
        read[key] = value
    try:
        return kind(**read)
    except ValueError as error:
        raise ValueError(f"{where} ({kind.name}): {error}") from None


@functools.cache
def _capabilities(components: tuple[Component, ...]) -> frozenset[str]:
    return frozenset().union(*(c.capabilities() for c in components))
