# One environment in .venv, made on first use (needs Python 3.11+ with venv).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint scenarios mutate dist clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	# bytecode once for every process the tests start (windows, servers, workers): where
	# PYTHONDONTWRITEBYTECODE is set each of them would compile the sources again
	$(PY) -m compileall -q -j 0 game bench tests
	$(PY) -m pytest -q -n auto --dist worksteal
	$(PY) -m game scenario tests/scenarios

lint: $(STAMP)
	$(PY) -m ruff check . && $(PY) -m ruff format --check .

scenarios: $(STAMP)
	$(PY) -m game scenario tests/scenarios -v

# Mutation testing of the rules core ([tool.mutmut] in pyproject.toml; takes a long while and
# is not part of `make test`). Results: `mutants/` and `mutmut results`; docs/reliability.md.
mutate: $(STAMP)
	$(PY) -m pip install --quiet -e ".[mutation]"
	$(PY) -m mutmut run --max-children $${JOBS:-2}
	$(PY) -m mutmut results

# A one-folder PyInstaller bundle, archived with its symlinks preserved.
dist: $(STAMP)
	$(PY) -m pip install --quiet -e ".[build]"
	$(PY) -m PyInstaller --noconfirm --clean build.spec
	tar -C dist -czf dist/dicethrone-linux.tar.gz dicethrone
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy dist/dicethrone/dicethrone selftest

clean:
	rm -rf build dist .pytest_cache .ruff_cache mutants
