"""`answerable ask "question"`: the decision for one question, readable or as the exact JSON object."""

from __future__ import annotations

import click

from answerable.backends.store.base import Index
from answerable.core.errors import InputError
from answerable.core.types import Principal
from answerable.engine.engine import open_engine
from answerable.interfaces.cli.common import echo_json, policy_option, reports_errors, settings
from answerable.interfaces.cli.store_options import build_filter, embedder_option, principal_options, store_option
from answerable.interfaces.render import render_decision, render_record

reranker_option = click.option(
    "--reranker",
    "reranker_spec",
    default=None,
    help="Answerability model spec (default: ensemble, the trained cross-encoder with cosine and BM25).",
)
verifier_option = click.option(
    "--verifier",
    "verifier_spec",
    default=None,
    help="Support model spec (default: answerable, the trained cross-encoder).",
)
confirmer_option = click.option(
    "--confirmer",
    "confirmer_spec",
    default=None,
    help="Second answerability model asked to confirm support under a profile with min_confirmation "
    "(default: answerable-mpnet, loaded on first use; `make mpnet` fetches it).",
)

generator_option = click.option(
    "--generator",
    "generator_spec",
    default=None,
    help="extractive (default: quotes the documents) or llm:MODEL (an OpenAI-compatible endpoint at "
    "OPENAI_BASE_URL writes the answer from the authorized passages; every sentence is re-verified).",
)
decomposer_option = click.option(
    "--decomposer",
    "decomposer_spec",
    default=None,
    help="rules (default) or llm:MODEL: how the question is split into the claims an answer must cover.",
)


@click.command("ask")
@click.argument("question")
@click.option("--profile", default="strict", show_default=True, help="Policy profile.")
@principal_options
@click.option("--doc-ids", default=None, help="Comma-separated document ids to restrict evidence to.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly the decision object.")
@click.option(
    "--explain",
    is_flag=True,
    help="Print what `log show DECISION_ID` would (claims, every passage's scores and verdicts, time per "
    "stage), ending with the decision.",
)
@store_option
@embedder_option
@reranker_option
@verifier_option
@confirmer_option
@generator_option
@decomposer_option
@policy_option
@reports_errors
def ask_command(
    question: str,
    profile: str,
    tenant: str,
    groups: str | None,
    as_of: str | None,
    doc_ids: str | None,
    as_json: bool,
    explain: bool,
    store_url: str | None,
    embedder_spec: str | None,
    reranker_spec: str | None,
    verifier_spec: str | None,
    confirmer_spec: str | None,
    generator_spec: str | None,
    decomposer_spec: str | None,
    policy_path: str | None,
) -> None:
    """Answer QUESTION from the documents the principal may read, or abstain with reasons.

    Exit code 0 for an answer, a partial answer or an abstention; non-zero only on an error.
    """
    if explain and as_json:
        raise InputError("--explain is for the readable output; with --json, read `answerable log show ID --json`")
    flt = build_filter(tenant, groups, as_of, doc_ids)
    engine = open_engine(
        settings(
            store=store_url,
            embedder=embedder_spec,
            reranker=reranker_spec,
            verifier=verifier_spec,
            confirmer=confirmer_spec,
            generator=generator_spec,
            decomposer=decomposer_spec,
            policy=policy_path,
        )
    )
    try:
        result = engine.ask(
            question,
            Principal(tenant=flt.tenant, groups=flt.groups),
            profile=profile,
            as_of=flt.as_of,
            doc_ids=sorted(flt.doc_ids) if flt.doc_ids is not None else None,
        )
    finally:
        if isinstance(engine.store, Index):
            engine.store.close()
    if as_json:
        echo_json(result.to_dict())
    elif explain:
        click.echo(render_record(result.record))  # ends with the decision as rendered below
    else:
        click.echo(render_decision(result.decision, read_as=result.read_as, why=result.why))
