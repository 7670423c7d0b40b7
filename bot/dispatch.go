package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// refuse turns the request down for reason r (a protocol.Refusal), worded
// by the catalog in the language of whoever asked.
func refuse(r words.Key, a ...any) error { return protocol.Refuse(r, a...) }

// engineRefusal is the engine's refusal err in the player's words, or nil
// when err is not one a player caused.
func engineRefusal(err error) error {
	if words.English.Friendly(err) != "" {
		return protocol.Refuse("refusal.because", words.Because(err))
	}
	return nil
}

// Handle does what req asks and returns what to deliver. A refusal (not your
// card, stale button, bad command…) comes back as a private reply with a nil
// error. Any other failure returns a generic private reply and the error, for
// the adapter to log once with its request context.
func (b *Bot) Handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	b.busy.Add(1)
	defer b.busy.Add(-1)
	start := time.Now() // the metric times the wait for a kept goroutine too
	var resp protocol.Response
	var err error
	// All of it on a kept goroutine, the answer's wording and the metrics
	// too: the caller's goroutine (a platform's handler, a web page's
	// socket) then keeps the small stack it waits with. A page's grew at
	// each click and was shrunk again by the collector: growing stacks
	// took 2.0 % of a replica's CPU with ten thousand pages open, and
	// 0.8 % since.
	requests.run(func() { resp, err = b.respond(ctx, req, start) })
	return resp, err
}

// respond is Handle's work on a request that arrived at start.
func (b *Bot) respond(ctx context.Context, req protocol.Request, start time.Time) (protocol.Response, error) {
	resp, err := b.handle(withAway(withRequestID(ctx, req.ID), req.Away), req)
	resp.Deliveries = repliesFirst(resp.Deliveries)
	if resp.Where.Channel == "" {
		resp.Where = req.Where
	}
	outcome := "error"
	defer func() {
		b.cfg.Metrics.Action(req.Where.Platform, protocol.ActionName(req.Action), outcome, time.Since(start))
	}()
	if err == nil {
		outcome = "ok"
	} else {
		// Declared here, not for every request: errors.As's targets escape,
		// so each would be an allocation at every click.
		var r *protocol.Refusal
		var u *protocol.UsageError
		switch {
		case errors.As(err, &r):
			outcome, resp, err = "refused", privateReply(req, notice(r.In(req.Lang), r.Lang.Or(req.Lang))), nil
		case errors.As(err, &u):
			outcome, resp, err = "refused", privateReply(req, notice(u.In(req.Lang), u.Lang.Or(req.Lang))), nil
		default:
			w := req.Lang
			resp = privateReply(req, protocol.View{Screen: protocol.ScreenNotice, Title: w.Say("dispatch.somethingWentWrong"), Text: w.Say("dispatch.sorryThatDidnTWork"), Tone: protocol.ToneError})
			err = b.report(req, err)
		}
	}
	if err == nil {
		b.failing.Succeeded(b.log, "requests succeed again")
	}
	protocol.SpeakAll(b.platform(req.Where.Platform).Commands, resp.Deliveries)
	return resp, err
}

// report logs a request's failure once per run of failures.
func (b *Bot) report(req protocol.Request, err error) error {
	b.failing.Failed(b.log, "requests are failing", "platform", req.Where.Platform,
		"channel", req.Where.Channel, "user", req.Who.ID, "action", protocol.ActionName(req.Action), "err", err)
	return &protocol.Reported{Err: err}
}

// repliesFirst moves replies to the front, keeping order otherwise: a
// platform answers the triggering interaction before anything else.
func repliesFirst(ds []protocol.Delivery) []protocol.Delivery {
	out := make([]protocol.Delivery, 0, len(ds))
	for _, d := range ds {
		if d.Kind == protocol.Reply {
			out = append(out, d)
		}
	}
	for _, d := range ds {
		if d.Kind != protocol.Reply {
			out = append(out, d)
		}
	}
	return out
}

