"""Train several configurations of both models at once on an accelerator machine, from exported pairs.

Two steps, so the machine that trains needs neither `../shared/data` nor this package's dependencies
beyond torch, transformers and peft:

    python -m answerable.backends.models.training.sweep export DATA OUTDIR   # here: pairs.*.jsonl.gz + configs
    python -m answerable.backends.models.training.sweep run OUTDIR RESULTS cuda   # there, in parallel

`run` trains every configuration in its own process (a small model leaves most of one GPU idle), writes
each into RESULTS/<name>/ without calibration (the calibration is fitted here, on the served int8 model:
`answerable train TASK --out DIR --calibrate-only`), and keeps RESULTS/<task>.tar.gz up to date as runs
finish, so a run cut short still returns what finished. Configurations are picked by their
calibration-split metric, never by the held-out one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

from answerable.backends.models.training.data import (
    Pair,
    Split,
    answerability_mix,
    load_pairs,
    save_pairs,
    squad2_offtopic_negatives,
    squad2_pairs,
    support_mix,
)

# name -> (task, mix, trainer keyword arguments). "small" is the CPU recipe's mix; "all" takes every
# usable pair of every source, with the in-domain SQuAD pairs seen twice per epoch.
CONFIGS: dict[str, tuple[str, str, dict[str, Any]]] = {
    # First sweep (docs/models.md): more data, epochs and rank on all 6 layers.
    "a-small-r8": ("answerability", "small", {"rank": 8, "epochs": 2.0, "lr": 8e-4, "batch_size": 16}),
    "a-all-r16": ("answerability", "all", {"rank": 16, "epochs": 3.0, "lr": 5e-4, "batch_size": 32}),
    "a-all-r32-e4": ("answerability", "all", {"rank": 32, "epochs": 4.0, "lr": 3e-4, "batch_size": 32}),
    "a-all-r32-e8": ("answerability", "all", {"rank": 32, "epochs": 8.0, "lr": 3e-4, "batch_size": 32}),
    "a-all-r48-e6": ("answerability", "all", {"rank": 48, "epochs": 6.0, "lr": 4e-4, "batch_size": 32}),
    "s-small-r8": ("support", "small", {"rank": 8, "epochs": 2.0, "lr": 8e-4, "batch_size": 16}),
    "s-all-r16": ("support", "all", {"rank": 16, "epochs": 3.0, "lr": 5e-4, "batch_size": 32}),
    "s-all-r32-e4": ("support", "all", {"rank": 32, "epochs": 4.0, "lr": 3e-4, "batch_size": 32}),
    "s-all-r32-e8": ("support", "all", {"rank": 32, "epochs": 8.0, "lr": 3e-4, "batch_size": 32}),
    "s-all-r48-e6": ("support", "all", {"rank": 48, "epochs": 6.0, "lr": 4e-4, "batch_size": 32}),
    # Second sweep: the shipped recipe on a shallower base, for speed on the CPU.
    **{
        f"{t[0]}-small-r8-L{n}": (t, "small", {"rank": 8, "epochs": 2.0, "lr": 8e-4, "batch_size": 16, "layers": n})
        for t in ("answerability", "support")
        for n in (3, 4, 5)
    },
    **{
        f"{t[0]}-small-r16-e3-L4": (
            t,
            "small",
            {"rank": 16, "epochs": 3.0, "lr": 5e-4, "batch_size": 16, "layers": 4},
        )
        for t in ("answerability", "support")
    },
}


def all_answerability(root: Path, seed: int = 13) -> dict[Split, list[Pair]]:
    mix = answerability_mix(root, seed, scale=8.0)
    extra = squad2_pairs(root)[Split.TRAIN] + squad2_offtopic_negatives(root, per_article=120)[Split.TRAIN]
    return {Split.TRAIN: mix[Split.TRAIN] + extra, Split.CALIB: mix[Split.CALIB]}


def export(root: Path, out: Path, seed: int = 13) -> None:
    """Write the four mixes (two per task) and the configurations into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    mixes = {
        ("answerability", "small"): answerability_mix(root, seed),
        ("answerability", "all"): all_answerability(root, seed),
        ("support", "small"): support_mix(root, seed),
        ("support", "all"): support_mix(root, seed, scale=8.0),
    }
    for (task, name), mix in mixes.items():
        save_pairs(mix, out / f"pairs.{task}.{name}.jsonl.gz")
        print(f"{task}/{name}: {len(mix[Split.TRAIN])} train, {len(mix[Split.CALIB])} calibration pairs")
    (out / "configs.json").write_text(json.dumps(CONFIGS, indent=2) + "\n", encoding="utf-8")


