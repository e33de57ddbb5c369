"""The project's own cross-encoders: the packaged all-MiniLM-L6-v2 with a classification head and a LoRA
adapter, merged at load time. An artifact is a folder holding `model.json` (how it was built),
`adapter.safetensors` (LoRA and head weights, fp16) and `calibration.json`.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from answerable.backends.models.bases import BASES, DEFAULT_BASE, base_path
from answerable.core.errors import MissingExtraError, ModelError

ARTIFACTS = Path(__file__).parent / "artifacts"
INSTALL_HINT = "the model backends need torch, transformers and peft: pip install 'answerable[models]'"


@dataclass(frozen=True)
class ModelSpec:
    """How an own model was built; stored as `model.json` next to its adapter."""

    task: str  # "answerability" or "support"
    labels: tuple[str, ...]
    max_len: int = 128
    rank: int = 8
    alpha: int = 16
    dropout: float = 0.1
    targets: tuple[str, ...] = BASES[DEFAULT_BASE].lora_targets
    base: str = DEFAULT_BASE
    layers: int | None = None  # keep only the first N transformer layers of the base (None: all)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def num_labels(self) -> int:
        return len(self.labels)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    @classmethod
    def from_json(cls, text: str) -> ModelSpec:
        raw = json.loads(text)
        raw["labels"] = tuple(raw["labels"])
        raw["targets"] = tuple(raw["targets"])
        return cls(**raw)


def _imports() -> tuple[Any, Any, Any]:
    try:
        import peft
        import torch
        import transformers
    except ImportError as exc:
        raise MissingExtraError(INSTALL_HINT) from exc
    return torch, transformers, peft


def load_spec(folder: Path) -> ModelSpec:
    """The spec an own model's folder holds; ModelError when it is missing or malformed."""
    try:
        return ModelSpec.from_json((folder / "model.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError, KeyError) as exc:
        raise ModelError(f"{folder}: not an own model ({exc})") from exc


def load_tokenizer(spec: ModelSpec) -> Any:
    """The tokenizer of the model's base (offline)."""
    _, transformers, _ = _imports()
    return transformers.AutoTokenizer.from_pretrained(base_path(spec.base), local_files_only=True)


def build_peft_model(spec: ModelSpec, seed: int = 13) -> tuple[Any, Any]:
    """Base model with a fresh head (seeded) wrapped in LoRA; returns (peft model, tokenizer)."""
    torch, transformers, peft = _imports()
    path = base_path(spec.base)
    torch.manual_seed(seed)
    tok = load_tokenizer(spec)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(
        path, num_labels=spec.num_labels, local_files_only=True, dtype=torch.float32
    )
    if spec.layers is not None:  # a shallower network: each layer dropped is a sixth less compute for MiniLM-L6
        encoder = model.base_model.encoder
        if not 0 < spec.layers <= len(encoder.layer):
            raise ModelError(f"layers={spec.layers}: the base has {len(encoder.layer)}")
        encoder.layer = encoder.layer[: spec.layers]
        model.config.num_hidden_layers = spec.layers
    config = peft.LoraConfig(
        r=spec.rank,
        lora_alpha=spec.alpha,
        lora_dropout=spec.dropout,
        target_modules=list(spec.targets),
        modules_to_save=["classifier"],
        task_type="SEQ_CLS",
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # peft calls an API transformers has deprecated
        return peft.get_peft_model(model, config), tok


def save_adapter(model: Any, spec: ModelSpec, out: Path) -> None:
    """Write the trainable weights (LoRA + head) in fp16 and the spec: a few MB at most."""
    torch, _, peft = _imports()
    from safetensors.torch import save_file

    out.mkdir(parents=True, exist_ok=True)
    state = peft.get_peft_model_state_dict(model)
    save_file(
        {k: v.detach().to(torch.float16).contiguous() for k, v in state.items()}, str(out / "adapter.safetensors")
    )
    (out / "model.json").write_text(spec.to_json() + "\n", encoding="utf-8")


def load_adapter_into(model: Any, spec: ModelSpec, folder: Path) -> None:
    """Copy a trained artifact's LoRA and head weights from `folder` into `model`, built from `spec`, to go on
    training it. The artifact must have been built the same way (base, task, labels, rank, targets, layers):
    weights of another shape or layer name cannot carry over. Errors are ModelError, naming what differs.
    """
    torch, _, peft = _imports()
    from safetensors.torch import load_file

    init = load_spec(folder)
    differ = [
        name
        for name in ("task", "labels", "base", "rank", "targets", "layers")
        if getattr(init, name) != getattr(spec, name)
    ]
    if differ:
        shown = ", ".join(f"{n} {getattr(init, n)!r} (here {getattr(spec, n)!r})" for n in differ)
        raise ModelError(f"{folder}: cannot go on training that artifact here: its {shown}")
    state = {k: v.to(torch.float32) for k, v in load_file(str(folder / "adapter.safetensors")).items()}
    result = peft.set_peft_model_state_dict(model, state)
    unexpected = list(getattr(result, "unexpected_keys", []))
    if unexpected:
        raise ModelError(f"{folder}: adapter weights do not fit the model: {unexpected[:3]}")


def load_merged(folder: Path) -> tuple[Any, Any, ModelSpec]:
    """Load an own model: base + adapter merged into plain weights, in eval mode. Errors are ModelError."""
    torch, _, peft = _imports()
    from safetensors.torch import load_file

    spec = load_spec(folder)
    try:
        model, tok = build_peft_model(spec)
        state = {k: v.to(torch.float32) for k, v in load_file(str(folder / "adapter.safetensors")).items()}
        result = peft.set_peft_model_state_dict(model, state)
        missing = [k for k in getattr(result, "unexpected_keys", []) if "lora" in k]
        if missing:
            raise ModelError(f"{folder}: adapter weights do not fit the model: {missing[:3]}")
        merged = model.merge_and_unload()
        merged.eval()
    except ModelError:
        raise
    except Exception as exc:
        raise ModelError(f"could not load the model in {folder}: {exc}") from exc
    return merged, tok, spec


def predict_logits(
    model: Any, tok: Any, a: list[str], b: list[str], max_len: int, batch_size: int = 32
) -> list[list[float]]:
    """Raw logits for each (a, b) pair, batched by length so padding stays short."""
    torch, _, _ = _imports()
    device = model.device
    order = sorted(range(len(a)), key=lambda i: len(a[i]) + len(b[i]))
    out: list[list[float]] = [[] for _ in a]
    with torch.inference_mode():
        for start in range(0, len(order), batch_size):
            idx = order[start : start + batch_size]
            enc = tok(
                [a[i] for i in idx],
                [b[i] for i in idx],
                truncation=True,
                max_length=max_len,
                padding=True,
                return_tensors="pt",
            ).to(device)
            logits = model(**enc).logits.float()
            for i, row in zip(idx, logits.tolist(), strict=True):
                out[i] = row
    return out