func privateReply(req protocol.Request, v protocol.View) protocol.Response {
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: v}}}
}

func notice(msg string, w words.Lang) protocol.View {
	return protocol.View{Text: msg, Tone: protocol.ToneError, Lang: w}
}

// locationTTL bounds how long a game's location is remembered for clicks
// that come from a DM, where the platform does not say which channel the
// game is in.
const locationTTL = 7 * 24 * time.Hour

func locationKey(gameID string) string { return "game-location:" + gameID }

// resolve fills in the location of a click from a private message from the
// game ID its button carries.
func (b *Bot) resolve(ctx context.Context, req *protocol.Request) error {
	if req.Where.Channel != "" {
		return nil
	}
	game := protocol.GameOf(req.Action)
	if game == "" {
		return refuse("where.notInChannel")
	}
	data, err := b.store.GetRecord(ctx, locationKey(game))
	if errors.Is(err, storage.ErrNotFound) {
		return refuse("where.gameGone")
	}
	if err != nil {
		return fmt.Errorf("locate game %s: %w", game, err)
	}
	var loc protocol.Location
	if err := json.Unmarshal(data, &loc); err != nil {
		return fmt.Errorf("locate game %s: %w", game, err)
	}
	req.Where = loc
	return nil
}

func (b *Bot) handle(ctx context.Context, req protocol.Request) (protocol.Response, error) {
	if err := b.resolve(ctx, &req); err != nil {
		return protocol.Response{}, err
	}
	switch a := req.Action.(type) {
	case protocol.NewGame:
		return b.newGame(ctx, req, a.Options, nil)
	case protocol.Join:
		return b.inGame(ctx, req, a.Game, b.join)
	case protocol.Leave:
		return b.inGame(ctx, req, a.Game, b.leave)
	case protocol.Start:
		return b.inGame(ctx, req, a.Game, b.start)
	case protocol.SetMenu:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) { return b.setMenu(req, st, a) })
	case protocol.Answer:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) { return b.answer(req, st, a) })
	case protocol.AddBot:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) { return b.addBots(req, st, a.N, a.Level) })
	case protocol.Kick:
		return b.inGame(ctx, req, "", func(req protocol.Request, st *gameRecord) (effect, error) { return b.kick(req, st, a.Player) })
	case protocol.ShowHand:
		return b.inGame(ctx, req, a.Game, b.showHand)
	case protocol.OpenTable:
		return b.openTable(ctx, req, a.Game)
	case protocol.Pick:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) { return b.pick(req, st, a) })
	case protocol.Change:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) {
			return b.pick(req, st, protocol.Pick{Game: a.Game, Round: a.Round, Turn: a.Turn})
		})
	case protocol.End:
		return b.inGame(ctx, req, a.Game, b.end)
	case protocol.EndVote:
		return b.inGame(ctx, req, a.Game, func(req protocol.Request, st *gameRecord) (effect, error) { return b.vote(req, st, a) })
	case protocol.Rematch:
		return b.rematch(ctx, req, a.Game)
	case protocol.Review:
		return b.askReview(ctx, req, a.Game)
	case protocol.Hint:
		return b.inGame(ctx, req, a.Game, b.hint)
	case protocol.Status:
		return b.read(ctx, req, func(st *snapshot) protocol.View { return tableView(st, b.now()) })
	case protocol.Scores:
		return b.read(ctx, req, scoresView)
	case protocol.Leaderboard:
		return b.boards.Leaderboard(ctx, req, a)
	case protocol.Stats:
		return b.boards.Stats(ctx, req, a)
	case protocol.History:
		return b.boards.History(ctx, req, a)
	case protocol.PastGame:
		return b.boards.PastGame(ctx, req, a)
	case protocol.Rules:
		if a.Card == "" {
			if m, ok := b.partyMenu(ctx, req.Where); ok {
				return privateReply(req, partyRulesView(req.Lang, m)), nil
			}
		}
		return privateReply(req, rulesIn(req.Lang, a.Card, b.variant(ctx, req.Where))), nil
	case protocol.ChannelSettings:
		return b.channelSettings(ctx, req, a)
	case protocol.Help:
		return privateReply(req, helpView(req.Lang, b.platform(req.Where.Platform).Commands)), nil
	case nil:
		return protocol.Response{}, usage("usage.nothingToDo", words.P("usage.short"))
	}
	return protocol.Response{}, fmt.Errorf("bot: unhandled action %T", req.Action)
}

