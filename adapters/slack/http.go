package slack

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/adapters/seen"
	"github.com/sushigo/sushigo/protocol"
)

// maxBody bounds a request body; Slack's are a few kilobytes.
const maxBody = 1 << 20

// seenTTL is how long a request's signature is remembered: longer than the
// 5-minute window in which it verifies.
const seenTTL = 6 * time.Minute

var errTooLarge = errors.New("request body too large")

// verify checks Slack's signature (HMAC-SHA256 with the signing secret over
// "v0:timestamp:body") and the 5-minute freshness window, and returns the
// raw body.
func (a *Adapter) verify(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	// The signature's headers and freshness first: a request without them
	// is refused before its body is read, so a stranger's bodies cost no
	// memory.
	sv, err := slackapi.NewSecretsVerifier(r.Header, a.cfg.SigningSecret)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, err
	}
	if _, err := sv.Write(body); err != nil {
		return nil, err
	}
	if err := sv.Ensure(); err != nil {
		return nil, err
	}
	return body, nil
}

// replayKey is what a verified signature is remembered by: its decoded
// bytes, so the same signature written another way (the verifier reads hex
// in either case) is the same request.
func replayKey(sig string) string {
	raw, err := hex.DecodeString(strings.TrimPrefix(strings.ToLower(sig), "v0="))
	if err != nil {
		return sig // not hex: it could not have been verified
	}
	return hex.EncodeToString(raw)
}

// admit verifies a request and refuses a replay: a signature is accepted
// once across every replica (Config.Seen), as Discord's interaction IDs
// are. It writes the refusal and reports false when the request must stop;
// else it returns the body and the request's context, which carries when
// it must be answered (ackBy).
func (a *Adapter) admit(w http.ResponseWriter, r *http.Request, what string) ([]byte, context.Context, bool) {
	ctx := context.WithValue(r.Context(), ackByKey{}, time.Now().Add(a.cfg.AckBudget))
	body, err := a.verify(w, r)
	switch {
	case errors.Is(err, errTooLarge):
		a.oversized.Refused(a.cfg.Log, "refused oversized requests", "what", what, "limit", maxBody)
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return nil, nil, false
	case err != nil:
		a.cfg.Log.Debug("rejected request", "what", what, "reason", err)
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return nil, nil, false
	case a.cfg.Seen == nil:
		return body, ctx, true
	}
	// De-duplication shares the request's budget with the host: a slow
	// store may take most of it (the host gets the rest, and parks a click
	// it cannot finish), and one that never answers is not a replay (the
	// host applies a click at most once; dropping it would lose it).
	dctx, cancel := context.WithDeadline(ctx, a.ackBy(ctx).Add(-a.cfg.AckBudget*2/5))
	defer cancel()
	m := seen.New(a.cfg.Seen, "slack:request:"+replayKey(r.Header.Get("X-Slack-Signature")), seenTTL)
	first, known := m.Ask(dctx, func(err error) {
		a.dedupe.Failed(a.cfg.Log, "de-duplicating requests fails", "what", what, "err", err)
	})
	switch {
	case !known:
		return body, ctx, true
	case !first:
		a.cfg.Log.Debug("refused a replayed request", "what", what)
		http.Error(w, "request already handled", http.StatusConflict)
		return nil, nil, false
	}
	a.dedupe.Succeeded(a.cfg.Log, "de-duplicating requests works again")
	return body, ctx, true
}

// ackByKey carries when a request must be answered. Slack waits 3 seconds
// from sending it, so de-duplication and the host share one budget from
// the request's start rather than each taking its own.
type ackByKey struct{}

// ackBy is when the request in ctx must be answered: AckBudget after it
// came in (admit), or from now for one that did not say (Socket Mode).
func (a *Adapter) ackBy(ctx context.Context) time.Time {
	if t, ok := ctx.Value(ackByKey{}).(time.Time); ok {
		return t
	}
	return time.Now().Add(a.cfg.AckBudget)
}

// Commands serves the slash command's request URL.
func (a *Adapter) Commands() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ctx, ok := a.admit(w, r, "slash command")
		if !ok {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		cmd, err := slackapi.SlashCommandParse(r)
		if err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		ack, rest := a.command(ctx, cmd)
		switch {
		case ack == nil:
			w.WriteHeader(http.StatusOK)
		default:
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(ack)
		}
		// The answer goes out now: queuing the deliveries may wait for a
		// free worker, and Slack must not wait with it.
		_ = http.NewResponseController(w).Flush()
		a.background(func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			rest(ctx)
		})
	})
}

