package discord

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/seen"
	"github.com/sushigo/sushigo/protocol"
)

type handled struct {
	resp protocol.Response
	err  error
	// status is set when the interaction must not be handled: a duplicate
	// (409).
	status int
}

// prepare runs once (when set: de-duplication) and then the host on an
// interaction, together for at most the ack budget. It returns the
// acknowledgement (the first reply when the host was quick, else a
// deferral) and a function that delivers everything else; or, when once
// answered in time that the interaction must not be handled, the HTTP
// status saying why.
func (a *Adapter) prepare(ctx context.Context, ix *discordgo.Interaction, once *seen.Mark) (*discordgo.InteractionResponse, func(context.Context), int) {
	if a.launches(ix) {
		// The Activity opens for this person, in this channel; the page
		// learns who and where from Discord itself (Activity.Identify).
		return &discordgo.InteractionResponse{Type: launchActivity}, func(context.Context) {}, 0
	}
	req, err := a.request(ix)
	if err != nil {
		msg := req.Lang.Say("discord.interact.iDonTKnowThat")
		var u *protocol.UsageError
		if errors.As(err, &u) {
			msg = protocol.Speak(platform.Commands, u.In(req.Lang))
		} else {
			a.cfg.Log.Warn("unreadable interaction", "interaction", ix.ID, "err", err)
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: a.render(protocol.View{Text: msg, Tone: protocol.ToneError}).data(true)}, func(context.Context) {}, 0
	}
	done := make(chan handled, 1)
	var parked atomic.Bool
	go func() {
		// The host's work must not be cut short when the HTTP request ends.
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), handleLimit)
		defer cancel()
		start := time.Now()
		if once != nil {
			first, known := a.firstTime(hctx, ix, once, min(dedupeFor, a.cfg.ClickRetry))
			if known && !first {
				done <- handled{status: http.StatusConflict}
				return
			}
			// Unknown (the store never answered) is not "duplicate": the
			// host applies a request ID to a game at most once, so
			// handling it is safe, and dropping it would lose the click.
		}
		// A click is re-run until the host applies or refuses it: a store
		// that is slow or frozen fails a try, not the click. Once parked,
		// a replica's Redo carries on after retryAlone; unparked, this one
		// keeps trying for ClickRetry, then says to try again.
		wait := 100 * time.Millisecond
		for {
			resp, err := a.host.Handle(hctx, req)
			since := time.Since(start)
			if err == nil || hctx.Err() != nil || (since > min(retryAlone, a.cfg.ClickRetry) && parked.Load()) || since > a.cfg.ClickRetry {
				done <- handled{resp: resp, err: err}
				return
			}
			select {
			case <-hctx.Done():
			case <-time.After(wait):
			}
			wait = min(2*wait, 2*time.Second)
		}
	}()
	timer := time.NewTimer(a.cfg.AckBudget)
	defer timer.Stop()
	select {
	case h := <-done:
		if h.status != 0 {
			return nil, nil, h.status
		}
		a.logHandled(ix, req, h)
		first, rest := splitReply(h.resp.Deliveries)
		return a.ack(ix, first), func(ctx context.Context) { a.finish(ctx, ix, h.resp, first, rest) }, 0
	case <-timer.C:
	}
	// Too slow for the 3-second window: defer with a private "thinking"
	// message. The token then edits that private message (@original),
	// whatever the answer turns out to be, so a handle the host keeps for a
	// hand can never edit a public message. The interaction is parked
	// first: if this replica dies before the host is done, another one
	// handles it again (Redo).
	// The store may be what is slow: parking gets half a second, and the
	// deferral goes out either way.
	if raw, err := json.Marshal(ix); err == nil {
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), parkBudget)
		if err := a.host.Park(pctx, "discord", ix.ID, raw, redoAfter); err != nil {
			a.cfg.Log.Error("parking a deferred interaction failed", "interaction", ix.ID, "err", err)
		} else {
			parked.Store(true)
		}
		cancel()
	}
	ack := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	return ack, func(ctx context.Context) {
		h := <-done
		if h.status != 0 {
			// Found a duplicate only after deferring: the deferral says
			// nothing more. (The parked copy is the first one's.)
			a.editOriginal(ctx, ix, a.render(protocol.View{Text: req.Lang.Say("discord.interact.thatWasAlreadyHandled"), Tone: protocol.ToneInfo}))
			return
		}
		if h.err != nil && parked.Load() {
			// Still failing: the parked copy is handled again (Redo) until
			// it is applied, and its answer edits this message then.
			a.editOriginal(ctx, ix, a.render(protocol.View{Text: protocol.Speak(platform.Commands, req.Lang.Say("discord.slowStore")), Tone: protocol.ToneInfo}))
			return
		}
		if err := a.host.Unpark(ctx, "discord", ix.ID); err != nil {
			a.cfg.Log.Error("unparking an interaction failed", "interaction", ix.ID, "err", err)
		}
		a.logHandled(ix, req, h)
		a.answerDeferred(ctx, ix, h.resp)
	}, 0
}

