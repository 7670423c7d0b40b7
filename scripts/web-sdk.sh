#!/bin/sh
# Rebuilds adapters/web/static/discord-sdk.js: Discord's Embedded App SDK,
# which the web table loads when it runs as a Discord Activity, bundled
# into one file our own server serves (the Activity's page may load
# nothing from any other host). The versions are pinned in
# adapters/web/sdk/package.json and package-lock.json; the bundle names
# its version and licence in its first lines, and the SDK's licence is
# copied beside it. Needs Node and npm (the Go build and tests do not).
#
#   sh scripts/web-sdk.sh          rebuild the bundle
#   sh scripts/web-sdk.sh --check  rebuild into a temporary file and fail
#                                  if it differs from the committed one
set -eu
cd "$(dirname "$0")/../adapters/web/sdk"
npm ci --no-audit --no-fund --ignore-scripts >/dev/null
version=$(node -p 'require("@discord/embedded-app-sdk/package.json").version')
licence=$(node -p 'require("@discord/embedded-app-sdk/package.json").license')
out=../static/discord-sdk.js
[ "${1:-}" = --check ] && out=$(mktemp)
./node_modules/.bin/esbuild entry.js --bundle --format=esm --minify --target=es2020 --legal-comments=none \
  --banner:js="/* @discord/embedded-app-sdk $version ($licence licence: discord-sdk.LICENSE.txt), bundled by scripts/web-sdk.sh */" \
  --outfile="$out" --log-level=warning
if [ "${1:-}" = --check ]; then
  cmp -s "$out" ../static/discord-sdk.js || { echo "static/discord-sdk.js differs from a fresh build: run sh scripts/web-sdk.sh" >&2; rm -f "$out"; exit 1; }
  rm -f "$out"
  echo "static/discord-sdk.js is the build of @discord/embedded-app-sdk $version"
  exit 0
fi
cp node_modules/@discord/embedded-app-sdk/LICENSE.md ../static/discord-sdk.LICENSE.txt
echo "built static/discord-sdk.js from @discord/embedded-app-sdk $version ($(wc -c <../static/discord-sdk.js) bytes)"
