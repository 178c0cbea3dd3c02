# make run: set up and serve on the LAN; make test: set up and run every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: install run test lint browser bench clean catalogs

# Installed means the catalogs compiled too: `make run` and `make test` always serve
# the .po files as they are. The compiled .mo files are built here, never committed.
TRANSLATIONS := referee/translations
CATALOGS := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)
install: $(VENV)/.installed $(CATALOGS:.po=.mo)

# constraints.txt: the releases the suite last passed with (see its first lines).
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@

%.mo: %.po $(VENV)/.installed
	$(BIN)/pybabel compile --statistics --domain messages --input-file $< --output-file $@

# After changing a message in the code or a template: extract every message into the
# template catalog, bring each language's catalog up to date (translate what is new
# or fuzzy, tests/test_catalogs.py says what), and compile them.
catalogs: $(VENV)/.installed
	$(BIN)/pybabel extract --mapping-file babel.cfg --keywords lazy_gettext \
		--keywords lazy_ngettext:1,2 --keywords lazy_pgettext:1c,2 --sort-by-file \
		--project push-referee --no-wrap --add-location file --output-file $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel update --input-file $(TRANSLATIONS)/messages.pot \
		--output-dir $(TRANSLATIONS) --domain messages --no-wrap --ignore-obsolete
	$(MAKE) install

run: install
	$(BIN)/flask --app referee db upgrade
	$(BIN)/gunicorn --bind 0.0.0.0:$(PORT) 'referee:create_app()'  # gunicorn.conf.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The browser tests drive Debian's Chromium; install it when it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

# The tests run on every core (pytest-xdist; worksteal keeps both busy to the end);
# TEST_WORKERS=0 runs them in this one process, as a debugger wants.
TEST_WORKERS ?= auto
test: lint browser
	$(BIN)/pytest --numprocesses $(TEST_WORKERS) --dist worksteal

bench: install
	$(BIN)/python benchmarks/rules.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/pages.py
	$(BIN)/python benchmarks/load.py                        # 200, 1,000, 2,000 phones; the floor
	$(BIN)/python benchmarks/load.py --servers 2 --phones 2000 --floor-seconds 0  # scaled out
	$(BIN)/python benchmarks/slow_clients.py                # a cheap GET beside 200 slow connections, 2,000 large heads
	$(BIN)/python benchmarks/solves.py                      # a cheap GET beside 16 worst-case solves

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