// firstTime asks whether the interaction is new, again and again while
// the store fails, until it answers or limit passes; known is false when
// it never answered.
func (a *Adapter) firstTime(ctx context.Context, ix *discordgo.Interaction, m *seen.Mark, limit time.Duration) (first, known bool) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	first, known = m.Ask(ctx, func(err error) {
		a.dedupe.Failed(a.cfg.Log, "de-duplicating interactions fails", "interaction", ix.ID, "err", err)
	})
	if known {
		a.dedupe.Succeeded(a.cfg.Log, "de-duplicating interactions works again")
	}
	return first, known
}

// How long a click is tried (at most Config.ClickRetry): de-duplication
// up to dedupeFor; the host until retryAlone when a copy is parked (Redo
// takes over, its first try at redoAfter); all inside handleLimit.
const (
	dedupeFor   = 10 * time.Second
	retryAlone  = 25 * time.Second
	handleLimit = 5 * time.Minute
)

func (a *Adapter) editOriginal(ctx context.Context, ix *discordgo.Interaction, m message) {
	if _, err := a.webhookEdit(ix.Token, m.webhookEdit(), discordgo.WithContext(ctx)); err != nil {
		a.logErr("late reply failed", err, "interaction", ix.ID)
	}
}

func (a *Adapter) logHandled(ix *discordgo.Interaction, req protocol.Request, h handled) {
	var reported *protocol.Reported
	if h.err != nil && !errors.As(h.err, &reported) { // the host logs its own, once an outage
		a.cfg.Log.Error("handling failed", "interaction", ix.ID, "user", req.Who.ID,
			"guild", ix.GuildID, "channel", ix.ChannelID, "action", actionName(req.Action), "err", h.err)
	}
}

// actionName names an action in the logs: its button ID when it has one
// (which button, for which game), else its kind.
func actionName(a protocol.Action) string {
	if a == nil {
		return ""
	}
	if id := protocol.ActionID(a); id != "" {
		return id
	}
	return protocol.ActionName(a)
}

// splitReply takes the first reply out: it becomes the acknowledgement.
func splitReply(ds []protocol.Delivery) (*protocol.Delivery, []protocol.Delivery) {
	for i, d := range ds {
		if d.Kind == protocol.Reply {
			rest := append(append([]protocol.Delivery(nil), ds[:i]...), ds[i+1:]...)
			return &d, rest
		}
	}
	return nil, ds
}

// ack is the interaction response carrying the first reply.
func (a *Adapter) ack(ix *discordgo.Interaction, first *protocol.Delivery) *discordgo.InteractionResponse {
	if first == nil {
		if ix.Type == discordgo.InteractionMessageComponent {
			return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: a.render(protocol.View{Text: "✅", Tone: protocol.ToneInfo}).data(true)}
	}
	m := a.render(first.View)
	if first.Replace && ix.Type == discordgo.InteractionMessageComponent {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: m.data(false)}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: m.data(!first.To.IsPublic())}
}

// finish delivers what follows a quick acknowledgement, and remembers the
// message the acknowledgement created when the host asked for its slot.
func (a *Adapter) finish(ctx context.Context, ix *discordgo.Interaction, resp protocol.Response, first *protocol.Delivery, rest []protocol.Delivery) {
	if first != nil && first.Slot != "" {
		msg, err := a.readBack(ctx, ix)
		if err != nil {
			a.logErr("reading back a reply failed", err, "interaction", ix.ID)
		} else if err := a.host.Remember(ctx, resp.Where, resp.Game, first.Slot, protocol.Ref{ID: messageRef(msg)}); err != nil {
			a.cfg.Log.Error("remembering a message failed", "err", err)
		}
	}
	for _, d := range rest {
		a.deliver(ctx, ix, resp, d)
	}
}

