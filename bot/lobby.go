package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

func newID(seed uint64) string {
	return strconv.FormatUint(seed, 36)
}

// newID names a new game: Config.NewID, else from the seed.
func (b *Bot) newID() string {
	if b.cfg.NewID != nil {
		return b.cfg.NewID()
	}
	return newID(b.seed())
}

// botNames are the bot seats' names: none names a card, so "Aiko-bot:
// 🍣 Salmon" reads as a player and a card (Maki-bot's did not).
var botNames = []string{"Aiko-bot", "Kenji-bot", "Mei-bot", "Taro-bot", "Yumi-bot", "Hiro-bot", "Nana-bot", "Sora-bot"}

func (b *Bot) options(req protocol.Request, o protocol.Options) protocol.Options {
	if o.Timer < 0 {
		o.Timer = max(0, int(b.cfg.Timer/time.Second))
	}
	if o.Pass == 0 {
		o.Pass = engine.PassLeft
	}
	if o.Hands == "" {
		o.Hands = b.platform(req.Where.Platform).Hands
		if o.Hands == "" {
			o.Hands = protocol.HandsEphemeral
		}
	}
	return o
}

// maxSeats is the most seats the options' game takes: the engine says.
func maxSeats(o protocol.Options) int {
	_, hi := o.Settings().PlayerRange()
	return hi
}

// newGame opens a lobby; seats prefills it (a rematch).
func (b *Bot) newGame(ctx context.Context, req protocol.Request, o protocol.Options, seats []seat, invite ...string) (protocol.Response, error) {
	o = b.options(req, o)
	cs, err := b.settingsOf(ctx, req.Where)
	if err != nil {
		return protocol.Response{}, err
	}
	if !o.ThreadsChosen {
		o.NoThreads = cs.Threads == "off"
	}
	if !o.PicturesChosen {
		o.NoPictures = cs.Pictures == "off"
	}
	lang := channelLang(cs, req)
	var notes []string
	if req.NoFiles && !o.NoPictures {
		// Every picture would be refused: the game goes without, and its
		// host learns why now rather than from a stalled game.
		o.NoPictures = true
		notes = append(notes, req.Lang.Or(lang).Say("lobby.picturesNoFiles"))
	}
	now := b.now()
	return b.update(ctx, req.Where.Key(), func(old *gameRecord) (effect, error) {
		if old != nil && old.Phase != phaseOver {
			return effect{}, refuse("lobby.gameRunning",
				map[phase]words.Phrase{phaseLobby: words.P("lobby.waitingToStart"), phasePlaying: words.P("lobby.running")}[old.Phase], old.hostName())
		}
		st := &gameRecord{ID: b.newID(), Where: req.Where, Phase: phaseLobby, Host: req.Who.ID, Opts: o, Created: now, Lang: lang, plat: b.platform(req.Where.Platform), web: b.cfg.TableLink != nil}
		if seats == nil {
			st.Seats = []seat{{User: req.Who.ID, Name: req.Who.Name, Lang: req.Lang}}
			for range min(o.Bots, maxSeats(o)-1) {
				st.Seats = append(st.Seats, seat{Name: nextBotName(st), Bot: true})
			}
		} else {
			st.Seats = seats
		}
		v := lobbyView(st.snap())
		if len(invite) > 0 {
			// Mentioned in the new message only: later edits ping nobody.
			v.Mentions = invite
			v.Text = st.Lang.Say("lobby.sAsksForARematch", req.Who.Name) + v.Text
		}
		loc, err := json.Marshal(req.Where)
		if err != nil {
			return effect{}, err
		}
		if !req.Away {
			// A reply creates the table: it is awaited (tableWait).
			st.TableSince = now
		}
		ds := []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, Slot: protocol.SlotTable, View: v}}
		for _, n := range notes {
			ds = append(ds, protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: notice(n, req.Lang.Or(lang))})
		}
		return effect{save: true, replace: st, schedule: now.Add(b.cfg.LobbyTTL),
			records: []storedRecord{{locationKey(st.ID), loc, locationTTL}},
			resp:    protocol.Response{Deliveries: ds}}, nil
	})
}

