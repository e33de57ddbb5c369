"""Chunks: a table too long for one chunk is cut between rows, each part under its header."""

from __future__ import annotations

from answerable.ingest import chunking


def test_a_table_longer_than_a_chunk_repeats_its_header_in_every_part() -> None:
    head = "| Plan | Seats | Storage (GB) |\n|---|:---:|---:|"
    rows = [f"| Plan{n:03d} | {n} | {10 * n} |" for n in range(60)]
    table = "\n".join([head, *rows])
    units = chunking._units(f"Plans and their quotas.\n\n{table}\n\nAsk support for more.", 300)
    parts = [u for u in units if u.startswith("| Plan |")]
    assert len(parts) > 3 and all(u.startswith(head + "\n") and len(u) <= 300 for u in parts)
    assert [r for u in parts for r in u.split("\n")[2:]] == rows  # every row once, in order
    assert units[0] == "Plans and their quotas." and units[-1] == "Ask support for more."
    # A table that fits, and text that only starts with a bar, are left alone.
    assert chunking._units(table, len(table)) == [table]
    assert chunking._table_parts("| not a table\n| at all\n| really", 10) is None
