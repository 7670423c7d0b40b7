package boards

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// boardStats is what a profile shows of one game's board.
type boardStats struct {
	party       bool
	profile     storage.Profile
	month, week storage.Stats
	// now is the profile's rating as of now (Widened by time away).
	now storage.Rating
}

// profileOf reads a player's profile on both boards (classic and Party).
func (b *Boards) profileOf(ctx context.Context, where protocol.Location, who string) ([2]boardStats, error) {
	var out [2]boardStats
	now := b.now()
	for i, party := range []bool{false, true} {
		board := where.Board(party)
		p, err := b.store.Profile(ctx, board, who)
		if err != nil {
			return out, fmt.Errorf("profile: %w", err)
		}
		out[i] = boardStats{party: party, profile: p, now: Widened(p.Rating, now)}
		if p.Games == 0 {
			continue
		}
		if out[i].month, err = b.store.PlayerStats(ctx, board, who, storage.Month, now); err != nil {
			return out, fmt.Errorf("profile: %w", err)
		}
		if out[i].week, err = b.store.PlayerStats(ctx, board, who, storage.Week, now); err != nil {
			return out, fmt.Errorf("profile: %w", err)
		}
	}
	return out, nil
}

// findPlayer resolves what someone typed after `stats` (a mention gives an
// ID; a name is looked up among the community's players) to a player ID.
func (b *Boards) findPlayer(ctx context.Context, where protocol.Location, typed string) (string, error) {
	for _, party := range []bool{false, true} {
		p, err := b.store.Profile(ctx, where.Board(party), typed)
		if err != nil {
			return "", fmt.Errorf("stats: %w", err)
		}
		if p.Games > 0 {
			return typed, nil
		}
	}
	for _, party := range []bool{false, true} {
		es, err := b.store.Top(ctx, storage.Query{Community: where.Board(party), At: b.now(), By: storage.ByWins, N: 1000})
		if err != nil {
			return "", fmt.Errorf("stats: %w", err)
		}
		for _, e := range es {
			if strings.EqualFold(e.Name, typed) {
				return e.PlayerID, nil
			}
		}
	}
	return typed, nil
}

// Stats is a player's profile (the asker's, or a.Player's), privately.
func (b *Boards) Stats(ctx context.Context, req protocol.Request, a protocol.Stats) (protocol.Response, error) {
	w := req.Lang
	if req.Where.Community == "" {
		return protocol.Response{}, refuse("where.statsInChannel")
	}
	who := req.Who.ID
	if a.Player != "" {
		var err error
		if who, err = b.findPlayer(ctx, req.Where, a.Player); err != nil {
			return protocol.Response{}, err
		}
	}
	boards, err := b.profileOf(ctx, req.Where, who)
	if err != nil {
		return protocol.Response{}, err
	}
	versus := ""
	if who != req.Who.ID {
		versus = req.Who.ID
	}
	v := profileView(w, boards, a.Player, versus, b.cfg.MinRatedGames)
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: v}}}, nil
}

// Home is a user's home page (Slack's App Home): their profile and the
// community's boards by rating, its commands spelled as style spells them.
func (b *Boards) Home(ctx context.Context, w words.Lang, where protocol.Location, user string, style protocol.CommandStyle) (protocol.View, error) {
	boards, err := b.profileOf(ctx, where, user)
	if err != nil {
		return protocol.View{}, err
	}
	v := profileView(w, boards, "", "", b.cfg.MinRatedGames)
	v.Title = w.Say("profile.sushiGoYourGames")
	for _, party := range []bool{false, true} {
		if party && boards[1].profile.Games == 0 {
			continue
		}
		a := protocol.Leaderboard{By: protocol.ByRating, Party: party}
		top, err := b.top(ctx, where, a)
		if err != nil {
			return protocol.View{}, fmt.Errorf("home: %w", err)
		}
		lb := leaderboardView(w, top, a, b.cfg.MinRatedGames)
		v.Fields = append(v.Fields, protocol.Field{Name: strings.TrimPrefix(lb.Title, "🏅 "), Value: lb.Text})
	}
	v.Footer = w.Say("profile.playWithSushigoNewIn")
	return protocol.Spoken(style, v), nil
}

// boardLength is how many players a board shows; boardReach how many the
// rating board reads to find them among provisional ones.
const (
	boardLength = 10
	boardReach  = 100
)

