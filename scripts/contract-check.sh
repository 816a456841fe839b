#!/usr/bin/env bash
# Validates openapi.yaml against the OpenAPI 3.1 specification with a pinned validator.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/python-tools.sh
.venv/bin/openapi-spec-validator Sources/AtriumServer/Resources/openapi.yaml
