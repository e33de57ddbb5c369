"""`answerable score answerability|support`: one pair through a model, for debugging a decision."""

from __future__ import annotations

import click

from answerable.interfaces.cli.common import echo_json, reports_errors, require_text, settings

model_option = click.option(
    "--model",
    "spec",
    default=None,
    help="Backend spec (default: answerable; env ANSWERABLE_MODEL): answerable, answerable:PATH, "
    "answerable-mpnet, ensemble (both support models averaged, for support; the trained model, cosine and "
    "BM25, for answerability), cross-encoder:NAME, llm:MODEL, lexical:bm25, lexical:cosine.",
)


@click.group("score")
def score_group() -> None:
    """Score one pair with an evidence model and print the calibrated probability."""


@score_group.command("answerability")
@click.argument("question")
@click.argument("passage")
@model_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@reports_errors
def score_answerability(question: str, passage: str, spec: str, as_json: bool) -> None:
    """Probability that PASSAGE holds the answer to QUESTION."""
    from answerable.backends.registry import load_reranker

    require_text(question, "question")
    require_text(passage, "passage")
    reranker = load_reranker(settings(model=spec).model)
    p = reranker.score(question, [passage])[0]
    if as_json:
        echo_json({"model": reranker.name, "answerability": round(p, 6)})
    else:
        click.echo(f"answerability {p:.4f}  ({reranker.name})")


@score_group.command("support")
@click.argument("claim")
@click.argument("passage")
@model_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@reports_errors
def score_support(claim: str, passage: str, spec: str, as_json: bool) -> None:
    """Whether PASSAGE supports, refutes or says nothing about CLAIM, with the three probabilities."""
    from answerable.backends.registry import load_verifier
    from answerable.core.types import Claim, Passage

    require_text(claim, "claim")
    require_text(passage, "passage")
    verifier = load_verifier(settings(model=spec).model)
    probs = verifier.verify_probs(Claim("c1", claim), [Passage(id="p1", document_id="p", text=passage)])[0]
    label = probs.label
    if as_json:
        echo_json(
            {
                "model": verifier.name,
                "label": label.value,
                "strength": round(probs.of(label), 6),
                "probabilities": {k: round(v, 6) for k, v in probs.to_dict().items()},
            }
        )
    else:
        click.echo(f"{label.value} {probs.of(label):.4f}  ({verifier.name})")
        for name, value in probs.to_dict().items():
            click.echo(f"  {name:<13} {value:.4f}")
