"""`answerable calibrate DIR --target-unsupported 0.05`: fit thresholds, write a new policy version."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import click

from answerable.backends.models.training.data import Split
from answerable.backends.registry import load_confirmer, load_embedder, load_reranker, load_verifier
from answerable.core.errors import InputError
from answerable.core.policy import load_policy, policy_to_toml
from answerable.core.types import Evidence
from answerable.engine.engine import Engine
from answerable.evaluation.calibrate import choose, collect, frontier, half, rates, sweep, sweep_confirmation
from answerable.evaluation.data import Case, open_dataset, without_unknown_profiles
from answerable.evaluation.heldout import held_out_cases
from answerable.evaluation.runner import DEFAULT_CACHE, build_index, sample
from answerable.interfaces.cli.ask import confirmer_option, reranker_option, verifier_option
from answerable.interfaces.cli.common import policy_option, report_skipped, reports_errors, settings
from answerable.interfaces.cli.store_options import embedder_option


@click.command("calibrate")
@click.argument("folders", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--target-unsupported",
    type=click.FloatRange(0.0, 1.0),
    default=0.05,
    show_default=True,
    help="Highest acceptable unsupported-answer rate.",
)
@click.option("--profile", default="strict", show_default=True, help="The profile whose thresholds are fitted.")
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("policy.calibrated.toml"),
    show_default=True,
    help="Where to write the new policy version.",
)
@click.option("--version", "version", default=None, help="Version of the new policy (default: old version + date).")
@click.option(
    "--png",
    "png",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Save the sweep's curve (default: next to --out).",
)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Use at most N cases of each folder.")
@click.option(
    "--calib-split",
    is_flag=True,
    help="Only the calibration share of the models' split (never trained on, never reported by eval --held-out).",
)
@click.option("--cache", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_CACHE, show_default=True)
@embedder_option
@reranker_option
@verifier_option
@confirmer_option
@policy_option
@reports_errors
def calibrate_command(
    folders: tuple[Path, ...],
    target_unsupported: float,
    profile: str,
    out: Path,
    version: str | None,
    png: Path | None,
    limit: int | None,
    calib_split: bool,
    cache: Path,
    embedder_spec: str | None,
    reranker_spec: str | None,
    verifier_spec: str | None,
    confirmer_spec: str | None,
    policy_path: str | None,
) -> None:
    """Sweep min_support, min_retrieval_score and borderline_band (then min_confirmation, for a profile that
    asks a second model) on half of the cases; report on the rest.

    The chosen point has the most supported answers whose unsupported-answer rate is at or under the
    target on the fitting half. The fitting and reporting halves never share a case.
    """
    conf = settings(
        embedder=embedder_spec,
        reranker=reranker_spec,
        verifier=verifier_spec,
        confirmer=confirmer_spec,
        policy=policy_path,
    )
    policy = load_policy(conf.policy)
    base = policy.profile(profile)
    if not out.parent.is_dir():  # found out before the evidence is collected, not after
        raise InputError(f"--out: no folder {out.parent}")
    embedder = load_embedder(conf.embedder)
    reranker = load_reranker(conf.reranker)
    verifier = load_verifier(conf.verifier)
    confirmer = load_confirmer(conf.confirmer)
    items: list[tuple[Case, Evidence]] = []
    for folder in folders:
        dataset = without_unknown_profiles(open_dataset(folder), tuple(sorted(policy.profiles)))
        report_skipped(dataset.skipped, dataset.root)
        if not dataset.cases:
            raise InputError(f"{folder}: calibration needs labelled cases")
        corpus_file = next((p for p in dataset.corpus if p.is_file()), None)
        cases = held_out_cases(dataset.cases, corpus_file, Split.CALIB) if calib_split else list(dataset.cases)
        labelled = [c for c in sample(cases, limit) if c.expected is not None]
        cases = [c for c in labelled if (c.profile or profile) == profile]
        if len(cases) < len(labelled):  # their thresholds are another profile's: not fitted here
            click.echo(
                f"{folder}: {len(labelled) - len(cases)} labelled case(s) name another profile than {profile} "
                "and are left out",
                err=True,
            )
        store = build_index(dataset, embedder, cache, warn=lambda line: click.echo(line, err=True))
        engine = Engine(store, embedder, reranker, verifier, policy, confirmer=confirmer, log=False)
        label = f"collecting evidence: {folder.name}"
        with click.progressbar(length=len(cases), label=label, file=sys.stderr) as bar:
            items += collect(engine, cases, base, progress=lambda _i: bar.update(1))
        store.close()
    folder_names = " ".join(str(f) for f in folders)
    fit = [it for it in items if half(it[0].id) == "fit"]
    report = [it for it in items if half(it[0].id) == "report"]
    counts = {name: _labels(part) for name, part in (("fit", fit), ("report", report))}
    if any(0 in c for c in counts.values()):
        # a rate over no case is undefined: fitting would pick the strictest point, reporting would say 0%
        raise InputError(
            "calibration needs answerable and unanswerable cases in both halves; got "
            + ", ".join(f"{name} half {a} answerable and {b} unanswerable" for name, (a, b) in counts.items())
        )
    if any(n < MIN_PER_LABEL for c in counts.values() for n in c):
        click.echo(
            f"warning: fewer than {MIN_PER_LABEL} cases of a label in a half ("
            + ", ".join(f"{name}: {a} answerable, {b} unanswerable" for name, (a, b) in counts.items())
            + "): the thresholds and figures are noise",
            err=True,
        )
    today = date.today()
    points = sweep(fit, base, today)
    chosen = choose(points, target_unsupported)
    if chosen is None:
        raise InputError(f"no thresholds keep the unsupported-answer rate at or under {target_unsupported:.1%}")
    tuned = replace(
        base,
        min_support=chosen.min_support,
        min_retrieval_score=chosen.min_retrieval_score,
        borderline_band=chosen.borderline_band,
    )
    if base.min_confirmation > 0:
        # Then the second model's bar, at those thresholds (one more pass, not another full grid).
        chosen = choose([chosen, *sweep_confirmation(fit, tuned, today)], target_unsupported) or chosen
        tuned = replace(tuned, min_confirmation=chosen.min_confirmation)
    held = rates(report, tuned, today)
    new_version = version or f"{policy.version}+cal.{today.isoformat()}"
    profiles = dict(policy.profiles)
    profiles[profile] = replace(tuned, version=new_version)
    profiles = {k: replace(v, version=new_version) for k, v in profiles.items()}
    flags = f" --profile {profile}" + (" --calib-split" if calib_split else "") + (f" --limit {limit}" if limit else "")
    header = (
        f"Calibrated by `answerable calibrate {folder_names} --target-unsupported {target_unsupported}{flags}` "
        f"on {today}.\n"
        f"Fitted on {len(fit)} cases: supported {chosen.supported_answer_rate:.1%}, "
        f"unsupported {chosen.unsupported_answer_rate:.1%}.\n"
        f"Reported on {len(report)} other cases: supported {held.supported_answer_rate:.1%}, "
        f"unsupported {held.unsupported_answer_rate:.1%}."
    )
    out.write_text(policy_to_toml(policy.name, new_version, profiles, header), encoding="utf-8")
    load_policy(out)  # what we wrote must read back
    click.echo(
        f"{profile}: min_support {base.min_support:g} -> {chosen.min_support:g}, "
        f"min_retrieval_score {base.min_retrieval_score:g} -> {chosen.min_retrieval_score:g}, "
        f"borderline_band {base.borderline_band:g} -> {chosen.borderline_band:g}"
        + (
            f", min_confirmation {base.min_confirmation:g} -> {chosen.min_confirmation:g}"
            if base.min_confirmation > 0
            else ""
        )
    )
    click.echo(
        f"fit half ({len(fit)} cases): supported {chosen.supported_answer_rate:.1%}, "
        f"unsupported {chosen.unsupported_answer_rate:.1%}"
    )
    click.echo(
        f"report half ({len(report)} cases): supported {held.supported_answer_rate:.1%}, "
        f"unsupported {held.unsupported_answer_rate:.1%}"
    )
    click.echo(f"wrote {out} (version {new_version})")
    # The figures are the pure gate's, replayed over evidence collected once: the checks of the drafted
    # answer (kind of answer, mismatch, citations) and the profile-dependent support and contradiction
    # bars run only in the engine, so its figures under the new policy can differ.
    click.echo(f"check it through the engine: answerable eval {folder_names} --policy {out}")
    _plot(frontier(points), chosen, png or out.with_suffix(".png"), target_unsupported)


# Below this many cases of a label in a half, calibrate warns that its figures are noise.
MIN_PER_LABEL = 10


def _labels(items: list[tuple[Case, Evidence]]) -> tuple[int, int]:
    """(answerable, unanswerable) cases."""
    answerable = sum(case.expected in ("answer", "partial") for case, _ in items)
    return answerable, len(items) - answerable


def _plot(curve: list, chosen: object, path: Path, target: float) -> None:  # type: ignore[type-arg]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4.5), dpi=120)
    ax.step(
        [p.unsupported_answer_rate for p in curve],
        [p.supported_answer_rate for p in curve],
        where="post",
        label="best reachable (fit half)",
    )
    ax.axvline(target, color="grey", linestyle="--", label=f"target {target:.0%}")
    ax.plot([chosen.unsupported_answer_rate], [chosen.supported_answer_rate], "o", label="chosen")  # type: ignore[attr-defined]
    ax.set_xlabel("unsupported-answer rate")
    ax.set_ylabel("supported-answer rate")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    click.echo(f"curve saved to {path}")
