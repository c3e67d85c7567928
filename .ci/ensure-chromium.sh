#!/usr/bin/env bash
# The browser tests (tests/e2e) drive Debian's chromium through playwright-core; Playwright never downloads
# a browser here. Installs the package only when it is missing, and says nothing when it is there.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -qq "$@"; }
apt update
apt install -y chromium >/dev/null
