"""What NER must see (`plan_ner`: whole contexts for the bank corpus, snippets around the answers elsewhere),
and running it through the cache (`run_ner_plan`)."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..config import BuildConfig
from ..hashing import sha256_text
from ..read.formats import paragraph_sources
from ..read.inputs import Inputs
from .cache import NerCache, cached_or_run
from .runner import ModelInfo, choose_model, installed_package, load_ner_pipeline, model_info, run_ner
from .snippets import snippet_spans

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NerPlan:
    """What NER must see: `texts` (NER key -> text), and for each context the (offset, NER key) units its
    entities come from: the whole context, or snippets of the sentences around its answers."""

    texts: dict[str, str]
    units: dict[str, tuple[tuple[int, str], ...]]
    bank_contexts: frozenset[str]  # context keys whose entities feed the bank (whole-context NER)

    def entities(self, context_key: str, found: dict[str, list]) -> list:
        units = self.units[context_key]
        if len(units) == 1 and units[0][0] == 0 and units[0][1] == context_key:
            return found[context_key]
        shifted = [(s + offset, e + offset, label) for offset, key in units for s, e, label in found[key]]
        return sorted(shifted)


def plan_ner(config: BuildConfig, inputs: Inputs, snippets_everywhere: bool = False) -> NerPlan:
    """Which texts go to NER. Bank-corpus contexts (all SQuAD contexts and bank sources by default) are run
    whole: the bank needs every entity of them. The others (TriviaQA windows) are run as snippets of the
    sentences around their answers under `ner_scope="auto"`. `snippets_everywhere` (for measuring the
    agreement of the two) runs every context that has questions as snippets."""
    key_of = inputs.key_of
    bank_keys = set(inputs.bank_only_keys)
    answers_by_context: dict[str, list] = defaultdict(list)
    for record in inputs.records:
        if config.bank_corpus == "all" or record.source in paragraph_sources():
            bank_keys.add(key_of[record.id])
        answers_by_context[key_of[record.id]].extend(record.answers)
    if not bank_keys and inputs.records:
        # no paragraph source (SQuAD, NQ) and no bank source: the other sources' contexts are the bank corpus (an empty
        # bank would fail every swap with no_candidate)
        log.warning(
            "no SQuAD or NQ source and no --bank-source: the entity bank is built from every context "
            "(as --bank-corpus all)"
        )
        bank_keys = {key_of[record.id] for record in inputs.records}
    texts: dict[str, str] = {}
    units: dict[str, tuple[tuple[int, str], ...]] = {}
    for key in sorted(inputs.contexts):
        context = inputs.contexts[key]
        whole = config.ner_scope == "context" or (key in bank_keys and not snippets_everywhere)
        if whole or key not in answers_by_context:
            texts[key] = context
            units[key] = ((0, key),)
            continue
        pieces = []
        for start, end in snippet_spans(context, answers_by_context[key]):
            snippet_key = sha256_text(context[start:end])
            texts[snippet_key] = context[start:end]
            pieces.append((start, snippet_key))
        units[key] = tuple(pieces)
    return NerPlan(texts, units, frozenset(bank_keys))


def run_ner_plan(
    config: BuildConfig, plan: NerPlan, while_waiting: Callable[[], None] | None = None
) -> tuple[dict[str, list], ModelInfo]:
    """Entities for every text of the plan, and the model's description. Texts found in the cache are not
    run again, and when all are found the model is not even loaded (the cache remembers what loading the
    installed package gave: its version and NER components). `while_waiting` runs in the parent once the NER workers
    have started (not at all when every text is cached)."""
    model_name = choose_model(config.spacy_model)
    cache = NerCache(config.cache_dir / "ner-cache.sqlite" if config.cache_dir else None)
    try:
        package = installed_package(model_name)
        remembered = cache.model_info(package) if package else None
        if remembered is not None:
            info = ModelInfo(
                model_name, remembered["version"], remembered["spacy_version"], tuple(remembered["components"])
            )
            found = cache.get_many(info.cache_key, sorted(plan.texts))
            if len(found) == len(plan.texts):
                log.info("NER cache: all %d texts cached; model not loaded", len(found))
                return found, info
        nlp = load_ner_pipeline(model_name)
        info = model_info(nlp, model_name)
        if package:
            cache.put_model_info(
                package,
                {"version": info.version, "spacy_version": info.spacy_version, "components": list(info.components)},
            )
        found = cached_or_run(
            cache,
            info.cache_key,
            plan.texts,
            lambda texts: run_ner(nlp, texts, config.workers, config.batch_size, config.progress, while_waiting),
        )
    finally:
        cache.close()
    return found, info
