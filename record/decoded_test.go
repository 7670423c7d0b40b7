package record_test

import (
	"testing"

	"github.com/sushigo/sushigo/record"
)

// TestDecodedKeepsTheLog: a send log read again as the same bytes is the
// one decoded last time; other bytes are decoded anew; a game not kept
// keeps no log either.
func TestDecodedKeepsTheLog(t *testing.T) {
	d := record.NewDecoded(4, func(n *int) *int { c := *n; return &c })
	one := 1
	d.Put("g", 1, &one, []byte("{}"))
	a, err := d.Log("g", []byte(`{"id":"t1","d":3}`))
	if err != nil || a == nil || a.Done != 3 {
		t.Fatalf("Log = %+v, %v", a, err)
	}
	if b, _ := d.Log("g", []byte(`{"id":"t1","d":3}`)); b != a {
		t.Error("the same bytes were decoded again")
	}
	d.Put("g", 2, &one, []byte("{}")) // a save keeps the log
	if b, _ := d.Log("g", []byte(`{"id":"t1","d":3}`)); b != a {
		t.Error("a save dropped the kept log")
	}
	if b, _ := d.Log("g", []byte(`{"id":"t1","d":4}`)); b == a || b.Done != 4 {
		t.Errorf("new bytes gave %+v", b)
	}
	if b, _ := d.Log("h", []byte(`{"id":"t2","d":1}`)); b == nil || b.Done != 1 {
		t.Errorf("a game not kept: %+v", b)
	}
	if b, err := d.Log("g", nil); b != nil || err != nil {
		t.Errorf("no side: %+v, %v", b, err)
	}
	if _, err := d.Log("g", []byte("{")); err == nil {
		t.Error("a broken log was not refused")
	}
}

// TestDecodedTakesTheLogWritten: a send log this replica wrote is taken as
// it is when the same bytes are read back; other bytes are decoded, and a
// game not kept is not kept for its log either.
func TestDecodedTakesTheLogWritten(t *testing.T) {
	d := record.NewDecoded(4, func(n *int) *int { c := *n; return &c })
	one := 1
	d.Put("g", 1, &one, []byte("{}"))
	written := &record.SendLog{Game: "t1", Done: 7}
	d.Wrote("g", []byte(`{"id":"t1","d":7}`), written)
	if b, err := d.Log("g", []byte(`{"id":"t1","d":7}`)); err != nil || b != written {
		t.Errorf("the log written was not taken: %+v, %v", b, err)
	}
	if b, _ := d.Log("g", []byte(`{"id":"t1","d":8}`)); b == written || b.Done != 8 {
		t.Errorf("other bytes gave %+v", b)
	}
	d.Wrote("h", []byte(`{"id":"t2","d":1}`), &record.SendLog{Game: "t2", Done: 1})
	if b, _ := d.Log("h", []byte(`{"id":"t2","d":1}`)); b == nil || b.Done != 1 {
		t.Errorf("a game not kept: %+v", b)
	}
}
