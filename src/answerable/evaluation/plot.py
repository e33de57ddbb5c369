"""Risk-coverage curves as a PNG (matplotlib, no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from answerable.evaluation.metrics import Curve


def save_curves(curves: Sequence[Curve], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4.5), dpi=120)
    for curve in curves:
        ax.step(curve.coverage, curve.risk, where="post", label=f"{curve.method} (AURC {curve.aurc:.3f})")
    ax.set_xlabel("coverage (share of cases answered)")
    ax.set_ylabel("risk (share of answers that should have abstained)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