// inGame runs fn on the channel's game, refusing when there is none or when
// a button belongs to another game than the current one.
func (b *Bot) inGame(ctx context.Context, req protocol.Request, gameID string, fn func(protocol.Request, *gameRecord) (effect, error)) (protocol.Response, error) {
	return b.update(ctx, req.Where.Key(), func(st *gameRecord) (effect, error) {
		if st == nil {
			if gameID != "" {
				return effect{}, refuse("where.buttonGameGone")
			}
			return effect{}, refuse("where.noGameHere")
		}
		if gameID != "" && gameID != st.ID {
			return effect{}, refuse("where.buttonOldGame")
		}
		st.learnLang(req)
		req.Lang = st.langFor(req)
		c, err := fn(req, st)
		protocol.Address(err, req.Lang)
		return c, err
	})
}

// read shows a private view of the channel's game.
func (b *Bot) read(ctx context.Context, req protocol.Request, view func(*snapshot) protocol.View) (protocol.Response, error) {
	st, found, err := b.rec.Read(ctx, req.Where.Key())
	if err != nil {
		return protocol.Response{}, err
	}
	if !found {
		return protocol.Response{}, refuse("where.noGameHere")
	}
	sn := st.snap()
	sn.w = st.langFor(req)
	return privateReply(req, view(sn)), nil
}

// isClick reports whether the request came from a button (as opposed to a
// typed command): buttons carry their game's ID.
func isClick(req protocol.Request) bool {
	return protocol.GameOf(req.Action) != ""
}

// refreshTable updates the public table (or lobby) message: through the
// click when the button was on it, else by editing the remembered message,
// else by posting a new one and remembering it.
func refreshTable(req protocol.Request, st *gameRecord, v protocol.View, now time.Time) []protocol.Delivery {
	if isClick(req) && !req.FromPrivate {
		return []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, Replace: true, View: v}}
	}
	if st.Table.Usable(now) {
		return []protocol.Delivery{{Kind: protocol.Edit, To: protocol.Channel, Ref: st.Table, View: v}}
	}
	return []protocol.Delivery{{Kind: protocol.Post, To: protocol.Channel, Slot: protocol.SlotTable, View: v}}
}

// refreshTableNow is refreshTable with the table as the game shows it
// now, by its drawing's name (redraw.go). A post or an edit the outbox
// sends is left undrawn: the outbox draws it from the game as stored when
// it sends, and drawing it here as well cost a twentieth of a click's CPU
// (prepare draws one a removed game still returns). A reply, or any
// delivery of a platform without a sender, is drawn now.
func refreshTableNow(req protocol.Request, st *gameRecord, now time.Time) []protocol.Delivery {
	ds := redrawn(redrawTable, refreshTable(req, st, protocol.View{}, now))
	for i := range ds {
		if ds[i].Kind == protocol.Reply || st.plat.Sender == nil {
			ds[i].View = tableView(st.snap(), now)
		}
	}
	return ds
}

// warnMenu tells whoever changed the seats, privately, when the menu no
// longer suits them (a typed command's acknowledgement already says so).
func warnMenu(req protocol.Request, st *gameRecord, ds []protocol.Delivery) []protocol.Delivery {
	w := st.snap().menuWarning(req.Lang)
	if w == "" || slices.ContainsFunc(ds, func(d protocol.Delivery) bool { return d.Kind == protocol.Reply && !d.To.IsPublic() }) {
		return ds
	}
	return append(ds, protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: protocol.View{Text: strings.TrimSpace(w), Tone: protocol.ToneInfo}})
}

