package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/words"
)

// Location is where a game lives: one game per channel.
type Location struct {
	Platform  string // "discord", "slack", "console"
	Community string // guild, workspace, or "local"
	Channel   string
}

// Key is the storage key of the location's game.
func (l Location) Key() string { return l.Platform + ":" + l.Community + ":" + l.Channel }

// board is the leaderboard community: platform-qualified so a Discord guild
// and a Slack workspace never share a board.
func (l Location) board() string { return l.Platform + ":" + l.Community }

// Board is the leaderboard of one game in the community: Sushi Go
// Party! scores (often 60–90) never rank beside classic ones (30–50).
func (l Location) Board(party bool) string {
	if party {
		return l.board() + ":party"
	}
	return l.board()
}

// User is who sent a request.
type User struct {
	ID   string
	Name string
	// Admin is set by the adapter for channel moderators, who may end any
	// game in the channel.
	Admin bool
}

// Ref is an adapter's opaque reference to a message it delivered, with the
// time after which it can no longer be edited (zero: never expires).
type Ref struct {
	ID      string    `json:"id,omitempty"`
	Expires time.Time `json:"exp,omitzero"`
	// Max, when set, is how many times the handle may be used in all
	// (Slack: a response_url, 5); Uses counts them, the host adding one
	// for each edit or deletion it sends through the handle.
	Max  int `json:"max,omitempty"`
	Uses int `json:"use,omitempty"`
	// Pic names the picture the message shows (Picture.Key), File the
	// platform's file holding it where the platform keeps files apart from
	// messages (Slack): a message showing a picture already is not sent
	// it again, and a file its message no longer shows is deleted.
	Pic  string `json:"pic,omitempty"`
	File string `json:"file,omitempty"`
	// PicAt is when that picture was drawn.
	PicAt time.Time `json:"pat,omitzero"`
}

// Usable reports whether r can still be edited at now.
func (r Ref) Usable(now time.Time) bool {
	return r.ID != "" && (r.Expires.IsZero() || now.Before(r.Expires)) && (r.Max == 0 || r.Uses < r.Max)
}

// LastsFor reports whether the handle still works for d after now, with a
// Use to spare.
func (r Ref) LastsFor(now time.Time, d time.Duration) bool {
	return r.Usable(now.Add(d)) && (r.Max == 0 || r.Max-r.Uses >= 2)
}

// Lasting reports whether the handle edits its message for as long as the
// message exists (a posted message, not an interaction token or a
// response_url), so an edit may wait in the outbox.
func (r Ref) Lasting() bool { return r.ID != "" && r.Expires.IsZero() && r.Max == 0 }

// Use counts one use of the handle and returns it as it was used.
func (r *Ref) Use() Ref {
	r.Uses++
	return *r
}

// Request is one thing a user did.
type Request struct {
	Where  Location
	Who    User
	Action Action
	// Reply is the handle that later edits the message of this request's
	// first reply (Discord: the interaction token, 15 minutes; Slack: a
	// response_url, only for a click on an ephemeral message or a slash
	// command). Zero when the platform has none. The host keeps it as a
	// player's hand handle only when the hand is that first reply: a handle
	// whose first reply updated a public message must never edit a hand.
	Reply Ref
	// FromPrivate is set when the clicked button was on a private message
	// (an ephemeral message or a DM).
	FromPrivate bool
	// ID is the platform's ID of this request (a Discord interaction ID),
	// when it has one: a request handled again with the same ID (a replica
	// finishing what a dead one deferred) changes a game at most once.
	ID string
	// NoFiles is set when the platform said the app may not attach files
	// in this channel: a game opened here has no pictures, and says why.
	NoFiles bool
	// Lang is the language of the person asking (Discord's locale, Slack's
	// user locale, the terminal's LANG): what only they read is in it.
	Lang words.Lang
	// PlaceLang is the language the platform says the place speaks
	// (Discord's guild_locale), or zero: a game opened here speaks it
	// unless the channel chose one.
	PlaceLang words.Lang
	// Away is set when the request comes from outside the channel (a web
	// page, a Discord Activity): nothing answers it there, so what it
	// shows the channel (a new lobby, the table's edit) is posted or
	// edited through the host's outbox.
	Away bool
}

