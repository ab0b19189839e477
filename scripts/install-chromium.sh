#!/usr/bin/env bash
# Installs Debian's Chromium for the browser end-to-end test
# (cmd/local-api/e2e_test.go); does nothing when it is already installed.
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi
sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
/usr/bin/chromium --version
