// Package discord connects the host to Discord: the /sushigo slash command,
// buttons, ephemeral or DM hands and public reveals, over the gateway or the
// HTTP interactions endpoint. It translates only: every rule and every word
// a player reads comes from the bot package.
package discord

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"

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
	Park(ctx context.Context, platform, id string, payload []byte, after time.Duration) error
	Unpark(ctx context.Context, platform, id string) error
	AddPlatform(name string, p protocol.Platform)
}

// platform is what Discord can do, as the host needs to know it: slash
// commands whose arguments are typed options, private replies for hands.
var platform = protocol.Platform{Commands: protocol.SlashOptions, Hands: protocol.HandsEphemeral}

// Seen de-duplicates interaction IDs across replicas (storage.Records).
type Seen = seen.Records

// Config configures an Adapter.
type Config struct {
	AppID string
	// PublicKey verifies HTTP interactions (the application's public key).
	PublicKey ed25519.PublicKey
	// GuildID, when set, registers the command in that guild only.
	GuildID string
	Log     *slog.Logger
	Now     func() time.Time
	// AckBudget is how long an interaction may be handled before it is
	// acknowledged with a deferral instead (Discord allows 3 s; 2 s).
	AckBudget time.Duration
	// ClickRetry is how long a click is tried while the store fails (a
	// minute when zero): after it, one that could not be parked for another
	// replica is answered "try again in a moment".
	ClickRetry time.Duration
	// Freshness is the accepted age of a signed request's timestamp (5 min).
	Freshness time.Duration
	// Failed, when set, counts a REST call Discord refused, by its error
	// code (the HTTP status when there is none).
	Failed func(code string)
	// Cut, when set, counts a text cut to Discord's limits, by what it was
	// ("title", "button"): each is also logged.
	Cut func(what string)
	// Activity is set when the app's Activity is on (docs/activity.md):
	// Open table and the entry-point command launch it (LAUNCH_ACTIVITY)
	// instead of sending a private link, and Register keeps the entry
	// point as the app's own.
	Activity bool
}

// Adapter serves one Discord application.
type Adapter struct {
	s    *discordgo.Session
	host Host
	seen Seen
	cfg  Config
	// background runs deliveries after an HTTP interaction was answered;
	// tests replace it to wait for them.
	background func(func())
	pool       *pool.Pool
	// dedupe logs a run of de-duplication failures (a store outage) once.
	dedupe outage.Outage
	// oversized logs refused oversized bodies (unauthenticated) sparingly.
	oversized outage.Flood
	// dms are the DM channels opened, by user: each is opened once.
	dms dms.Channels
}

// dmChannels bounds the DM channels remembered (a few hundred bytes each).
const dmChannels = 50_000

// deliveryWorkers bounds the deliveries running at once after answered
// requests; more requests wait for a worker.
const deliveryWorkers = 64

// InFlight returns the deliveries running or waiting for a worker.
func (a *Adapter) InFlight() int { return a.pool.Pending() }

// Drain waits, until ctx ends, for the deliveries of requests already
// answered: shutdown calls it after the HTTP server stopped taking requests.
func (a *Adapter) Drain(ctx context.Context) error { return a.pool.Drain(ctx) }

// tokenLife is how long an interaction token can edit its messages; Discord
// allows 15 minutes, one is kept as margin.
const tokenLife = 14 * time.Minute

// New returns an adapter using s for REST calls (and the gateway, in Run).
func New(s *discordgo.Session, host Host, seen Seen, cfg Config) *Adapter {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AckBudget == 0 {
		cfg.AckBudget = 2 * time.Second
	}
	if cfg.ClickRetry == 0 {
		cfg.ClickRetry = time.Minute
	}
	if cfg.Freshness == 0 {
		cfg.Freshness = 5 * time.Minute
	}
	deliveries := pool.New(deliveryWorkers)
	host.AddPlatform("discord", platform)
	return &Adapter{s: s, host: host, seen: seen, cfg: cfg, pool: deliveries, background: deliveries.Go, dms: dms.Channels{Max: dmChannels}}
}

// Platform is Discord's row for the host with this adapter sending its
// durable deliveries and handling its parked interactions again: what a
// server adds to the host (New adds what Discord can do, without them).
func (a *Adapter) Platform() protocol.Platform {
	p := platform
	p.Sender, p.Redo = a, a.Redo
	return p
}

// Run connects to the gateway and serves interactions until ctx ends.
// Sharding comes from s.ShardID and s.ShardCount.
func (a *Adapter) Run(ctx context.Context) error {
	// Interactions need no gateway intent; guilds keeps the connection small.
	a.s.Identify.Intents = discordgo.IntentsGuilds
	remove := a.s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		a.onInteraction(ctx, ic.Interaction)
	})
	defer remove()
	// Discord out of reach at start (no DNS, no route, an outage) is
	// waited out, every gatewayRetry, as the other modes do: serve stays
	// up, not ready, and connects when it can. A token Discord refuses
	// stops it (the caller names the variable).
	var down outage.Outage
	for {
		err := a.s.Open()
		if err == nil {
			down.Succeeded(a.cfg.Log, "discord: connected to the gateway")
			break
		}
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusUnauthorized || re.Response.StatusCode == http.StatusForbidden) {
			return err
		}
		down.Failed(a.cfg.Log, "discord: the gateway cannot be reached; trying again", "every", gatewayRetry, "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(gatewayRetry):
		}
	}
	<-ctx.Done()
	return a.s.Close()
}

// gatewayRetry is how often serve tries the gateway again while Discord
// cannot be reached.
const gatewayRetry = 5 * time.Second

// PointAt sends every REST call of s to base (scheme and host, such as
// http://127.0.0.1:8081) instead of Discord: a proxy, or a fake in a test
// of the built binary. discordgo's endpoints are package-wide, so the
// session's transport rewrites each request instead.
func PointAt(s *discordgo.Session, base string) error {
	u, err := ParseAPIURL(base)
	if err != nil {
		return err
	}
	next := s.Client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	s.Client.Transport = rewriteHost{to: u, next: next}
	return nil
}

// ParseAPIURL reads a base URL for PointAt: http(s)://host[:port].
func ParseAPIURL(base string) (*url.URL, error) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("discord: API URL %q: want http(s)://host[:port], such as http://127.0.0.1:8081", base)
	}
	return u, nil
}

type rewriteHost struct {
	to   *url.URL
	next http.RoundTripper
}

func (r rewriteHost) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host, req.Host = r.to.Scheme, r.to.Host, r.to.Host
	return r.next.RoundTrip(req)
}
