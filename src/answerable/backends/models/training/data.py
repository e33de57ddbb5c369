"""Training, calibration and evaluation pairs built from the labelled sets in `../shared/data`.

Every split is by article, query or claim (a stable hash of its key), never by row, so no evaluation
pair shares an article, query or claim with a pair that trained or calibrated the model:

- bucket 0-3 of 10: train; bucket 4: calibration; buckets 5-9: evaluation (held out).
- SciFact keeps its own split: `train` claims train and calibrate, `validation` claims evaluate.
- The sets under `train/` are used for training and calibration only.
"""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from answerable.backends.models.text import SET_SENTENCES, best_window, closest_sentences, overlap, sentences
from answerable.backends.models.training.pairs import Pair, Split, split_of
from answerable.text.words import content_tokens

SUPPORT_LABELS = ("supported", "refuted", "insufficient")


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def _corpus(path: Path) -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in _jsonl(path)}


# ---------------------------------------------------------------- answerability


def squad2_pairs(root: Path, window: int = 90) -> dict[Split, list[Pair]]:
    """SQuAD 2.0 questions with their own paragraph: answerable (1) or unanswerable (0), split by article.

    Unanswerable cases carry no gold id; SQuAD lists a paragraph's unanswerable questions right after its
    answerable ones, so each takes the paragraph of the answerable case before it (the order of the file).
    """
    corpus = _corpus(root / "squad2-dev-a" / "corpus.jsonl")
    out: dict[Split, list[Pair]] = defaultdict(list)
    current: str | None = None
    for case in _jsonl(root / "squad2-dev-a" / "cases.jsonl"):
        gold = case.get("gold_doc_ids") or []
        if gold:
            current = gold[0]
        if current is None:
            continue
        doc = corpus[current]
        label = 1 if case["expected"] == "answer" else 0
        text = best_window(case["question"], doc["text"], window)
        out[split_of(doc["title"])].append(Pair(case["question"], text, label, doc["title"], "squad2"))
    return out


def squad2_offtopic_negatives(root: Path, per_article: int = 30, seed: int = 13) -> dict[Split, list[Pair]]:
    """Answerable SQuAD questions paired with another paragraph of the same article (on topic, no answer)."""
    corpus = _corpus(root / "squad2-dev-a" / "corpus.jsonl")
    by_title: dict[str, list[str]] = defaultdict(list)
    for doc_id, doc in corpus.items():
        by_title[doc["title"]].append(doc_id)
    rng = random.Random(seed)
    out: dict[Split, list[Pair]] = defaultdict(list)
    taken: dict[str, int] = defaultdict(int)
    for case in _jsonl(root / "squad2-dev-a" / "cases.jsonl"):
        gold = case.get("gold_doc_ids") or []
        if not gold:
            continue
        title = corpus[gold[0]]["title"]
        others = [d for d in by_title[title] if d not in gold]
        if not others or taken[title] >= per_article:
            continue
        taken[title] += 1
        doc = corpus[max(others, key=lambda d: (overlap(case["question"], corpus[d]["text"]), rng.random()))]
        text = best_window(case["question"], doc["text"], 90)
        out[split_of(title)].append(Pair(case["question"], text, 0, title, "squad2-other-paragraph"))
    return out


def nomiracl_sets(root: Path) -> dict[Split, list[tuple[str, list[str], int]]]:
    """NoMIRACL queries as (question, passages, 1 if some passage is relevant else 0), split by query."""
    corpus = _corpus(root / "nomiracl-en-a" / "corpus.jsonl")
    out: dict[Split, list[tuple[str, list[str], int]]] = defaultdict(list)
    for case in _jsonl(root / "nomiracl-en-a" / "cases.jsonl"):
        passages = [corpus[d]["text"] for d in case["context_doc_ids"]]
        label = 1 if case["expected"] == "answer" else 0
        out[split_of(case["id"])].append((case["question"], passages, label))
    return out


def nomiracl_negatives(root: Path, window: int = 90) -> dict[Split, list[Pair]]:
    """Every passage of a query whose set holds no relevant passage is a (hard, on-topic) negative.

    Relevant sets are not used for training: which of their passages is relevant is not given.
    """
    out: dict[Split, list[Pair]] = defaultdict(list)
    for split, sets in nomiracl_sets(root).items():
        for q, passages, label in sets:
            if label == 0:
                out[split].extend(Pair(q, best_window(q, p, window), 0, q, "nomiracl") for p in passages)
    return out


