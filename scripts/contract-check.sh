#!/usr/bin/env bash
# Validates openapi.yaml against the OpenAPI 3.1 specification with a pinned validator, and
# refuses a key written twice in one mapping (YAML keeps the last silently).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/python-tools.sh
spec=Sources/AtriumServer/Resources/openapi.yaml
.venv/bin/python3 - "$spec" <<'PY'
import sys
import yaml

class UniqueKeys(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                sys.exit(f"{sys.argv[1]}:{key_node.start_mark.line + 1}: '{key}' appears twice in one mapping")
            seen.add(key)
        return super().construct_mapping(node, deep)

yaml.load(open(sys.argv[1]), Loader=UniqueKeys)
PY
.venv/bin/openapi-spec-validator "$spec"
