#!/bin/sh
# click-path.sh lists the host's functions and files that one click runs:
# TestOneClickPath (bot/clickpath_test.go) presses a card in a game in
# progress with the outbox on. It runs twice with coverage counts, the
# first time stopping just before the click (the game is dealt from fixed
# seeds, so both runs are the same up to there); a block whose count grew
# ran during the click.
#
#   sh scripts/click-path.sh          # a summary
#   sh scripts/click-path.sh -v       # every function
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pkgs=./bot/...,./protocol/...,./words/...,./boards/...,./storage/...,./engine/...,./picture/...
[ -d boards ] || pkgs=./bot/...,./storage/...,./engine/...,./picture/...
SUSHIGO_CLICK_BEFORE=1 go test -count=1 -covermode=count -coverpkg="$pkgs" -coverprofile="$tmp/before.txt" -run '^TestOneClickPath$' ./bot >/dev/null
go test -count=1 -covermode=count -coverpkg="$pkgs" -coverprofile="$tmp/after.txt" -run '^TestOneClickPath$' ./bot >/dev/null
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
