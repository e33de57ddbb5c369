"""Which cases the shipped models never trained on: the same stable split the training uses.

SQuAD-style open-retrieval cases are split by article (the title of the gold paragraph; an unanswerable
case takes the article of the answerable case before it, as SQuAD lists them); closed-context cases and
claims by their id. Only the `eval` share of the split is kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from answerable.backends.models.training.data import Split, split_of
from answerable.evaluation.data import Case

# Folders whose cases the shipped models trained on (a share of them); other folders are unseen whole.
TRAINED_ON = frozenset({"squad2-dev-a", "nomiracl-en-a"})
# Their corpora's SHA-256, so that a copy under another name, a link, or `eval . --held-out` from inside
# the folder is recognised too: judged by name alone, those kept the cases the models trained on.
TRAINED_CORPORA = frozenset(
    {
        "00899ebdab4aea37ef3ade41afeb387a3a7342c03c96c10971ababa6f4b30a65",  # squad2-dev-a/corpus.jsonl
        "1208d68ac568d05bc22b740f8e0140450ae2a299a632ba3db2dafc0f45ecb93e",  # nomiracl-en-a/corpus.jsonl
    }
)


def trained_on(corpus: Path) -> bool:
    """Whether the shipped models trained on a share of the folder holding this corpus file."""
    if corpus.resolve().parent.name in TRAINED_ON:
        return True
    return corpus.is_file() and hashlib.sha256(corpus.read_bytes()).hexdigest() in TRAINED_CORPORA


def held_out_cases(cases: Sequence[Case], corpus: Path | None, split: Split = Split.EVAL) -> list[Case]:
    """The cases in `split` (eval: never trained on; calib: the calibration share, also never trained on).

    A folder the models never trained on keeps all its cases.
    """
    if corpus is None or not trained_on(corpus):
        return list(cases)
    titles: dict[str, str] = {}
    if corpus is not None and corpus.is_file():
        with corpus.open(encoding="utf-8") as f:
            titles = {d["id"]: d.get("title", d["id"]) for d in map(json.loads, f)}
    kept: list[Case] = []
    article: str | None = None
    for case in cases:
        if case.context_doc_ids is not None:
            key = case.id
        else:
            if case.gold_doc_ids:
                article = titles.get(case.gold_doc_ids[0], case.gold_doc_ids[0])
            key = article or case.id
        if split_of(key) is split:
            kept.append(case)
    return kept


def held_out_claim(claim_id: str) -> bool:
    return split_of(claim_id) is Split.EVAL