// readBack fetches the message an acknowledgement created. Right after an
// HTTP-endpoint acknowledgement Discord may not know it yet, so an
// "unknown" answer is retried briefly.
func (a *Adapter) readBack(ctx context.Context, ix *discordgo.Interaction) (*discordgo.Message, error) {
	var err error
	for try := 0; try < 4; try++ {
		var msg *discordgo.Message
		if msg, err = a.webhookMessage(ix.Token, discordgo.WithContext(ctx)); err == nil {
			return msg, nil
		}
		code, status := restCode(err)
		if code != codeUnknownInteraction && code != codeUnknownWebhook && code != codeUnknownMessage && status != http.StatusNotFound {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(100<<try) * time.Millisecond):
		}
	}
	return nil, err
}

// onInteraction serves a gateway interaction: acknowledge through the
// callback endpoint without waiting on the rate limiter, then deliver.
func (a *Adapter) onInteraction(ctx context.Context, ix *discordgo.Interaction) {
	ack, rest, _ := a.prepare(ctx, ix, nil)
	actx, cancel := context.WithTimeout(ctx, time.Second)
	err := a.s.InteractionRespond(ix, ack, discordgo.WithRetryOnRatelimit(false), discordgo.WithContext(actx))
	cancel()
	if err != nil {
		if code, _ := restCode(err); code == codeUnknownInteraction {
			a.cfg.Log.Warn("interaction expired before it was acknowledged", "interaction", ix.ID)
			return
		}
		a.logErr("acknowledging failed", err, "interaction", ix.ID)
		return
	}
	// On the pool, so shutdown waits for it; this event's goroutine waits
	// too, as before.
	done := make(chan struct{})
	a.pool.Go(func() {
		defer close(done)
		rest(context.WithoutCancel(ctx))
	})
	<-done
}

// redoAfter is when a deferred interaction is handled again if the replica
// that deferred it has not finished: past the host's 30-second limit, well
// within the token's 15 minutes.
const redoAfter = 35 * time.Second

// parkBudget bounds parking, inside Discord's 3 seconds.
const parkBudget = 500 * time.Millisecond

// answerDeferred delivers the host's answer to a deferred interaction: the
// first reply edits the private "thinking" message (or it says done), the
// rest follows.
func (a *Adapter) answerDeferred(ctx context.Context, ix *discordgo.Interaction, resp protocol.Response) {
	first, rest := splitReply(resp.Deliveries)
	done := a.render(protocol.View{Text: "✅", Tone: protocol.ToneInfo})
	switch {
	case first == nil:
		a.editOriginal(ctx, ix, done)
	case !first.To.IsPublic():
		a.editOriginal(ctx, ix, a.render(first.View))
	case first.Replace && ix.Message != nil:
		// A public update of the clicked message, through the channel.
		a.edit(ctx, "m:"+ix.ChannelID+":"+ix.Message.ID, a.render(first.View))
		a.editOriginal(ctx, ix, done)
	default:
		d := *first
		d.Kind = protocol.Post
		rest = append([]protocol.Delivery{d}, rest...)
		a.editOriginal(ctx, ix, done)
	}
	for _, d := range rest {
		a.deliver(ctx, ix, resp, d)
	}
}

// Redo handles again an interaction a replica deferred and did not finish
// (bot.Config.Redo). The host applies it at most once, so one that was in
// fact stored only has its answer delivered.
func (a *Adapter) Redo(ctx context.Context, id string, payload []byte) error {
	var ix discordgo.Interaction
	if err := json.Unmarshal(payload, &ix); err != nil {
		a.cfg.Log.Error("a parked interaction does not decode", "interaction", id, "err", err)
		return nil // nothing a retry can fix
	}
	req, err := a.request(&ix)
	if err != nil {
		return nil
	}
	resp, err := a.host.Handle(ctx, req)
	if err != nil {
		return err
	}
	a.answerDeferred(ctx, &ix, resp)
	return nil
}

// launchActivity is the LAUNCH_ACTIVITY callback type, which discordgo
// does not name: the Activity opens for the person who interacted.
const launchActivity discordgo.InteractionResponseType = 12

// launches reports whether ix opens the Activity: with it on, the
// entry-point command, and Open table in a server's channel.
func (a *Adapter) launches(ix *discordgo.Interaction) bool {
	if !a.cfg.Activity || ix.GuildID == "" {
		return false
	}
	switch ix.Type {
	case discordgo.InteractionApplicationCommand:
		return ix.ApplicationCommandData().CommandType == entryPoint
	case discordgo.InteractionMessageComponent:
		act, err := protocol.ParseActionID(ix.MessageComponentData().CustomID)
		_, open := act.(protocol.OpenTable)
		return err == nil && open
	}
	return false
}
