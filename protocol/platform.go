package protocol

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/sushigo/sushigo/words"
)

// Platform is a chat platform, or the terminal, as the host sees it: what
// its players can do and how its messages leave. Each adapter describes
// its own and adds it to the host under the name its requests carry
// in Location.Platform; the host asks the row and never compares names. A
// platform nobody registered is a chat with slash commands whose messages
// go back in each Response.
type Platform struct {
	// Terminal says one person plays at a screen: they type answers where
	// a prompt is, nobody is pinged, there is no thread, and the hand is
	// on the screen rather than behind Show my hand.
	Terminal bool
	// Commands is how the host's commands are written there.
	Commands CommandStyle
	// Hands is the default hand route of its new games (ephemeral).
	Hands HandsVia
	// Sender makes its posts and edits durable (outbox.go); without one
	// they go back in the Response.
	Sender Sender
	// Redo handles again a request its adapter parked and no replica
	// finished (redo.go).
	Redo func(ctx context.Context, id string, payload []byte) error
	// Home publishes a player's home page when one of their games ends
	// (Slack's App Home).
	Home HomePublisher
}

// CommandStyle is how a platform spells the host's commands, which the
// host writes as the terminal types them, in backticks: "`new party`".
type CommandStyle uint8

const (
	// Slash: "`/sushigo new party`".
	Slash CommandStyle = iota
	// SlashOptions: a slash command whose arguments are typed options,
	// "`/sushigo new game:party`" (Discord).
	SlashOptions
	// Typed: as written; the terminal's line mode reads it.
	Typed
	// CommandLine: the shell's command outside any game, "`sushigo play
	// --party`".
	CommandLine
)

// Sender delivers one durable delivery of a game on its platform. It returns
// the reference of the message a delivery with a Slot created, and an error
// when the platform refused or failed: the host retries it later.
type Sender interface {
	Send(ctx context.Context, where Location, game string, d Delivery) (Ref, error)
}

// ResendChecker is a Sender whose platform cannot itself refuse a repeated
// post (Slack has no nonce): the outbox records each post's attempt in the
// send log before making it, so that after a failure or a crash the next
// attempt is marked Resend, and the sender looks before posting again.
type ResendChecker interface {
	Sender
	ChecksResends()
}

// PostsOnce is a Sender whose platform makes a post carrying a Nonce once:
// the same post sent again (within minutes) is answered with the message
// made the first time, and no other (Discord's enforce_nonce). The outbox
// then need not record such a post before its next send: after a crash
// the next sender posts it again and learns the same message.
type PostsOnce interface {
	Sender
	PostsOnce()
}

// RetryLater is a Sender's error for a delivery the platform will take
// only after a while (a rate limit's Retry-After). The game's deliveries
// wait that long, in order, and no attempt is spent: the sender never
// sleeps past its lease while another replica takes the game over.
type RetryLater struct {
	After time.Duration
	Err   error
}

func (e *RetryLater) Error() string { return fmt.Sprintf("retry after %s: %v", e.After, e.Err) }
func (e *RetryLater) Unwrap() error { return e.Err }

// HomePublisher shows a user their home page on a platform that has one
// (Slack's App Home), refreshed when one of their games ends.
type HomePublisher interface {
	PublishHome(ctx context.Context, where Location, user string, v View) error
}

// Reported is a request's failure the host has logged already: once when
// failures begin (a store outage fails every request), then at debug level
// until a request succeeds. Adapters need not log it again.
type Reported struct{ Err error }

func (r *Reported) Error() string { return r.Err.Error() }
func (r *Reported) Unwrap() error { return r.Err }

// ActionName names an action's kind for metrics and logs: "pick",
// "newgame", "none" for nil.
func ActionName(a Action) string {
	if a == nil {
		return "none"
	}
	t := reflect.TypeOf(a)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.ToLower(t.Name())
}

// Rememberer keeps the reference of a message an adapter created for a
// delivery's Slot (Bot.Remember).
type Rememberer interface {
	Remember(ctx context.Context, where Location, gameID, slot string, ref Ref) error
}

// PostNow sends a post of a response delivered straight away (no outbox)
// with send, as the outbox would: a thread post the platform cannot thread
// goes to the channel, saying why, and the host learns there is no thread;
// a slotted message's reference is remembered. A failed send was logged
// by send and is not retried; the error is the host's failing to remember.
func PostNow(ctx context.Context, h Rememberer, resp Response, d Delivery, send func(Delivery) (Ref, error)) error {
	ref, err := send(d)
	var np *NoPictureError
	if errors.As(err, &np) {
		if err := h.Remember(ctx, resp.Where, resp.Game, SlotNoPictures, Ref{ID: np.Reason}); err != nil {
			return fmt.Errorf("remember there are no pictures: %w", err)
		}
		d.View.Picture = nil
		d.View.Text = PictureFallbackNote(d.View.Lang.Or(resp.Lang), np.Reason) + "\n" + d.View.Text
		ref, err = send(d)
	}
	var nt *NoThreadError
	if errors.As(err, &nt) {
		if err := h.Remember(ctx, resp.Where, resp.Game, SlotNoThread, Ref{ID: nt.Reason}); err != nil {
			return fmt.Errorf("remember there is no thread: %w", err)
		}
		d = d.InChannel(d.View.Lang.Or(resp.Lang), nt.Reason)
		ref, err = send(d)
	}
	if err == nil && d.Slot != "" && ref.ID != "" {
		return h.Remember(ctx, resp.Where, resp.Game, d.Slot, ref)
	}
	return nil
}

// InChannel is a thread post sent to the channel instead, saying why: for
// an adapter delivering a response straight away that could not use the
// game's thread (the host learns it through SlotNoThread).
func (d Delivery) InChannel(w words.Lang, reason string) Delivery {
	d.To, d.Parent, d.OpenThread = Channel, Ref{}, ""
	d.View.Text = ThreadFallbackNote(w, reason) + "\n" + d.View.Text
	return d
}

// ThreadFallbackNote is what the channel reads, once, when a game's
// play-by-play cannot go to a thread.
func ThreadFallbackNote(w words.Lang, reason string) string {
	return w.Say("thread.fallback", Reason(w, reason))
}
