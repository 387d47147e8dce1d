#!/usr/bin/env bash
# Installs what the web pages' browser tests inject into the page (axe-core, tests/web/), from
# the npm registry at the versions tests/web/package-lock.json pins: `npm ci`, only when
# axe.min.js is missing or the lock changed since the last install. Needs npm
# (.ci/install-deps.sh test installs it where there is none).
set -euo pipefail

web="$(cd "$(dirname "$0")/../tests/web" && pwd)"
# The lock as it was at the last successful install, kept beside what it installed.
installed="$web/node_modules/.talkclock-installed-lock.json"

if [ -f "$web/node_modules/axe-core/axe.min.js" ] && cmp -s "$web/package-lock.json" "$installed"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "the browser tests need npm to install axe-core: run .ci/install-deps.sh test first" >&2
  exit 1
fi
echo "installing tests/web's npm packages (axe-core)" >&2
(cd "$web" && npm ci --no-audit --no-fund)
cp "$web/package-lock.json" "$installed"
