package arena

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
)

// TestArenaRotatesSeats: every deal is played once per seat of the first
// bot, the records add up, and the heuristic beats random players.
func TestArenaRotatesSeats(t *testing.T) {
	cfg := Config{Settings: engine.Settings{Players: 3}, Bots: []strategy.Level{strategy.Normal, "random"}, Games: 300, Seed: 5, Parallel: 2}
	rs, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Seats != 300 || rs[1].Seats != 600 {
		t.Fatalf("seats: %+v", rs)
	}
	if w := rs[0].Wins + rs[1].Wins; w < 299.99 || w > 300.01 {
		t.Errorf("%.2f wins in 300 games", w)
	}
	if lo, hi := rs[0].Interval(); lo < 0.5 || hi > 1 || lo > rs[0].WinRate() || hi < rs[0].WinRate() {
		t.Errorf("normal vs random: %.3f in [%.3f, %.3f]", rs[0].WinRate(), lo, hi)
	}
	var out bytes.Buffer
	Print(&out, cfg, rs)
	if !strings.Contains(out.String(), "normal") || !strings.Contains(out.String(), "3 players, classic Sushi Go!, 300 games") {
		t.Errorf("table:\n%s", out.String())
	}
}

// TestArenaDealList: a fixed list of deals plays exactly those deals (the
// same record as numbering them from the seed), and the record does not
// depend on how many games run at once.
func TestArenaDealList(t *testing.T) {
	bots := []strategy.Level{strategy.Easy, "random"}
	record := func(cfg Config) []Result {
		t.Helper()
		rs, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := range rs {
			rs[i].Times = nil
		}
		return rs
	}
	numbered := record(Config{Settings: engine.Settings{Players: 3}, Bots: bots, Games: 60, Seed: 40, Parallel: 1})
	listed := record(Config{Settings: engine.Settings{Players: 3}, Bots: bots, Seed: 40, Deals: seq(40, 20), Parallel: 3})
	if fmt.Sprint(numbered) != fmt.Sprint(listed) {
		t.Errorf("deals 40–59 listed: %+v, numbered from seed 40: %+v", listed, numbered)
	}
	other := record(Config{Settings: engine.Settings{Players: 3}, Bots: bots, Seed: 40, Deals: seq(1000, 20), Parallel: 3})
	if fmt.Sprint(numbered) == fmt.Sprint(other) {
		t.Errorf("other deals gave the very same record: %+v", other)
	}
	if listed[0].Seats != 60 {
		t.Errorf("%d seat-games for the first bot, want one per deal and seat", listed[0].Seats)
	}
}

func seq(from uint64, n int) []uint64 {
	var out []uint64
	for i := range n {
		out = append(out, from+uint64(i))
	}
	return out
}
