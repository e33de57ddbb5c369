"""Fine-tune a packaged base (MiniLM by default) as a cross-encoder with LoRA, on the CPU, resumably, with fixed seeds.

A run writes into `out`: `checkpoint.pt` (every `checkpoint_every` steps; a rerun resumes from it),
`curve.jsonl` (loss and a calibration-split metric along the way), and at the end the artifact
(`model.json`, `adapter.safetensors`, `calibration.json`) plus `metrics.json` on the held-out split.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models import calibration as cal
from answerable.backends.models.bases import DEFAULT_BASE, get_base
from answerable.backends.models.own import (
    ModelSpec,
    build_peft_model,
    load_adapter_into,
    predict_logits,
    save_adapter,
)
from answerable.backends.models.training.data import (
    SUPPORT_LABELS,
    Pair,
    Split,
    answerability_mix,
    label_counts,
    support_mix,
)

TASKS = ("answerability", "support")


def _metric(task: str, logits: list[list[float]], labels: list[int]) -> float:
    from sklearn.metrics import balanced_accuracy_score, roc_auc_score  # type: ignore[import-untyped]

    if task == "answerability":
        return float(roc_auc_score(labels, [z[0] for z in logits])) if len(set(labels)) == 2 else float("nan")
    return float(balanced_accuracy_score(labels, [max(range(len(z)), key=z.__getitem__) for z in logits]))


def train(
    task: str,
    data_root: Path,
    out: Path,
    *,
    seed: int = 13,
    scale: float = 1.0,
    epochs: float = 2.0,
    max_steps: int | None = None,
    batch_size: int = 16,
    lr: float = 8e-4,
    max_len: int = 128,
    rank: int = 8,
    layers: int | None = None,
    base: str = DEFAULT_BASE,
    checkpoint_every: int = 50,
    curve_every: int = 100,
    curve_pairs: int = 300,
    evaluate: bool = True,
    calibrate_after: bool = True,
    mix: dict[Split, list[Pair]] | None = None,
    docs: Sequence[Path] = (),
    init: Path | None = None,
    device: str = "cpu",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Train one model into `out` and return its metrics (held-out ones when `evaluate`).

    `mix` replaces the pairs built from `data_root` (e.g. pairs exported with `save_pairs` and trained on
    another machine); `device` "cuda" trains there in bf16 autocast. `calibrate_after=False` leaves the
    calibration to be fitted where the model is served (`--calibrate-only`), since it is fitted on the
    int8 CPU model. `init` starts from a trained artifact's weights instead of a fresh adapter (same base,
    rank and targets), to go on training a shipped model on new pairs rather than repeat its whole run.
    """
    import torch

    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; expected one of {TASKS}")
    random.seed(seed)
    torch.manual_seed(seed)
    out.mkdir(parents=True, exist_ok=True)
    if mix is None:
        mix = (
            answerability_mix(data_root, seed, scale, docs)
            if task == "answerability"
            else support_mix(data_root, seed, scale)
        )
    train_pairs, calib_pairs = mix[Split.TRAIN], mix[Split.CALIB]
    log(f"{task}: {len(train_pairs)} training pairs {label_counts(train_pairs)}")
    log(f"{task}: {len(calib_pairs)} calibration pairs {label_counts(calib_pairs)}")
    labels = ("answerable",) if task == "answerability" else SUPPORT_LABELS
    spec = ModelSpec(
        task=task,
        labels=labels,
        max_len=max_len,
        rank=rank,
        alpha=2 * rank,
        layers=layers,
        base=base,
        targets=get_base(base).lora_targets,
        extra={
            "seed": seed,
            "scale": scale,
            "epochs": epochs,
            "batch_size": batch_size,
            "lr": lr,
            "docs": [p.name for p in docs],
            **({"init": init.name} if init is not None else {}),
        },
    )
    model, tok = build_peft_model(spec, seed)
    if init is not None:
        load_adapter_into(model, spec, init)
        log(f"{task}: starting from the weights in {init}")
    model.to(device)
    cuda = device.startswith("cuda")
    params = [p for p in model.parameters() if p.requires_grad]
    log(f"{task}: {sum(p.numel() for p in params)} trainable parameters")
    steps_per_epoch = math.ceil(len(train_pairs) / batch_size)
    total = max_steps if max_steps is not None else max(1, int(steps_per_epoch * epochs))
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    warmup = max(1, total // 16)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min((s + 1) / warmup, max(0.0, (total - s) / max(1, total - warmup)))
    )
    ckpt = out / "checkpoint.pt"
    step = 0
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False, map_location=device)
        named = dict(model.named_parameters())
        for k, v in state["params"].items():
            named[k].data.copy_(v)
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step = int(state["step"])
        log(f"{task}: resumed at step {step} of {total}")
    rng = random.Random(seed)
    curve_set = random.Random(seed + 1).sample(calib_pairs, min(curve_pairs, len(calib_pairs)))
    curve_path = out / "curve.jsonl"
    order: list[int] = []
    for _ in range(math.ceil(total / steps_per_epoch) + 1):
        perm = list(range(len(train_pairs)))
        rng.shuffle(perm)
        order.extend(perm)
    loss_fn: Any = torch.nn.BCEWithLogitsLoss() if task == "answerability" else torch.nn.CrossEntropyLoss()
    model.train()
    t0, running, seen = time.time(), 0.0, 0
    while step < total:
        batch = [train_pairs[i] for i in order[step * batch_size : (step + 1) * batch_size]]
        enc = tok(
            [p.a for p in batch],
            [p.b for p in batch],
            truncation=True,
            max_length=max_len,
            padding=True,
            return_tensors="pt",
        ).to(device)
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=cuda):
            logits = model(**enc).logits.float()
        if task == "answerability":
            loss = loss_fn(logits[:, 0], torch.tensor([float(p.label) for p in batch], device=device))
        else:
            loss = loss_fn(logits, torch.tensor([p.label for p in batch], device=device))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        running += float(loss.detach())
        seen += len(batch)
        if step % 10 == 0 or step == total:
            log(
                f"{task}: step {step}/{total} loss {running / max(1, step % 10 or 10):.4f}"
                f" {seen / (time.time() - t0):.1f} pairs/s"
            )
            running = 0.0
        if step % curve_every == 0 or step == total:
            model.eval()
            z = predict_logits(model, tok, [p.a for p in curve_set], [p.b for p in curve_set], max_len)
            model.train()
            m = _metric(task, z, [p.label for p in curve_set])
            with curve_path.open("a", encoding="utf-8") as f:
                f.write(
                    json.dumps(
                        {"step": step, "pairs": step * batch_size, "calib_metric": m, "loss": float(loss.detach())}
                    )
                    + "\n"
                )
            log(
                f"{task}: step {step} calibration-split {'AUROC' if task == 'answerability' else 'balanced accuracy'}"
                f" {m:.4f}"
            )
        if step % checkpoint_every == 0 and step < total:
            state = {k: v.detach().clone() for k, v in model.named_parameters() if v.requires_grad}
            torch.save({"params": state, "opt": opt.state_dict(), "sched": sched.state_dict(), "step": step}, ckpt)
    model.eval()
    labels_calib = [p.label for p in calib_pairs]
    if calibrate_after:  # the calibration fit scores the split with the served model: measure on that
        model.to("cpu")
        save_adapter(model, spec, out)
        calibration, z = _calibrate(task, out, calib_pairs)
        log(f"{task}: wrote {out} (calibration {calibration.to_dict()})")
    else:  # scored where it was trained (the GPU); calibrated later where it is served
        z = predict_logits(model, tok, [p.a for p in calib_pairs], [p.b for p in calib_pairs], max_len)
        model.to("cpu")
        save_adapter(model, spec, out)
    calib_metric = _metric(task, z, labels_calib)
    log(f"{task}: whole calibration split ({len(calib_pairs)} pairs) metric {calib_metric:.4f}")
    if ckpt.exists():
        ckpt.unlink()
    metrics: dict[str, Any] = {
        "task": task,
        "steps": total,
        "train_pairs": len(train_pairs),
        "calib_metric": calib_metric,
        "seconds": round(time.time() - t0, 1),
    }
    if evaluate:
        from answerable.backends.models.own_backend import OwnReranker, OwnVerifier
        from answerable.backends.models.training.evaluate import evaluate_task

        backend: Any = OwnReranker(out) if task == "answerability" else OwnVerifier(out)
        metrics["heldout"] = evaluate_task(task, backend, data_root, log=log)
        (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    return metrics


def calibrate(task: str, out: Path, calib_pairs: list[Pair]) -> cal.Calibration:
    """Fit the calibration of the saved model in `out`, as it is served (int8), on the calibration split
    (labels weighed equally), and write `calibration.json`.
    """
    return _calibrate(task, out, calib_pairs)[0]


def _calibrate(task: str, out: Path, calib_pairs: list[Pair]) -> tuple[cal.Calibration, list[list[float]]]:
    """`calibrate`, also returning the served model's raw logits on the split."""
    from answerable.backends.models.own_backend import _Own

    (out / "calibration.json").write_text('{"kind": "binary", "method": "identity"}\n', encoding="utf-8")
    z = _Own(out).logits([(p.a, p.b) for p in calib_pairs])
    y = [p.label for p in calib_pairs]
    calibration: cal.Calibration
    if task == "answerability":
        calibration = cal.fit_binary([v[0] for v in z], y)
    else:
        calibration = cal.fit_multiclass(z, y, SUPPORT_LABELS)
    cal.save(calibration, out / "calibration.json")
    return calibration, z


def recalibrate(
    task: str,
    data_root: Path,
    out: Path,
    *,
    seed: int = 13,
    evaluate: bool = True,
    docs: Sequence[Path] = (),
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Refit the calibration of a model already trained into `out` (same split, same seed, same `docs`) and
    re-evaluate."""
    mix = answerability_mix(data_root, seed, docs=docs) if task == "answerability" else support_mix(data_root, seed)
    calibration = calibrate(task, out, mix[Split.CALIB])
    log(f"{task}: refitted {out / 'calibration.json'} ({calibration.to_dict()})")
    metrics: dict[str, Any] = json.loads((out / "metrics.json").read_text()) if (out / "metrics.json").exists() else {}
    if "task" not in metrics:
        metrics["task"] = task
    if evaluate:
        from answerable.backends.models.own_backend import OwnReranker, OwnVerifier
        from answerable.backends.models.training.evaluate import evaluate_task

        backend: Any = OwnReranker(out) if task == "answerability" else OwnVerifier(out)
        metrics["heldout"] = evaluate_task(task, backend, data_root, log=log)
        (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")
    return metrics
