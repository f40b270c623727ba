"""Output files and folders get the modes of the user's umask, like any other tool's (issue 20: the output
folder was 700 and the card and plots 600, from `tempfile`, while the Parquet files were 644)."""

import os
import stat

import pytest

from build.release.card import _write_atomic
from build.release.parquet import atomic_output_dir


@pytest.fixture
def umask():
    def set_to(mask: int) -> None:
        os.umask(mask)

    before = os.umask(0o022)
    os.umask(before)
    yield set_to
    os.umask(before)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("mask, folder, file", [(0o022, 0o755, 0o644), (0o027, 0o750, 0o640), (0o077, 0o700, 0o600)])
def test_output_folder_and_card_follow_the_umask(tmp_path, umask, mask, folder, file):
    umask(mask)
    out = tmp_path / "out"
    with atomic_output_dir(out) as building:
        (building / "data.parquet").write_bytes(b"x")
        _write_atomic(building / "README.md", b"card")
        _write_atomic(building / "images" / "funnel.png", b"png")
    assert mode(out) == folder
    assert (mode(out / "README.md"), mode(out / "images" / "funnel.png"), mode(out / "data.parquet")) == (file,) * 3
