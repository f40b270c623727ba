"""What NER must see (`plan_ner`: whole contexts for the bank corpus, snippets around the answers elsewhere),
and running it through the cache (`run_ner_plan`)."""

from __future__ import annotations

import functools
import logging
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fqa_build.config import BuildConfig
from fqa_build.hashing import sha256_text
from fqa_build.ner import runner
from fqa_build.ner.cache import NerCache, cached_or_run
from fqa_build.ner.runner import (
    ModelInfo,
    choose_model,
    installed_package,
    model_info,
    ner_pipeline,
    ner_worker,
    run_ner,
)
from fqa_build.ner.shared_cache import SharedNerCache, shared_cache_uri
from fqa_build.ner.snippets import snippet_spans
from fqa_build.read.formats import paragraph_sources
from fqa_build.read.inputs import Inputs

if TYPE_CHECKING:
    from fqa_build.stage import StageExecutor

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


#: texts a file of the shared NER cache holds (`--engine ray`): a killed build keeps all the files it finished
SHARED_CACHE_TEXTS = 256


def run_ner_plan(
    config: BuildConfig, plan: NerPlan, executor: StageExecutor | None = None
) -> tuple[dict[str, list], ModelInfo]:
    """Entities for every text of the plan, and the model's description, the texts no cache holds mapped by
    `executor` (the build's, else forked workers on this machine). The cache is the local SQLite one, or under
    `--engine ray` the shared one every node can reach (`fqa_build/ner/shared_cache.py`). Texts found in the cache
    are not run again, and when all are found in the local cache the model is not even loaded (the cache remembers
    what loading the installed package gave: its version and NER components)."""
    if executor is None:
        from fqa_build.forking import ForkedExecutor

        executor = ForkedExecutor(config.workers)
    model_name = choose_model(config.spacy_model)
    try:
        if config.engine.name == "ray":
            return _run_on_shared_cache(config, plan, executor, model_name)
        return _run_on_local_cache(config, plan, executor, model_name)
    finally:
        runner.ner_pipeline.cache_clear()  # the workers are done with it: the parent lets the model go


def _run_on_local_cache(
    config: BuildConfig, plan: NerPlan, executor: StageExecutor, model_name: str
) -> tuple[dict[str, list], ModelInfo]:
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
        info = model_info(ner_pipeline(model_name), model_name)
        if package:
            cache.put_model_info(
                package,
                {"version": info.version, "spacy_version": info.spacy_version, "components": list(info.components)},
            )
        setup = functools.partial(ner_worker, model_name)
        found = cached_or_run(
            cache,
            info.cache_key,
            plan.texts,
            lambda texts: run_ner(executor, setup, texts, config.batch_size, config.progress),
        )
    finally:
        cache.close()
    return found, info


def _run_on_shared_cache(
    config: BuildConfig, plan: NerPlan, executor: StageExecutor, model_name: str
) -> tuple[dict[str, list], ModelInfo]:
    info = model_info(ner_pipeline(model_name), model_name)
    uri = shared_cache_uri(config)
    cache = SharedNerCache(uri) if uri else None
    keys = sorted(plan.texts)
    found = cache.get_many(info.cache_key, keys) if cache else {}
    missing = [key for key in keys if key not in found]
    log.info("shared NER cache %s: %d of %d texts cached, %d to process", uri, len(found), len(keys), len(missing))
    if not missing:
        return found, info
    # each worker checks that its node's model is the driver's before it finds any entity
    setup = functools.partial(ner_worker, model_name, info.cache_key)
    texts = [plan.texts[key] for key in missing]
    batch: list[tuple[str, list]] = []
    for key, entities in zip(missing, run_ner(executor, setup, texts, config.batch_size, config.progress), strict=True):
        found[key] = entities
        batch.append((key, entities))
        if cache is not None and len(batch) >= SHARED_CACHE_TEXTS:
            cache.put_many(info.cache_key, batch)
            batch = []
    if cache is not None and batch:
        cache.put_many(info.cache_key, batch)
    return found, info