def wikiqa_pairs(train_root: Path, split_dir: str = "train") -> list[Pair]:
    """WikiQA sentence selection pairs (lower-cased, tokenized text)."""
    base = train_root / "wikiqa_castorini" / "WikiQA" / split_dir
    a = (base / "a.toks").read_text(encoding="utf-8").splitlines()
    b = (base / "b.toks").read_text(encoding="utf-8").splitlines()
    y = (base / "sim.txt").read_text(encoding="utf-8").splitlines()
    return [Pair(q, s, int(lab), q, "wikiqa") for q, s, lab in zip(a, b, y, strict=True)]


def trecqa_pairs(train_root: Path, split_file: str = "train.csv") -> list[Pair]:
    """TrecQA answer sentence selection pairs."""
    path = train_root / "trecqa" / "brmson_csv" / "data" / "anssel" / "wang" / split_file
    with path.open(encoding="utf-8") as f:
        return [Pair(r["qtext"], r["atext"], int(r["label"]), r["qtext"], "trecqa") for r in csv.DictReader(f)]


def tydi_pairs(train_root: Path, seed: int = 13, limit: int = 2000) -> list[Pair]:
    """TyDi QA (English gold passage) positives, each with a negative: another article's closest paragraph."""
    path = train_root / "tydi-mlqa-en" / "tydiqa" / "tydiqa-goldp-v1.1-train" / "tydiqa.goldp.en.train.json"
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    items = [(p["context"], qa["question"]) for art in data for p in art["paragraphs"] for qa in p["qas"]]
    rng = random.Random(seed)
    rng.shuffle(items)
    items = items[:limit]
    contexts = [c for c, _ in items]
    out = []
    for i, (ctx, q) in enumerate(items):
        out.append(Pair(q, best_window(q, ctx, 90), 1, q, "tydi"))
        pool = [contexts[rng.randrange(len(contexts))] for _ in range(20)]
        neg = max((c for c in pool if c != ctx), key=lambda c: overlap(q, c), default=contexts[(i + 1) % len(contexts)])
        out.append(Pair(q, best_window(q, neg, 90), 0, q, "tydi"))
    return out


# ---------------------------------------------------------------- support

_SUPPORT_INDEX = {name: i for i, name in enumerate(SUPPORT_LABELS)}
_NLI = {
    "entailment": 0,
    "supports": 0,
    "supported": 0,
    "contradiction": 1,
    "refutes": 1,
    "refuted": 1,
    "neutral": 2,
    "insufficient": 2,
}


def climate_fever_pairs(root: Path) -> dict[Split, list[Pair]]:
    """Climate-FEVER claims against each labelled evidence sentence, split by claim."""
    out: dict[Split, list[Pair]] = defaultdict(list)
    for c in _jsonl(root / "climate-fever-a" / "claims.jsonl"):
        for ev in c["evidence"]:
            if ev.get("label") in _SUPPORT_INDEX:
                out[split_of(c["id"])].append(
                    Pair(c["claim"], ev["text"], _SUPPORT_INDEX[ev["label"]], c["id"], "climate-fever")
                )
    return out


def scifact_pairs(root: Path) -> dict[Split, list[Pair]]:
    """SciFact claims against rationale sentences (supported / refuted) and against the closest
    non-rationale sentences of a cited abstract (insufficient). `validation` claims are the held-out split;
    `train` claims are split by claim hash into train and calibration.
    """
    corpus = _corpus(root / "scifact" / "corpus.jsonl")
    out: dict[Split, list[Pair]] = defaultdict(list)
    for c in _jsonl(root / "scifact" / "claims.jsonl"):
        split = Split.EVAL if c.get("split") == "validation" else split_of(c["id"])
        if split is Split.EVAL and c.get("split") != "validation":
            split = Split.TRAIN
        used: dict[str, set[int]] = defaultdict(set)
        for ev in c["evidence"]:
            doc = corpus.get(ev["doc_id"])
            if doc is None or not ev["sentences"]:
                continue
            text = " ".join(doc["sentences"][i] for i in ev["sentences"])
            used[ev["doc_id"]].update(ev["sentences"])
            out[split].append(Pair(c["claim"], text, _SUPPORT_INDEX[ev["label"]], c["id"], "scifact"))
        for doc_id in c.get("cited_doc_ids", [])[:1]:
            doc = corpus.get(doc_id)
            if doc is None:
                continue
            rest = [(i, s) for i, s in enumerate(doc["sentences"]) if i not in used[doc_id]]
            if not rest:
                continue
            _, s = max(rest, key=lambda r: overlap(c["claim"], r[1]))
            out[split].append(Pair(c["claim"], s, 2, c["id"], "scifact"))
    return out