// top reads a board. The rating board shows ratings as of now (Widened)
// and only settled players: a provisional rating, a newcomer's or one
// grown uncertain with time away, is no place to rank anybody.
func (b *Boards) top(ctx context.Context, where protocol.Location, a protocol.Leaderboard) ([]storage.Entry, error) {
	now := b.now()
	q := storage.Query{Community: where.Board(a.Party), Period: storedPeriod[a.Period], At: now, By: storedRanking[a.By], N: boardLength, MinGames: b.cfg.MinRatedGames}
	if a.By != protocol.ByRating {
		return b.store.Top(ctx, q)
	}
	q.N = boardReach
	all, err := b.store.Top(ctx, q)
	if err != nil {
		return nil, err
	}
	var out []storage.Entry
	for _, e := range all {
		e.Rating = Widened(e.Rating, now)
		if !Provisional(e.Rating) {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(x, y storage.Entry) int { return cmp.Compare(y.Rating.Ordinal(), x.Rating.Ordinal()) })
	return out[:min(len(out), boardLength)], nil
}

// Leaderboard posts a community's board for a period, ranked as asked.
func (b *Boards) Leaderboard(ctx context.Context, req protocol.Request, a protocol.Leaderboard) (protocol.Response, error) {
	w := req.Lang
	if req.Where.Community == "" {
		return protocol.Response{}, refuse("where.leaderboardInChannel")
	}
	top, err := b.top(ctx, req.Where, a)
	if err != nil {
		return protocol.Response{}, fmt.Errorf("leaderboard: %w", err)
	}
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: leaderboardView(w, top, a, b.cfg.MinRatedGames)}}}, nil
}

// ratingText is a rating with its change in the last game: "1112 (+112)",
// "1112? (+112)" while provisional. The change is from the rating the game
// rated from: prev widened to when r was set.
func ratingText(w words.Lang, r, prev storage.Rating) string {
	d := Display(r) - Display(Widened(prev, r.At))
	return fmt.Sprintf("**%s** (%s)", Shown(r), w.Signed(d))
}

// periodKeys and rankingKeys name a leaderboard's period and order.
var (
	periodKeys  = map[protocol.Period]words.Key{protocol.AllTime: "leaderboard.allTime", protocol.Month: "leaderboard.thisMonth", protocol.Week: "leaderboard.thisWeek"}
	rankingKeys = map[protocol.Ranking]words.Key{protocol.ByWins: "leaderboard.byWins", protocol.ByPoints: "leaderboard.byPoints", protocol.ByRating: "leaderboard.byRating"}
)

// storedPeriod and storedRanking are a leaderboard's period and order as
// the store names them.
var (
	storedPeriod  = map[protocol.Period]storage.Period{protocol.AllTime: storage.AllTime, protocol.Month: storage.Month, protocol.Week: storage.Week}
	storedRanking = map[protocol.Ranking]storage.Metric{protocol.ByWins: storage.ByWins, protocol.ByPoints: storage.ByPoints, protocol.ByRating: storage.ByRating}
)

func leaderboardView(w words.Lang, top []storage.Entry, a protocol.Leaderboard, minGames int) protocol.View {
	by := w.Say(rankingKeys[a.By])
	period := w.Say(periodKeys[a.Period])
	v := protocol.View{Screen: protocol.ScreenBoard, Title: w.Say("leaderboard.title", period, by), Tone: protocol.ToneInfo}
	if a.Party {
		v.Title = w.Say("profile.sushiGoPartyLeaderboardS", period, by)
	} else {
		v.Footer = w.Say("profile.sushiGoPartyGamesHave")
	}
	if a.By == protocol.ByRating {
		v.Footer = strings.TrimSpace(w.Say("boards.ratingFooter", w.Count("ratedGame", minGames), v.Footer))
	}
	if len(top) == 0 {
		v.Text = w.Say("profile.noFinishedGamesYetPlay")
		if a.By == protocol.ByRating {
			v.Text = w.Say("boards.nobodySettled", SettlesAfter(w))
			if a.Period != protocol.AllTime {
				v.Text = w.Say("profile.nobodyWhoPlayedSHas", period, SettlesAfter(w))
			}
		}
		return v
	}
	var lines []string
	for i, e := range top {
		if a.By == protocol.ByRating {
			lines = append(lines, fmt.Sprintf("%d. **%s** — %s · %s, %s", i+1, e.Name, ratingText(w, e.Rating, e.Previous), w.Count("game", e.Games), w.Count("win", e.Wins)))
			continue
		}
		lines = append(lines, w.Say("leaderboard.pointsLine", i+1, e.Name, w.Count("win", e.Wins), w.Count("point", e.Points), w.Count("game", e.Games)))
	}
	v.Text = strings.Join(lines, "\n")
	return v
}

