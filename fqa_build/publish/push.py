"""Publishing a build folder as a Hub dataset repo: one commit for the whole release, then a tag.

Order matters for readers: the tag is created only after the commit succeeded, so a failed upload leaves no
tag; a tag that exists is refused before anything is uploaded; files identical to the remote are skipped by
`huggingface_hub`, so re-pushing the same release makes no empty commit (and can still add a missing tag).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import faithfulness_qa as fqa
from fqa_build.checks.evaluate import baseline_scores
from fqa_build.release.card import CARD_NAME, IMAGES_DIR, CardOptions, render_card
from fqa_build.release.parquet import MANIFEST_NAME, write_atomic

log = logging.getLogger(__name__)

#: What a release holds; anything else in the folder (an audit sheet, notes) stays local.
RELEASE_PATTERNS = (
    CARD_NAME,
    f"{IMAGES_DIR}/*.png",
    "build_stats.json",
    MANIFEST_NAME,
    *(f"{config.data_subdir}/*.parquet" for config in fqa.CONFIGS),
)
_TAG = re.compile(r"v\d+\.\d+\.\d+([.-][0-9A-Za-z.]+)?")


class PushError(RuntimeError):
    """The release cannot be pushed; the message says why and what to do."""


@dataclass(frozen=True)
class PushResult:
    repo_id: str
    tag: str
    commit: str | None  # None for a dry run
    files: tuple[str, ...]
    created_commit: bool = False
    url: str = ""


def release_files(out: Path) -> list[str]:
    """The files of `out` a release uploads, relative and sorted."""
    found = set()
    for pattern in RELEASE_PATTERNS:
        found.update(p.relative_to(out).as_posix() for p in out.glob(pattern) if p.is_file())
    return sorted(found)


def check_repo_id(repo_id: str) -> None:
    """Refuse a repo id the Hub would refuse (before anything is rendered or uploaded): ORG/NAME."""
    from huggingface_hub.errors import HFValidationError
    from huggingface_hub.utils import validate_repo_id

    try:
        validate_repo_id(repo_id)
    except HFValidationError as error:
        first = str(error).strip().splitlines()[0]
        raise PushError(f"repo id {repo_id!r} is not a Hub repo id like ORG/NAME: {first}") from None
    if repo_id.count("/") != 1:
        raise PushError(f"repo id {repo_id!r} is not a Hub repo id like ORG/NAME (a namespace and a name)")


def check_release(out: Path, tag: str) -> dict:
    """Refuse a folder that is not a complete build, or a tag that does not name the build's version."""
    if not _TAG.fullmatch(tag):
        raise PushError(f"tag {tag!r} is not a version tag like v1.2.3")
    manifest_path = out / MANIFEST_NAME
    if not manifest_path.is_file():
        raise PushError(f"{out}: no {MANIFEST_NAME}; build first with `python -m fqa_build --out {out}`")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    version = manifest.get("faithfulness_qa_version")
    if tag.split("-")[0] != f"v{version}":
        raise PushError(
            f"tag {tag} does not match the build's version {version} (faithfulness_qa.VERSION); "
            f"tag it v{version} or rebuild after bumping the version"
        )
    for config in fqa.CONFIGS:
        for split in config.splits:
            if not list(out.glob(fqa.shard_pattern(config, split))):
                raise PushError(f"{out}: no shards for {config.name}/{split}; the build is incomplete")
    return manifest


def push_release(
    out: Path,
    repo_id: str,
    tag: str,
    *,
    private: bool = False,
    dry_run: bool = False,
    endpoint: str | None = None,
    token: str | None = None,
    backoff: float = 1.0,
) -> PushResult:
    """Render the card for `repo_id`/`tag`, then create the repo if needed, upload the release as one commit
    (remote files the release no longer has are deleted in the same commit) and tag that commit; a dry run
    checks and lists what it would upload and changes nothing. Transient failures (HTTP 5xx, timeouts, dropped
    connections) are retried RETRIES times, waiting `backoff` seconds, then twice that, and so on; a push that
    still fails says what was committed and creates no tag."""
    from huggingface_hub import get_token

    out = Path(out)
    check_repo_id(repo_id)
    check_release(out, tag)
    token = None if dry_run else (token or get_token())
    if not dry_run and not token:  # before the card is rendered: a push that cannot start changes nothing
        raise PushError("no Hugging Face token: set HF_TOKEN or run `hf auth login`")
    if dry_run:  # a dry run changes nothing: the folder is checked with the card it has
        log.info("would render the card for %s at %s", repo_id, tag)
        return _push(out, repo_id, tag, private, True, endpoint, token, backoff)
    card = _card_files(out)
    try:
        render_card(out, CardOptions(repo_id=repo_id, tag=tag), baselines=baseline_scores)
        return _push(out, repo_id, tag, private, False, endpoint, token, backoff)
    except BaseException:
        _restore_card_files(out, card)  # a push that failed leaves the folder as it was
        raise


