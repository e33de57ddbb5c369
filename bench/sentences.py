"""Sentence selection for extractive answers: how often the top-ranked sentence is one that answers.

    .venv/bin/python bench/sentences.py [--weights 0,0.05,0.1,0.15,0.2,0.3,0.5,1] [--kind-weights 0,0.5,1,2,4]

Sets: SQuAD 2.0 dev-a (../shared/data/squad2-dev-a; each answerable question against the sentences of
its gold paragraph, split as the generator splits them; its calibration share is a development set, the
held-out share a test set) and, when ../shared/data/train holds them, WikiQA and TrecQA (dev and test;
the shipped model trained on their train splits only). Questions whose candidates all answer, or none
does, are left out. For each weight w, a sentence scores log-odds(answerable) + w x log-odds(BM25); the
weight with the best mean P@1 over the development sets is the one shipped in
`artifacts/baselines/sentence-ranking.json`. Then, at that BM25 weight, each kind weight k is tried as
the generator applies it (`generate.pick`: k log-odds per point of `kinds.fit`, the form of answer the
question asks for); the best k on the development sets is `generate.KIND_WEIGHT`. TrecQA's tokens replace
every number by `<num>`, which is a number to `kinds.fit`. Prints P@1 per set and weight, then JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from answerable.evaluation.data import open_dataset  # noqa: E402
from answerable.evaluation.heldout import held_out_cases  # noqa: E402
from answerable.generate import pick, split_sentences  # noqa: E402
from answerable.models import load_reranker  # noqa: E402
from answerable.models.ensemble import SENTENCE_WEIGHTS  # noqa: E402
from answerable.models.training.data import Split, trecqa_pairs, wikiqa_pairs  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
Item = tuple[str, list[str], set[int]]


def _norm(s: str) -> str:
    s = re.sub(r"\b(a|an|the)\b", " ", re.sub(r"[^\w\s]", " ", s.lower()))
    return " ".join(s.split())


def squad(split: Split) -> list[Item]:
    folder = DATA / "squad2-dev-a"
    with (folder / "corpus.jsonl").open(encoding="utf-8") as f:
        corpus = {d["id"]: d["text"] for d in map(json.loads, f)}
    items = []
    for c in held_out_cases(open_dataset(folder).cases, folder / "corpus.jsonl", split):
        if c.expected != "answer" or not c.gold_doc_ids or not c.answers:
            continue
        sents = split_sentences(corpus[c.gold_doc_ids[0]])
        gold = {i for i, s in enumerate(sents) if any(_norm(a) in _norm(s) for a in c.answers)}
        items.append((c.question, sents, gold))
    return items


def grouped(pairs: list[tuple[str, str, int]]) -> list[Item]:
    groups: OrderedDict[str, list[tuple[str, int]]] = OrderedDict()
    for q, s, label in pairs:
        groups.setdefault(q, []).append((s, label))
    return [(q, [s for s, _ in rows], {i for i, (_, lab) in enumerate(rows) if lab}) for q, rows in groups.items()]


def sets() -> dict[str, tuple[str, list[Item]]]:
    out = {"squad2-dev-a calib": ("dev", squad(Split.CALIB)), "squad2-dev-a held-out": ("test", squad(Split.EVAL))}
    train = DATA / "train"
    for split, role in (("dev", "dev"), ("test", "test")):
        if (train / "wikiqa_castorini").is_dir():
            out[f"wikiqa {split}"] = (role, grouped([(p.a, p.b, p.label) for p in wikiqa_pairs(train, split)]))
        if (train / "trecqa").is_dir():
            out[f"trecqa {split}"] = (role, grouped([(p.a, p.b, p.label) for p in trecqa_pairs(train, f"{split}.csv")]))
    return {k: (role, [it for it in items if it[2] and len(it[2]) < len(it[1])]) for k, (role, items) in out.items()}


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default="0,0.05,0.1,0.15,0.2,0.3,0.5,1")
    ap.add_argument("--kind-weights", default="0,0.5,1,2,4")
    args = ap.parse_args()
    weights = [float(w) for w in args.weights.split(",")]
    kind_weights = [float(k) for k in args.kind_weights.split(",")]
    shipped = json.loads(SENTENCE_WEIGHTS.read_text())["coef"][1]
    model, bm25 = load_reranker("answerable"), load_reranker("lexical:bm25")
    table: dict[str, dict[str, float]] = {}
    by_kind: dict[str, dict[str, float]] = {}
    roles: dict[str, str] = {}
    for name, (role, items) in sets().items():
        roles[name] = role
        own = [[_logit(p) for p in model.score(q, s)] for q, s, _ in items]
        lex = [[_logit(p) for p in bm25.score(q, s)] for q, s, _ in items]
        table[name] = {}
        for w in weights:
            hits = []
            for (_, s, gold), a, b in zip(items, own, lex, strict=True):
                z = [a[i] + w * b[i] for i in range(len(s))]
                hits.append(max(range(len(s)), key=lambda i: (z[i], -i)) in gold)
            table[name][str(w)] = round(statistics.mean(hits), 3)
        row = "  ".join(f"w={w:g} {table[name][str(w)]:.3f}" for w in weights)
        print(f"{name:22} ({role}, {len(items)} questions)  {row}", flush=True)
        by_kind[name] = {}
        for k in kind_weights:
            hits = []
            for (q, s, gold), a, b in zip(items, own, lex, strict=True):
                p = [1 / (1 + math.exp(-(a[i] + shipped * b[i]))) for i in range(len(s))]
                hits.append(pick(q, [x.replace("<num>", "7") for x in s], p, k) in gold)
            by_kind[name][str(k)] = round(statistics.mean(hits), 3)
        row = "  ".join(f"k={k:g} {by_kind[name][str(k)]:.3f}" for k in kind_weights)
        print(f"{'':22} kind weight at w={shipped:g}:  {row}", flush=True)
    dev = [n for n, r in roles.items() if r == "dev"]
    best = max(weights, key=lambda w: statistics.mean(table[n][str(w)] for n in dev))
    best_kind = max(kind_weights, key=lambda k: statistics.mean(by_kind[n][str(k)] for n in dev))
    print(f"best weight on the development sets ({', '.join(dev)}): {best:g}; best kind weight: {best_kind:g}")
    print(
        json.dumps(
            {
                "p_at_1": table,
                "p_at_1_by_kind_weight": by_kind,
                "roles": roles,
                "best_weight": best,
                "best_kind_weight": best_kind,
            }
        )
    )


if __name__ == "__main__":
    main()
