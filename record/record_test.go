package record_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
)

// TestPackRoundTrip: a packed record unpacks to its JSON; a record stored
// before packing (JSON as it is) reads as it is.
func TestPackRoundTrip(t *testing.T) {
	json := bytes.Repeat([]byte(`{"seats":[{"name":"Ann"}],"n":1}`), 40)
	packed := record.Pack(json)
	if len(packed) >= len(json)/2 || packed[0] != 'Z' {
		t.Errorf("packed %d bytes of %d, first byte %q", len(packed), len(json), packed[0])
	}
	back, err := record.Unpack(packed)
	if err != nil || !bytes.Equal(back, json) {
		t.Fatalf("unpacked %q, %v", back, err)
	}
	if old, err := record.Unpack([]byte(`{"v":1}`)); err != nil || string(old) != `{"v":1}` {
		t.Errorf("an unpacked record read as %q, %v", old, err)
	}
	if _, err := record.Unpack([]byte("Z\xff\xff")); err == nil {
		t.Error("a broken packed record read without an error")
	}
}

// TestLocksSerialiseOneKey: changes to one key run one at a time; the
// lock's entry goes once nobody holds or waits for it.
func TestLocksSerialiseOneKey(t *testing.T) {
	var l record.Locks
	var wg sync.WaitGroup
	inside, most := 0, 0
	var mu sync.Mutex
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock := l.Lock("g")
			mu.Lock()
			inside++
			most = max(most, inside)
			mu.Unlock()
			mu.Lock()
			inside--
			mu.Unlock()
			unlock()
		}()
	}
	wg.Wait()
	if most != 1 {
		t.Errorf("%d changes to one key at once", most)
	}
	other := l.Lock("h")
	l.Lock("g")() // free again
	other()
}

type game struct{ n int }

// TestDecodedKeepsCopies: a kept game comes back as a copy at its version
// only; Keep copies what the caller goes on changing; the oldest goes past
// the limit; Drop forgets.
func TestDecodedKeepsCopies(t *testing.T) {
	d := record.NewDecoded(2, func(g *game) *game { c := *g; return &c })
	g := &game{n: 1}
	d.Keep("a", 3, g, []byte("j"))
	g.n = 2 // the caller goes on changing its own
	got, json, ok := d.Get("a", 3)
	if !ok || got.n != 1 || string(json) != "j" {
		t.Fatalf("kept a: %+v %q %v", got, json, ok)
	}
	got.n = 9
	if again, _, _ := d.Get("a", 3); again.n != 1 {
		t.Error("Get handed out the kept game, not a copy")
	}
	if _, _, ok := d.Get("a", 4); ok {
		t.Error("a game kept at version 3 came back at 4")
	}
	d.Put("b", 1, &game{}, nil)
	d.Put("c", 1, &game{}, nil)
	kept := 0
	for _, k := range []string{"a", "b", "c"} {
		if _, _, ok := d.Get(k, map[string]storage.Version{"a": 3, "b": 1, "c": 1}[k]); ok {
			kept++
		}
	}
	if kept != 2 {
		t.Errorf("%d games kept with a limit of 2", kept)
	}
	d.Drop("c")
	if _, _, ok := d.Get("c", 1); ok {
		t.Error("a dropped game came back")
	}
	none := record.NewDecoded(0, func(g *game) *game { return g })
	none.Put("a", 1, &game{}, nil)
	if _, _, ok := none.Get("a", 1); ok {
		t.Error("a limit of 0 kept a game")
	}
}