def wice_claims(root: Path, top: int = SET_SENTENCES) -> list[tuple[str, str, int]]:
    """WiCE claims as (claim, evidence window, 1 if supported else 0); evaluation only.

    The window is the `top` sentences of the cited article closest to the claim by word overlap, in
    article order: one pair per claim.
    """
    out = []
    for c in _jsonl(root / "wice-dev" / "claims.jsonl"):
        text = closest_sentences(c["claim"], [e["text"] for e in c["evidence"]], top)
        out.append((c["claim"], text, 1 if c["label"] == "supported" else 0))
    return out


def sick_pairs(train_root: Path) -> list[Pair]:
    """SICK sentence pairs with their entailment judgement."""
    out = []
    for name in ("SICK_train.txt", "SICK_trial.txt"):
        with (train_root / "sick" / "sick" / name).open(encoding="utf-8") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                out.append(Pair(r["sentence_B"], r["sentence_A"], _NLI[r["entailment_judgment"].lower()], "", "sick"))
    return out


def xnli_pairs(train_root: Path) -> list[Pair]:
    """XNLI English dev: premise, hypothesis, label (no header)."""
    out = []
    with (train_root / "xnli-en-dev" / "dev-en.tsv").open(encoding="utf-8") as f:
        for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) >= 3 and row[2].lower() in _NLI:
                out.append(Pair(row[1], row[0], _NLI[row[2].lower()], "", "xnli"))
    return out


def healthver_pairs(train_root: Path) -> list[Pair]:
    """HealthVer claims against evidence (Supports / Refutes / Neutral)."""
    out = []
    for name in ("healthver_dev.csv", "healthver_test.csv"):
        with (train_root / "healthver" / "data" / name).open(encoding="utf-8") as f:
            for r in csv.DictReader(f):
                if r["label"].lower() in _NLI:
                    text = best_window(r["claim"], r["evidence"], 90)
                    out.append(Pair(r["claim"], text, _NLI[r["label"].lower()], r["claim"], "healthver"))
    return out


def control_pairs(train_root: Path, limit: int = 1000, seed: int = 13) -> list[Pair]:
    """ConTRoL passage-level NLI, the hypothesis against its best window of the premise."""
    out = []
    with zipfile.ZipFile(train_root / "control" / "control.zip") as z, z.open("control/train.jsonl") as raw:
        for line in io.TextIOWrapper(raw, encoding="utf-8"):
            r = json.loads(line)
            label = str(r.get("gold_label", r.get("label", ""))).lower()
            lab = {"e": 0, "c": 1, "n": 2}.get(label[:1])
            if lab is None:
                continue
            out.append(Pair(r["hypothesis"], best_window(r["hypothesis"], r["premise"], 90), lab, "", "control"))
    random.Random(seed).shuffle(out)
    return out[:limit]


# ---------------------------------------------------------------- mixes


def _sample(pairs: Iterable[Pair], n: int, rng: random.Random) -> list[Pair]:
    items = list(pairs)
    rng.shuffle(items)
    return items[:n]


def _balanced(pairs: Iterable[Pair], per_label: int, rng: random.Random) -> list[Pair]:
    by: dict[int, list[Pair]] = defaultdict(list)
    for p in pairs:
        by[p.label].append(p)
    out: list[Pair] = []
    for lab in sorted(by):
        out.extend(_sample(by[lab], per_label, rng))
    return out


