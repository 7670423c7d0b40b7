package record

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// TestEncodeLogIsJSON: the send log is stored as the bytes json.Marshal
// writes for it (what every release reads back), in a thousand shapes:
// empty, failing, waiting, with references, threads and pictures learnt.
func TestEncodeLogIsJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	str := func() string { return []string{"", "table", "1234567890", `q"uote`, "é<>&"}[r.IntN(5)] }
	at := func() time.Time {
		return []time.Time{{}, time.Date(2026, 11, 28, 22, 1, 2, 345000000, time.UTC)}[r.IntN(2)]
	}
	num := func() uint64 { return []uint64{0, 1, 99, 1 << 40}[r.IntN(4)] }
	flip := func() bool { return r.IntN(2) == 0 }
	for range 1000 {
		l := &SendLog{Game: str(), Done: num(), FailedSeq: num(), Failed: r.IntN(3), Wait: at(), Trying: num(), N: num()}
		if n := r.IntN(4) - 1; n >= 0 {
			l.Learnt = make([]Learnt, n)
			for i := range l.Learnt {
				var ref protocol.Ref
				if flip() {
					ref = protocol.Ref{ID: str(), Expires: at(), Max: r.IntN(6), Uses: r.IntN(6), Pic: str(), File: str(), PicAt: at()}
				}
				l.Learnt[i] = Learnt{N: num(), Slot: str(), Ref: ref, Thread: str(), Said: flip(), NoPictures: str(),
					PicturesSaid: flip(), TableGone: flip(), TableSaid: flip()}
			}
		}
		got, err := encodeLog("g", l)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("send log %+v:\n got %s\nwant %s", l, got, want)
		}
	}
	if n := reflect.TypeFor[Learnt]().NumField(); n != 9 {
		t.Errorf("Learnt has %d fields, encodeLog writes 9", n)
	}
	if n := reflect.TypeFor[SendLog]().NumField(); n != 8 {
		t.Errorf("SendLog has %d fields, encodeLog writes 8", n)
	}
}
