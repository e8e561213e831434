# Each target does its own set-up (a .venv with the pinned tools) on a fresh machine.
.PHONY: demo test lint sanity units matrix integration emulator eda docs bench release

demo:  ## start the emulator, run the demo playbooks against it, stop it
	bash scripts/demo.sh

test:  ## the whole test suite; its last line is "ci: N passed, N failed"
	bash scripts/test.sh

lint:  ## ruff check, ruff format --check (ruff.toml) and mypy (mypy.ini)
	bash scripts/lint.sh

sanity:  ## ansible-test sanity on the oldest and the newest ansible-core
	bash scripts/sanity.sh

units:  ## ansible-test units on the oldest and the newest ansible-core
	bash scripts/units.sh

matrix:  ## ansible-test sanity and units on every ansible-core the collection supports
	bash scripts/matrix.sh

integration:  ## make integration TARGETS="pullzone_info"
	bash scripts/integration.sh $(TARGETS)

emulator:  ## run the emulator in the foreground (prints its JSON line)
	bash -c 'source scripts/lib.sh && ensure_venv && exec .venv/bin/python -m tests.emulator'

docs:  ## the documentation site (antsibull-docs, Sphinx) in the build directory; prints where
	bash scripts/docs.sh

eda:  ## ansible-rulebook runs the auto-block rulebook against the emulator (end to end)
	bash scripts/eda.sh

bench:
	bash bench/run.sh

release:  ## make release [VERSION=x.y.z]: version into galaxy.yml and the modules, changelog fragments into the release
	bash scripts/release.sh $(VERSION)
