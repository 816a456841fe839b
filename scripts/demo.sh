#!/usr/bin/env bash
# make demo: Atrium with its embedded database (or DATABASE=postgres://…) and the demo company
# on http://127.0.0.1:$PORT. When Debian's mosquitto is installed, a broker of the demo's own
# runs beside it on a free loopback port (its configuration, accounts and queue kept in
# $DATA/mosquitto), the demo's rooms get sensors, and `atrium sensors simulate` publishes
# their readings with each sensor's own credentials. Ctrl-C stops all of it, by process id.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${DATA:-./atrium-data}
PORT=${PORT:-8080}
DATABASE=${DATABASE:-}
SWIFT=${SWIFT:-swift}

$SWIFT build --product atrium
bin="$($SWIFT build --show-bin-path)/atrium"
mkdir -p "$DATA"
data=$(cd "$DATA" && pwd)
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop EXIT
trap 'exit 130' INT TERM

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "no free port found" >&2; exit 1
}

mqtt=()
if [ -x /usr/sbin/mosquitto ] && command -v mosquitto_ctrl >/dev/null 2>&1; then
  broker="$data/mosquitto"
  mkdir -p "$broker"
  chmod 700 "$broker"
  if [ ! -s "$broker/admin-password" ]; then
    (umask 077; head -c 24 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' > "$broker/admin-password")
  fi
  password=$(cat "$broker/admin-password")
  if [ ! -f "$broker/dynamic-security.json" ]; then
    mosquitto_ctrl dynsec init "$broker/dynamic-security.json" atrium-admin "$password" >/dev/null
  fi
  plugin=$(ls /usr/lib/*/mosquitto_dynamic_security.so 2>/dev/null | head -n 1)
  mqtt_port=$(free_port)
  cat > "$broker/mosquitto.conf" <<CONF
per_listener_settings false
listener $mqtt_port 127.0.0.1
allow_anonymous false
plugin $plugin
plugin_opt_config_file $broker/dynamic-security.json
persistence true
persistence_location $broker/
autosave_interval 60
autosave_on_changes true
max_queued_messages 100000
log_dest file $broker/mosquitto.log
$( [ "$(id -u)" -eq 0 ] && echo "user root" )
CONF
  /usr/sbin/mosquitto -c "$broker/mosquitto.conf" &
  pids+=($!)
  mqtt=(--mqtt "mqtt://127.0.0.1:$mqtt_port" --mqtt-admin "atrium-admin:$password")
  echo "The sensors' broker listens on 127.0.0.1:$mqtt_port (log: $broker/mosquitto.log)."
else
  echo "mosquitto is not installed (apt-get install mosquitto mosquitto-clients): the Sensors section will say it is not set up."
fi

"$bin" serve --demo --data "$data" --port "$PORT" ${DATABASE:+--database "$DATABASE"} "${mqtt[@]}" &
server=$!
pids+=("$server")

if [ ${#mqtt[@]} -gt 0 ]; then
  # The simulator signs in as ana (a session of its own in $DATA/demo-cli) once the server
  # answers and the demo's sensors are registered.
  for _ in $(seq 1 120); do
    if [ -s "$data/demo-sensors.json" ] && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
    kill -0 "$server" 2>/dev/null || exit 1
    sleep 0.5
  done
  export XDG_CONFIG_HOME="$data/demo-cli"
  if printf 'atrium-demo\n' | "$bin" login --server "http://127.0.0.1:$PORT" --username ana --password-stdin >/dev/null; then
    "$bin" sensors simulate --credentials "$data/demo-sensors.json" --broker "mqtt://127.0.0.1:$mqtt_port" \
      --interval 5 >"$data/simulator.log" 2>&1 &
    pids+=($!)
    echo "The sensor simulator publishes every 5 s (log: $DATA/simulator.log)."
  fi
fi
wait "$server"
