"""--held-out recognises the folders the shipped models trained on by their corpus, not only their name."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from answerable.evaluation.data import open_dataset
from answerable.evaluation.heldout import held_out_cases
from tests.conftest import ROOT

SQUAD = ROOT.parent / "shared" / "data" / "squad2-dev-a"


@pytest.mark.skipif(not SQUAD.is_dir(), reason="needs ../shared/data")
def test_a_copy_a_link_or_the_folder_itself_keeps_only_the_held_out_cases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dataset = open_dataset(SQUAD)
    expected = [c.id for c in held_out_cases(dataset.cases, SQUAD / "corpus.jsonl")]
    assert 0 < len(expected) < len(dataset.cases)
    copy = tmp_path / "my-squad"
    copy.mkdir()
    for name in ("corpus.jsonl", "cases.jsonl"):
        shutil.copy(SQUAD / name, copy / name)
    link = tmp_path / "linked"
    link.symlink_to(SQUAD)
    monkeypatch.chdir(SQUAD)
    for corpus in (copy / "corpus.jsonl", link / "corpus.jsonl", Path("corpus.jsonl")):
        assert [c.id for c in held_out_cases(dataset.cases, corpus)] == expected, corpus
    other = tmp_path / "other"
    other.mkdir()
    (other / "corpus.jsonl").write_text('{"id": "a", "title": "A", "text": "Something else."}\n')
    assert len(held_out_cases(dataset.cases, other / "corpus.jsonl")) == len(dataset.cases)  # never trained on
    assert os.path.samefile(link / "corpus.jsonl", SQUAD / "corpus.jsonl")
