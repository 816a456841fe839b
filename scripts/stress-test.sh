#!/usr/bin/env bash
# Runs the tests again and again on a busy machine, to find tests that pass only by chance.
#
#   scripts/stress-test.sh [N]            swift test N times (default 3)
#   scripts/stress-test.sh --sockets [N]  only the socket- and process-level suites, N times
#                                         (default 10)
#
# While the runs go, two `yes >/dev/null` processes keep both cores busy; the script starts
# them itself and stops them by their process ids when it ends, however it ends. Each run's
# output is kept in test-output/stress/; the script fails when any run fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# The suites that open sockets, start processes or wait on threads: the engine (and how it
# spreads connections over its threads), the server over
# real sockets, slapd and the stalling proxy, the SDK against a live server, the CLI, crash
# safety and backups, PostgreSQL (its driver, listener, outages, migrate) and two instances
# behind nginx, and mail through the SMTP sink (the client, the outbox's sender, the account
# flows, atrium serve killed mid-delivery), and the sensors' broker (mosquitto, atrium serve
# --mqtt killed while a sensor publishes). With ATRIUM_TEST_DATABASE=postgres they run on
# PostgreSQL where they can.
socket_suites='HTTPServerTests|ConnectionSpreadTests|SlowClientTests|HTTPStreamTests|SocketTests|ProcessTests|CrashSafetyTests|LiveEventTests|LiveEventSubscribeRaceTests|DirectoryTests|SlowDirectoryTests|LDAPConnectionTests|PhotoUploadLimitTests|ClientIntegrationTests|LiveEventsTests|CommandLineTests|ClientSessionTests|PostgresConnectionTests|PostgresListenerTests|PostgresDatabaseTests|PostgresInstanceTests|TwoInstanceTests|MigrateCommandTests|SharedDatabaseTests|SMTPClientTests|MailOutboxTests|OutboxAdminTests|MailProcessTests|PasswordResetTests|InvitationTests|ForgotPasswordTests|UnsubscribeTests|DigestTests|CompanyNoticeMailTests|SignUpTests|SignUpViewModelTests|EmailChangeTests|DeleteAccountCommandTests|DirectoryErasureTests|PushDeliveryTests|FCMDeliveryTests|WebBrowserPushTests|APNsOverNghttpdTests|PushRegistrationTests|PresenceLiveTests|PresenceClientTests|PresenceCommandLineTests|PresenceDoneWhenTests|PresenceMailTests|TaskSingleTests|TaskSyncTests|TaskSyncClientTests|TaskConvergenceTests|TaskDoneWhenTests|TaskDeviceFaultTests|TaskBrowserTests|MQTTClientTests|SensorIngestTests|SensorServeTests|SensorAlertTests|SensorAccountsTests|SensorAPITests|SensorClientTests|SensorCommandLineTests|SensorBrowserTests|WebSensorRegistrationTests'

filter=()
runs=3
if [ "${1:-}" = "--sockets" ]; then
  filter=(--filter "$socket_suites")
  runs=${2:-10}
elif [ -n "${1:-}" ]; then
  runs=$1
fi
case "$runs" in '' | *[!0-9]* | 0)
  echo "usage: scripts/stress-test.sh [N] | --sockets [N]   (N a whole number above 0)" >&2
  exit 2
  ;;
esac

scripts/install-deps.sh
scripts/python-tools.sh
scripts/install-test-servers.sh
swift build --build-tests

load=()
stop_load() {
  for pid in "${load[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${load[@]}"; do wait "$pid" 2>/dev/null || true; done
  load=()
}
trap stop_load EXIT INT TERM
for _ in 1 2; do
  yes >/dev/null &
  load+=($!)
done

mkdir -p test-output/stress
failed=0
for run in $(seq 1 "$runs"); do
  log="test-output/stress/run-$run.log"
  started=$(date +%s)
  if swift test --skip-build "${filter[@]}" >"$log" 2>&1; then
    result="passed"
  else
    result="FAILED"
    failed=$((failed + 1))
  fi
  summary=$(grep -E '^(✔|✘|􁁛|􀢄)? ?Test run with' "$log" | tail -n 1 || true)
  echo "run $run of $runs: $result in $(($(date +%s) - started)) s ${summary:+($summary)}"
  if [ "$result" = "FAILED" ]; then
    grep -E '✘|error:|Fatal error' "$log" | head -n 20 || true
  fi
done
stop_load

echo "$((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
