#!/usr/bin/env bash
# The scale-out test (tests/server/redis.test.ts) starts its own redis-server from Debian's package; nothing is
# downloaded at test time. Installs the package only when it is missing, and says nothing when it is there.
set -euo pipefail
command -v redis-server >/dev/null && exit 0
echo "ensure-redis: redis-server is missing; installing Debian's redis-server package" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -qq "$@"; }
apt update
apt install -y redis-server >/dev/null
