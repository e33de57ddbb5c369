"""`answerable eval DIR`: the release table, baselines, risk-coverage curves, metamorphic checks, drift."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from answerable.backends.models import CLAIM_VERIFIER, DEFAULT_SPEC
from answerable.backends.registry import load_confirmer, load_embedder, load_reranker, load_verifier
from answerable.core.errors import InputError
from answerable.core.policy import load_policy
from answerable.core.reasons import ReasonCode
from answerable.engine.engine import Engine
from answerable.evaluation.claims import evaluate_claims
from answerable.evaluation.data import fetch_corpus, only_split, open_dataset, without_unknown_profiles
from answerable.evaluation.heldout import held_out_cases, held_out_claim
from answerable.evaluation.metamorphic import run_metamorphic
from answerable.evaluation.metrics import CaseResult, drift
from answerable.evaluation.plot import save_curves
from answerable.evaluation.report import build_report, curves, format_table
from answerable.evaluation.runner import DEFAULT_CACHE, build_index, run_cases, sample
from answerable.interfaces.cli.ask import confirmer_option, reranker_option
from answerable.interfaces.cli.common import policy_option, report_skipped, reports_errors, settings
from answerable.interfaces.cli.store_options import embedder_option


def _reason_codes(value: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for c in value.split(",") if c.strip())
    unknown = [c for c in codes if c not in set(ReasonCode)]
    if unknown:
        raise click.BadParameter(f"unknown reason code {unknown[0]!r}; one of: {', '.join(ReasonCode)}")
    return codes


@click.command("eval")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--profile", default="strict", show_default=True, help="Profile for cases that name none.")
@click.option(
    "--limit", type=click.IntRange(min=1), default=None, help="Run at most N cases (every k-th, deterministic)."
)
@click.option("--held-out", is_flag=True, help="Only cases and claims the shipped models never trained on.")
@click.option("--split", default=None, metavar="NAME", help="Only the cases whose split is NAME (e.g. dev).")
@click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write metrics, baselines and every case to this file.",
)
@click.option(
    "--png",
    "png_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Save the risk-coverage curves (default: next to --json).",
)
@click.option(
    "--against",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="A previous --json file: list the cases whose decision changed.",
)
@click.option(
    "--metamorphic",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Run the metamorphic variants on up to N answered cases.",
)
@click.option(
    "--cache",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_CACHE,
    show_default=True,
    help="Where indexes are kept, keyed by corpus hash.",
)
@click.option(
    "--reasons",
    callback=lambda _ctx, _param, value: _reason_codes(value),
    default="",
    metavar="CODE[,CODE]",
    help="Also report the share of cases labelled abstain that abstained naming one of these reason codes.",
)
@embedder_option
@reranker_option
@click.option(
    "--verifier",
    "verifier_spec",
    default=None,
    help=f"Support model spec for the engine and for a claims file (default: {DEFAULT_SPEC} in the engine, "
    f"{CLAIM_VERIFIER} for claims).",
)
@confirmer_option
@policy_option
@reports_errors
def eval_command(
    folder: Path,
    profile: str,
    limit: int | None,
    held_out: bool,
    split: str | None,
    json_out: Path | None,
    png_out: Path | None,
    against: Path | None,
    metamorphic: int,
    cache: Path,
    reasons: tuple[str, ...],
    embedder_spec: str | None,
    reranker_spec: str | None,
    verifier_spec: str | None,
    confirmer_spec: str | None,
    policy_path: str | None,
) -> None:
    """Run FOLDER's cases through the real engine (and its claims through the verifier) and report."""
    conf = settings(
        embedder=embedder_spec,
        reranker=reranker_spec,
        verifier=verifier_spec,
        confirmer=confirmer_spec,
        policy=policy_path,
    )
    policy = load_policy(conf.policy)
    policy.profile(profile)
    previous = _previous_run(against) if against is not None else None  # a bad file fails before the run
    # The report is printed once the JSON and the curves are written: a reader that stops early (| head)
    # must not cost the files.
    lines: list[str] = []
    out = lines.append
    dataset = without_unknown_profiles(open_dataset(folder), tuple(sorted(policy.profiles)))
    if split is not None:
        dataset = only_split(dataset, split)
    report_skipped(dataset.skipped, dataset.root)
    verifier = None  # the engine's, loaded only for cases: a claims folder is checked by CLAIM_VERIFIER
    report: dict[str, Any] = {
        "dataset": str(folder),
        "profile": profile,
        "policy": policy.version,
        "skipped_cases": list(dataset.skipped),
        **({"split": split} if split is not None else {}),
    }
    if dataset.cases and dataset.source is not None:
        source = dataset.source
        dataset = fetch_corpus(dataset, conf.cache_dir())  # once per package version, into the cache
        pages = "all pages" if source.pages is None else f"{len(source.pages)} pages"
        click.echo(f"corpus: {pages} of {source.package} {source.version} ({dataset.corpus[0]})", err=True)
        report["corpus"] = {"package": source.package, "version": source.version, "pages": pages}
    if dataset.cases:
        corpus_file = next((p for p in dataset.corpus if p.is_file()), None)
        cases = held_out_cases(dataset.cases, corpus_file) if held_out else list(dataset.cases)
        cases = sample(cases, limit)
        reranker = load_reranker(conf.reranker)
        verifier = load_verifier(conf.verifier)
        confirmer = load_confirmer(conf.confirmer)
        embedder = load_embedder(conf.embedder)
        store = build_index(dataset, embedder, cache, warn=lambda line: click.echo(line, err=True))

        def engine_on(s: Any) -> Engine:
            return Engine(s, embedder, reranker, verifier, policy, confirmer=confirmer, log=False)

        engine = engine_on(store)
        with click.progressbar(length=len(cases), label="cases", file=sys.stderr) as bar:
            results = run_cases(engine, cases, profile, progress=lambda _i: bar.update(1))
        report.update(build_report(results, reasons))
        out(f"== {folder} ({profile}, policy {policy.version})")
        out(format_table(report))
        unlabelled = [r for r in results if r.expected is None]
        for r in unlabelled[:20]:
            out(f"  unlabelled {r.id}: {r.status} {','.join(r.reason_codes)}")
        if metamorphic:
            report["metamorphic"] = run_metamorphic(engine, store, cases, profile, metamorphic, engine_on)
            mm = report["metamorphic"]
            out(
                "metamorphic ({cases} cases): remove {remove} add {add} stale {stale} acl {acl}".format(
                    **{k: ("n/a" if v is None else f"{v:.0%}" if isinstance(v, float) else v) for k, v in mm.items()}
                )
            )
        if previous is not None:
            report["drift"] = drift(previous, results)
            if not {r.id for r in previous} & {r.id for r in results}:
                click.echo(f"warning: --against {against} shares no case id with this run", err=True)
            out(f"drift against {against}: {len(report['drift'])} case(s) changed")
            for change in report["drift"]:
                out(f"  {change['id']}: {change['before'] or '-'} -> {change['after'] or '-'} ({change['boundary']})")
        png = png_out or (json_out.with_suffix(".png") if json_out else None)
        if png is not None:
            save_curves(curves(results), png, f"{folder.name}: risk-coverage")
            out(f"curves saved to {png}")
        store.close()
    if dataset.claims is not None:
        corpus_file = dataset.root / "corpus.jsonl"
        # Checking claims is not the engine's screen for contradicting pages: its default is the better,
        # slower checker (models/__init__.py).
        checker = verifier if verifier_spec and verifier is not None else load_verifier(verifier_spec or CLAIM_VERIFIER)
        res = evaluate_claims(checker, dataset.claims, corpus_file, held_out_claim if held_out else None, limit)
        report["verifier"] = {"model": checker.name, **res}
        out(
            f"verifier {checker.name} on {res['n']} claim-evidence pairs: macro-F1 {res['macro_f1']:.3f}, "
            f"balanced accuracy {res['balanced_accuracy']:.3f}"
        )
        out("  confusion (rows true, columns predicted: supported, refuted, insufficient):")
        for label, row in zip(res["labels"], res["confusion"], strict=True):
            out(f"    {label:12} {row}")
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    elif not dataset.cases and dataset.claims is None:
        raise InputError(f"{folder}: nothing to evaluate")
    for line in lines:
        click.echo(line)


def _previous_run(path: Path) -> list[CaseResult]:
    """The cases of an earlier `eval --json` file, checked before anything runs."""
    try:
        cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
        return [CaseResult.from_dict(c) for c in cases]
    except OSError as exc:
        raise InputError(f"--against: cannot read {path}: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"--against: {path} is not the JSON of an earlier eval run ({exc!r})") from None