func (b *Bot) join(req protocol.Request, st *gameRecord) (effect, error) {
	i := st.seatOf(req.Who.ID)
	switch st.Phase {
	case phaseLobby:
		if i >= 0 {
			return effect{}, refuse("lobby.alreadyJoined")
		}
		if len(st.Seats) >= maxSeats(st.Opts) {
			return effect{}, refuse("lobby.tableFull", maxSeats(st.Opts))
		}
		st.Seats = append(st.Seats, seat{User: req.Who.ID, Name: req.Who.Name, Lang: req.Lang})
		ds := warnMenu(req, st, withAck(req, refreshTableNow(req, st, b.now()), req.Lang.Say("lobby.youJoined")+st.snap().menuWarning(req.Lang)))
		return effect{save: true, resp: protocol.Response{Deliveries: ds}}, nil
	case phasePlaying:
		if i < 0 {
			return effect{}, refuse("lobby.joinStarted")
		}
		s := &st.Seats[i]
		if !s.Bot {
			return effect{}, refuse("lobby.alreadyPlaying")
		}
		// The seat is theirs again, but what leaving cost stays: a forfeit
		// (Left) or, before the game counted, no rating (Early). Removed
		// while away and back is leaving too: otherwise a friendly host's
		// kick would let the bot earn the seat's place for them.
		if s.Kicked {
			st.forfeit(i)
		}
		s.Bot, s.Idle, s.Kicked = false, 0, false
		note := st.Lang.Say("lobby.sIsBackAndTakes", s.Name)
		if s.shown(st.Lang) == st.Lang.You() {
			note = st.Lang.Say("lobby.youAreBackAndTake")
		}
		switch {
		case st.forfeited(i):
			note += " " + st.Lang.Say("lobby.leavingStillCountsAsA")
		case s.Early && st.rated():
			note += " " + st.Lang.Say("lobby.havingLeftBeforeTheFirst")
		}
		st.Notes = append(st.Notes, note)
		ds := b.settle(protocol.Request{}, st, nil, false)
		ds = append(ds, protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: handOrOver(st.snap(), i)})
		if st.Opts.Hands == protocol.HandsEphemeral {
			s.Hand = req.Reply
		}
		return effect{save: true, resp: protocol.Response{Deliveries: ds}}, nil
	}
	return effect{}, refuse("lobby.joinOver")
}

func (b *Bot) leave(req protocol.Request, st *gameRecord) (effect, error) {
	i := st.seatOf(req.Who.ID)
	if i < 0 {
		return effect{}, refuse("lobby.notInGame")
	}
	switch st.Phase {
	case phaseLobby:
		st.Seats = append(st.Seats[:i], st.Seats[i+1:]...)
		if st.humans() == 0 {
			v := protocol.View{Screen: protocol.ScreenTable, Title: st.Lang.Say("lobby.sushiGoLobbyClosed"), Text: st.Lang.Say("lobby.everyoneLeftStartANew"), Tone: protocol.ToneOver}
			return effect{remove: true, cancel: true, resp: protocol.Response{Deliveries: withAck(req, refreshTable(req, st, v, b.now()), req.Lang.Say("lobby.youLeft"))}}, nil
		}
		b.handOver(st, req.Who.ID)
		return effect{save: true, resp: protocol.Response{Deliveries: withAck(req, refreshTableNow(req, st, b.now()), req.Lang.Say("lobby.youLeftTheGame"))}}, nil
	case phasePlaying:
		if st.Seats[i].Bot {
			return effect{}, refuse("lobby.botAlreadyThere")
		}
		wasRated, name := st.rated(), st.Seats[i].Name
		st.markLeft(i)
		note := st.Lang.Say("lobby.sLeftABotPlays", name)
		if st.Seats[i].Early && wasRated {
			note = st.Lang.Say("lobby.sLeftBeforeTheFirst", name)
			if !st.rated() {
				note += " " + st.Lang.Say("lobby.theGameIsNoLonger")
			}
		}
		return b.replaceWithBot(req, st, i, note)
	}
	return effect{}, refuse("lobby.gameOver")
}

// handOver passes the host role to the first human still seated.
func (b *Bot) handOver(st *gameRecord, leaving string) {
	if st.Host != leaving {
		return
	}
	for _, s := range st.Seats {
		if s.human() && s.User != leaving {
			st.Host = s.User
			st.Notes = append(st.Notes, st.Lang.Say("lobby.sIsNowTheHost", s.Name))
			return
		}
	}
}

