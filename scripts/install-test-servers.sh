#!/usr/bin/env bash
# Installs the servers the tests start themselves (slapd and the ldap-utils it is loaded and
# changed with), only when missing. slapd is preseeded to create no configuration of its
# own, so installing it starts no directory server on this machine.
set -euo pipefail

if [ -x /usr/sbin/slapd ] && command -v ldapmodify >/dev/null 2>&1; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "error: not root and no sudo; install as root: apt-get install slapd ldap-utils" >&2
    exit 1
  fi
fi
echo "Installing the test servers: slapd ldap-utils"
echo 'slapd slapd/no_configuration boolean true' | $sudo debconf-set-selections
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends slapd ldap-utils
