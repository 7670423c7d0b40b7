package bot_test

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// TestTablePictureAtMostOnceAMinute: the table's text follows every
// click, its picture about once a minute (the host's default: 45 to 75 s
// by game, so games started together do not draw together), always
// naming the turn it shows; the end of the game is drawn at once, and
// each round's scores and the end only once. A table edit that keeps its
// picture keeps the words that picture was drawn with: its alt text says
// the turn it shows, not the turn the text is at.
func TestTablePictureAtMostOnceAMinute(t *testing.T) {
	h := newOutboxHarness(t)
	h.lobby("ann", "timer=0 bots=1", "bob")
	h.startGame("ann")
	var drawn []time.Time // when each table picture was drawn
	var keys []string
	alt, kept := "", 0         // the last table picture's alt text; table edits that kept it
	others := map[string]int{} // the scores' and the end's pictures drawn, by key
	seen := 0
	collect := func() {
		h.sender.mu.Lock()
		defer h.sender.mu.Unlock()
		for _, d := range h.sender.sent[seen:] {
			if p := d.View.Picture; p != nil && p.Of == protocol.PictureTable && p.PNG != nil {
				drawn, keys, alt = append(drawn, h.now), append(keys, p.Key), p.Alt
			} else if p != nil && p.Of == protocol.PictureTable && p.Keep {
				kept++
				if len(keys) == 0 || p.Key != keys[len(keys)-1] || p.Alt != alt {
					t.Errorf("a kept table picture %s says\n%q\nwhere the message shows %v, drawn saying\n%q", p.Key, p.Alt, keys, alt)
				}
			} else if p != nil && p.PNG != nil {
				others[p.Key]++
			}
		}
		seen = len(h.sender.sent)
	}
	collect()
	turns := 0
	for range 40 {
		if _, over := h.lastPublic("Final standings"); over {
			break
		}
		h.now = h.now.Add(20 * time.Second) // a turn of people choosing
		h.playTurn([]string{"ann", "bob"})
		turns++
		collect()
	}
	if _, over := h.lastPublic("Final standings"); !over {
		t.Fatal("the game did not end")
	}
	if kept < turns {
		t.Errorf("%d table edits kept their picture over %d turns", kept, turns)
	}
	if len(drawn) < 3 || len(drawn) > turns/3+2 {
		t.Errorf("%d table pictures over %d turns of 20 s: %v", len(drawn), turns, keys)
	}
	for i := 1; i < len(drawn)-1; i++ {
		if gap := drawn[i].Sub(drawn[i-1]); gap < 45*time.Second {
			t.Errorf("table pictures %s and %s drawn %v apart", keys[i-1], keys[i], gap)
		}
	}
	if last := keys[len(keys)-1]; !strings.HasSuffix(last, "/true") {
		t.Errorf("the last table picture is %s, not the game's end", last)
	}
	// Each round's scores and the end are drawn once: the closing post is
	// sent with the ratings' picture, not drawn without them first.
	if want := map[string]int{"round/1": 1, "round/2": 1, "round/3": 1, "final/rated": 1}; !maps.Equal(others, want) {
		t.Errorf("scores and end pictures drawn %v, want %v", others, want)
	}
	// Every table view sent names its picture's moment in its alt text.
	if tv := h.table(); tv.Picture == nil || !strings.Contains(tv.Picture.Alt, "Picture of the table") {
		t.Errorf("the table's picture: %+v", tv.Picture)
	}
}