// replaceWithBot goes on after seat i was handed to a bot (markLeft or
// markKicked): the table is told, the host role passes on, and the game
// ends if nobody is left to play it.
func (b *Bot) replaceWithBot(req protocol.Request, st *gameRecord, i int, note string) (effect, error) {
	st.Notes = append(st.Notes, note)
	b.handOver(st, st.Seats[i].User)
	if st.humans() == 0 {
		return b.quitAll(req, st, st.Lang.Say("lobby.everyoneLeftSoTheGame"))
	}
	posts, revealed := b.advance(st, nil)
	return b.afterPlay(req, st, protocol.Response{Deliveries: withAck(req, b.settle(req, st, posts, revealed), req.Lang.Say("lobby.done"))})
}

func (b *Bot) addBots(req protocol.Request, st *gameRecord, n int, level strategy.Level) (effect, error) {
	if st.Phase != phaseLobby {
		return effect{}, refuse("lobby.botsBeforeStart")
	}
	if req.Who.ID != st.Host {
		return effect{}, refuse("lobby.hostAddsBots", st.hostName())
	}
	added := 0
	for range n {
		if len(st.Seats) >= maxSeats(st.Opts) {
			break
		}
		st.Seats = append(st.Seats, seat{Name: nextBotName(st), Bot: true, Level: level})
		added++
	}
	if added == 0 {
		return effect{}, refuse("lobby.tableFull", maxSeats(st.Opts))
	}
	return effect{save: true, resp: protocol.Response{Deliveries: warnMenu(req, st, withAck(req, refreshTableNow(req, st, b.now()), req.Lang.Say("lobby.botAdded")+st.snap().menuWarning(req.Lang)))}}, nil
}

func nextBotName(st *gameRecord) string {
	for _, n := range botNames {
		if !slicesContainsName(st.Seats, n) {
			return n
		}
	}
	return "Bot " + strconv.Itoa(len(st.Seats)+1)
}

func slicesContainsName(ss []seat, name string) bool {
	for _, s := range ss {
		if s.Name == name {
			return true
		}
	}
	return false
}

func (b *Bot) kick(req protocol.Request, st *gameRecord, who string) (effect, error) {
	if req.Who.ID != st.Host && !req.Who.Admin {
		return effect{}, refuse("lobby.hostKicks", st.hostName())
	}
	i := -1
	for j, s := range st.Seats {
		if (s.User != "" && s.User == who) || equalFold(s.Name, who) {
			i = j
		}
	}
	if i < 0 {
		if platformID.MatchString(who) {
			// A mention: its platform ID means nothing to a reader.
			return effect{}, refuse("lobby.kickNotSeated")
		}
		return effect{}, refuse("lobby.kickNoSuchName", who)
	}
	if st.Seats[i].User == req.Who.ID {
		return effect{}, refuse("lobby.kickSelf")
	}
	if st.Phase == phaseLobby {
		name := st.Seats[i].Name
		st.Seats = append(st.Seats[:i], st.Seats[i+1:]...)
		return effect{save: true, resp: protocol.Response{Deliveries: withAck(req, refreshTableNow(req, st, b.now()), req.Lang.Say("lobby.wasRemoved", name))}}, nil
	}
	if st.Phase != phasePlaying {
		return effect{}, refuse("lobby.gameOver")
	}
	s := &st.Seats[i]
	if s.Bot {
		return effect{}, refuse("lobby.botAlreadyThere")
	}
	if !st.mayRemove(i) {
		return effect{}, refuse("lobby.kickPresent", s.Name)
	}
	wasRated := st.rated()
	st.markKicked(i)
	note := st.Lang.Say("lobby.theHostHandedSS", s.Name)
	switch {
	case s.Kicked:
		note = st.Lang.Say("lobby.theHostHandedSS2", s.Name, s.Name)
	case wasRated:
		note = st.Lang.Say("lobby.theHostHandedSS3", s.Name, s.Name)
		if !st.rated() {
			note += " " + st.Lang.Say("lobby.theGameIsNoLonger")
		}
	}
	return b.replaceWithBot(req, st, i, note)
}

