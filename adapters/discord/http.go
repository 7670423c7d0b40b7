package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/seen"
)

// seenTTL is how long an interaction ID is remembered: longer than Discord
// could retry it (tokens live 15 minutes).
const seenTTL = 20 * time.Minute

// ServeHTTP is the HTTP interactions endpoint. Every request must be signed
// by Discord (Ed25519 over timestamp and body) and fresh; anything else is
// 401, as Discord itself tests with bad signatures. Each interaction ID is
// handled once across all replicas.
func (a *Adapter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	// A request without a well-formed, fresh signature is refused before
	// its body is read: a stranger's bodies cost no memory.
	if err := a.signed(r.Header); err != nil {
		a.cfg.Log.Debug("rejected interaction request", "reason", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		a.oversized.Refused(a.cfg.Log, "refused oversized interaction requests", "limit", maxBody)
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if err := a.verify(r.Header, body); err != nil {
		a.cfg.Log.Debug("rejected interaction request", "reason", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var ix discordgo.Interaction
	if err := json.Unmarshal(body, &ix); err != nil {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if ix.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	// De-duplication runs inside the acknowledgement budget, with the host:
	// a slow store can delay the answer to a deferral, never past Discord's
	// 3 seconds.
	ack, rest, status := a.prepare(r.Context(), &ix, seen.New(a.seen, "discord:interaction:"+ix.ID, seenTTL))
	if status == http.StatusConflict {
		// Another replica (or an earlier delivery) has answered it.
		http.Error(w, "interaction already handled", http.StatusConflict)
		return
	}
	writeJSON(w, ack)
	// Put the acknowledgement on the wire before follow-ups start, so
	// Discord has it when they arrive.
	_ = http.NewResponseController(w).Flush()
	// The rest goes out after the acknowledgement, without the request's
	// context, which ends with this handler.
	a.background(func() {
		ctx, cancel := context.WithTimeout(context.Background(), handleLimit+time.Minute)
		defer cancel()
		rest(ctx)
	})
}

// maxBody bounds an interaction request's body; Discord's are a few KB.
const maxBody = 1 << 20

// signed checks what a request says of its signature before its body is
// read: a signature of the right form and a fresh timestamp.
func (a *Adapter) signed(h http.Header) error {
	if sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519")); err != nil || len(sig) != ed25519.SignatureSize {
		return fmt.Errorf("malformed signature")
	}
	sec, err := strconv.ParseInt(h.Get("X-Signature-Timestamp"), 10, 64)
	if err != nil {
		return fmt.Errorf("malformed timestamp")
	}
	if age := a.cfg.Now().Sub(time.Unix(sec, 0)); age > a.cfg.Freshness || age < -a.cfg.Freshness {
		return fmt.Errorf("timestamp off by %s", age.Round(time.Second))
	}
	return nil
}

// verify checks Discord's signature of the body and its freshness: what
// signed checks first, then the signature itself.
func (a *Adapter) verify(h http.Header, body []byte) error {
	if err := a.signed(h); err != nil {
		return err
	}
	sig, _ := hex.DecodeString(h.Get("X-Signature-Ed25519")) // well formed: signed said so
	if len(a.cfg.PublicKey) != ed25519.PublicKeySize || !ed25519.Verify(a.cfg.PublicKey, append([]byte(h.Get("X-Signature-Timestamp")), body...), sig) {
		return fmt.Errorf("bad signature")
	}
	return nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
