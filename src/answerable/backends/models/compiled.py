"""Own int8 models compiled ahead of time for this machine's CPU (torch's AOTInductor).

Eager PyTorch runs each small operation of a forward pass on its own: at one question's shapes (8 pairs of
about 65 tokens) quantizing and rescaling activations, GELU and the layer norms take as long as the int8
products. Inductor fuses them into a few generated C++ loops. `build` exports a served model (int8 layers
included, dynamic in batch and sequence length) and compiles it into one package file, once per model,
torch version and CPU (under a minute each); `load` maps it in, and the eager model is then never built.
`answerable models compile` (run by `make`) builds the packages of the models `ask` uses; a model without
one runs eagerly, slower (docs/research/models.md, Speed).

The package uses plain matmul-and-softmax attention: Inductor's fused SDPA kernel splits the keys into
blocks by length, so a pair's logits moved with its batch's padding; with plain attention a pair scores the
same alone or in any batch, as the eager int8 model does. The generated code orders some floating-point
sums differently, so an activation can round to the neighbouring int8 step: logits differ a little from the
eager int8 model's, less than int8 itself moves them from fp32.

The query embedder (the packaged all-MiniLM-L6-v2, fp32: its vectors must compare with those the index
stored) is compiled the same way with its mean pooling and normalization (`build_embedder`): the same
vectors within 1e-6, faster for one question (ingest's batches of passages stay eager, embed.py).

`ANSWERABLE_COMPILED=0` serves every model eagerly (a package that fails to load is skipped with a
warning). Packages live in `$ANSWERABLE_CACHE/compiled` (else `~/.cache/answerable/compiled`), named by a
hash of everything that shapes the graph: the model's files, the base weights' names and sizes, the code
that builds the int8 layers and exports the model, and the versions of torch and transformers and the CPU's
instruction set; anything else gets a new file and the stale one is ignored.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from answerable.backends.models.bases import base_path, cache_dir
from answerable.backends.models.own import ModelSpec
from answerable.core.errors import ModelError
from answerable.core.settings import Settings

# Shapes the exported graph accepts: batches up to this many pairs, up to the models' 512 positions.
MAX_BATCH = 256
MAX_TOKENS = 512


def enabled() -> bool:
    """Whether packages are used at all (`ANSWERABLE_COMPILED=0`: every model runs eagerly)."""
    return Settings.resolve(os.environ).compiled != "0"


def _files_identity(root: Path, by_content_below: int = 0) -> list[str]:
    """Each file under `root` by its name and size, or by a hash of its content when it is smaller than
    `by_content_below` bytes (configuration and tokenizer files; hashing the weights would cost a load)."""
    out = []
    for p in root.rglob("*"):
        if p.is_file():
            size = p.stat().st_size
            ident = hashlib.sha256(p.read_bytes()).hexdigest() if size < by_content_below else str(size)
            out.append(f"{p.relative_to(root)}:{ident}")
    return sorted(out)


def package_path(folder: Path, spec: ModelSpec) -> Path:
    """Where the compiled package of the own model in `folder` (described by `spec`) lives on this machine."""
    from answerable.backends.models import int8

    h = hashlib.sha256()
    for name in ("model.json", "adapter.safetensors"):
        h.update((folder / name).read_bytes())
    for part in (
        *_files_identity(Path(base_path(spec.base))),
        Path(int8.__file__).read_text(encoding="utf-8"),
        inspect.getsource(build),
        *_toolchain(),
    ):
        h.update(part.encode())
    return cache_dir() / "compiled" / f"{folder.name}-{h.hexdigest()[:16]}.pt2"


def _toolchain() -> tuple[str, ...]:
    """What shapes every package besides the model: the packaging code, torch and transformers, the CPU."""
    import torch
    import transformers

    return (
        inspect.getsource(_package),
        torch.__version__,
        transformers.__version__,
        torch.backends.cpu.get_cpu_capability(),
    )


class _Output:
    def __init__(self, logits: Any) -> None:
        self.logits = logits


class CompiledModel:
    """A loaded package, called like the Hugging Face model it was built from: `model(**encoding).logits`.

    It drives torch's package loader directly, with the inputs in the order the package records, rather
    than through `torch._inductor.aoti_load_package`, which reads the archive in Python first (an order of
    magnitude slower to load) and parses the call's signature again on every call.
    """

    def __init__(self, path: Path) -> None:
        import torch
        import torch.utils._pytree as pytree

        self.path = path
        self.device = torch.device("cpu")
        self._loader = torch._C._aoti.AOTIModelPackageLoader(str(path), "model", False, 1, -1)
        args, kwargs = pytree.treespec_loads(self._loader.get_call_spec()[0]).children()
        if args.num_leaves or not kwargs.context:  # `build` exports keyword inputs only
            raise ModelError(f"{path}: not a package `build` wrote (inputs {kwargs.context!r})")
        self.inputs: list[str] = list(kwargs.context)

    def __call__(self, **encoding: Any) -> _Output:
        missing = [name for name in self.inputs if name not in encoding]
        if missing:
            raise ModelError(f"{self.path.name}: the tokenizer gave no {', '.join(missing)}")
        return _Output(self._loader.boxed_run([encoding[name] for name in self.inputs])[0])


# Packages loaded in this process. torch never unloads one (its weights stay mapped after the last
# reference goes: 57 MB for each MiniLM load), so a model loaded twice shares the first load; a loaded
# package may be called from several threads at once.
_LOADED: dict[tuple[Path, int, int], CompiledModel] = {}
_LOADED_LOCK = threading.Lock()


def load(path: Path) -> CompiledModel | None:
    """The package at `path`, or None (with a warning) when it cannot be loaded: the caller runs eagerly."""
    try:
        stat = path.stat()
        key = (path, stat.st_size, stat.st_mtime_ns)
        with _LOADED_LOCK:
            if key not in _LOADED:
                _LOADED[key] = CompiledModel(path)
            return _LOADED[key]
    except Exception as exc:  # a truncated file, a torch that cannot read it: the eager model still works
        warnings.warn(f"{path}: compiled model not loaded, running eagerly ({exc})", RuntimeWarning, stacklevel=2)
        return None


def build(model: Any, tok: Any, path: Path) -> float:
    """Export `model` (eval mode, int8 layers in place) and compile it for this CPU into `path`.

    Written beside `path` and renamed into place, so an interrupted build leaves no half-written package.
    Returns the seconds it took; ModelError if torch cannot export or compile it (no C++ compiler, say).
    """
    import torch

    class _Logits(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any = None) -> Any:
            kw = {"input_ids": input_ids, "attention_mask": attention_mask}
            if token_type_ids is not None:  # BERT-style tokenizers give segment ids; MPNet's give none
                kw["token_type_ids"] = token_type_ids
            return self.inner(**kw).logits

    start = time.perf_counter()
    _plain_attention(model)
    example = dict(
        tok(
            ["a short question", "another question about something"],
            ["a passage of a few words", "a passage of several more words than the first one has"],
            padding=True,
            return_tensors="pt",
        )
    )
    _package(_Logits(model).eval(), example, path)
    return time.perf_counter() - start


def _plain_attention(model: Any) -> None:
    if hasattr(model, "set_attn_implementation"):
        # Plain matmul-and-softmax attention rather than the fused kernel Inductor picks for SDPA, which splits
        # the keys into blocks by length: with it a pair's logits moved with the batch's padding.
        model.set_attn_implementation("eager")


def _package(module: Any, example: dict[str, Any], path: Path) -> None:
    """Export `module` (keyword tensor inputs, dynamic in batch and tokens) and compile it into `path`."""
    import torch

    batch = torch.export.Dim("batch", min=1, max=MAX_BATCH)
    tokens = torch.export.Dim("tokens", min=2, max=MAX_TOKENS)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.pt2")  # the packager wants the suffix
    try:
        with torch.inference_mode():
            exported = torch.export.export(
                module, (), example, dynamic_shapes={k: {0: batch, 1: tokens} for k in example}
            )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch._inductor.aoti_compile_and_package(exported, package_path=str(tmp))
        os.replace(tmp, path)
    except Exception as exc:
        raise ModelError(f"could not compile the model into {path}: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)


def compile_folder(folder: Path, log: bool = True) -> Path:
    """Build the package of the own model in `folder` unless this machine has it; returns its path."""
    from answerable.backends.models.int8 import quantize_rowwise
    from answerable.backends.models.own import load_merged, load_spec

    def build_it(path: Path) -> float:
        model, tok, _ = load_merged(folder)
        return build(quantize_rowwise(model), tok, path)

    return build_once(folder.name, package_path(folder, load_spec(folder)), build_it, log)


def build_once(name: str, path: Path, build_it: Callable[[Path], float], log: bool) -> Path:
    """`build_it(path)` (which returns its seconds) unless this machine has the package at `path`."""
    if path.is_file():
        if log:
            print(f"{name}: compiled already, {path}", file=sys.stderr)
        return path
    seconds = build_it(path)
    if log:
        print(f"{name}: compiled in {seconds:.0f} s, {path}", file=sys.stderr)
    return path


# --- the query embedder -----------------------------------------------------------------------------------

EMBEDDER_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def embedder_compilable(model: Any) -> bool:
    """Whether a loaded sentence-transformers model is one `build_embedder` reproduces: a transformer, mean
    pooling, normalization (all-MiniLM-L6-v2 and most sentence-transformers bi-encoders)."""
    modules = list(model)
    return (
        len(modules) == 3
        and type(modules[0]).__name__ == "Transformer"
        and getattr(modules[1], "pooling_mode", None) == "mean"
        and type(modules[2]).__name__ == "Normalize"
    )


def embedder_package_path(folder: Path) -> Path:
    """Where the compiled package of the sentence-transformers model in `folder` lives on this machine."""
    h = hashlib.sha256()
    for part in (*_files_identity(folder, by_content_below=1 << 20), inspect.getsource(build_embedder), *_toolchain()):
        h.update(part.encode())
    return cache_dir() / "compiled" / f"embedder-{h.hexdigest()[:16]}.pt2"


def build_embedder(model: Any, path: Path) -> float:
    """Compile a sentence-transformers model (`embedder_compilable`, fp32) with its pooling into `path`.

    The package maps a batch's token ids, attention mask and segment ids to unit vectors. Returns seconds.
    """
    import torch

    if not embedder_compilable(model):
        raise ModelError(f"{path.name}: only a transformer with mean pooling and normalization compiles")

    class _MeanPooled(torch.nn.Module):
        def __init__(self, inner: Any) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            tokens = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
            mean = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2, dim=1)

    start = time.perf_counter()
    inner = model[0].auto_model
    loaded = inner.config._attn_implementation
    _plain_attention(inner)
    try:
        features = model.preprocess(["a short question", "another question about something longer"])
        _package(_MeanPooled(inner).eval(), {k: features[k] for k in EMBEDDER_INPUTS}, path)
    finally:
        inner.set_attn_implementation(loaded)  # the eager model stays as it was loaded
    return time.perf_counter() - start