def _one(pairs_dir: Path, results: Path, name: str, device: str) -> None:
    from answerable.backends.models.training.trainer import train

    task, mix_name, kw = json.loads((pairs_dir / "configs.json").read_text())[name]
    mix = load_pairs(pairs_dir / f"pairs.{task}.{mix_name}.jsonl.gz")
    out = results / name
    log_file = (results / f"{name}.log").open("a", encoding="utf-8")

    def log(msg: str) -> None:
        log_file.write(msg + "\n")
        log_file.flush()

    metrics = train(
        task,
        pairs_dir,
        out,
        mix=mix,
        device=device,
        evaluate=False,
        calibrate_after=False,
        curve_every=200,
        log=log,
        **kw,
    )
    metrics["config"] = {"name": name, "mix": mix_name, **kw}
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2) + "\n", encoding="utf-8")


def _pack(results: Path, task: str, names: list[str]) -> None:
    tmp = results / f".{task}.tar.gz"
    with tarfile.open(tmp, "w:gz") as tar:
        for name in names:
            if (results / name / "metrics.json").exists():
                tar.add(results / name, arcname=name)
            if (results / f"{name}.log").exists():
                tar.add(results / f"{name}.log", arcname=f"{name}.log")
    tmp.replace(results / f"{task}.tar.gz")


def run(pairs_dir: Path, results: Path, device: str, names: list[str] | None = None) -> int:
    """Train the configurations in parallel processes; pack results per task as they finish."""
    configs = json.loads((pairs_dir / "configs.json").read_text())
    names = names or list(configs)
    results.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}
    procs = {
        name: subprocess.Popen(
            [
                sys.executable,
                "-m",
                "answerable.backends.models.training.sweep",
                "one",
                str(pairs_dir),
                str(results),
                name,
                device,
            ],
            env=env,
            stderr=(results / f"{name}.err").open("w"),
        )
        for name in names
    }
    by_task: dict[str, list[str]] = {}
    for name in names:
        by_task.setdefault(configs[name][0], []).append(name)
    t0, failed = time.time(), 0
    while procs:
        time.sleep(5)
        for name, p in list(procs.items()):
            if p.poll() is None:
                continue
            del procs[name]
            status = "ok" if p.returncode == 0 else f"failed ({p.returncode})"
            failed += p.returncode != 0
            metric = ""
            if (results / name / "metrics.json").exists():
                metric = f" calib {json.loads((results / name / 'metrics.json').read_text())['calib_metric']:.4f}"
            print(f"{time.time() - t0:6.0f}s {name}: {status}{metric}", flush=True)
            if p.returncode != 0:
                print((results / f"{name}.err").read_text()[-2000:], flush=True)
            task = configs[name][0]
            _pack(results, task, by_task[task])
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["export"] and len(argv) == 3:
        export(Path(argv[1]), Path(argv[2]))
        return 0
    if argv[:1] == ["run"] and len(argv) >= 3:
        device = argv[3] if len(argv) > 3 else "cuda"
        return run(Path(argv[1]), Path(argv[2]), device, argv[4:] or None)
    if argv[:1] == ["one"] and len(argv) == 5:
        _one(Path(argv[1]), Path(argv[2]), argv[3], argv[4])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
