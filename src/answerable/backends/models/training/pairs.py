"""What the training sources produce: labelled pairs, and the split a pair belongs to."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum


class Split(StrEnum):
    TRAIN = "train"
    CALIB = "calib"
    EVAL = "eval"


@dataclass(frozen=True)
class Pair:
    """One labelled (query or claim, passage) pair. `label` is 0/1 (answerability) or a SUPPORT_LABELS index."""

    a: str
    b: str
    label: int
    group: str
    source: str


def split_of(key: str) -> Split:
    """The split a key (article title, query id, claim id) belongs to: a stable hash, never the row."""
    bucket = int(hashlib.sha1(key.encode()).hexdigest(), 16) % 10
    if bucket <= 3:
        return Split.TRAIN
    if bucket == 4:
        return Split.CALIB
    return Split.EVAL


__all__ = ["Pair", "Split", "split_of"]
