// Package slack connects the host to Slack: the /sushigo slash command,
// Block Kit messages updated in place, and private hands by DM or ephemeral
// message, over Socket Mode or HTTP request URLs. It translates only.
package slack

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/adapters/dms"
	"github.com/sushigo/sushigo/adapters/pool"
	"github.com/sushigo/sushigo/adapters/seen"
	"github.com/sushigo/sushigo/outage"
	"github.com/sushigo/sushigo/protocol"
)

// Host is what the adapter needs of the game host.
type Host interface {
	Handle(ctx context.Context, req protocol.Request) (protocol.Response, error)
	Remember(ctx context.Context, where protocol.Location, gameID, slot string, ref protocol.Ref) error
	Undeliverable(ctx context.Context, where protocol.Location, gameID, user string) (protocol.Response, error)
	Discard(ctx context.Context, where protocol.Location, gameID string) error
	Park(ctx context.Context, platform, id string, payload []byte, after time.Duration) error
	Unpark(ctx context.Context, platform, id string) error
	AddPlatform(name string, p protocol.Platform)
}

// platform is what Slack can do, as the host needs to know it: a slash
// command with typed arguments, hands by DM.
var platform = protocol.Platform{Commands: protocol.Slash, Hands: protocol.HandsDM}

// dmChannels bounds the DM channels remembered (a few hundred bytes each).
const dmChannels = 50_000

// Config configures an Adapter.
type Config struct {
	// SigningSecret verifies HTTP requests (not needed for Socket Mode).
	SigningSecret string
	Log           *slog.Logger
	Now           func() time.Time
	// Cut, when set, counts a text cut to Slack's limits, by what it was
	// ("header", "button"): each is also logged.
	Cut func(what string)
	// AckBudget bounds the work before a request is answered, from when it
	// came in: de-duplication and the host share it (Slack allows 3 s;
	// 2.5 s, leaving room to park a slow click).
	AckBudget time.Duration
	// HTTP posts to response_url (http.DefaultClient).
	HTTP *http.Client
	// Seen refuses replayed HTTP requests across replicas (storage.Records);
	// nil accepts every verified request.
	Seen Seen
	// Failed, when set, counts a call Slack refused, by its error code.
	Failed func(code string)
}

// Seen remembers request signatures across replicas (storage.Records).
type Seen = seen.Records

// Adapter serves one Slack app.
type Adapter struct {
	api  *slackapi.Client
	host Host
	cfg  Config
	// background runs deliveries after a request was acknowledged; tests
	// replace it to run them in order.
	background func(func())
	pool       *pool.Pool
	// homes builds App Home tabs, when the host can (Homes).
	homes Homes
	// dedupe logs a run of de-duplication failures (a store outage) once.
	dedupe outage.Outage
	// oversized logs refused oversized bodies (unauthenticated) sparingly.
	oversized outage.Flood
	// dms are the DM channels opened, by user: each is opened once.
	dms dms.Channels
	// locales are the languages people read, as users.info said.
	locales localeCache
}

// deliveryWorkers bounds the deliveries running at once after answered
// requests; more requests wait for a worker.
const deliveryWorkers = 64

// InFlight returns the deliveries running or waiting for a worker.
func (a *Adapter) InFlight() int { return a.pool.Pending() }

// Drain waits, until ctx ends, for the deliveries of requests already
// answered: shutdown calls it after the HTTP server stopped taking requests.
func (a *Adapter) Drain(ctx context.Context) error { return a.pool.Drain(ctx) }

// responseLife is how long a response_url can be used (30 minutes, kept
// with a margin).
const responseLife = 29 * time.Minute

// responseUses is how many times a response_url may be used (Slack: 5
// within its 30 minutes).
const responseUses = 5

// New returns an adapter calling Slack through api (build it with
// slackapi.OptionRetry so rate-limited calls are retried, not lost).
func New(api *slackapi.Client, host Host, cfg Config) *Adapter {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AckBudget == 0 {
		// Slack waits 3 s for the 200; the rest is the network's.
		cfg.AckBudget = 2500 * time.Millisecond
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 10 * time.Second}
	}
	deliveries := pool.New(deliveryWorkers)
	a := &Adapter{api: api, host: host, cfg: cfg, pool: deliveries, background: deliveries.Go, dms: dms.Channels{Max: dmChannels}}
	a.homes, _ = host.(Homes)
	host.AddPlatform("slack", platform)
	return a
}

// Platform is Slack's row for the host with this adapter sending its
// durable deliveries, handling its parked clicks again and publishing App
// Home pages: what a server adds to the host (New adds what Slack can do,
// without them).
func (a *Adapter) Platform() protocol.Platform {
	p := platform
	p.Sender, p.Redo, p.Home = a, a.Redo, a
	return p
}