// Interactivity serves the interactivity request URL (button clicks). A
// click is applied before it is acknowledged: a 200 means the game has
// changed and is stored. Its answers go out afterwards through the Web API
// or the click's response_url.
func (a *Adapter) Interactivity() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ctx, ok := a.admit(w, r, "interaction")
		if !ok {
			return
		}
		form, err := url.ParseQuery(string(body))
		if err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		var cb slackapi.InteractionCallback
		if err := json.Unmarshal([]byte(form.Get("payload")), &cb); err != nil {
			http.Error(w, "bad payload", http.StatusBadRequest)
			return
		}
		rest, applied := a.clickParked(ctx, cb, []byte(form.Get("payload")))
		if !applied {
			// Neither applied nor parked within Slack's window: say so
			// rather than acknowledge a click that a crash could still lose.
			// Slack shows the player an error and they can press again.
			http.Error(w, "still working on it", http.StatusServiceUnavailable)
		} else {
			w.WriteHeader(http.StatusOK)
		}
		_ = http.NewResponseController(w).Flush() // before waiting for a worker
		a.background(func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			rest(ctx)
		})
	})
}

// ephemeralAck is a slash command's immediate private answer.
type ephemeralAck struct {
	ResponseType string           `json:"response_type"`
	Text         string           `json:"text"`
	Blocks       []slackapi.Block `json:"blocks,omitempty"`
}

// command runs the host on a slash command within the ack budget. A quick
// private answer becomes the acknowledgement body; everything else is
// delivered afterwards. When the host did not finish in time, the body
// says the command has not gone through yet (it is not acknowledged as
// done), and its answers, if it does finish, still go out.
func (a *Adapter) command(ctx context.Context, cmd slackapi.SlashCommand) (*ephemeralAck, func(context.Context)) {
	req, err := a.commandRequest(ctx, cmd)
	if err != nil {
		var u *protocol.UsageError
		msg := req.Lang.Say("slack.http.somethingIsOffWithThat")
		if errors.As(err, &u) {
			msg = protocol.Speak(platform.Commands, u.In(req.Lang))
		}
		bs, text := a.blocks(protocol.View{Text: msg, Tone: protocol.ToneError})
		return &ephemeralAck{ResponseType: "ephemeral", Text: text, Blocks: bs}, func(context.Context) {}
	}
	o := &origin{channel: cmd.ChannelID, responseURL: cmd.ResponseURL}
	done := make(chan protocol.Response, 1)
	go func() {
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		done <- a.handle(hctx, req)
	}()
	timer := time.NewTimer(time.Until(a.ackBy(ctx)))
	defer timer.Stop()
	select {
	case resp := <-done:
		ds := resp.Deliveries
		var ack *ephemeralAck
		if len(ds) > 0 && ds[0].Kind == protocol.Reply && !ds[0].To.IsPublic() && !ds[0].Replace {
			bs, text := a.blocks(ds[0].View)
			ack, ds = &ephemeralAck{ResponseType: "ephemeral", Text: text, Blocks: bs}, ds[1:]
		}
		return ack, func(ctx context.Context) {
			for _, d := range ds {
				a.deliver(ctx, o, resp, d)
			}
		}
	case <-timer.C:
		// Not stored yet, so not acknowledged as done: the player reads
		// where it stands (a bare 503 showed Slack's own error), and the
		// answer follows if the host finishes.
		bs, text := a.blocks(protocol.View{Text: req.Lang.Say("slack.http.storeSlow"), Tone: protocol.ToneInfo})
		return &ephemeralAck{ResponseType: "ephemeral", Text: text, Blocks: bs}, func(ctx context.Context) {
			resp := <-done
			for _, d := range resp.Deliveries {
				a.deliver(ctx, o, resp, d)
			}
		}
	}
}

