#!/usr/bin/env bash
# Installs what the tests start themselves, only when missing: slapd and the ldap-utils it is
# loaded and changed with, PostgreSQL's server, nginx (the proxy in front of two instances),
# nghttpd (an HTTP/2 server the APNs client is checked against), faketime (a client with its clock a day off), mosquitto with its clients (the sensors' MQTT broker), and Chromium with its WebDriver for the browser tests. Nothing installed here starts a server on this machine: slapd is preseeded to create
# no configuration of its own, PostgreSQL is told to create no cluster, and while the packages
# install, a policy-rc.d forbids every service start. The tests start their own servers.
set -euo pipefail

missing=()
[ -x /usr/sbin/slapd ] || missing+=(slapd)
command -v ldapmodify >/dev/null 2>&1 || missing+=(ldap-utils)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v nghttpd >/dev/null 2>&1 || missing+=(nghttp2-server)
[ -x /usr/sbin/mosquitto ] || missing+=(mosquitto)
command -v mosquitto_ctrl >/dev/null 2>&1 || missing+=(mosquitto-clients)
# faketime runs a client with its clock a day either way (the tasks' clock-skew test).
command -v faketime >/dev/null 2>&1 || missing+=(faketime)
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
# postgresql-common reads this before it makes the "main" cluster of a new server version.
$sudo mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' | $sudo tee /etc/postgresql-common/createcluster.d/atrium-tests.conf >/dev/null
# Exit code 101 tells invoke-rc.d that starting services is not allowed now. An existing
# policy-rc.d (a container's own) is left alone and is not removed afterwards.
policy=/usr/sbin/policy-rc.d
own_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  own_policy=1
fi
trap '[ -n "$own_policy" ] && $sudo rm -f "$policy"' EXIT
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
