"""Schemathesis hooks for `make fuzz`.

An `Idempotency-Key` that the generator made valid is replaced with a fresh one before the
request goes out: schemathesis reuses small values ("0") across operations, and Atrium rightly
answers a key reused for a different request with 422, which would hide every other finding.
Invalid keys (negative testing) are sent as generated.
"""
import re
import uuid

import schemathesis

VALID_KEY = re.compile(r"^[!-~]{1,255}$")


@schemathesis.hook
def before_call(context, case, kwargs):
    fresh = str(uuid.uuid4())
    for headers in (case.headers, kwargs.get("headers")):
        for name in list(headers or {}):
            value = headers[name]
            if name.lower() == "idempotency-key" and isinstance(value, str) and VALID_KEY.match(value):
                headers[name] = fresh
