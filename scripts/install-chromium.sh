#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests (test/browser-*.test.ts) when /usr/bin/chromium is missing.
# Idempotent: does nothing when the browser is already there. Needs root (or sudo) and apt-get.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present) at /usr/bin/chromium"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: /usr/bin/chromium is missing and apt-get is not available; browser tests will be skipped." >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "chromium: not root and no sudo; cannot install it, browser tests will be skipped." >&2
    exit 0
  fi
fi
echo "chromium: installing Debian's chromium with apt-get"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo installed)"
