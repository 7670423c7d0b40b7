package arena

import (
	"bytes"
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
	if !strings.Contains(out.String(), "normal") || !strings.Contains(out.String(), "3 players, classic, 300 games") {
		t.Errorf("table:\n%s", out.String())
	}
}