// withAck adds a private confirmation for typed commands, whose only other
// delivery may be an edit of another message.
func withAck(req protocol.Request, ds []protocol.Delivery, msg string) []protocol.Delivery {
	for _, d := range ds {
		if d.Kind == protocol.Reply {
			return ds
		}
	}
	return append(ds, protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: protocol.View{Text: msg, Tone: protocol.ToneInfo}})
}

// Remember stores a message reference an adapter reports for a delivery's
// Slot, so later updates edit that message instead of posting new ones.
func (b *Bot) Remember(ctx context.Context, where protocol.Location, gameID, slot string, ref protocol.Ref) error {
	_, err := b.update(ctx, where.Key(), func(st *gameRecord) (effect, error) {
		if st == nil || st.ID != gameID {
			return effect{}, nil
		}
		st.remember(slot, ref)
		return effect{save: true}, nil // nothing is written when nothing changed
	})
	return err
}

// Discard drops a lobby whose message never appeared (the app may not post
// in the channel), so nobody joins a game nobody can see. A lobby that was
// shown, or a game under way, is kept.
func (b *Bot) Discard(ctx context.Context, where protocol.Location, gameID string) error {
	_, err := b.update(ctx, where.Key(), func(st *gameRecord) (effect, error) {
		if st == nil || st.ID != gameID || st.Phase != phaseLobby || st.Table.ID != "" {
			return effect{}, nil
		}
		return effect{remove: true, cancel: true}, nil
	})
	return err
}

// Undeliverable records that a private message to user could not be
// delivered (DMs closed): their hands go the ephemeral route from now on. It
// returns the table refresh that tells the channel (without any card).
func (b *Bot) Undeliverable(ctx context.Context, where protocol.Location, gameID, user string) (protocol.Response, error) {
	return b.update(ctx, where.Key(), func(st *gameRecord) (effect, error) {
		if st == nil || st.ID != gameID {
			return effect{}, nil
		}
		i := st.seatOf(user)
		if i < 0 || st.Seats[i].DMFailed {
			return effect{}, nil
		}
		st.Seats[i].DMFailed = true
		st.Seats[i].Hand = protocol.Ref{}
		st.Notes = append(st.Notes, st.Lang.Say("dispatch.iCanTSendS", st.Seats[i].Name))
		return effect{save: true, resp: protocol.Response{Deliveries: refreshTableNow(protocol.Request{}, st, b.now())}}, nil
	})
}

// partyMenu is the menu of the Party game at where, if one is there.
func (b *Bot) partyMenu(ctx context.Context, where protocol.Location) (engine.Menu, bool) {
	st, found, err := b.rec.Read(ctx, where.Key())
	if err != nil || !found || !st.Opts.HasMenu() {
		return engine.Menu{}, false
	}
	if st.game != nil {
		return st.game.Settings().Menu, true
	}
	m, err := engine.ParseMenu(st.Opts.Menu)
	return m, err == nil
}

// variant names the game played in the channel ("party", "dummy",
// "classic"), or "" when there is none to tell.
func (b *Bot) variant(ctx context.Context, where protocol.Location) string {
	st, found, err := b.rec.Read(ctx, where.Key())
	if err != nil || !found {
		return ""
	}
	if st.Opts.Dummy {
		return "dummy"
	}
	return lookOf(st.snap()).key
}

// Running reports whether the channel has a game in its lobby or in play.
func (b *Bot) Running(ctx context.Context, where protocol.Location) (bool, error) {
	st, found, err := b.rec.Read(ctx, where.Key())
	if err != nil || !found {
		return false, err
	}
	return st.Phase != phaseOver, nil
}
