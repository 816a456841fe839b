#!/usr/bin/env bash
# Creates .venv with the pinned Python tools the checks and tests use, when missing:
# openapi-spec-validator (contract check), icalendar (an independent parser for the
# calendar-feed test), selenium and axe-selenium-python (the browser tests, with axe-core for
# accessibility), schemathesis (make fuzz) and aiosmtpd (the SMTP sink mail tests send to). Safe to
# run again. http-ece, cryptography and hypercorn play the push services (Web Push, APNs) the push
# tests send to.
set -euo pipefail
cd "$(dirname "$0")/.."

wanted="openapi-spec-validator==0.9.0 icalendar==7.3.2 selenium==4.40.0 schemathesis==4.32.5 axe-selenium-python==2.1.6 aiosmtpd==1.4.6 http-ece==1.2.1 cryptography==50.0.2 hypercorn==0.18.0"
stamp=.venv/.atrium-tools
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  exit 0
fi
if [ ! -x .venv/bin/python3 ]; then
  if ! python3 -m venv .venv 2>/dev/null; then
    # Debian ships venv separately from python3.
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv
    python3 -m venv .venv
  fi
fi
# shellcheck disable=SC2086
.venv/bin/pip install -q $wanted
echo "$wanted" > "$stamp"
