package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sushigo/sushigo/protocol"
)

// A link opens a page once; the page then holds a session, which it
// presents again when its socket reconnects. Both are tokens the server
// signed (HMAC-SHA256 with Config.Secret) and reads back: no server state
// but a link's single use (a record kept until the link expires), no
// cookie.

// pass is what a link or a session says: whose page it is, of which game.
type pass struct {
	Kind      string `json:"k"` // kindLink or kindSession
	Platform  string `json:"p"`
	Community string `json:"c"`
	Channel   string `json:"ch"`
	User      string `json:"u,omitempty"` // "" for a watcher's link
	Name      string `json:"n,omitempty"`
	Game      string `json:"g"`
	Lang      string `json:"l,omitempty"` // the person's platform locale
	Expires   int64  `json:"e"`           // Unix seconds
	// Once is set on a link that opens one page (its nonce is spent on
	// use); a local game's link opens as many as its player likes.
	Once  bool   `json:"o,omitempty"`
	Nonce string `json:"x,omitempty"`
	// Launch is set on a link an embedded app's sign-in made (Activity):
	// it opens its channel's game, whichever it is, and a lobby where
	// there is none.
	Launch bool `json:"a,omitempty"`
}

const (
	kindLink    = "link"
	kindSession = "session"
)

func (p pass) where() protocol.Location {
	return protocol.Location{Platform: p.Platform, Community: p.Community, Channel: p.Channel}
}

// Why a link or a session is refused: each is said to the person in their
// language (refusalKey) and named in the socket's close reason.
var (
	errBadPass   = errors.New("link-bad")
	errExpired   = errors.New("link-expired")
	errUsed      = errors.New("link-used")
	errOtherGame = errors.New("other-game")
	errSession   = errors.New("session-ended")
	errTooMuch   = errors.New("too-much")
	errNoGame    = errors.New("no-game")
	// errTryAgain: the host or the store failed, not the page.
	errTryAgain = errors.New("error")
)

// sign makes p a token: its JSON and its signature, base64url, joined by
// a dot.
func sign(secret []byte, p pass) (string, error) {
	body, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("web: encode a pass: %w", err)
	}
	b := base64.RawURLEncoding.EncodeToString(body)
	return b + "." + base64.RawURLEncoding.EncodeToString(mac(secret, b)), nil
}

func mac(secret []byte, body string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(body))
	return m.Sum(nil)
}

// open reads a token of kind, checking its signature and expiry at now.
func open(secret []byte, token, kind string, now time.Time) (pass, error) {
	body, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 2048 {
		return pass{}, errBadPass
	}
	want, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(want, mac(secret, body)) {
		return pass{}, errBadPass
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return pass{}, errBadPass
	}
	var p pass
	if err := json.Unmarshal(raw, &p); err != nil || p.Kind != kind {
		return pass{}, errBadPass
	}
	if !now.Before(time.Unix(p.Expires, 0)) {
		if kind == kindSession {
			return pass{}, errSession
		}
		return pass{}, errExpired
	}
	return p, nil
}

// nonce is a fresh random mark: a link's one-time use, a click's request
// ID.
func nonce() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand never fails on Linux
	return base64.RawURLEncoding.EncodeToString(b)
}
