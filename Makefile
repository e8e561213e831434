# Each target sets itself up on a fresh machine: .venv with the pinned tools (requirements-dev.txt), then nox
# (noxfile.py; `nox -l` lists every session), whose sessions install what else they need.
NOX = bash scripts/nox.sh
.PHONY: demo test lint sanity units matrix integration emulator eda docs bench release

demo:  ## start the emulator, run the demo playbooks against it, stop it
	$(NOX) -s demo

test:  ## the whole test suite, several steps at once; its last line is "ci: N passed, N failed"
	bash scripts/test.sh

lint:  ## ruff check, ruff format --check (ruff.toml) and mypy (mypy.ini)
	$(NOX) -s lint typing

sanity:  ## ansible-test sanity on the oldest and the newest ansible-core
	$(NOX) -s sanity

units:  ## ansible-test units on the oldest and the newest ansible-core
	$(NOX) -s units

matrix:  ## ansible-test sanity and units on every ansible-core the collection supports
	$(NOX) -s matrix

integration:  ## make integration [TARGETS="pullzone_info …"]: on the oldest and (where the suite runs them) the newest ansible-core
	$(NOX) -s integration -- $(TARGETS)

emulator:  ## run the emulator in the foreground (prints its JSON line; its EDGE_* variables to source in .emulator.env)
	bash -c 'source scripts/lib.sh && ensure_venv && cd "$$ROOT" && exec "$$VENV/bin/python" -m tests.emulator --env-file .emulator.env'

docs:  ## the documentation site (antsibull-docs, Sphinx), without the Chromium check; prints where
	$(NOX) -s docs -- --no-check-page

eda:  ## ansible-rulebook runs the auto-block rulebook against the emulator (end to end)
	$(NOX) -s eda

bench:
	bash bench/run.sh

release:  ## make release [VERSION=x.y.z]: version into galaxy.yml, changelog fragments into the release
	$(NOX) -s release -- $(VERSION)
