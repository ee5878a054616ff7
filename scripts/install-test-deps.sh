#!/usr/bin/env bash
# Installs the Debian packages the tests drive as real programs, where they are missing:
#   curl and jq      the docs test runs the reference server guide's curl walk-through as written
#   chromium         the web console's browser tests (playwright-core on /usr/bin/chromium, no download)
#   redis-server     the tests of a bot on many processes start one per test on a free loopback port
#   redis-sentinel   the Sentinel failover test starts a primary, a replica and sentinels per test
#   prometheus       the metrics test starts one per test and scrapes a real bot
# None of them is started as a system service: each test runs its own as a child process.
set -euo pipefail

need=()
command -v curl >/dev/null || need+=(curl)
command -v jq >/dev/null || need+=(jq)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
[ -x /usr/bin/redis-sentinel ] || need+=(redis-sentinel)
command -v prometheus >/dev/null || need+=(prometheus)
[ "${#need[@]}" -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || {
    echo "install-test-deps: need root (or sudo) to install: ${need[*]}" >&2
    exit 1
  }
  sudo=(sudo)
fi
echo "install-test-deps: installing ${need[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# A package's post-install may start its service; the tests start their own, so stop any it started.
for service in redis-server redis-sentinel prometheus; do
  if command -v systemctl >/dev/null && systemctl is-active --quiet "$service" 2>/dev/null; then
    "${sudo[@]}" systemctl stop "$service" || true
  fi
done
