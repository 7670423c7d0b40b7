package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Inside a chat platform's embedded app (a Discord Activity), the page
// opens with no link: the platform's SDK signs the person in, and the
// page sends the code it got to "token". The server learns from the
// platform itself who the person is and which channel the app runs in
// (Activity.Identify), never from the page, and answers with a link to
// that channel's game for that person, which the page trades for a
// session as any other. A channel without a game gets a new lobby, opened
// by the person, announced in the channel as one opened with `new`.

// Activity is the platform's side of an embedded app.
type Activity interface {
	// ClientID is the app's OAuth2 client ID, which the page's SDK needs.
	ClientID() string
	// Identify trades the code the page's SDK got for the person it
	// stands for, and checks that they are in instance, in a channel.
	Identify(ctx context.Context, code, instance string) (Launch, error)
}

// Launch is a person in an embedded app's instance, as the platform says.
type Launch struct {
	Where protocol.Location
	Who   protocol.User
	// Lang is the person's language on the platform (zero: unknown).
	Lang words.Lang
	// AccessToken is the person's token, for the page's SDK (Discord's
	// authenticate): theirs already, so it may go back to their page.
	AccessToken string
}

// Why Identify refuses: each is said to the person in their words.
var (
	// ErrSignIn: the platform refused the code (forged, used, expired).
	ErrSignIn = errors.New("web: the platform refused the sign-in")
	// ErrNotThere: no such instance, or the person is not in it.
	ErrNotThere = errors.New("web: the person is not in the app's instance")
	// ErrNotAChannel: the instance runs where no game is played (a DM).
	ErrNotAChannel = errors.New("web: the app's instance is not in a server's channel")
)

// launchLimit bounds the sign-ins a replica starts a second (each is three
// calls to the platform), twice that at once.
const launchLimit = 20

// activityConfig answers the page's SDK settings: the client ID and the
// words it shows before the socket brings the rest.
func (w *Web) activityConfig(rw http.ResponseWriter, r *http.Request) {
	lang := words.Match(r.URL.Query().Get("lang"))
	writeJSON(rw, http.StatusOK, map[string]any{"client_id": w.cfg.Activity.ClientID(), "words": activityWords(lang)})
}

// activityWords are the words the page shows while its person signs in.
func activityWords(lang words.Lang) map[string]string {
	return map[string]string{"signingIn": lang.Say("web.activity.signingIn"), "signInFailed": lang.Say("web.activity.signInFailed")}
}

// tokenRequest is what the page posts to "token".
type tokenRequest struct {
	Code     string `json:"code"`
	Instance string `json:"instance_id"`
	// Lang is the browser's language, for a refusal's words.
	Lang string `json:"lang"`
}

// token trades the SDK's code for the person's token and a link to their
// channel's game.
func (w *Web) token(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(rw, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	if !w.sameSite(r) {
		http.Error(rw, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return
	}
	var req tokenRequest
	if err := json.NewDecoder(http.MaxBytesReader(rw, r.Body, maxFrame)).Decode(&req); err != nil || req.Code == "" || req.Instance == "" {
		http.Error(rw, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	}
	lang := words.Match(req.Lang)
	if !w.launches.Allow(w.cfg.Now()) {
		w.refuseLaunch(rw, http.StatusTooManyRequests, "web.activity.unreachable", "busy", lang)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
	defer cancel()
	l, err := w.cfg.Activity.Identify(ctx, req.Code, req.Instance)
	if !l.Lang.IsZero() {
		lang = l.Lang
	}
	switch {
	case errors.Is(err, ErrSignIn):
		w.refuseLaunch(rw, http.StatusForbidden, "web.activity.signInFailed", "sign-in", lang)
		return
	case errors.Is(err, ErrNotThere):
		w.refuseLaunch(rw, http.StatusForbidden, "web.activity.notThere", "not-there", lang)
		return
	case errors.Is(err, ErrNotAChannel):
		w.refuseLaunch(rw, http.StatusForbidden, "web.activity.notInServer", "not-a-channel", lang)
		return
	case err != nil:
		w.cfg.Log.Warn("an activity's sign-in failed", "err", err)
		w.refuseLaunch(rw, http.StatusBadGateway, "web.activity.unreachable", "unreachable", lang)
		return
	}
	p := pass{Kind: kindLink, Platform: l.Where.Platform, Community: l.Where.Community, Channel: l.Where.Channel,
		User: l.Who.ID, Name: l.Who.Name, Launch: true, Once: true, Nonce: nonce(),
		Expires: w.cfg.Now().Add(w.cfg.LinkTTL).Unix()}
	if !l.Lang.IsZero() {
		p.Lang = l.Lang.Code()
	}
	link, err := sign(w.cfg.Secret, p)
	if err != nil {
		w.cfg.Log.Error("signing an activity's link failed", "err", err)
		w.refuseLaunch(rw, http.StatusInternalServerError, "web.refused.tryAgain", "error", lang)
		return
	}
	writeJSON(rw, http.StatusOK, map[string]string{"access_token": l.AccessToken, "link": link})
}

// refuseLaunch answers a refused sign-in: why, in lang, and as a code.
func (w *Web) refuseLaunch(rw http.ResponseWriter, status int, key words.Key, code string, lang words.Lang) {
	writeJSON(rw, status, map[string]string{"error": code, "text": lang.Say(key)})
}

// sameSite reports whether a request comes from the page itself: a
// browser names the page's origin, which must be this host or one of
// Config.Origins (an Activity's page is on the platform's host).
func (w *Web) sameSite(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		// Not a browser's cross-site request: browsers send Origin with
		// every POST.
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range w.cfg.Origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

// openLobby opens a lobby in p's channel, as p's person: the channel had
// no game when they launched the app there. One opened by someone else a
// moment before is as good.
func (w *Web) openLobby(ctx context.Context, p pass, lang words.Lang) error {
	req := protocol.Request{Where: p.where(), Who: protocol.User{ID: p.User, Name: p.Name}, Action: protocol.NewGame{},
		Lang: lang, Away: true, ID: "web-launch-" + p.Nonce}
	_, err := w.host.Handle(ctx, req)
	return err
}

// Not player words: JSON bodies.
func writeJSON(rw http.ResponseWriter, status int, v any) {
	rw.Header().Set("Content-Type", "application/json")
	rw.Header().Set("Cache-Control", "no-store")
	rw.WriteHeader(status)
	_ = json.NewEncoder(rw).Encode(v)
}

// limiter is a token bucket: rate a second, twice that at once (a
// socket's clicks, a replica's sign-ins).
type limiter struct {
	mu     sync.Mutex
	rate   float64
	tokens float64
	last   time.Time
}

func newLimiter(rate int) *limiter {
	return &limiter{rate: float64(rate), tokens: float64(2 * rate)}
}

// Allow takes a token at now, if there is one.
func (l *limiter) Allow(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.last.IsZero() {
		l.tokens = min(2*l.rate, l.tokens+now.Sub(l.last).Seconds()*l.rate)
	}
	l.last = now
	if l.tokens < 1 {
		return false
	}
	l.tokens--
	return true
}