def _card_files(out: Path) -> dict[Path, bytes]:
    """The card and its plots as they are, to put back if the push fails."""
    paths = [out / CARD_NAME, *sorted((out / IMAGES_DIR).glob("*.png"))]
    return {path: path.read_bytes() for path in paths if path.is_file()}


def _restore_card_files(out: Path, saved: dict[Path, bytes]) -> None:
    for path in [out / CARD_NAME, *(out / IMAGES_DIR).glob("*.png")]:
        if path not in saved:
            path.unlink(missing_ok=True)
    for path, data in saved.items():
        if not path.is_file() or path.read_bytes() != data:
            write_atomic(path, data)


def _push(
    out: Path,
    repo_id: str,
    tag: str,
    private: bool,
    dry_run: bool,
    endpoint: str | None,
    token: str | None,
    backoff: float,
) -> PushResult:
    from huggingface_hub import HfApi
    from huggingface_hub.errors import HfHubHTTPError

    from fqa_build.checks.validate import report, validate

    violations = report(validate(out))
    if violations:
        raise PushError(f"{out}: refusing to push a folder that breaks the release's invariants:\n{violations}")
    files = tuple(release_files(out))
    if dry_run:
        for name in files:
            log.info("would upload %s (%d bytes)", name, (out / name).stat().st_size)
        log.info("would commit %d files to %s and tag it %s", len(files), repo_id, tag)
        return PushResult(repo_id, tag, None, files)

    endpoint = endpoint or os.environ.get("HF_ENDPOINT") or None
    api = HfApi(endpoint=endpoint, token=token)
    stage = "upload"
    try:
        url = _retried(lambda: api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True), backoff)
        refs = _retried(lambda: api.list_repo_refs(repo_id, repo_type="dataset"), backoff)
        existing = {t.name: t.target_commit for t in refs.tags}
        if tag in existing:
            raise PushError(
                f"tag {tag} already exists on {repo_id} (commit {existing[tag][:12]}); a release is "
                f"immutable: bump faithfulness_qa.VERSION, rebuild and push a new tag"
            )
        head_before = next((b.target_commit for b in refs.branches if b.name == "main"), None)
        info = _retried(
            lambda: api.upload_folder(
                repo_id=repo_id,
                repo_type="dataset",
                folder_path=out,
                allow_patterns=list(RELEASE_PATTERNS),
                delete_patterns=["*"],
                commit_message=f"Release {tag}",
                commit_description=f"faithfulness-qa {tag}: {len(files)} files built by `python -m fqa_build`.",
            ),
            backoff,
        )
        commit = info.oid
        stage = "tag"
        _retried(
            lambda: api.create_tag(
                repo_id, tag=tag, revision=commit, repo_type="dataset", tag_message=f"Release {tag}"
            ),
            backoff,
        )
    except HfHubHTTPError as error:
        status = error.response.status_code if error.response is not None else "?"
        if stage == "tag" and status == 409:
            raise PushError(f"tag {tag} was created on {repo_id} by someone else during this push") from error
        detail = _scrub(" ".join(line.strip() for line in str(error).splitlines() if line.strip()), token)
        done = "nothing was committed" if stage == "upload" else f"the release was committed ({commit[:12]})"
        raise PushError(f"push to {repo_id} failed (HTTP {status}): {detail}; {done}; no tag was created") from error
    except Exception as error:
        if not type(error).__module__.startswith(("httpx", "httpcore")):
            raise
        done = "nothing was committed" if stage == "upload" else f"the release was committed ({commit[:12]})"
        raise PushError(
            f"cannot reach {api.endpoint}: {_scrub(str(error), token)}; {done}; no tag was created"
        ) from error
    created = commit != head_before
    log.info("%s: %s %s, tagged %s", repo_id, "committed" if created else "unchanged at", commit, tag)
    return PushResult(repo_id, tag, commit, files, created_commit=created, url=str(url))


#: attempts after the first of a Hub call that failed transiently
RETRIES = 4


def _transient(error: Exception) -> bool:
    from huggingface_hub.errors import HfHubHTTPError

    if isinstance(error, HfHubHTTPError):
        return error.response is not None and error.response.status_code >= 500
    return type(error).__module__.startswith(("httpx", "httpcore")) or isinstance(
        error, (TimeoutError, ConnectionError)
    )


def _retried(call, backoff: float):
    """`call()`, again after a transient failure (up to RETRIES more times, waiting backoff, 2 x backoff, ...)."""
    for attempt in range(RETRIES + 1):
        try:
            return call()
        except Exception as error:
            if attempt == RETRIES or not _transient(error):
                raise
            wait = backoff * 2**attempt
            log.warning("transient Hub failure (%s); retrying in %.1f s", type(error).__name__, wait)
            time.sleep(wait)
    raise AssertionError("unreachable")


def _scrub(text: str, token: str | None) -> str:
    """`text` with the token replaced, wherever it appears."""
    return text.replace(token, "hf_***") if token else text
