#!/usr/bin/env bash
# Times the engine's Game4Random benchmark at REV and in the working tree in
# one run, interleaved, pinned to one core, so "classic within 10 % of REV"
# compares like with like:
#   scripts/bench-against.sh 6fed074 5
set -euo pipefail
rev=${1:?usage: $0 REV [ROUNDS] [BENCH]}
rounds=${2:-5}
bench=${3:-'^BenchmarkGame4Random$'}
top=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'git -C "$top" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$top" worktree add --detach "$tmp/base" "$rev" >/dev/null 2>&1
(cd "$tmp/base" && go test -c -o "$tmp/base.test" ./engine)
(cd "$top" && go test -c -o "$tmp/head.test" ./engine)
pin=""
command -v taskset >/dev/null && pin="taskset -c 0"
for i in $(seq "$rounds"); do
	for which in base head; do
		printf '%s\t' "$which"
		(cd "$top/engine" && $pin "$tmp/$which.test" -test.run '^$' -test.bench "$bench" -test.benchtime 2s | grep '^Benchmark')
	done
done
