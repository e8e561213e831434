# Each target does its own set-up (a .venv with the pinned tools) on a fresh machine.
.PHONY: demo test sanity units integration emulator eda bench release

demo:  ## start the emulator, run the demo playbooks against it, stop it
	bash scripts/demo.sh

test:  ## the whole test suite; its last line is "ci: N passed, N failed"
	bash scripts/test.sh

sanity:
	bash scripts/sanity.sh

units:
	bash scripts/units.sh

integration:  ## make integration TARGETS="pullzone_info"
	bash scripts/integration.sh $(TARGETS)

emulator:  ## run the emulator in the foreground (prints its JSON line)
	bash -c 'source scripts/lib.sh && ensure_venv && exec .venv/bin/python -m tests.emulator'

eda:  ## ansible-rulebook runs the auto-block rulebook against the emulator (end to end)
	bash scripts/eda.sh

bench:
	bash bench/run.sh

release:  ## make release [VERSION=x.y.z]: version into galaxy.yml and the modules, changelog fragments into the release
	bash scripts/release.sh $(VERSION)
