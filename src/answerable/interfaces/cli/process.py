"""What the `answerable` command sets up for its own process, and the library never does on its own.

The command owns its process: it keeps the Hugging Face libraries offline and quiet, and tunes glibc's
allocator for CPU inference (`ANSWERABLE_MALLOC`). A program that imports answerable keeps its own
environment, logging and allocator as they were.
"""

from __future__ import annotations

import os

from answerable.backends.models.malloc import tune_for_inference
from answerable.core.settings import Settings


def quiet_offline_hub() -> None:
    """Never reach for the Hugging Face hub (downloads cannot work here), and keep its progress bars quiet."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
        hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
    except ImportError:  # pragma: no cover
        pass


def prepare(settings: Settings) -> None:
    """Set up this process for the command: offline and quiet model loading, and the allocator if asked."""
    quiet_offline_hub()
    if settings.malloc != "default":
        tune_for_inference()
