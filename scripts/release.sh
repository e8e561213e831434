#!/usr/bin/env bash
# Release: scripts/release.sh [VERSION]   (make release [VERSION=x.y.z])
# VERSION, when given, goes into galaxy.yml, the one place the version is set (modules read it from the
# collection's metadata, plugins/module_utils/_version.py); the changelog fragments become the release's
# entry in changelogs/changelog.yaml and CHANGELOG.md. Run again for a version already released, it folds
# the fragments added since into that release (antsibull-changelog release --update-existing).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_venv
cd "$ROOT"

if [ $# -gt 0 ]; then
    sed -i -E "s/^version: .*/version: $1/" galaxy.yml
fi
version=$(python -c 'import yaml; print(yaml.safe_load(open("galaxy.yml"))["version"])')

released=$(python -c 'import sys, yaml; print(sys.argv[1] in (yaml.safe_load(open("changelogs/changelog.yaml"))["releases"] or {}))' "$version")
if [ "$released" = True ]; then
    antsibull-changelog release --version "$version" --update-existing
else
    antsibull-changelog release --version "$version"
fi
antsibull-changelog lint
echo "release $version: galaxy.yml, changelogs/changelog.yaml, CHANGELOG.md"
