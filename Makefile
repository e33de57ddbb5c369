# `make run`: set up .venv and show the product at work. `make test`: everything CI checks.
# Both create .venv on first use and reuse it; it is reinstalled only when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,postgres]'
	touch $(STAMP)

DEMO_STORE := sqlite:///.answerable/index.db

run: $(STAMP)
	$(BIN)/answerable --version
	$(BIN)/answerable policy check src/answerable/default_policy.toml
	$(BIN)/answerable ingest examples/docs --store $(DEMO_STORE)
	@echo "--- search as a customer (no groups): the staff-only runbook is invisible"
	$(BIN)/answerable search "how do I drain the ingestion queue" --k 2 --store $(DEMO_STORE)
	@echo "--- the same search as staff"
	$(BIN)/answerable search "how do I drain the ingestion queue" --k 2 --groups staff --store $(DEMO_STORE)
	@echo "--- the gate on the six evidence fixtures of the first seed"
	$(BIN)/answerable decide --now 2026-11-29 examples/evidence/*.json

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

test: lint typecheck unit

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