def answerability_mix(
    root: Path, seed: int = 13, scale: float = 1.0, docs: Sequence[Path] = ()
) -> dict[Split, list[Pair]]:
    """Train and calibration pairs for the answerability reranker (`scale` shrinks every source). `docs`:
    documentation folders whose FAQ and settings pages add pairs read from their structure
    (`training.docs`)."""
    rng = random.Random(seed)
    train_root = root / "train"
    squad = squad2_pairs(root)
    other = squad2_offtopic_negatives(root)
    nomi = nomiracl_negatives(root)

    def n(k: int) -> int:
        return max(2, int(k * scale))

    train = (
        _sample(squad[Split.TRAIN], n(2600), rng)
        + _sample(other[Split.TRAIN], n(500), rng)
        + _sample(nomi[Split.TRAIN], n(500), rng)
    )
    calib = list(squad[Split.CALIB]) + _sample(other[Split.CALIB], 150, rng) + list(nomi[Split.CALIB])
    if train_root.is_dir():
        train += _balanced(wikiqa_pairs(train_root), n(350), rng)
        train += _balanced(trecqa_pairs(train_root), n(350), rng)
        train += _sample(tydi_pairs(train_root, limit=n(600)), n(1200), rng)
        calib += _balanced(trecqa_pairs(train_root, "dev.csv"), 150, rng)
    if docs:
        from answerable.backends.models.training.docs import docs_pairs

        mined = docs_pairs(docs, seed=seed, entries=n(800))
        train += mined[Split.TRAIN]
        calib += mined[Split.CALIB]
    rng.shuffle(train)
    if scale < 1.0:  # a smoke run (CI) calibrates on a small balanced sample too
        calib = _balanced(calib, max(4, int(200 * scale)), rng)
    return {Split.TRAIN: train, Split.CALIB: calib}


def support_mix(root: Path, seed: int = 13, scale: float = 1.0) -> dict[Split, list[Pair]]:
    """Train and calibration pairs for the support verifier (`scale` shrinks every source)."""
    rng = random.Random(seed)
    train_root = root / "train"
    cf = climate_fever_pairs(root)
    sf = scifact_pairs(root)

    def n(k: int) -> int:
        return max(2, int(k * scale))

    train = _balanced(cf[Split.TRAIN], n(450), rng) + _sample(sf[Split.TRAIN], n(1200), rng)
    calib = list(cf[Split.CALIB]) + list(sf[Split.CALIB])
    if train_root.is_dir():
        train += _balanced(sick_pairs(train_root), n(400), rng)
        train += _balanced(xnli_pairs(train_root), n(300), rng)
        train += _balanced(healthver_pairs(train_root), n(400), rng)
        train += _balanced(control_pairs(train_root), n(100), rng)
    rng.shuffle(train)
    if scale < 1.0:  # a smoke run (CI) calibrates on a small balanced sample too
        calib = _balanced(calib, max(4, int(200 * scale)), rng)
    return {Split.TRAIN: train, Split.CALIB: calib}


def save_pairs(mix: dict[Split, list[Pair]], path: Path) -> None:
    """Write a train/calibration mix as gzipped JSON lines (to train it on another machine)."""
    import gzip

    with gzip.open(path, "wt", encoding="utf-8") as f:
        for split, pairs in mix.items():
            for p in pairs:
                f.write(json.dumps({"split": str(split), **asdict(p)}) + "\n")


def load_pairs(path: Path) -> dict[Split, list[Pair]]:
    """Read a mix written by `save_pairs`."""
    import gzip

    out: dict[Split, list[Pair]] = defaultdict(list)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            out[Split(r.pop("split"))].append(Pair(**r))
    return dict(out)


def label_counts(pairs: Iterable[Pair]) -> dict[str, int]:
    """Pairs per source and label, for the training log."""
    counts: dict[str, int] = defaultdict(int)
    for p in pairs:
        counts[f"{p.source}:{p.label}"] += 1
    return dict(sorted(counts.items()))


__all__ = [
    "SUPPORT_LABELS",
    "Pair",
    "Split",
    "answerability_mix",
    "climate_fever_pairs",
    "content_tokens",
    "label_counts",
    "load_pairs",
    "nomiracl_sets",
    "save_pairs",
    "scifact_pairs",
    "sentences",
    "split_of",
    "squad2_pairs",
    "support_mix",
    "wice_claims",
]