// Tone colours a view by game state.
type Tone uint8

// View tones.
const (
	ToneInfo Tone = iota
	ToneLobby
	TonePlay
	ToneReveal
	ToneScore
	ToneOver
	ToneError
)

// Screen says what a view is, so a front end places it by its kind and
// never by its title's wording.
type Screen uint8

// Screens.
const (
	// ScreenNotice is an acknowledgement, a refusal or a one-off message.
	ScreenNotice Screen = iota
	ScreenLobby
	// ScreenTable is the game's living table, and what it becomes when the
	// game ends early.
	ScreenTable
	// ScreenHand is a player's own hand, prompt, locked pick or game-over
	// note: what their private hand message shows.
	ScreenHand
	ScreenReveal
	ScreenRoundScores
	ScreenScores
	ScreenFinal
	ScreenRatings
	// ScreenHelp is help, the rules and a card's rule.
	ScreenHelp
	// ScreenPing tells named players it is their move (the start, a
	// decision, a reminder).
	ScreenPing
	// ScreenBoard is a leaderboard, a profile or a history.
	ScreenBoard
	// ScreenReview is the expert's review of a player's finished game.
	ScreenReview
)

// Style is a button's look.
type Style uint8

// Button styles.
const (
	Secondary Style = iota
	Primary
	Success
	Danger
)

// Button is one clickable choice.
type Button struct {
	Label    string `json:",omitzero"`
	Emoji    string `json:",omitzero"`
	ActionID string `json:",omitzero"`
	Style    Style  `json:",omitzero"`
	Disabled bool   `json:",omitzero"`
	// Colour is the card type's colour (#rrggbb) on a button that plays a
	// card; chat buttons have no colours of their own, the terminal's
	// card tiles do.
	Colour string `json:",omitempty"`
}

// Numbered is the button as text, pressed by typing n: "[3] 🍤 Tempura",
// in brackets when disabled.
func (b Button) Numbered(n int) string {
	l := strings.TrimSpace(b.Emoji + " " + b.Label)
	if b.Disabled {
		l = "(" + l + ")"
	}
	return "[" + strconv.Itoa(n) + "] " + l
}

// Select is a drop-down of choices. Its ActionID comes back with the values
// chosen (ParseSelection).
type Select struct {
	ActionID    string
	Placeholder string
	Options     []Option
	// Min and Max bound how many options may be chosen; Max 1 is a single
	// choice.
	Min, Max int
	// Submit labels the button that submits a choice of several, on a
	// platform whose lists report every tick (Slack), in the reader's
	// language.
	Submit string `json:",omitzero"`
}

// Option is one choice of a Select.
type Option struct {
	Label       string
	Value       string
	Emoji       string
	Description string
	Selected    bool
}

// Field is a titled block of a view.
type Field struct {
	Name   string `json:",omitzero"`
	Value  string `json:",omitzero"`
	Inline bool   `json:",omitzero"`
}

// A view's buttons fit every platform's grid, so views stay the same
// everywhere: Discord's is the tightest, RowButtons a row and Rows rows
// (Slack's blocks and the terminal take more).
const (
	RowButtons = 5
	Rows       = 5
)

