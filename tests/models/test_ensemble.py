"""The ensemble reranker: log-odds of its members, weighted, through a sigmoid."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from answerable.errors import ModelError
from answerable.models import MockReranker, load_reranker
from answerable.models.ensemble import WEIGHTS, EnsembleReranker


def _weights(tmp_path: Path, coef: list[float], intercept: float = 0.0, members: list[str] | None = None) -> Path:
    path = tmp_path / "w.json"
    members = members or ["lexical:bm25", "lexical:cosine"][: len(coef)]
    path.write_text(json.dumps({"members": members, "coef": coef, "intercept": intercept}))
    return path


def test_combines_member_log_odds(tmp_path: Path) -> None:
    a = MockReranker(lambda q, p: 0.8 if "match" in p else 0.2)
    b = MockReranker(lambda q, p: 0.5)  # log-odds 0: no say
    ens = EnsembleReranker(_weights(tmp_path, [1.0, 3.0], intercept=0.5), members=[a, b])
    hi, lo = ens.score("q", ["a match", "nothing"])
    assert hi == pytest.approx(1 / (1 + math.exp(-(math.log(4) + 0.5))))
    assert lo == pytest.approx(1 / (1 + math.exp(-(math.log(0.25) + 0.5))))
    assert ens.score("q", []) == []


def test_bad_weights_are_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="one weight per member"):
        EnsembleReranker(_weights(tmp_path, [1.0], members=["lexical:bm25", "lexical:cosine"]))
    with pytest.raises(ModelError, match="ensemble weights"):
        EnsembleReranker(tmp_path / "missing.json")
    with pytest.raises(ModelError, match="no ensemble inside"):
        EnsembleReranker(_weights(tmp_path, [1.0], members=["ensemble"]))


def test_shipped_ensemble_ranks_the_answering_passage_first() -> None:
    shipped = json.loads(WEIGHTS.read_text())
    assert shipped["members"] == ["answerable", "lexical:cosine", "lexical:bm25"]
    assert all(c > 0 for c in shipped["coef"])  # every member adds evidence, none is inverted
    r = load_reranker("ensemble")
    yes, no = r.score(
        "How long is a workspace invitation valid?",
        [
            "Invitations to join a workspace expire after 7 days; an admin can resend an expired invitation.",
            "Workspace admins can change the workspace name and logo from the settings page.",
        ],
    )
    assert 0.0 <= no < yes <= 1.0
