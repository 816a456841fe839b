#!/usr/bin/env bash
# Installs the Debian libraries Atrium builds against, only when one is missing.
# Uses sudo when not run as root. Safe to run again: it changes nothing when all are present.
set -euo pipefail

# pkg-config module -> Debian package
declare -A packages=(
  [libmicrohttpd]=libmicrohttpd-dev
  [sqlite3]=libsqlite3-dev
  [libcrypto]=libssl-dev
  [libargon2]=libargon2-dev
  [gdlib]=libgd-dev
  [ldap]=libldap-dev
  [libpq]=libpq-dev
  [libcurl]=libcurl4-openssl-dev
  [libmosquitto]=libmosquitto-dev
)

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
for module in "${!packages[@]}"; do
  if ! pkg-config --exists "$module" 2>/dev/null; then
    missing+=("${packages[$module]}")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "error: not root and no sudo; install as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