// View is a platform-neutral message: adapters turn it into an embed or
// Block Kit. Text uses **bold** and line breaks only.
type View struct {
	Title  string  `json:",omitzero"`
	Text   string  `json:",omitzero"`
	Fields []Field `json:",omitzero"`
	// Selects come before Rows; each takes a row of its own.
	Selects []Select   `json:",omitzero"`
	Rows    [][]Button `json:",omitzero"`
	Tone    Tone       `json:",omitzero"`
	Footer  string     `json:",omitzero"`
	// Mentions are user IDs to notify; adapters render them as pings.
	Mentions []string `json:",omitzero"`
	// Channel is the game's channel on a private view that may be read
	// elsewhere (a DM): adapters name and link it.
	Channel string `json:",omitzero"`
	// Screen is what the view is; Round and Turn, on a hand or a reveal,
	// the moment it belongs to, so no front end reads them from the title.
	Screen Screen `json:",omitempty"`
	Round  int    `json:"rd,omitempty"`
	Turn   int    `json:"tn,omitempty"`
	// Due, on a hand, is when its turn timer runs out and the host chooses
	// (zero without a timer): a front end that counts down counts to it.
	Due time.Time `json:"due,omitzero"`
	// Picture, on a public view, is an image of what the text says.
	Picture *Picture `json:",omitempty"`
	// Steps, on a review asked from a page (the web table), are the seat's
	// choices in order, for the page to step through; Chart is the
	// review's chart (a page has no attachment to show). Chat adapters
	// show the text and the picture instead.
	Steps []Step `json:",omitzero"`
	Chart []byte `json:",omitzero"`
	// Lang is the language the view is written in, for what an adapter
	// adds to it (a DM's link to its game, a fallback note). Not stored:
	// the outbox knows it again when it sends.
	Lang words.Lang `json:"-"`
}

// Step is one choice of a review, as a page steps through the game: the
// hand the seat chose from, the card it took and the judge's card, in
// the reader's words.
type Step struct {
	// Title says when ("Round 1, turn 3") and the grade; Text what was
	// taken, the judge's choice, what it gave away and why.
	Title string `json:"title"`
	Text  string `json:"text"`
	// Grade is the choice's grade for the page's colours (best, good,
	// inaccuracy, mistake, blunder): a class, never shown.
	Grade string `json:"grade"`
	// Hand is the cards the seat held (engine card numbers, the web
	// table's art) and Names theirs in the reader's words; Chosen and
	// Best index the card taken and the judge's (−1: not a card of the
	// hand, as a decision's answer).
	Hand   []int    `json:"hand"`
	Names  []string `json:"names"`
	Chosen int      `json:"chosen"`
	Best   int      `json:"best"`
}

// Picture is an image drawn from a game's public view: its table, a
// round's scores or the end of the game. Deliveries carry what to draw;
// the outbox draws it when it sends, from the stored game, so a stored
// delivery stays small and a retry sends the same bytes.
type Picture struct {
	Of    PictureOf `json:"of"`
	Round int       `json:"r,omitempty"`
	// Key names what the picture shows: the same key, the same image.
	Key string `json:"k,omitempty"`
	// Alt says in words what it shows.
	Alt string `json:"alt,omitempty"`
	// Notes are per seat lines drawn beside the standings (rating changes).
	Notes []string `json:"n,omitempty"`
	// PNG is the image, drawn just before sending. Keep, instead, says
	// the message shows this picture already: leave its image as it is.
	PNG  []byte `json:"-"`
	Keep bool   `json:"-"`
}

// PictureOf says which picture to draw.
type PictureOf uint8

// Pictures.
const (
	PictureTable PictureOf = iota + 1
	PictureRound
	PictureFinal
	// PictureReview is a player's review: drawn with it, never redrawn.
	PictureReview
)

// FileName is the picture's file name on the platform.
func (p *Picture) FileName() string {
	switch p.Of {
	case PictureRound:
		return fmt.Sprintf("round-%d.png", p.Round)
	case PictureFinal:
		return "final.png"
	case PictureReview:
		return "review.png"
	}
	return "table.png"
}

