package bot

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/record"
)

// TestSendLogStoredFormat pins the send log's stored bytes (a game's side
// value): the log a running release wrote must fold into the game the
// next release loads. The golden was written once and checked by hand.
func TestSendLogStoredFormat(t *testing.T) {
	const golden = "testdata/stored/sendlog-v1.json"
	at := time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)
	log := &record.SendLog{Game: "g1", Done: 4, FailedSeq: 5, Failed: 2, Wait: at, N: 2, Learnt: []record.Learnt{
		{N: 1, Slot: protocol.SlotTable, Ref: protocol.Ref{ID: "m1"}},
		{N: 2, Thread: threadOpen},
	}}
	got, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the send log encodes as\n%s\nwant (%s)\n%s", got, golden, want)
	}
	back, err := record.DecodeSendLog(want)
	if err != nil {
		t.Fatal(err)
	}
	st := &gameRecord{ID: "g1", Queue: record.Queue{Outbox: []record.Queued{{Seq: 3}, {Seq: 4}, {Seq: 5}, {Seq: 6}}}}
	record.Fold(games{}, st, back)
	if len(st.Outbox) != 2 || st.Outbox[0].Seq != 5 || st.Outbox[0].Attempts != 2 {
		t.Errorf("outbox after folding: %+v, want 5 (2 failures) and 6", st.Outbox)
	}
	if st.Table.ID != "m1" || st.Thread != threadOpen || st.Folded != 2 || !st.OutWait.Equal(at) {
		t.Errorf("folded: table %q, thread %q, folded %d, wait %v", st.Table.ID, st.Thread, st.Folded, st.OutWait)
	}
	// Another game's log (the channel's earlier game) changes nothing.
	other := &gameRecord{ID: "g2", Queue: record.Queue{Outbox: []record.Queued{{Seq: 1}}}}
	record.Fold(games{}, other, back)
	if len(other.Outbox) != 1 || other.Table.ID != "" {
		t.Errorf("an earlier game's log folded into g2: %+v", other)
	}
}
