"""Output files and folders get the modes of the user's umask, like any other tool's (the output
folder was 700 and the card and plots 600, from `tempfile`, while the Parquet files were 644)."""

import os
import stat

import pytest

from fqa_build.release.parquet import atomic_output_dir, check_output_dir, foreign_files, write_atomic


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
        write_atomic(building / "README.md", b"card")
        write_atomic(building / "images" / "funnel.png", b"png")
    assert mode(out) == folder
    assert (mode(out / "README.md"), mode(out / "images" / "funnel.png"), mode(out / "data.parquet")) == (file,) * 3


# --- a rebuild deletes nothing it did not write (a rebuild removed OUT/audit-seed2030.md and a user's
# OUT/my_notes.txt without a word) ---------------------------------------------------------------------------


def _previous_build(out):
    (out / "data").mkdir(parents=True)
    (out / "images").mkdir()
    (out / "data" / "train-00000-of-00001.parquet").write_bytes(b"x")
    (out / "images" / "funnel.png").write_bytes(b"png")
    for name in ("README.md", "build_stats.json", "rejections.parquet"):
        (out / name).write_text("x")
    (out / "build_manifest.json").write_text('{"checksums": {"data/train-00000-of-00001.parquet": "0"}}')
    return out


def test_a_previous_build_of_its_own_files_may_be_replaced(tmp_path):
    out = _previous_build(tmp_path / "out")
    assert foreign_files(out) == []
    check_output_dir(out)


def test_a_rebuild_refuses_a_folder_with_files_it_did_not_write(tmp_path):
    out = _previous_build(tmp_path / "out")
    (out / "my_notes.txt").write_text("mine")
    (out / "audit-seed2030.md").write_text("sheet")
    (out / "data" / "extra.parquet").write_bytes(b"y")
    assert foreign_files(out) == ["audit-seed2030.md", "data/extra.parquet", "my_notes.txt"]
    with pytest.raises(FileExistsError) as refused:
        check_output_dir(out)
    assert str(refused.value) == (
        f"{out.resolve()}: holds files the build did not write (audit-seed2030.md, data/extra.parquet, "
        "my_notes.txt); a rebuild replaces the folder, so move them out first (nothing was changed)"
    )
    assert (out / "my_notes.txt").read_text() == "mine"
