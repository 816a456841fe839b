#!/usr/bin/env bash
# Installs what the tests start themselves, only when missing: slapd and the ldap-utils it is
# loaded and changed with, and Chromium with its WebDriver for the browser tests. slapd is
# preseeded to create no configuration of its own, so installing it starts no directory
# server on this machine.
set -euo pipefail

missing=()
[ -x /usr/sbin/slapd ] || missing+=(slapd)
command -v ldapmodify >/dev/null 2>&1 || missing+=(ldap-utils)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "error: not root and no sudo; install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "Installing the test servers and browser: ${missing[*]}"
echo 'slapd slapd/no_configuration boolean true' | $sudo debconf-set-selections
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