func (b *Bot) start(req protocol.Request, st *gameRecord) (effect, error) {
	if st.Phase != phaseLobby {
		return effect{}, refuse("lobby.alreadyStarted")
	}
	if req.Who.ID != st.Host {
		return effect{}, refuse("lobby.hostStarts", st.hostName())
	}
	if st.Opts.Hints && st.people() > 1 {
		// Hints are for practice: never in a game people are rated in.
		return effect{}, refuse("hint.onlyPractice")
	}
	n := len(st.Seats)
	set := st.Opts.Settings()
	set.Players = n
	// The engine decides who can play; the host only words its answer.
	if err := set.CheckPlayers(); err != nil {
		lo, hi := set.Ruleset.Players()
		switch {
		case st.Opts.Dummy:
			return effect{}, refuse("lobby.dummyPlayers", n)
		case n < lo:
			return effect{}, refuse("lobby.tooFewPlayers", lo)
		case n > hi:
			return effect{}, refuse("lobby.tooManyPlayers", hi, words.P(words.GameKey(st.Opts.Settings())))
		}
		return effect{}, fmt.Errorf("start %s: %w", st.ID, err)
	}
	if st.Opts.HasMenu() {
		m, err := b.startMenu(st, n)
		if err != nil {
			return effect{}, err
		}
		set.Menu = m
	}
	seed := b.seed()
	g, err := b.deal(set, seed)
	if err != nil {
		return effect{}, fmt.Errorf("start %s: %w", st.ID, err)
	}
	st.moveLog = moveLog{Seed: seed}
	now := b.now()
	st.game, st.ownGame, st.Phase, st.Notes = g, true, phasePlaying, nil
	st.turnClock.restart(now)
	posts, _ := b.advance(st, nil)
	ds := b.settle(req, st, posts, true)
	ds = append(ds, startPing(st)...)
	if i := st.seatOf(req.Who.ID); i >= 0 && st.Opts.Hands == protocol.HandsEphemeral && req.Reply.ID != "" {
		// The host pressed Start: show them their hand at once, where the
		// platform leaves a handle to keep it up to date (Discord's
		// token). Slack's click on the public lobby leaves none: a hand
		// posted then could never be updated or removed, and would linger
		// beside the one Show my hand brings.
		hand := protocol.Delivery{Kind: protocol.Reply, To: protocol.Private(req.Who.ID), View: handView(st.snap(), i, protocol.Pick{})}
		if ds[0].Kind == protocol.Reply {
			// A follow-up: the click's handle edits the table it updated,
			// so it must not become this hand's (the table prompts instead).
			ds = append(ds, hand)
		} else {
			ds = append(ds, b.handReply(req, st, i, hand.View))
		}
	}
	return b.afterPlay(req, st, protocol.Response{Deliveries: ds})
}

func (b *Bot) end(req protocol.Request, st *gameRecord) (effect, error) {
	if req.Who.ID != st.Host && !req.Who.Admin {
		return effect{}, refuse("lobby.hostEnds", st.hostName())
	}
	if st.Phase == phaseOver {
		return effect{remove: true, cancel: true, resp: protocol.Response{Deliveries: withAck(req, nil, req.Lang.Say("lobby.theFinishedGameWasCleared"))}}, nil
	}
	if st.Phase == phasePlaying && st.rated() {
		if !st.counted() {
			return b.finishEarly(req, st, st.Lang.Say("lobby.sEndedTheGameBefore", req.Who.Name))
		}
		return b.askToEnd(req, st)
	}
	v := protocol.View{Screen: protocol.ScreenTable, Title: st.Lang.Say("lobby.gameEnded", gameTitle(st.snap())), Text: st.Lang.Say("lobby.sEndedTheGameStart", req.Who.Name), Tone: protocol.ToneOver}
	// The table says it; whoever typed the command is answered privately
	// (a public answer would say it twice).
	ds := withAck(req, append(refreshTable(req, st, v, b.now()), st.handsEnded()...), req.Lang.Say("lobby.doneTheGameIsOver"))
	return effect{remove: true, cancel: true, resp: protocol.Response{Deliveries: ds}}, nil
}

// gameTitle names the game played: its tables' titles start with it.
func gameTitle(st *snapshot) string { return st.w.Say(lookOf(st).title) }

