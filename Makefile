# make run / make test / make bench set up .venv on first use (Python >= 3.11 required).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test bench lint format clean examples

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# `make run` steps through the game a turn at a time when a person is at the terminal (Enter,
# b back, g N, q quit) and prints only the summary otherwise (CI, pipes), so nobody is scrolled
# past 2,000 lines; either way it writes the replay page reports/classic.html.
run: $(STAMP)
	@if [ -t 0 ] && [ -t 1 ]; then mode=--step; else mode=--quiet; fi; \
	$(BIN)/subway run scenarios/classic.yaml $$mode --html reports/classic.html

# `make examples` regenerates the README's printed examples from today's commands (a test,
# tests/subwaysim/test_readme_examples.py, fails when they drift) and the replay page's
# picture reports/examples/replay.png (turn 22 of classic.yaml, seed 1) with headless
# Chromium from the system packages (`apt-get install -y chromium`).
examples: $(STAMP)
	$(BIN)/python -m subwaysim.output.readme_examples README.md
	$(BIN)/python -m subwaysim run scenarios/classic.yaml --quiet --html reports/classic.html
	@browser=$$(command -v chromium || command -v chromium-browser || command -v google-chrome) \
		|| { echo "no chromium: apt-get install -y chromium, then make examples"; exit 1; }; \
	profile=$$(mktemp -d); \
	$$browser --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir=$$profile --window-size=1280,800 --virtual-time-budget=5000 \
		--screenshot=reports/examples/replay.png \
		"file://$(CURDIR)/reports/classic.html#turn=22" 2>/dev/null; \
	status=$$?; rm -rf $$profile; exit $$status
	@echo "reports/examples/replay.png: turn 22 of reports/classic.html"

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

# OpenSpiel (the `openspiel` extra, part of `dev`, so `make test` installs it for the adapter
# tests) is also the yardstick of the abstract games' benchmarks; without it those are skipped.
bench: $(STAMP)
	@$(BIN)/python -c "import pyspiel" 2>/dev/null \
		|| echo "(open_spiel is not installed: the OpenSpiel yardsticks will be skipped)"
	$(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
