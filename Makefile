# make run / make test / make bench set up .venv on first use (Python >= 3.11 required).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test bench lint format clean

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
