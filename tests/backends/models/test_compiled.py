"""The own models compiled for this CPU (models/compiled.py): same scores as eager, same independence of a pair
from its batch, and a package that is stale, broken or switched off never stands in for the model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable.backends.models import compiled
from answerable.backends.models.own import ARTIFACTS, load_spec
from answerable.backends.models.own_backend import OwnReranker, OwnVerifier, _Own
from answerable.core.errors import ModelError
from answerable.interfaces.cli import main

PAIRS = [
    ("When did the 1973 oil crisis begin?", "The 1973 oil crisis began in October 1973 with an embargo."),
    ("When did the 1973 oil crisis begin?", "The Amazon rainforest covers much of the Amazon basin."),
    ("Who wrote Pride and Prejudice?", "Pride and Prejudice is an 1813 novel of manners by Jane Austen. " * 5),
    ("How many keys can a project have?", "Each project can have up to five active API keys at a time."),
    ("What is the capital of France?", "Paris"),
]


@pytest.fixture(scope="module")
def built() -> dict[str, Path]:
    # `make test` compiles the served models before the tests run (the `models` target); a bare pytest builds
    # the two MiniLM ones here, about 25 s each, so this never passes by skipping.
    return {name: compiled.compile_folder(ARTIFACTS / name, log=False) for name in ("answerability", "support")}


@pytest.mark.parametrize("name", ["answerability", "support"])
def test_a_compiled_model_scores_as_the_eager_one(built: dict[str, Path], name: str) -> None:
    fast = _Own(ARTIFACTS / name)
    assert fast.is_compiled and fast.model.path == built[name]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ANSWERABLE_COMPILED", "0")
        eager = _Own(ARTIFACTS / name)
    assert not eager.is_compiled
    for a, b in zip(fast.logits(PAIRS), eager.logits(PAIRS), strict=True):
        # generated code sums in another order, so an activation may round to the next int8 step: measured
        # 0.02 logits apart on average and 0.17 at most over 800 SQuAD pairs
        assert a == pytest.approx(b, abs=0.25)


@pytest.mark.parametrize("name", ["answerability", "support"])
def test_a_compiled_score_depends_on_its_own_pair_only(built: dict[str, Path], name: str) -> None:
    # With Inductor's fused attention a pair's logits moved by up to 0.07 with the batch's padding (keys split
    # into blocks by length); the package is built with plain attention, under which they do not move.
    model = _Own(ARTIFACTS / name)
    assert model.is_compiled
    model.memo_pairs = 0
    question = "When did the 1973 oil crisis begin?"
    for short in ("October 1973.", "The 1973 oil crisis began in October 1973 when OAPEC proclaimed an embargo."):
        alone = model.logits([(question, short)])[0]
        for companions in (
            ["OAPEC."],
            ["The embargo caused an oil crisis with many effects on global politics. " * 6],
            ["Prices rose to nearly $12 by March 1974. " * 2, "Oil is a fuel.", "An embargo. " * 9],
        ):
            beside = model.logits([(question, c) for c in companions] + [(question, short)])[-1]
            assert beside == pytest.approx(alone, abs=1e-6)


def test_the_served_wrappers_say_they_run_compiled(built: dict[str, Path]) -> None:
    assert OwnReranker().is_compiled and OwnVerifier().is_compiled
    assert OwnReranker(quantize=False).is_compiled is False  # only the int8 models are compiled


def test_a_model_loaded_twice_shares_its_package(built: dict[str, Path]) -> None:
    # torch never unloads a package: each load kept 57 MB of weights mapped for the life of the process
    assert _Own(ARTIFACTS / "answerability").model is _Own(ARTIFACTS / "answerability").model


def test_a_package_called_without_an_input_it_takes_says_which(built: dict[str, Path]) -> None:
    model = compiled.load(built["answerability"])
    assert model is not None and model.inputs == ["input_ids", "token_type_ids", "attention_mask"]
    import torch

    ids = torch.tensor([[101, 2054, 102]])
    with pytest.raises(ModelError, match="gave no token_type_ids"):
        model(input_ids=ids, attention_mask=torch.ones_like(ids))


def test_switched_off_the_package_is_not_used(built: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSWERABLE_COMPILED", "0")
    assert not OwnReranker().is_compiled


def test_a_changed_model_gets_a_new_package(tmp_path: Path) -> None:
    copy = shutil.copytree(ARTIFACTS / "answerability", tmp_path / "answerability")
    before = compiled.package_path(copy, load_spec(copy))
    assert before == compiled.package_path(ARTIFACTS / "answerability", load_spec(copy))  # by content, not place
    spec = json.loads((copy / "model.json").read_text())
    spec["max_len"] = 256
    (copy / "model.json").write_text(json.dumps(spec))
    assert compiled.package_path(copy, load_spec(copy)) != before


def test_a_broken_package_is_skipped_with_a_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSWERABLE_CACHE", str(tmp_path))
    path = compiled.package_path(ARTIFACTS / "answerability", load_spec(ARTIFACTS / "answerability"))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a package")
    with pytest.warns(RuntimeWarning, match="running eagerly"):
        model = _Own(ARTIFACTS / "answerability")
    assert not model.is_compiled
    assert model.logits(PAIRS[:1])[0][0] > 0  # the eager model answers instead


def test_a_failed_build_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    monkeypatch.setenv("ANSWERABLE_CACHE", str(tmp_path))

    def half_written(exported: object, package_path: str) -> str:
        Path(package_path).write_bytes(b"partial")
        raise RuntimeError("no C++ compiler")

    monkeypatch.setattr(torch._inductor, "aoti_compile_and_package", half_written)
    with pytest.raises(ModelError, match=r"could not compile.*no C\+\+ compiler"):
        compiled.compile_folder(ARTIFACTS / "answerability", log=False)
    assert list((tmp_path / "compiled").iterdir()) == []


def test_models_cli_reports_status_and_rejects_unknown_names(built: dict[str, Path]) -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["models", "status", "answerability", "support", "--json"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)
    assert [(r["model"], r["compiled"], r["path"]) for r in rows] == [
        ("answerability", True, str(built["answerability"])),
        ("support", True, str(built["support"])),
    ]
    bad = runner.invoke(main, ["models", "compile", "no-such-model"])
    assert bad.exit_code == 2
    assert "no-such-model: neither a shipped model" in bad.output


# --- the query embedder ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def embedder_package() -> Path:
    from answerable.backends.models.embed import compile_embedder, packaged_minilm_path

    return compile_embedder(Path(packaged_minilm_path()), log=False)


def test_the_compiled_embedder_gives_the_vectors_sentence_transformers_gives(embedder_package: Path) -> None:
    import numpy as np

    from answerable.backends.models.embed import COMPILED_TEXTS, SentenceTransformerEmbedder, packaged_minilm_path

    fast = SentenceTransformerEmbedder(packaged_minilm_path())
    eager = SentenceTransformerEmbedder(packaged_minilm_path(), compiled=False)
    assert fast.is_compiled and not eager.is_compiled
    texts = [
        "How many active keys can one project have?",
        "  a question with spaces around it?  ",
        "word " * 400,  # past the model's 256 tokens: cut as sentence-transformers cuts it
        "Ünïcödé façade — 東京",
    ]
    assert len(texts) <= COMPILED_TEXTS  # one call, through the package, in the order given
    np.testing.assert_allclose(fast.embed(texts), eager.embed(texts), atol=1e-5)
    for text in texts:
        np.testing.assert_allclose(fast.embed([text])[0], eager.embed([text])[0], atol=1e-5)
    assert np.linalg.norm(fast.embed(texts[:1])[0]) == pytest.approx(1.0, abs=1e-5)


def test_the_embedder_package_is_used_only_when_switched_on(
    embedder_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from answerable.backends.models.embed import SentenceTransformerEmbedder, packaged_minilm_path

    monkeypatch.setenv("ANSWERABLE_COMPILED", "0")
    assert not SentenceTransformerEmbedder(packaged_minilm_path()).is_compiled


def test_only_a_mean_pooled_normalized_transformer_compiles(embedder_package: Path) -> None:
    from answerable.backends.models.embed import SentenceTransformerEmbedder, packaged_minilm_path

    model = SentenceTransformerEmbedder(packaged_minilm_path(), compiled=False).model
    assert compiled.embedder_compilable(model)
    assert not compiled.embedder_compilable(list(model)[:2])  # no normalization: other vectors
    with pytest.raises(ModelError, match="mean pooling and normalization"):
        compiled.build_embedder(list(model)[:2], embedder_package.with_name("never.pt2"))


def test_models_status_names_the_embedder(embedder_package: Path) -> None:
    done = CliRunner().invoke(main, ["models", "status", "minilm", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == [
        {"model": "minilm", "compiled": True, "used": True, "path": str(embedder_package)}
    ]
