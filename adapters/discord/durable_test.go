package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// stalledSeen is a de-duplication store that answers only when released,
// like a Redis that stalls.
type stalledSeen struct{ release chan struct{} }

func (s stalledSeen) AddRecord(ctx context.Context, _ string, _ []byte, _ time.Duration) (bool, error) {
	select {
	case <-s.release:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// TestSlowDeduplicationStillAcksInTime: de-duplication runs inside the
// acknowledgement budget, so a stalled store yields a deferral within the
// budget instead of holding the answer past Discord's 3 seconds (before,
// it ran first and the ack went out after the stall).
func TestSlowDeduplicationStillAcksInTime(t *testing.T) {
	e := newEnv(t)
	seen := stalledSeen{release: make(chan struct{})}
	e.a.seen = seen
	e.a.cfg.AckBudget = 20 * time.Millisecond
	tok := e.token()
	v := e.vars(alice, tok)
	v["SUB"], v["OPTIONS"] = "new", "[]"
	e.f.interaction(tok, alice.id, channelID, "")
	w := httptest.NewRecorder()
	// The store stays stalled until the handler has answered: the answer
	// cannot have waited for it.
	e.a.ServeHTTP(w, sign(e.priv, e.fill("slash_command.json", v), e.now))
	close(seen.release)
	var ack discordgo.InteractionResponse
	if err := json.Unmarshal(w.Body.Bytes(), &ack); err != nil || w.Code != http.StatusOK {
		t.Fatalf("answer %d %q", w.Code, w.Body)
	}
	if ack.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Errorf("ack type %d, want a deferral (5) while the store stalls", ack.Type)
	}
	for _, f := range e.queue {
		f()
	}
	if e.latest("", "lobby") == nil {
		t.Error("the deferred command never made its lobby")
	}
}

// TestOversizedInteractionIs413 refuses a body over the limit as too large,
// not as a bad signature.
func TestOversizedInteractionIs413(t *testing.T) {
	e := newEnv(t)
	w := httptest.NewRecorder()
	e.a.ServeHTTP(w, sign(e.priv, bytes.Repeat([]byte("x"), maxBody+1), e.now))
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("%d, want 413", w.Code)
	}
}
