#!/bin/sh
# click-path.sh measures the code one click runs. TestClickPath
# (bot/clickpath_test.go) plays two clicks of a 4-player game with the
# outbox on: a pick that locks in, and the pick that ends the turn (its
# reveal and deliveries). The game is dealt from fixed seeds, so runs that
# stop at different points are the same up to there; the growth of the
# coverage counts between two is what a click ran. For each click it lists
# the files and packages whose code ran and the calls into each file
# (entries into its functions and closures, from anywhere): how often the
# path comes back to a file.
#
#   sh scripts/click-path.sh
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for stop in before1 after1 before2 end; do
	go test -count=1 -covermode=count -coverpkg=github.com/sushigo/sushigo/... -coverprofile="$tmp/$stop.txt" \
		-run '^TestClickPath$' ./bot -args -clickpath-stop=$stop >/dev/null
done
go test -count=1 -run '^TestClickPathReport$' ./bot -v -args \
	-clickpath-profiles="$tmp/before1.txt,$tmp/after1.txt,$tmp/before2.txt,$tmp/end.txt" |
	sed '/^=== RUN/d; /^--- PASS/d; /^PASS/d; /^ok /d'
