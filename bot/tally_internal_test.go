package bot

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/sushigo/sushigo/boards"
	"github.com/sushigo/sushigo/engine"
)

// TestTallyIsAMapsJSON: a tally's JSON is byte for byte what
// encoding/json writes for the same map[string]int, for every card's key
// and for keys that need escaping, alone and inside a seat.
func TestTallyIsAMapsJSON(t *testing.T) {
	var keys []string
	for c := engine.Card(1); c < engine.NumCards; c++ {
		keys = append(keys, boards.CardKey(c))
	}
	keys = append(keys, "", "a\"b", "back\\slash", "<b>", "a&b", "tab\t", "é", "\u2028", "line\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 2000 {
		m := map[string]int{}
		for range rng.IntN(12) {
			k := keys[rng.IntN(len(keys)-9)] // mostly cards' keys
			if n%5 == 0 {
				k = keys[rng.IntN(len(keys))]
			}
			m[k] = rng.IntN(40) - 5
		}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(tally(m))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("tally %v: %s, want %s", m, got, want)
		}
		// Written in place by the record's encoder, where encoding/json
		// does not re-read (and re-escape) it.
		if got := tally(m).append(nil); string(got) != string(want) {
			t.Fatalf("tally %v written in place: %s, want %s", m, got, want)
		}
		gotSeat, _ := json.Marshal(seat{Taken: tally(m)})
		if len(m) > 0 && !json.Valid(gotSeat) {
			t.Fatalf("seat %s is not JSON", gotSeat)
		}
		var back seat
		if err := json.Unmarshal(gotSeat, &back); err != nil || len(back.Taken) != len(m) {
			t.Fatalf("seat %s read back as %v (%v)", gotSeat, back.Taken, err)
		}
	}
	if b, _ := json.Marshal(seat{}); string(b) != `{"n":""}` {
		t.Errorf("a seat without a tally: %s", b)
	}
}
