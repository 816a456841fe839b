#!/usr/bin/env bash
# Validates openapi.yaml against the OpenAPI 3.1 specification with a pinned validator from
# PyPI, installed in .venv (created on first use).
set -euo pipefail
cd "$(dirname "$0")/.."

validator=.venv/bin/openapi-spec-validator
if [ ! -x "$validator" ]; then
  if ! python3 -m venv .venv 2>/dev/null; then
    # Debian ships venv separately from python3.
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv
    python3 -m venv .venv
  fi
  .venv/bin/pip install -q openapi-spec-validator==0.9.0
fi
"$validator" Sources/AtriumServer/Resources/openapi.yaml