// profileView shows a player's profile: per game played, rating and trend,
// totals, favourite card, best category, and the record against versus
// (the asking player) when set.
func profileView(w words.Lang, boards [2]boardStats, typed, versus string, minGames int) protocol.View {
	name := ""
	for _, bs := range boards {
		if bs.profile.Name != "" {
			name = protocol.NameIn(w, bs.profile.PlayerID, bs.profile.Name)
		}
	}
	v := protocol.View{Screen: protocol.ScreenBoard, Title: w.Say("profile.title", name), Tone: protocol.ToneInfo}
	if name == "" {
		// Never show a platform's user ID as a name.
		v.Title = w.Say("profile.statsTitle")
	}
	played := false
	for _, bs := range boards {
		p := bs.profile
		if p.Games == 0 {
			continue
		}
		played = true
		prefix := ""
		if bs.party {
			prefix = w.Say("profile.partyPrefix")
		}
		add := func(n, val string) { v.Fields = append(v.Fields, protocol.Field{Name: prefix + n, Value: val}) }
		if p.Rating.Rated() {
			val := w.Say("boards.afterTheLastGame", ratingText(w, p.Rating, p.Previous))
			if now := bs.now; now.Rated() && Shown(now) != Shown(p.Rating) {
				val += w.Say("profile.nowSLessCertainAfter", Shown(now))
			}
			if len(p.Trend) > 1 {
				var t []string
				for _, r := range p.Trend {
					t = append(t, strconv.Itoa(Display(r)))
				}
				val += w.Say("profile.trend", len(p.Trend), strings.Join(t, " → "))
			}
			if p.Rated < minGames {
				val += w.Say("profile.onTheBoardAfterS", w.Count("ratedGame", minGames), minGames-p.Rated)
			}
			add(w.Say("profile.rating"), val)
		} else {
			add(w.Say("profile.rating"), w.Say("profile.notRatedYetAGame"))
		}
		games := w.Say("profile.sSDAverage1f",
			w.Count("game", p.Games), w.Count("win", p.Wins), (100*p.Wins+p.Games/2)/p.Games,
			w.Tenths(float64(p.TotalScore)/float64(p.Games)), p.BestScore, w.Decimal(p.AveragePlace(), 2))
		if p.Quits > 0 {
			// A forfeit is part of the record, as on any rated site.
			games += " · " + w.Count("quit", p.Quits)
		}
		add(w.Say("profile.games"), games)
		add(w.Say("profile.thisMonthThisWeek"), fmt.Sprintf("%s, %s · %s, %s",
			w.Count("game", bs.month.Games), w.Count("win", bs.month.Wins),
			w.Count("game", bs.week.Games), w.Count("win", bs.week.Wins)))
		if k, n := top1(p.Cards); n > 0 {
			card, emoji := cardFromKey(w, k)
			add(w.Say("profile.favouriteCard"), strings.TrimSpace(emoji+" "+card)+" — "+w.Count("taken", n))
		}
		if k, n := top1(p.Categories); n > 0 {
			add(w.Say("profile.bestCategory"), w.Say("profile.bestCategoryValue", categoryShown(w, k), w.Tenths(float64(n)/float64(p.Games))))
		}
		if versus != "" {
			h := p.Versus[versus]
			val := w.Say("profile.neverAtTheSameTable")
			if h.Games > 0 {
				val = w.Say("profile.sTogetherSAheadD", w.Count("game", h.Games), cmp.Or(name, w.Say("profile.theyWere")), h.Wins, h.Losses, h.Games-h.Wins-h.Losses)
			}
			add(w.Say("profile.againstYou"), val)
		}
	}
	if !played {
		v.Text = w.Say("profile.noFinishedGamesYet")
		if typed != "" {
			v.Text = w.Say("profile.thatPlayerHasNoFinished")
		}
	}
	return v
}

// top1 is the key with the largest count (ties: the first by name).
func top1(m map[string]int) (string, int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	best, n := "", 0
	for _, k := range keys {
		if m[k] > n {
			best, n = k, m[k]
		}
	}
	return best, n
}
