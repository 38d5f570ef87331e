#!/usr/bin/env bash
# Builds the vendored files if needed and serves the app at http://127.0.0.1:${1:-8000}/
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
echo "Serving the app at http://127.0.0.1:${1:-8000}/"
exec .venv/bin/python -m http.server "${1:-8000}" --bind 127.0.0.1
