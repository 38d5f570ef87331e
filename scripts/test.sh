#!/usr/bin/env bash
# Runs every test on a fresh machine: installs what is missing, lints, then pytest
# (solver unit tests and Playwright tests against the served page). Extra args go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