// platformID is what a mention becomes: a Discord snowflake or a Slack
// user ID, which means nothing to a reader.
var platformID = regexp.MustCompile(`^(\d{15,20}|[UW][A-Z0-9]{6,})$`)

// handsEnded turns every private hand message of a game that ended early
// into a note without buttons, so no card looks playable any more.
func (st *gameRecord) handsEnded() []protocol.Delivery {
	var ds []protocol.Delivery
	for i := range st.Seats {
		if s := &st.Seats[i]; s.human() && s.Hand.ID != "" {
			sn := st.snap().to(i)
			ds = append(ds, protocol.Delivery{Kind: protocol.Edit, To: protocol.Private(s.User), Ref: s.Hand.Use(),
				View: protocol.View{Screen: protocol.ScreenHand, Title: sn.w.Say("lobby.gameEnded", gameTitle(sn)), Text: sn.w.Say("lobby.thisGameEndedEarlyIts"), Tone: protocol.ToneOver, Channel: st.Where.Channel}})
		}
	}
	return ds
}

func (b *Bot) rematch(ctx context.Context, req protocol.Request, gameID string) (protocol.Response, error) {
	old, found, err := b.rec.Read(ctx, req.Where.Key())
	if err != nil {
		return protocol.Response{}, err
	}
	if !found {
		return protocol.Response{}, refuse("lobby.rematchGone")
	}
	if gameID != "" && gameID != old.ID {
		return protocol.Response{}, refuse("lobby.rematchOld")
	}
	if old.Phase != phaseOver {
		return protocol.Response{}, refuse("lobby.rematchNotOver")
	}
	if old.seatOf(req.Who.ID) < 0 {
		return protocol.Response{}, refuse("lobby.rematchNotPlayed")
	}
	// The one who asks hosts; the game's bots keep their seats; the other
	// people are invited, once, and sit down only by pressing Join.
	seats := []seat{{User: req.Who.ID, Name: req.Who.Name}}
	var invite []string
	for _, s := range old.Seats {
		switch {
		case s.User == "":
			seats = append(seats, seat{Name: s.Name, Bot: true, Level: s.Level})
		case s.User != req.Who.ID:
			invite = append(invite, s.User)
		}
	}
	return b.newGame(ctx, req, old.Opts, seats, invite...)
}

// finishEarly ends a game nobody is left to play, without recording it.
func (b *Bot) finishEarly(req protocol.Request, st *gameRecord, why string) (effect, error) {
	v := protocol.View{Screen: protocol.ScreenTable, Title: st.Lang.Say("lobby.gameEnded", gameTitle(st.snap())), Text: why, Tone: protocol.ToneOver}
	return effect{remove: true, cancel: true, resp: protocol.Response{Deliveries: append(refreshTable(req, st, v, b.now()), st.handsEnded()...)}}, nil
}

