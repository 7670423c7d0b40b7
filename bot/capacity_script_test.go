package bot_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// scripts/capacity.sh runs BenchmarkSustained and BenchmarkWebTable and
// reads their figures by name: a figure renamed in a benchmark would read
// as zero there, and a run past a target would read as within it.

// TestCapacityScriptReadsReportedFigures checks that every figure the
// script reads is one the benchmarks report.
func TestCapacityScriptReadsReportedFigures(t *testing.T) {
	script, err := os.ReadFile("../scripts/capacity.sh")
	if err != nil {
		t.Fatal(err)
	}
	var benches []byte
	for _, f := range []string{"sustained_bench_test.go", "../adapters/web/bench_test.go", "../machine/waits.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		benches = append(benches, b...)
	}
	read := regexp.MustCompile(`m\["([a-z0-9/-]+)"\]`).FindAllStringSubmatch(string(script), -1)
	if len(read) < 10 {
		t.Fatalf("the script reads %d figures; want the dozen it tabulates", len(read))
	}
	for _, m := range read {
		if !strings.Contains(string(benches), `"`+m[1]+`")`) {
			t.Errorf("scripts/capacity.sh reads %q, which neither benchmark reports", m[1])
		}
	}
}

// TestCapacityScriptSummary checks the script's table on logs as the
// benchmarks write them: the figures where they belong, and a run past
// any target said to be.
func TestCapacityScriptSummary(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("bash runs scripts/capacity.sh:", err)
	}
	dir := t.TempDir()
	chat := func(ackP99, backlogClicks, backlogS string) string {
		return " 21:17:19 up 58 min,  0 user,  load average: 1.35, 0.36, 0.12\ngoos: linux\n" +
			"BenchmarkSustained/party8p/games=1000-2   1	60000415101 ns/op	3.260 ack-p50-ms	" + ackP99 + " ack-p99-ms	" +
			backlogClicks + " backlog-clicks	" + backlogS + " backlog-oldest-s	1014 clicks/s	0.3599 host-cpu-ms/click	423.3 process-allocs/click	" +
			"0.09147 redis-cpu-ms/click	12.04 table-p99-ms	0.512 run-wait-p99-ms	0.896 gc-pause-max-ms	3.5 steal-ms/s\n" +
			"--- BENCH: BenchmarkSustained/party8p/games=1000-2\n" +
			"    sustained_bench_test.go:621: host: AMD EPYC (family 26, model 2), 2596.122 MHz, 2 cores\nPASS\n"
	}
	web := " 21:39:51 up  1:21,  0 user,  load average: 0.23, 0.61, 0.53\n" +
		"BenchmarkWebTable/games=1500-2   1	60008737074 ns/op	9.553 chat-ack-p99-ms	711.9 chat-clicks/s	717.5 clicks/s	" +
		"18.33 frame-p99-ms	0.3584 host-cpu-ms/click	446.4 process-allocs/click	0.05974 redis-cpu-ms/click\nPASS\n"
	for name, log := range map[string]string{
		"01-party":  chat("10.56", "0", "0"),
		"02-slow":   chat("60.2", "0", "0"),
		"03-behind": chat("10.56", "4464", "5.3"),
		"06-one":    chat("10.56", "1", "0.007"),
		"04-web":    web,
		"05-broken": " 22:00:00 up 1:00,  0 user,  load average: 0.50, 0.50, 0.50\npanic: oops\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name+".log"), []byte(log), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("bash", "../scripts/capacity.sh", "--summarize", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"| 01-party | 1.35 | 1014 | 10.6 ms | 12.0 ms | 0.360 + 0.091 = **0.45 ms** | none | 423 | 0.5 / 0.9 ms / 4 ms/s | yes |",
		"| 02-slow | 1.35 | 1014 | 60.2 ms | 12.0 ms | 0.360 + 0.091 = **0.45 ms** | none | 423 | 0.5 / 0.9 ms / 4 ms/s | no |",
		"| 03-behind | 1.35 | 1014 | 10.6 ms | 12.0 ms | 0.360 + 0.091 = **0.45 ms** | 4464 clicks, 5300 ms | 423 | 0.5 / 0.9 ms / 4 ms/s | no |",
		"| 06-one | 1.35 | 1014 | 10.6 ms | 12.0 ms | 0.360 + 0.091 = **0.45 ms** | 1 click, 7 ms | 423 | 0.5 / 0.9 ms / 4 ms/s | yes |",
		"| 04-web | 0.23 | 718 page + 712 chat | 18.3 ms | 9.6 ms | 0.358 + 0.060 = **0.42 ms** | — | 446 | — | yes |",
		"| 05-broken | 0.50 | (no result: see the log) | | | | | | | no |",
		"01-party: AMD EPYC (family 26, model 2), 2596.122 MHz, 2 cores",
	} {
		if !strings.Contains(string(out), want+"\n") {
			t.Errorf("the summary lacks\n%s\nin\n%s", want, out)
		}
	}
}
