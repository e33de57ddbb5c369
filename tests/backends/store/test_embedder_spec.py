"""A bad `--embedder` is bad input, found before any store is opened (or created)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable.backends.models.embed import HashEmbedder
from answerable.backends.registry import load_embedder
from answerable.core.errors import InputError, UnknownModelError
from answerable.interfaces.cli import main


@pytest.mark.parametrize("spec", ["hash:notanumber", "hash:0", "hash:-3", "hash:1.5"])
def test_a_malformed_hash_embedder_is_bad_input(spec: str) -> None:
    with pytest.raises(UnknownModelError, match=r"expected hash:DIM with DIM a whole number") as info:
        load_embedder(spec)
    assert isinstance(info.value, InputError)


def test_well_formed_hash_embedders() -> None:
    assert load_embedder("hash:16").dim == 16 and isinstance(load_embedder("hash"), HashEmbedder)
    assert load_embedder("hash").dim == 384


def test_ingest_with_a_bad_embedder_exits_2_and_creates_no_store(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nSome text.\n")
    db = tmp_path / "index" / "index.db"
    args = ["ingest", str(tmp_path / "docs"), "--store", f"sqlite:///{db}", "--embedder", "hash:notanumber"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "error: embedder 'hash:notanumber': expected hash:DIM" in result.output
    assert "Traceback" not in result.output and not db.exists()  # no empty index for `ask` to accept later