// Audience is who sees a delivery: the channel, the game's thread, or one
// user privately.
type Audience struct {
	User string // empty: everyone in the channel
	// Thread sends a public delivery to the game's thread: the play-by-play
	// under the table message, so the channel itself stays readable.
	Thread bool `json:",omitempty"`
}

// Channel is the public audience.
var Channel = Audience{}

// Thread is the public audience of the game's thread. A delivery to it
// carries the table message as its Parent; where there is no thread (none
// can be made, threads are off, the terminal) it goes to the channel.
var Thread = Audience{Thread: true}

// Private is the audience of one user.
func Private(user string) Audience { return Audience{User: user} }

// IsPublic reports whether everyone in the channel sees it.
func (a Audience) IsPublic() bool { return a.User == "" }

// Kind says how an adapter delivers a view.
type Kind uint8

// Delivery kinds.
const (
	// Reply answers the request (privately if To is a user). With Replace it
	// edits the message whose button was clicked instead.
	Reply Kind = iota
	// Post sends a new message to the channel or, for a user, privately
	// (a DM; where DMs are impossible the adapter falls back to the
	// game's ephemeral route and says so).
	Post
	// Edit updates the message Ref names.
	Edit
	// Delete removes the message Ref names (a reminder whose player has
	// picked, a DM hand replaced by a newer one). A message already gone
	// is not an error.
	Delete
)

// Delivery is one message to send or update.
type Delivery struct {
	Kind    Kind     `json:",omitzero"`
	To      Audience `json:",omitzero"`
	Replace bool     `json:",omitzero"`
	Ref     Ref      `json:",omitzero"`
	// Slot, when set, asks the adapter to report the reference of the
	// message it created through Bot.Remember, so the host can edit it later.
	Slot string `json:",omitzero"`
	// Parent, on a post to the Thread, is the table message the thread hangs
	// from; OpenThread, when set, names the thread to create from it first
	// (Discord needs it made; Slack threads exist by replying).
	Parent     Ref    `json:",omitzero"`
	OpenThread string `json:",omitempty"`
	View       View   `json:",omitzero"`
	// Nonce, on a post from the outbox, names this one delivery of this
	// game, the same at each attempt: a platform that de-duplicates by it
	// (Discord's enforce_nonce) makes a post resent after a crash one
	// message. Never stored. The outbox gives one to a delivery with a
	// picture too, so a platform can name its upload after it.
	Nonce string `json:"-"`
	// Redraw, set by the host on a delivery whose view it can draw again
	// from the stored game when the delivery is sent ("table", "hand",
	// "round:2"), lets its durable outbox keep that name rather than the
	// view: a stored game stays small, and what is sent shows the game as
	// it is then. Adapters ignore it. Never stored.
	Redraw string `json:"-"`
	// Resend is set, for a ResendChecker, on a post or a delivery with a
	// picture that may have reached the platform already: an earlier
	// attempt failed ambiguously (a timeout, a 5xx) or a replica died
	// sending it. The sender looks for it by Nonce before making it again.
	Resend bool `json:"-"`
}

// Response is everything to deliver for one request, in order.
type Response struct {
	Deliveries []Delivery
	// Where and Game name the game the deliveries belong to (for a click in
	// a DM, Where is the game's channel, not the DM). Adapters post channel
	// deliveries to Where.Channel and report slots with Game.
	Where Location
	Game  string
	// Lang is the language of the response's public deliveries: the
	// game's, for what an adapter adds to them (a fallback note).
	Lang words.Lang
}

// Outbound is a timer's deliveries for one game, routed by Where.Platform.
type Outbound struct {
	Where    Location
	Game     string
	Response Response
}

// Slots the host remembers.
const (
	SlotTable      = "table"
	HandSlotPrefix = "hand:"
	// SlotFinal is the game's closing post in the channel, edited once the
	// ratings are known.
	SlotFinal = "final"
	// SlotReminder is the one live reminder of a game, deleted once the
	// players it names have moved.
	SlotReminder = "reminder"
	// SlotNoThread is reported (with the reason as the Ref's ID) when the
	// game's thread cannot be made or used: play-by-play then goes to the
	// channel.
	SlotNoThread = "nothread"
	// SlotNoPictures is reported (with the reason as the Ref's ID) when a
	// message could not carry its picture: the game goes on without.
	SlotNoPictures = "nopictures"
)

