#!/usr/bin/env bash
# The documentation site (make docs): antsibull-docs writes a page per module and role and the extra docs
# (the guides of docs/), Sphinx builds them offline with warnings as errors. Output: $BUILD/docs-site/build/html.
# scripts/docs.sh --check-page also renders a module page in headless Chromium, served over HTTP: no console
# message and no failed request allowed; the screenshot is tests/output/docs-page.png.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
PAGE=collections/edge/platform/shield_access_list_module.html
DOCS_VENV="$ROOT/.venv-docs"

build() {
    ensure_venv && install_venv "$DOCS_VENV" requirements-docs.txt requirements-dev.txt || return 1
    sync_tree
    rm -rf "$SITE" && mkdir -p "$SITE/rst" && chmod og-w "$SITE/rst"  # antsibull-docs wants rst/ writable by itself only
    cp "$ROOT/docs/site/conf.py" "$SITE/"
    "$DOCS_VENV/bin/antsibull-docs" collection --cleanup everything --fail-on-error --use-current --dest-dir "$SITE/rst" edge.platform || return 1
    "$DOCS_VENV/bin/python" "$ROOT/docs/site/guides.py" "$TREE" "$SITE/rst/collections/edge/platform/docsite" || return 1
    cp "$ROOT/docs/site/index.rst" "$SITE/rst/" || return 1
    "$DOCS_VENV/bin/sphinx-build" -M html "$SITE/rst" "$SITE/build" -c "$SITE" -W --keep-going -q || return 1
    echo "docs: $SITE/build/html/index.html"
}

check_page() {
    if ! command -v chromium >/dev/null; then
        log "installing Chromium (Debian package) to render a page"
        local apt=()
        [ "$(id -u)" = 0 ] || apt=(sudo -n)
        ("${apt[@]}" apt-get update -q && "${apt[@]}" apt-get install -y -q chromium) >/dev/null 2>&1
        command -v chromium >/dev/null || { echo "docs: chromium is missing (apt-get install chromium)" >&2; return 1; }
    fi
    local work server port shot="$ROOT/tests/output/docs-page.png" status=0
    work=$(mktemp -d)
    mkdir -p "$(dirname "$shot")"
    "$VENV/bin/python" -u -m http.server 0 --bind 127.0.0.1 -d "$SITE/build/html" >"$work/server.log" 2>&1 &
    server=$!
    wait_for 10 grep -q "Serving HTTP" "$work/server.log" || { kill "$server"; return 1; }
    port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
        --disable-sync --no-first-run --user-data-dir="$work/profile" --enable-logging=stderr --log-level=0 \
        --window-size=1280,1600 --screenshot="$shot" "http://127.0.0.1:$port/$PAGE" >"$work/chromium.log" 2>&1 || status=1
    kill "$server" && wait "$server" 2>/dev/null
    if grep -F ':CONSOLE' "$work/chromium.log"; then
        echo "docs: $PAGE logged to the console" >&2
        status=1
    fi
    if grep -E '" [45][0-9][0-9] ' "$work/server.log"; then
        echo "docs: $PAGE asked for files that are not there" >&2
        status=1
    fi
    [ -s "$shot" ] || { echo "docs: no screenshot" >&2; tail -20 "$work/chromium.log" >&2; status=1; }
    [ "$status" = 0 ] && echo "docs: $PAGE renders in Chromium with no console message; screenshot $shot"
    rm -rf "$work"
    return $status
}

SITE="$BUILD/docs-site"
build || exit 1
if [ "${1:-}" = --check-page ]; then
    check_page || exit 1
fi
