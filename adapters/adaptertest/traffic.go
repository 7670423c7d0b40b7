// Package adaptertest holds what the Discord and Slack adapters' tests
// share: playing a whole game through a fake platform (Chat), checking
// its reveals, its privacy and its standings, and counting what it sent
// against what a channel should see.
package adaptertest

import (
	"fmt"
	"io"
	"testing"
)

// Traffic is what one game sent, counted as the channel sees it.
type Traffic struct {
	Channel, Thread, Private int // new messages
	Edits, Deletes           int
	// Pings are the new public messages that notified each person (by
	// user ID); StartPings and DecisionPings split them by why.
	Pings, StartPings, DecisionPings map[string]int
	// Answers are the decisions each person answered.
	Answers map[string]int
	// DMs are the new direct messages each person got (Slack).
	DMs map[string]int
}

// New returns an empty Traffic ready to count.
func New() Traffic {
	return Traffic{Pings: map[string]int{}, StartPings: map[string]int{}, DecisionPings: map[string]int{},
		Answers: map[string]int{}, DMs: map[string]int{}}
}

func (tr Traffic) String() string {
	s := fmt.Sprintf("%d channel messages, %d thread messages, %d private messages, %d edits, %d deletions, pings %v",
		tr.Channel, tr.Thread, tr.Private, tr.Edits, tr.Deletes, tr.Pings)
	if len(tr.DMs) > 0 {
		s += fmt.Sprintf(", DMs %v", tr.DMs)
	}
	return s
}

// Person is a player a check names.
type Person struct{ ID, Name string }

// Check asserts what a whole game of rounds×handSize turns may send: with
// threads, the table and one closing post in the channel and at least a
// reveal a turn in the thread; without, nothing in a thread and in the
// channel no more than the table, a reveal a turn, the round scores, the
// closing post and the pings; each person pinged once at the start and
// once per decision they answered, and never otherwise.
func Check(t testing.TB, tr Traffic, threads bool, turns int, people []Person) {
	t.Helper()
	if threads {
		if tr.Channel != 2 {
			t.Errorf("%d new channel messages, want 2 (the table and the closing post)", tr.Channel)
		}
		if tr.Thread < turns {
			t.Errorf("%d thread messages: fewer than one reveal a turn (%d turns)", tr.Thread, turns)
		}
	} else {
		if tr.Thread != 0 {
			t.Errorf("threads off, yet %d thread messages", tr.Thread)
		}
		// The table, a reveal a turn, three round scores, the closing post
		// and the pings (each checked below against the decisions).
		pings := 0
		for _, n := range tr.Pings {
			pings += n
		}
		if limit := 1 + turns + 3 + 1 + pings; tr.Channel > limit {
			t.Errorf("%d channel messages for %d turns and %d pings, want at most %d", tr.Channel, turns, pings, limit)
		}
	}
	for _, p := range people {
		if tr.StartPings[p.ID] != 1 {
			t.Errorf("%s pinged %d times at the start, want once", p.Name, tr.StartPings[p.ID])
		}
		if tr.DecisionPings[p.ID] != tr.Answers[p.ID] {
			t.Errorf("%s pinged for %d decisions, answered %d", p.Name, tr.DecisionPings[p.ID], tr.Answers[p.ID])
		}
		if want := 1 + tr.Answers[p.ID]; tr.Pings[p.ID] != want {
			t.Errorf("%s notified %d times, want %d (the start and each decision)", p.Name, tr.Pings[p.ID], want)
		}
	}
}

// CountingReader counts the bytes read from R: a test of an endpoint that
// must refuse a request before reading its body.
type CountingReader struct {
	R io.Reader
	N int
}

func (c *CountingReader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += n
	return n, err
}
