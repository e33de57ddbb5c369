"""The ensembles: the reranker (log-odds of its members, weighted, through a sigmoid) and the verifier (the mean
of its members' probabilities)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from answerable.backends.models import MockReranker, MockVerifier, Reranker, SupportProbs
from answerable.backends.models.ensemble import (
    VERIFIER_MEMBERS,
    WEIGHTS,
    EnsembleReranker,
    EnsembleVerifier,
    quote_ranker_with,
    rank_sentences_with,
)
from answerable.backends.registry import load_confirmer, load_reranker, load_verifier
from answerable.core.errors import ModelError
from answerable.core.types import Label


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


def test_sentences_are_ranked_with_bm25_beside_the_shipped_reranker_only(own_reranker: Reranker) -> None:
    ranker = rank_sentences_with(own_reranker)
    assert isinstance(ranker, EnsembleReranker)
    assert ranker.members[0] is own_reranker  # the engine's model, not a second copy
    assert ranker.specs == ("answerable", "lexical:bm25") and ranker.coef[0] > ranker.coef[1] > 0
    other = MockReranker(lambda q, p: 0.5)
    assert rank_sentences_with(other) is other  # the weights were chosen for the shipped model only
    # BM25 widens the lead of the sentence that names what the question asks about.
    question = "Which Gradle dependency adds the Android SDK?"
    sentences = [
        "Add the dependency io.lumen:lumen-android:3.2 to your app's Gradle file to install the Android SDK.",
        "The Android SDK supports Android 8.0 and later.",
    ]
    alone, with_bm25 = own_reranker.score(question, sentences), ranker.score(question, sentences)
    assert with_bm25[0] - with_bm25[1] > alone[0] - alone[1] > 0


def test_the_engine_quotes_sentences_ranked_by_the_sentence_ranker(own_reranker: Reranker, tmp_path: Path) -> None:
    from answerable.backends.generation.extractive import ExtractiveGenerator
    from answerable.backends.store.sqlite import SQLiteStore
    from answerable.engine.engine import Engine

    engine = Engine(
        SQLiteStore(tmp_path / "x.db"),
        None,
        own_reranker,
        None,
        None,  # type: ignore[arg-type]
    )
    assert isinstance(engine.sentence_ranker, EnsembleReranker) and engine.sentence_ranker.name == "answerable+bm25"
    assert isinstance(engine.generator, ExtractiveGenerator)
    assert engine.generator.score == engine.sentence_ranker.score


def test_the_ensemble_reads_cosines_it_is_given_instead_of_embedding_again() -> None:
    from answerable.backends.registry import load_embedder

    r = load_reranker("ensemble")
    assert r.cosine_embedder == "minilm" and load_reranker("answerable").cosine_embedder is None
    question = "How long is a workspace invitation valid?"
    texts = [
        "Invitations to join a workspace expire after 7 days; an admin can resend an expired invitation.",
        "Workspace admins can change the workspace name and logo from the settings page.",
    ]
    vectors = load_embedder("minilm").embed([question, *texts])
    cosines = [float(vectors[0] @ v) for v in vectors[1:]]
    # The same model's cosine gives the same probabilities as the ensemble's own bi-encoder pass ...
    assert r.score_with_cosines(question, texts, cosines) == pytest.approx(r.score(question, texts), abs=1e-4)
    # ... and the cosine it is given is the one it uses: swapping them swaps the cosine member's say.
    swapped = r.score_with_cosines(question, texts, cosines[::-1])
    assert swapped[0] < r.score(question, texts)[0] and swapped[1] > r.score(question, texts)[1]
    with pytest.raises(ModelError, match="2 passages but 1 cosines"):
        r.score_with_cosines(question, texts, cosines[:1])


def test_the_ensemble_ranks_sentences_with_its_trained_member() -> None:
    r = load_reranker("ensemble")
    assert isinstance(r, EnsembleReranker)
    ranker = rank_sentences_with(r)
    assert isinstance(ranker, EnsembleReranker) and ranker.name == "answerable+bm25"
    assert ranker.members[0] is r.members[0]  # no bi-encoder pass over a decision's sentences


def test_the_shipped_confirmer_re_ranks_quotes_and_is_loaded_only_when_asked(
    own_reranker: Reranker, tmp_path: Path
) -> None:
    from answerable.backends.generation.extractive import ExtractiveGenerator
    from answerable.backends.store.sqlite import SQLiteStore
    from answerable.engine.engine import Engine

    confirmer = load_confirmer()
    quote = quote_ranker_with(confirmer)
    assert isinstance(quote, EnsembleReranker) and quote.name == "answerable-mpnet+bm25"
    assert quote.members[0] is confirmer and quote.specs == ("answerable-mpnet", "lexical:bm25")
    assert quote.coef[0] > quote.coef[1] > 0
    assert confirmer._model is None  # type: ignore[attr-defined]  # not loaded until an answer asks it
    # Weights fitted for one model are not applied to another.
    assert quote_ranker_with(own_reranker) is None and quote_ranker_with(load_confirmer("answerable")) is None

    engine = Engine(SQLiteStore(tmp_path / "x.db"), None, own_reranker, None, None)  # type: ignore[arg-type]
    assert isinstance(engine.generator, ExtractiveGenerator)
    assert engine.generator.rescore is not None and engine.generator.rescore.name == "answerable-mpnet+bm25"
    other = Engine(SQLiteStore(tmp_path / "y.db"), None, own_reranker, None, None, confirmer=own_reranker)  # type: ignore[arg-type]
    assert isinstance(other.generator, ExtractiveGenerator) and other.generator.rescore is None


def test_the_verifier_ensemble_averages_its_members_probabilities() -> None:
    sure = MockVerifier(lambda c, p: Label.SUPPORTED if "yes" in p else Label.REFUTED)
    unsure = MockVerifier(lambda c, p: SupportProbs(0.2, 0.2, 0.6))
    ens = EnsembleVerifier([sure, unsure])
    yes, no = ens.probs_pairs([("claim", "yes it is"), ("claim", "no")])
    assert (yes.supported, yes.refuted, yes.insufficient) == pytest.approx((0.6, 0.1, 0.3))
    assert yes.label is Label.SUPPORTED
    assert (no.supported, no.refuted, no.insufficient) == pytest.approx((0.1, 0.6, 0.3))
    assert no.label is Label.REFUTED
    assert ens.probs_pairs([]) == []
    with pytest.raises(ModelError, match="at least one member"):
        EnsembleVerifier([])
    with pytest.raises(ModelError, match="takes no argument"):
        load_verifier("ensemble:/tmp/weights.json")


def test_the_shipped_verifier_ensemble_averages_the_two_support_models() -> None:
    ens = load_verifier("ensemble")
    assert isinstance(ens, EnsembleVerifier) and ens.name == "ensemble"
    assert VERIFIER_MEMBERS == ("answerable", "answerable-mpnet")
    passage = "The 1973 oil crisis began in October 1973, when OAPEC proclaimed an oil embargo."
    pairs = [
        ("The oil crisis began in 1973.", passage),
        ("The 1973 oil crisis began in March 1975, long before any embargo.", passage),
    ]
    agree, deny = ens.probs_pairs(pairs)
    assert agree.label is Label.SUPPORTED and deny.label is Label.REFUTED
    each = [m.probs_pairs(pairs) for m in ens.members]
    assert agree.supported == pytest.approx((each[0][0].supported + each[1][0].supported) / 2)
    assert deny.refuted == pytest.approx((each[0][1].refuted + each[1][1].refuted) / 2)