// NoThreadError is returned by a Sender that could not make or use a game's
// thread (a missing permission, a channel type without threads). Nothing
// was posted; the host sends the play-by-play to the channel from then on
// and says why, once.
type NoThreadError struct {
	Reason words.Key // why, for a player (Reason): "discord.outbound.iMMissingTheCreate"
}

func (e *NoThreadError) Error() string { return "no thread: " + e.Reason }

// RefusedError is returned by a Sender whose platform refused a delivery
// for good (the app is not in the channel, the channel is archived, a
// scope is missing): sending it again cannot succeed, so the host drops
// it at once instead of retrying, and goes on with the game's next one.
type RefusedError struct {
	Err error
}

func (e *RefusedError) Error() string { return "refused for good: " + e.Err.Error() }

func (e *RefusedError) Unwrap() error { return e.Err }

// NoPictureError is returned by a Sender whose platform refused a message
// because of its picture (Discord without Attach Files, Slack without
// files:write). Nothing was
// sent; the host sends the game's messages without pictures from then on
// and says why, once.
type NoPictureError struct {
	Reason words.Key // why, for a player (Reason): "discord.outbound.iMMissingTheAttach"
}

func (e *NoPictureError) Error() string { return "no picture: " + e.Reason }

// PictureFallbackNote is what the channel reads, once, when a game's
// pictures cannot be shown.
func PictureFallbackNote(w words.Lang, reason string) string {
	return w.Say("pictures.fallback", Reason(w, reason))
}

// Reason words why a platform refused (NoThreadError, NoPictureError):
// a catalog key, or the English sentence a game stored before reasons
// were keys.
func Reason(w words.Lang, reason string) string {
	if words.Has(reason) {
		return w.Say(reason)
	}
	return reason
}

// GoneError is returned by a Sender whose edit found its message deleted
// (by a person, or with its channel). Nothing is retried; a game whose
// table message went posts its table again, once, and says why.
type GoneError struct{}

func (*GoneError) Error() string { return "the message is gone" }

// HandSlot is the slot of a user's private hand message.
func HandSlot(user string) string { return HandSlotPrefix + user }

// String renders a view as plain text: the console's output and the golden
// files' format.
func (v View) String() string {
	var b strings.Builder
	if v.Title != "" {
		b.WriteString("== " + v.Title + " ==\n")
	}
	if v.Text != "" {
		b.WriteString(v.Text + "\n")
	}
	for _, f := range v.Fields {
		b.WriteString("-- " + f.Name + "\n" + f.Value + "\n")
	}
	for _, sel := range v.Selects {
		var opts []string
		for _, o := range sel.Options {
			l := strings.TrimSpace(o.Emoji + " " + o.Label)
			if o.Selected {
				l = "*" + l
			}
			opts = append(opts, l)
		}
		b.WriteString(fmt.Sprintf("{%s (choose %d–%d)} %s\n", sel.Placeholder, sel.Min, sel.Max, strings.Join(opts, " · ")))
	}
	n := 0
	for _, row := range v.Rows {
		var parts []string
		for _, btn := range row {
			n++
			parts = append(parts, btn.Numbered(n))
		}
		b.WriteString(strings.Join(parts, "  ") + "\n")
	}
	if v.Footer != "" {
		b.WriteString(v.Footer + "\n")
	}
	return b.String()
}

// Buttons lists a view's buttons in reading order, numbered from 1 in String.
func (v View) Buttons() []Button {
	var out []Button
	for _, row := range v.Rows {
		out = append(out, row...)
	}
	return out
}