// clickParked applies a click within the ack budget. It reports whether
// the host finished (the game is stored) and returns the deliveries to
// make after the acknowledgement; when the host was too slow they wait for
// it. With the click's payload, one the host cannot finish within the ack
// budget is parked (another replica handles it
// again if this one dies) and acknowledged, rather than refused while it
// goes on to count. Only when parking fails too is it refused, and its
// handling stopped.
func (a *Adapter) clickParked(ctx context.Context, cb slackapi.InteractionCallback, payload []byte) (rest func(context.Context), applied bool) {
	req, err := a.clickRequest(ctx, cb)
	o := &origin{channel: cb.Container.ChannelID, ts: cb.Container.MessageTs, ephemeral: cb.Container.IsEphemeral, responseURL: cb.ResponseURL}
	if o.channel == "" {
		o.channel = cb.Channel.ID
	}
	if errors.Is(err, errNothingToDo) {
		return func(context.Context) {}, true
	}
	if err != nil {
		msg := req.Lang.Say("slack.http.iDonTKnowThat")
		var u *protocol.UsageError
		if errors.As(err, &u) {
			msg = protocol.Speak(platform.Commands, u.In(req.Lang))
		} else {
			a.cfg.Log.Warn("unreadable interaction", "err", err)
		}
		return func(ctx context.Context) {
			bs, text := a.blocks(protocol.View{Text: msg, Tone: protocol.ToneError})
			a.respond(ctx, cb.ResponseURL, false, bs, text)
		}, true
	}
	done := make(chan protocol.Response, 1)
	hctx, stop := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	go func() {
		defer stop()
		done <- a.handle(hctx, req)
	}()
	deliver := func(ctx context.Context, resp protocol.Response) {
		for _, d := range resp.Deliveries {
			a.deliver(ctx, o, resp, d)
		}
	}
	timer := time.NewTimer(time.Until(a.ackBy(ctx)))
	defer timer.Stop()
	select {
	case resp := <-done:
		return func(ctx context.Context) { deliver(ctx, resp) }, true
	case <-timer.C:
	}
	if payload != nil && req.ID != "" {
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), parkBudget)
		err := a.host.Park(pctx, "slack", req.ID, payload, redoAfter)
		cancel()
		if err == nil {
			return func(ctx context.Context) {
				resp := <-done
				if err := a.host.Unpark(ctx, "slack", req.ID); err != nil {
					a.cfg.Log.Error("unparking a click failed", "err", err)
				}
				deliver(ctx, resp)
			}, true
		}
		a.cfg.Log.Error("parking a slow click failed", "err", err)
	}
	// Refused: stop handling it, so that what the player is told (it
	// failed; press again) is what happened as far as it can be.
	stop()
	return func(ctx context.Context) { deliver(ctx, <-done) }, false
}

// Parking a click the host could not finish in time: it gets parkBudget
// inside Slack's window, and is handled again redoAfter later if its
// replica has not unparked it by then.
const (
	parkBudget = 300 * time.Millisecond
	redoAfter  = 35 * time.Second
)

// Redo handles again a click a replica parked and did not finish
// (bot.Config.Redo): the host applies its ID at most once, so a click that
// was in fact stored only has its answer delivered.
func (a *Adapter) Redo(ctx context.Context, id string, payload []byte) error {
	var cb slackapi.InteractionCallback
	if err := json.Unmarshal(payload, &cb); err != nil {
		a.cfg.Log.Error("a parked click does not decode", "click", id, "err", err)
		return nil // nothing a retry can fix
	}
	req, err := a.clickRequest(ctx, cb)
	if err != nil {
		return nil
	}
	o := &origin{channel: cb.Container.ChannelID, ts: cb.Container.MessageTs, ephemeral: cb.Container.IsEphemeral, responseURL: cb.ResponseURL}
	if o.channel == "" {
		o.channel = cb.Channel.ID
	}
	resp, err := a.host.Handle(ctx, req)
	if err != nil {
		return err
	}
	for _, d := range resp.Deliveries {
		a.deliver(ctx, o, resp, d)
	}
	return nil
}

func (a *Adapter) handle(ctx context.Context, req protocol.Request) protocol.Response {
	resp, err := a.host.Handle(ctx, req)
	var reported *protocol.Reported
	if err != nil && !errors.As(err, &reported) { // the host logs its own, once an outage
		a.cfg.Log.Error("handling failed", "user", req.Who.ID, "team", req.Where.Community,
			"channel", req.Where.Channel, "err", err)
	}
	return resp
}
