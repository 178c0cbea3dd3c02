# make run: set up and serve on the LAN; make test: set up and run every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: install run test lint browser bench clean catalogs

# The Python the phone runs the rules core on (Pyodide, in a Web Worker): fetched once by
# name and version from the npm registry, checked against the digest below, and kept
# out of git (13 MB a release). Each file is kept beside its brotli and gzip copies,
# made here once, which the app serves as they are (referee/pages/checker/phone_referee.py).
# To upgrade: the new version and its tarball's sha256 here, PYODIDE_VERSION in that module.
PYODIDE_VERSION := 314.0.7
PYODIDE_SHA256 := 66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0
PYODIDE := runtime/pyodide-$(PYODIDE_VERSION)
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

# Installed means the catalogs compiled too: every build of the package compiles them
# (build_catalogs.py), and this compiles again each .po newer than its .mo, so `make
# run` and `make test` always serve the .po files as they are. Never committed.
TRANSLATIONS := referee/translations
CATALOGS := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)
install: $(VENV)/.installed $(CATALOGS:.po=.mo) $(PYODIDE)/.installed

# constraints.txt: the releases the suite last passed with (see its first lines).
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@

$(PYODIDE)/.installed: | $(VENV)/.installed  # the venv compresses; a newer one changes nothing here
	@command -v npm >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq npm; }
	rm -rf $(PYODIDE) $(PYODIDE).part && mkdir -p $(PYODIDE).part
	cd $(PYODIDE).part && npm pack --silent pyodide@$(PYODIDE_VERSION) >/dev/null
	echo "$(PYODIDE_SHA256)  $(PYODIDE).part/pyodide-$(PYODIDE_VERSION).tgz" | sha256sum --check --quiet
	tar -xzf $(PYODIDE).part/pyodide-$(PYODIDE_VERSION).tgz -C $(PYODIDE).part \
		$(addprefix package/,$(PYODIDE_FILES))
	$(BIN)/python -c 'import sys; from referee.pages.checker.phone_referee import compress; \
		compress(sys.argv[1])' $(PYODIDE).part/package
	mv $(PYODIDE).part/package $(PYODIDE) && rm -rf $(PYODIDE).part
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

bench: install browser  # offline.py drives Chromium
	$(BIN)/python benchmarks/rules.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/games.py
	$(BIN)/python benchmarks/pages.py
	$(BIN)/python benchmarks/load.py                        # 200, 1,000, 2,000 phones; the floor
	$(BIN)/python benchmarks/load.py --servers 2 --phones 2000 --floor-seconds 0  # scaled out
	$(BIN)/python benchmarks/slow_clients.py                # a cheap GET beside 200 slow connections, 2,000 large heads
	$(BIN)/python benchmarks/solves.py                      # a cheap GET beside 16 worst-case solves
	$(BIN)/python benchmarks/offline.py                     # the referee on the phone, in Chromium

clean:
	rm -rf $(VENV) runtime .pytest_cache .ruff_cache .mypy_cache .hypothesis
