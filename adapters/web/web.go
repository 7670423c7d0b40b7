// Package web is the table in a browser: a page that shows a game live,
// with the reader's own hand, and sends their clicks to the host as
// requests like any other front end's. The page receives views
// (protocol.Page), drawn by the host for its reader; it never reads the
// game record, and nothing on it is another seat's.
//
// A page opens from a signed link (Link; from the chat's Open table, or
// printed by `sushigo play --web`), which it trades on its WebSocket for a
// session it presents again when it reconnects. Every stored change of a
// game (Changed) redraws its open pages: once per reader and language,
// the same frame written to each of their sockets.
package web

import (
	"context"
	"embed"
	"errors"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// Host is what the web table asks of the host (bot.Bot).
type Host interface {
	Handle(ctx context.Context, req protocol.Request) (protocol.Response, error)
	Page(ctx context.Context, where protocol.Location, user string, lang words.Lang) (protocol.Page, error)
	// Pages is Page for many readers from one read of the game.
	// known is the change they are drawn for (zero: none known).
	Pages(ctx context.Context, where protocol.Location, known protocol.Changed, readers []protocol.Reader) ([]protocol.Page, error)
}

// Marks keeps each link's single use, across replicas: the store's
// AddRecord (storage.Records).
type Marks interface {
	AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (bool, error)
}

// Config sets up the web table. Zero fields take the defaults shown.
type Config struct {
	// Secret signs links and sessions: at least 32 bytes, the same on
	// every replica.
	Secret []byte
	// Base is the page's public address, ending in "/" (links are Base,
	// "#" and the link's token): "https://sushigo.example/t/".
	Base string
	// Origins are the host patterns a page's socket may come from besides
	// its own host (coder/websocket's OriginPatterns): none.
	Origins []string
	// Now is the clock (time.Now).
	Now func() time.Time
	// Log receives operator-facing messages (discarded).
	Log *slog.Logger
	// LinkTTL is how long a link may be opened (10 minutes);
	// SessionTTL how long a page's session lasts (12 hours).
	LinkTTL    time.Duration
	SessionTTL time.Duration
	// Clicks bounds a socket's frames: Clicks a second, twice that at
	// once (10).
	Clicks int
	// Activity, when set, lets the page open inside a chat platform's
	// embedded app (a Discord Activity), signed in by the platform: it
	// serves "activity.json" and "token" (activity.go).
	Activity Activity
}

// Web serves the pages and their sockets. Mount it where Config.Base
// points (it serves the page, its files and "ws" under any prefix).
type Web struct {
	host  Host
	marks Marks
	cfg   Config
	hub   hub
	// launches bounds the embedded app's sign-ins (launchLimit).
	launches *limiter
	// ctx ends the sockets when the server stops (Close).
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // the redrawers
	// sockets counts the pages being served; once ctx ends, no more are
	// (mu keeps a socket's count from racing Close's wait).
	sockets sync.WaitGroup
	mu      sync.Mutex
	// poll watches the open pages' sockets for clicks (nil: each page's
	// reading waits on a goroutine of its own).
	poll *poller
	// waitingWrites makes every page's writes wait on a goroutine of
	// their own, as where there is no sender (tests set it).
	waitingWrites bool
}

// ErrSecret refuses a secret too short to sign with.
var ErrSecret = errors.New("web: the secret must be at least 32 bytes")

// New returns the web table of host's games.
func New(host Host, marks Marks, cfg Config) (*Web, error) {
	if len(cfg.Secret) < 32 {
		return nil, ErrSecret
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.LinkTTL <= 0 {
		cfg.LinkTTL = 10 * time.Minute
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = 12 * time.Hour
	}
	if cfg.Clicks <= 0 {
		cfg.Clicks = 10
	}
	w := &Web{host: host, marks: marks, cfg: cfg, launches: newLimiter(launchLimit)}
	w.ctx, w.cancel = context.WithCancel(context.Background())
	if p, err := newPoller(); err == nil {
		w.poll = p
	} else if !errors.Is(err, errors.ErrUnsupported) {
		cfg.Log.Warn("pages' sockets are read on a goroutine each", "err", err)
	}
	w.hub.init(w)
	return w, nil
}

// Close ends every socket and the redrawing, and waits for them.
func (w *Web) Close() {
	w.mu.Lock()
	w.cancel()
	w.mu.Unlock()
	w.wg.Wait()
	w.sockets.Wait()
	if w.poll != nil {
		w.poll.close()
	}
}

// hold counts a socket in, unless the server is closing.
func (w *Web) hold() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ctx.Err() != nil {
		return false
	}
	w.sockets.Add(1)
	return true
}

// Link is a link that opens, once and within Config.LinkTTL, the page of
// the game at where for who (their hand if they are seated), in lang (the
// person's platform locale; zero: their browser's).
func (w *Web) Link(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error) {
	return w.link(where, who, game, lang, w.cfg.LinkTTL, true)
}

// LocalLink is a link for the one person at a local game (`sushigo play
// --web`): it opens as many pages as they like until ttl passes.
func (w *Web) LocalLink(where protocol.Location, who protocol.User, game string, lang words.Lang, ttl time.Duration) (string, error) {
	return w.link(where, who, game, lang, ttl, false)
}

func (w *Web) link(where protocol.Location, who protocol.User, game string, lang words.Lang, ttl time.Duration, once bool) (string, error) {
	p := pass{Kind: kindLink, Platform: where.Platform, Community: where.Community, Channel: where.Channel,
		User: who.ID, Name: who.Name, Game: game, Expires: w.cfg.Now().Add(ttl).Unix(), Once: once}
	if !lang.IsZero() {
		p.Lang = lang.Code()
	}
	if once {
		p.Nonce = nonce()
	}
	tok, err := sign(w.cfg.Secret, p)
	if err != nil {
		return "", err
	}
	return w.cfg.Base + "#" + tok, nil
}

//go:embed static
var static embed.FS

// ServeHTTP serves the page, its files, and its socket ("ws").
func (w *Web) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	name := path.Base(r.URL.Path)
	switch {
	case name == "ws":
		w.socket(rw, r)
		return
	case name == "token" && w.cfg.Activity != nil:
		w.token(rw, r)
		return
	case name == "activity.json" && w.cfg.Activity != nil && r.Method == http.MethodGet:
		w.activityConfig(rw, r)
		return
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		http.Error(rw, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	case strings.HasSuffix(r.URL.Path, "/"):
		name = "index.html"
	}
	var data []byte
	var err error
	if name == "cards.svg" {
		data = cards()
	} else {
		data, err = static.ReadFile("static/" + name)
	}
	if err != nil {
		http.NotFound(rw, r)
		return
	}
	h := rw.Header()
	h.Set("Content-Type", contentType(name))
	// The page runs no inline script and loads nothing from elsewhere:
	// it works under the strictest policy, as Discord's proxy wants.
	h.Set("Content-Security-Policy", policy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
	_, _ = rw.Write(data)
}

// policy is the page's Content-Security-Policy: its own files only, and
// framed only by itself and Discord (an Activity).
// Not player words: a header.
const policy = "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self' https://discord.com https://*.discordsays.com"

// contentType is a page file's media type.
// Not player words: media types.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

// cards is the cards' pictures (picture.CardSprite), drawn once.
var cards = sync.OnceValue(picture.CardSprite)

// Changed redraws the open pages of the game changed (a stored change:
// bot.Config.OnStored, or one announced by any replica). It does not
// block.
func (w *Web) Changed(c protocol.Changed) { w.hub.changed(c) }