// setMenu changes a Party lobby's menu from the host's selects.
func (b *Bot) setMenu(req protocol.Request, st *gameRecord, a protocol.SetMenu) (effect, error) {
	if st.Phase != phaseLobby {
		return effect{}, refuse("menu.menuAfterStart")
	}
	if a.Part == "menu" && len(a.Values) == 1 && (a.Values[0] == gameParty || a.Values[0] == gameClassic) {
		return b.setGame(req, st, a.Values[0] == gameParty)
	}
	if !st.Opts.HasMenu() {
		return effect{}, refuse("menu.menuInClassic")
	}
	if req.Who.ID != st.Host {
		return effect{}, refuse("menu.hostChoosesMenu", st.hostName())
	}
	o := &st.Opts
	cur, fixed := lobbyMenu(*o)
	if !fixed {
		cur = protocol.DefaultMenu
	}
	ack := ""
	switch a.Part {
	case "menu":
		if len(a.Values) != 1 {
			return effect{}, refuse("menu.oneMenu")
		}
		switch v := a.Values[0]; v {
		case "custom":
			o.Custom, o.Menu = true, cur.String()
			ack = req.Lang.Say("lobby.buildYourMenuWithThe")
		case "recommended":
			o.Custom = false
			ack = req.Lang.Say("lobby.chooseOneOfTheRecommended")
		case protocol.MenuRandom:
			o.Custom, o.Menu = false, protocol.MenuRandom
			ack = req.Lang.Say("lobby.theMenuWillBeDrawn")
		default:
			i := slices.IndexFunc(engine.RecommendedMenus, func(n engine.NamedMenu) bool { return n.Key == v })
			if i < 0 {
				return effect{}, refuse("menu.noSuchMenu", v)
			}
			o.Custom, o.Menu = false, engine.RecommendedMenus[i].Menu.String()
			ack = req.Lang.Say("lobby.menuChosen", req.Lang.RecommendedName(engine.RecommendedMenus[i]))
		}
	default:
		gr, n := map[string]engine.Group{"roll": engine.GroupRoll, "appetizers": engine.GroupAppetizer,
			"specials": engine.GroupSpecial, "dessert": engine.GroupDessert}[a.Part], map[string]int{"roll": 1, "appetizers": 3, "specials": 2, "dessert": 1}[a.Part]
		var ks []engine.Kind
		for _, v := range a.Values {
			k, ok := engine.ParseKind(v)
			if !ok || k.Group() != gr || slices.Contains(ks, k) {
				return effect{}, refuse("menu.notInGroup", v, words.P("group."+gr.String()))
			}
			ks = append(ks, k)
		}
		if len(ks) != n {
			return effect{}, refuse("menu.groupCount",
				words.P("count.group."+gr.String(), n), len(ks), words.P("group."+gr.String()+".many"))
		}
		all := cur.Kinds()
		var next []engine.Kind
		for _, k := range all[1:] {
			if k.Group() != gr {
				next = append(next, k)
			}
		}
		m, err := engine.NewMenu(append(next, ks...)...)
		if err != nil {
			if r := engineRefusal(err); r != nil {
				return effect{}, r
			}
			return effect{}, fmt.Errorf("menu of %s: %w", st.ID, err)
		}
		o.Custom, o.Menu = true, m.String()
		ack = req.Lang.Say("lobby.menuUpdated")
	}
	return effect{save: true, resp: protocol.Response{Deliveries: withAck(req, refreshTableNow(req, st, b.now()), ack)}}, nil
}

// startMenu is the menu a Party game starts with for n players, or a
// refusal saying what to change.
func (b *Bot) startMenu(st *gameRecord, n int) (engine.Menu, error) {
	m, fixed := lobbyMenu(st.Opts)
	if !fixed {
		ms := engine.Menus(n)
		if len(ms) == 0 {
			return engine.Menu{}, refuse("menu.noMenuFits", n)
		}
		return ms[b.seed()%uint64(len(ms))].Menu, nil
	}
	if ps := menuProblems(st.Opts, m, n); len(ps) > 0 {
		// Each line is already worded by hostWords.
		return engine.Menu{}, &protocol.Refusal{Words: ps}
	}
	return m, nil
}

// The values of SetMenu that choose the game rather than a menu: a lobby
// opened without a command (a Discord Activity's) has no `new party`.
const (
	gameParty   = "party"
	gameClassic = "classic"
)

// setGame makes the lobby play Sushi Go Party! (on the default menu until
// the host chooses one) or classic Sushi Go! (host only).
func (b *Bot) setGame(req protocol.Request, st *gameRecord, party bool) (effect, error) {
	if req.Who.ID != st.Host {
		return effect{}, refuse("lobby.hostChoosesGame", st.hostName())
	}
	o := &st.Opts
	ack := req.Lang.Say("lobby.nowClassic")
	if party {
		ack = req.Lang.Say("lobby.nowParty")
	}
	if o.Party == party {
		return effect{resp: protocol.Response{Deliveries: withAck(req, nil, ack)}}, nil
	}
	classic := *o
	classic.Party, classic.Menu, classic.Custom = false, "", false
	if !party && len(st.Seats) > maxSeats(classic) {
		return effect{}, refuse("lobby.tooManyForClassic", maxSeats(classic), len(st.Seats))
	}
	if party {
		// The two-player dummy is classic's; a Party table of two plays
		// the Party rules for two.
		o.Party, o.Menu, o.Custom, o.Dummy = true, "", false, false
	} else {
		*o = classic
	}
	return effect{save: true, resp: protocol.Response{Deliveries: withAck(req, refreshTableNow(req, st, b.now()), ack)}}, nil
}
