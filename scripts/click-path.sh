#!/bin/sh
# click-path.sh lists the host's functions and files that one click runs:
# TestOneClickPath (bot/clickpath_test.go) presses a card in a game in
# progress with the outbox on, and writes the coverage counters just before
# and just after; a block whose count grew ran during the click.
#
#   sh scripts/click-path.sh          # a summary
#   sh scripts/click-path.sh -v       # every function
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pkgs=./bot/...,./protocol/...,./words/...,./boards/...,./storage/...,./engine/...,./picture/...
[ -d boards ] || pkgs=./bot/...,./storage/...,./engine/...,./picture/...
SUSHIGO_CLICK_COVER="$tmp" go test -count=1 -covermode=count -coverpkg="$pkgs" -run '^TestOneClickPath$' ./bot >/dev/null
go tool covdata textfmt -i="$tmp/before" -o "$tmp/before.txt"
go tool covdata textfmt -i="$tmp/after" -o "$tmp/after.txt"
# One block per line: "file:start,end stmts count". Keep the blocks the
# click ran (their count grew), with count 1, and every other with 0.
awk 'NR==FNR { if (FNR > 1) before[$1" "$2] = $3; next }
     FNR == 1 { print; next }
     { n = ($3 > before[$1" "$2]) ? 1 : 0; print $1, $2, n }' "$tmp/before.txt" "$tmp/after.txt" > "$tmp/click.txt"
go tool cover -func="$tmp/click.txt" | awk '$NF != "0.0%" && $1 != "total:"' > "$tmp/ran.txt"
if [ "${1:-}" = "-v" ]; then cat "$tmp/ran.txt"; fi
echo "functions run by one click, by package:"
sed 's|github.com/sushigo/sushigo/||; s|/[^/]*\.go:.*||' "$tmp/ran.txt" | sort | uniq -c | sort -rn
echo "files:"
sed 's|github.com/sushigo/sushigo/||; s|:.*||' "$tmp/ran.txt" | sort -u | sed 's|/[^/]*$||' | sort | uniq -c | sort -rn
printf 'total: %s functions in %s files\n' "$(wc -l < "$tmp/ran.txt")" "$(sed 's|:.*||' "$tmp/ran.txt" | sort -u | wc -l)"
