#!/usr/bin/env bash
# Measures a replica's capacity on this host, as docs/capacity.md and the
# README's table report it: 1,000 Party games of eight, 3,000
# classic games of four, and the whole web load (10,500 sockets beside 1,500
# chat games), each run alone, then one line a run against the targets
# (ack p99 ≤ 50 ms, table p99 ≤ 250 ms, nothing older than 250 ms left
# waiting, ≤ 0.6 ms of host and Redis CPU a click; frame p99 ≤ 250 ms), and
# beside it what held the host back: a goroutine's wait to run at p99, the
# collector's longest stop, and the time the hypervisor stole a second.
# The web load's pages run in a process of their own at nice 10: they stand
# in for browsers on other machines, so they take the cores the host and
# Redis leave (their frames' latencies carry that wait; their CPU is
# reported as pages-cores).
#
#   scripts/capacity.sh                 # one round of all three (~13 minutes)
#   scripts/capacity.sh 3 party         # Party three times
#   scripts/capacity.sh --summarize DIR # the table again, from a run's logs
#
# The logs stay in DIR (printed at the start; OUT=DIR to choose it), one a
# run, each starting with uptime's line read just before it. Nothing else
# should run meanwhile: CPU a click is the whole machine's to measure.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)

# summarize prints a Markdown table of the logs in $1, in the order run.
summarize() {
	printf '| run | load at start | clicks/s | ack or frame p99 | table or chat ack p99 | host + Redis CPU a click | waiting at the end | objects a click | wait to run p99 / GC stop / steal | within the targets |\n'
	printf '|---|---|---|---|---|---|---|---|---|---|\n'
	for f in $(ls "$1"/*.log | sort); do
		awk -v name="$(basename "$f" .log)" '
			NR == 1 { sub(/.*load average: /, ""); sub(/,.*/, ""); load = $0 }
			/^Benchmark/ { for (i = 3; i < NF; i += 2) m[$(i + 1)] = $i; seen = 1 }
			END {
				if (!seen) { printf "| %s | %s | (no result: see the log) | | | | | | | no |\n", name, load; exit }
				# What held the host back (logs before 3 December 2026: not said).
				waits = "—"
				if ("run-wait-p99-ms" in m) {
					steal = ("steal-ms/s" in m) ? sprintf("%.0f ms/s", m["steal-ms/s"]) : "—"
					waits = sprintf("%.1f / %.1f ms / %s", m["run-wait-p99-ms"], m["gc-pause-max-ms"], steal)
				}
				cpu = m["host-cpu-ms/click"] + m["redis-cpu-ms/click"]
				ok = cpu <= 0.6
				if ("frame-p99-ms" in m) {
					clicks = sprintf("%.0f page + %.0f chat", m["clicks/s"], m["chat-clicks/s"])
					a = m["frame-p99-ms"]; t = m["chat-ack-p99-ms"]
					ok = ok && a <= 250 && t <= 50
					waiting = "—"
				} else {
					clicks = sprintf("%.0f", m["clicks/s"])
					a = m["ack-p99-ms"]; t = m["table-p99-ms"]
					ok = ok && a <= 50 && t <= 250 && m["backlog-oldest-s"] <= 0.25
					n = m["backlog-clicks"]
					if (n == 0 && m["backlog-oldest-s"] == 0) waiting = "none"
					else waiting = sprintf("%d click%s, %.0f ms", n, n == 1 ? "" : "s", 1000 * m["backlog-oldest-s"])
				}
				printf "| %s | %s | %s | %.1f ms | %.1f ms | %.3f + %.3f = **%.2f ms** | %s | %.0f | %s | %s |\n",
					name, load, clicks, a, t, m["host-cpu-ms/click"], m["redis-cpu-ms/click"], cpu,
					waiting, m["process-allocs/click"], waits, ok ? "yes" : "no"
			}' "$f"
	done
	for f in $(ls "$1"/*.log | sort); do
		grep -h -m1 'host:' "$f" | sed "s/^ *[a-z_]*\.go:[0-9]*: host:/$(basename "$f" .log):/" || true
	done
}

if [[ ${1:-} == --summarize ]]; then
	summarize "${2:?usage: $0 --summarize DIR}"
	exit 0
fi

rounds=${1:-1}
shift || true
loads=("$@")
[[ ${#loads[@]} -gt 0 ]] || loads=(party classic web)
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

echo "host: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), family $(lscpu | awk -F': *' '/^CPU family/ {print $2}'), model $(lscpu | awk -F': *' '/^Model:/ {print $2}'), $(grep -m1 'cpu MHz' /proc/cpuinfo | sed 's/.*: //') MHz, $(nproc) cores"
grep -o 'pti=[a-z]*\|mitigations=[a-z,_]*' /proc/cmdline | sed 's/^/kernel: /' || true
echo "uptime: $(uptime)"
echo "logs: $out"

(cd "$top" && go test -c -o "$out/bot.test" ./bot && go test -c -o "$out/web.test" ./adapters/web)

n=0
for r in $(seq "$rounds"); do
	for load in "${loads[@]}"; do
		n=$((n + 1))
		log=$(printf '%s/%02d-%s.log' "$out" "$n" "$load")
		uptime >"$log"
		case $load in
		party)
			(cd "$top/bot" && "$out/bot.test" -test.run '^$' -test.bench 'Sustained/party8p/games=1000$' \
				-sustain-ramp 2m -sustain 1m -test.timeout 20m >>"$log" 2>&1) || true ;;
		classic)
			(cd "$top/bot" && "$out/bot.test" -test.run '^$' -test.bench 'Sustained/games=3000$' \
				-sustain-ramp 3m30s -sustain 2m -test.timeout 20m >>"$log" 2>&1) || true ;;
		web)
			(cd "$top/adapters/web" && "$out/web.test" -test.run '^$' -test.bench 'WebTable/games=1500$' \
				-web-chat 1 -web-watchers 3 -web-redis -web-outbox -web-pages-nice 10 -test.timeout 20m >>"$log" 2>&1) || true ;;
		*)
			echo "unknown load $load: party, classic or web" >&2
			exit 2 ;;
		esac
		echo "round $r: $load done ($(date +%H:%M))"
	done
done
summarize "$out"
