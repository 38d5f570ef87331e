#!/usr/bin/env bash
# Idempotent set-up on a fresh machine: the Python tools in .venv, the pinned npm packages,
# the vendored PyScript/Pyodide files under static/vendor/, the Debian font packages the
# synthetic photos are printed in, and with --browser Debian's
# Chromium, WebKitGTK's WebDriver with Xvfb, Firefox ESR and puppeteer-core. Each step is
# skipped when what it installs is already there and up to date.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
req_hash=$(sha256sum requirements-dev.txt | cut -d' ' -f1)
if [ "$(cat .venv/.requirements-hash 2>/dev/null)" != "$req_hash" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
  echo "$req_hash" > .venv/.requirements-hash
fi

if [ -f package-lock.json ]; then
  lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat node_modules/.lock-hash 2>/dev/null)" != "$lock_hash" ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_hash" > node_modules/.lock-hash
  fi
fi
if [ -f scripts/build_vendor.py ]; then
  .venv/bin/python scripts/build_vendor.py
fi

# The fonts the synthetic photos are printed in (scripts/render_grid.py FONT_PACKAGES): the
# digit model was built with them, and the photo tests skip where they differ.
fonts=$(.venv/bin/python -c 'import sys; sys.path.insert(0, "scripts")
from render_grid import missing_font_packages; print(" ".join(missing_font_packages()))')
if [ -n "$fonts" ]; then
  as_root apt-get update -q
  # shellcheck disable=SC2086 # one word per package
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $fonts
fi

if [ "${1:-}" = "--browser" ]; then
  # Chromium for Playwright; WebKitGTK (its WebDriver, under Xvfb) and Firefox ESR for the
  # engine smoke flows in tests/browser/engines/.
  wanted=""
  [ -x /usr/bin/chromium ] || wanted="$wanted chromium"
  [ -x /usr/bin/WebKitWebDriver ] || wanted="$wanted webkit2gtk-driver"
  [ -x /usr/bin/Xvfb ] || wanted="$wanted xvfb"
  [ -x /usr/bin/firefox-esr ] || wanted="$wanted firefox-esr"
  if [ -n "$wanted" ]; then
    as_root apt-get update -q
    # shellcheck disable=SC2086 # one word per package
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $wanted
  fi
  # (and axe-core, for the accessibility checks in tests/browser/a11y/: tests only)
  for engines in tests/browser/engines tests/browser/a11y; do
    engines_hash=$(sha256sum "$engines/package-lock.json" | cut -d' ' -f1)
    if [ "$(cat "$engines/node_modules/.lock-hash" 2>/dev/null)" != "$engines_hash" ]; then
      (cd "$engines" && npm ci --no-audit --no-fund --loglevel=error)
      echo "$engines_hash" > "$engines/node_modules/.lock-hash"
    fi
  done
fi
