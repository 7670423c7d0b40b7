package boards

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Summary is a finished game's entry in its community's history: enough
// to list it and to show its scores again. It is stored (Result.Summary):
// its format is versioned and pinned by testdata/history; a later version
// must keep reading every earlier one.
type Summary struct {
	V     int    `json:"v"`
	Game  string `json:"game"` // "classic" or "party"
	Menu  string `json:"menu,omitempty"`
	Dummy bool   `json:"dummy,omitempty"`
	// Seats in final standing order.
	Seats []SummarySeat `json:"seats"`
}

// SummarySeat is one seat of a finished game as the history keeps it.
type SummarySeat struct {
	ID   string `json:"id,omitempty"` // empty for a bot that never was a person
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"` // a bot's level
	// Left marks a person who forfeited: ID is theirs, Bot the level of
	// the bot that finished their seat ("" when they came back to it).
	// Removed marks one the host removed while absent (rated by the
	// seat), Unrated one who left before the game counted. All optional,
	// so version 1 still reads.
	Left    bool           `json:"left,omitempty"`
	Removed bool           `json:"removed,omitempty"`
	Unrated bool           `json:"unrated,omitempty"`
	Score   int            `json:"score"`
	Place   int            `json:"place"`
	Rounds  []int          `json:"rounds"`
	Dessert int            `json:"dessert"`
	Points  map[string]int `json:"points,omitempty"` // by category
}

// SummaryVersion is the version of the history entries this build writes.
const SummaryVersion = 1

// MenuName is a Party game's menu as people know it: a recommended menu's
// name, else its text form.
func MenuName(w words.Lang, o protocol.Options) string {
	m, err := engine.ParseMenu(o.Menu)
	if err != nil {
		return o.Menu
	}
	for _, r := range engine.RecommendedMenus {
		if r.Menu == m {
			return w.RecommendedName(r)
		}
	}
	return m.String()
}

// menuShown is a stored menu's name in w: a recommended menu is stored by
// its English name, a custom one by its cards' keys, shown as "Custom
// menu" and the cards' emoji (the keys are English words).
func menuShown(w words.Lang, stored string) string {
	for _, r := range engine.RecommendedMenus {
		if words.English.RecommendedName(r) == stored {
			return w.RecommendedName(r)
		}
	}
	m, err := engine.ParseMenu(stored)
	if err != nil {
		return stored
	}
	if _, ok := engine.Recommended(m); ok {
		return w.MenuName(m)
	}
	var emoji strings.Builder
	for _, k := range m.Kinds() {
		emoji.WriteString(k.Emoji())
	}
	return w.MenuName(m) + " " + emoji.String()
}

// DecodeSummary reads a stored history entry of any version this build
// knows.
func DecodeSummary(data []byte) (Summary, error) {
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("bot: decode history entry: %w", err)
	}
	if s.V < 1 || s.V > SummaryVersion {
		return s, fmt.Errorf("bot: history entry of version %d, this build reads 1–%d", s.V, SummaryVersion)
	}
	return s, nil
}

// History lists a community's last finished games (or one game's scores
// again, with a.Open), privately.
func (b *Boards) History(ctx context.Context, req protocol.Request, a protocol.History) (protocol.Response, error) {
	w := req.Lang
	if req.Where.Community == "" {
		return protocol.Response{}, refuse("where.historyInChannel")
	}
	board := req.Where.Board(a.Party)
	n := protocol.HistoryShown
	if a.Open > 0 {
		n = a.Open
	}
	games, err := b.store.History(ctx, board, n)
	if err != nil {
		return protocol.Response{}, fmt.Errorf("history: %w", err)
	}
	if a.Open > 0 {
		if a.Open > len(games) {
			return protocol.Response{}, refuse("where.noSuchHistory", a.Open, protocol.HistoryShown)
		}
		v, err := pastView(w, games[a.Open-1])
		if err != nil {
			return protocol.Response{}, err
		}
		return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: v}}}, nil
	}
	return protocol.Response{Deliveries: []protocol.Delivery{{Kind: protocol.Reply, To: protocol.Channel, View: historyView(w, games, a.Party, b.now())}}}, nil
}

// PastGame shows one recorded game's final scores, privately.
func (b *Boards) PastGame(ctx context.Context, req protocol.Request, a protocol.PastGame) (protocol.Response, error) {
	w := req.Lang
	g, err := b.store.HistoryGame(ctx, req.Where.Board(a.Party), a.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return protocol.Response{}, refuse("where.historyForgotten", storage.HistoryLength)
	}
	if err != nil {
		return protocol.Response{}, fmt.Errorf("history game %s: %w", a.ID, err)
	}
	v, err := pastView(w, g)
	if err != nil {
		return protocol.Response{}, err
	}
	return privateReply(req, v), nil
}

func historyView(w words.Lang, games []storage.Game, partyBoard bool, now time.Time) protocol.View {
	v := protocol.View{Screen: protocol.ScreenBoard, Title: w.Say("history.recentGames"), Tone: protocol.ToneInfo}
	if partyBoard {
		v.Title = w.Say("history.recentSushiGoPartyGames")
	} else {
		v.Footer = w.Say("history.sushiGoPartyGamesHave")
	}
	if len(games) == 0 {
		v.Text = w.Say("history.noFinishedGamesYetPlay")
		return v
	}
	var lines []string
	var row []protocol.Button
	for i, g := range games {
		s, err := DecodeSummary(g.Summary)
		if err != nil {
			lines = append(lines, w.Say("history.dSUnreadableEntry", i+1, w.When(g.FinishedAt, now)))
			continue
		}
		var who []string
		var winners []string
		best := 0 // the best place of a seat that played on: leavers forfeit
		for _, ss := range s.Seats {
			if !ss.Left && (best == 0 || ss.Place < best) {
				best = ss.Place
			}
		}
		for _, ss := range s.Seats {
			who = append(who, protocol.NameIn(w, ss.ID, ss.Name)+" "+w.Number(ss.Score))
			if ss.Place == best && !ss.Left {
				winners = append(winners, "**"+protocol.NameIn(w, ss.ID, ss.Name)+"**")
			}
		}
		won := "🏆 " + strings.Join(winners, " & ")
		if len(winners) == 0 {
			won = w.Say("history.everyoneLeft")
		}
		game := w.Say("history.sushiGo")
		if s.Game == "party" {
			game = w.Say("history.partyMenu", menuShown(w, s.Menu))
		} else if s.Dummy {
			game = w.Say("history.sushiGoDummy")
		}
		lines = append(lines, fmt.Sprintf("%d. %s — %s — %s — %s", i+1, w.When(g.FinishedAt, now), game,
			won, strings.Join(who, w.Say("list.comma"))))
		if l := changesLine(w, s, g); l != "" {
			lines = append(lines, "    "+l)
		}
		row = append(row, protocol.Button{Label: fmt.Sprint(i + 1), ActionID: protocol.PastGameID(g.ID, partyBoard)})
		if len(row) == 5 {
			v.Rows, row = append(v.Rows, row), nil
		}
	}
	if len(row) > 0 {
		v.Rows = append(v.Rows, row)
	}
	v.Text = strings.Join(lines, "\n")
	if v.Footer != "" {
		v.Footer = w.Say("history.aNumberShowsThatGameClassic") + " " + v.Footer
	} else {
		v.Footer = w.Say("history.aNumberShowsThatGame")
	}
	return v
}

// pastView shows a recorded game's final scores: each seat's rounds and
// dessert adding up to the total, and its points by category.
func pastView(w words.Lang, g storage.Game) (protocol.View, error) {
	s, err := DecodeSummary(g.Summary)
	if err != nil {
		return protocol.View{}, err
	}
	title := w.Say("history.sushiGo")
	if s.Game == "party" {
		title = w.Say("history.partyWithMenu", menuShown(w, s.Menu))
	}
	v := protocol.View{Screen: protocol.ScreenBoard, Title: w.Say("history.pastTitle", title, w.DateTime(g.FinishedAt)), Tone: protocol.ToneOver}
	var lines []string
	for _, ss := range s.Seats {
		m := "  "
		if ss.Place <= len(medals) {
			m = medals[ss.Place-1]
		}
		name := protocol.NameIn(w, ss.ID, ss.Name)
		switch {
		case ss.Left && ss.Bot == "":
			name += w.Say("history.cameBack")
		case ss.Left:
			name += w.Say("history.leftBotFinished", w.BotLevel(ss.Bot))
		case ss.Removed:
			name += w.Say("history.removedBotFinished", w.BotLevel(ss.Bot))
		case ss.Unrated:
			name += w.Say("history.leftEarly")
		case ss.Bot != "" && ss.Bot != "dummy":
			name += w.Say("history.botSeat", w.BotLevel(ss.Bot))
		}
		var rounds []string
		for _, r := range ss.Rounds {
			rounds = append(rounds, strconv.Itoa(r))
		}
		if ss.Dessert != 0 {
			rounds = append(rounds, w.Say("render.dessertPoints", w.PointsSigned(ss.Dessert)))
		}
		lines = append(lines, w.Say("history.standingLine", m, ss.Place, name, ss.Score, strings.Join(rounds, " · ")))
		type cat struct {
			name string
			pts  int
		}
		var cats []cat
		for k, p := range ss.Points {
			if p != 0 {
				cats = append(cats, cat{k, p})
			}
		}
		slices.SortFunc(cats, func(a, b cat) int { return cmp.Or(cmp.Compare(b.pts, a.pts), cmp.Compare(a.name, b.name)) })
		var parts []string
		for _, c := range cats {
			parts = append(parts, fmt.Sprintf("%s %s", categoryShown(w, c.name), w.PointsSigned(c.pts)))
		}
		if len(parts) > 0 {
			lines = append(lines, "    "+strings.Join(parts, " · "))
		}
	}
	if l := changesLine(w, s, g); l != "" {
		lines = append(lines, l)
	}
	v.Text = strings.Join(lines, "\n")
	return v, nil
}

// changesLine tells how a recorded game moved its players' ratings:
// "📈 Ann 1120 (+40) · Bob 1000 (±0)"; "" for an unrated game. A change is
// counted from the rating as the game rated from it: widened by the time
// away up to the game's end (the ratings post says the same).
func changesLine(w words.Lang, s Summary, g storage.Game) string {
	var parts []string
	for _, c := range g.Ratings {
		name := c.Player
		for _, ss := range s.Seats {
			if ss.ID == c.Player {
				name = protocol.NameIn(w, ss.ID, ss.Name)
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", name, Shown(c.After), w.Signed(Display(c.After)-Display(Widened(c.Prior, g.FinishedAt)))))
	}
	if len(parts) == 0 {
		return ""
	}
	return "📈 " + strings.Join(parts, " · ")
}

// categoryStored is the name each score category is stored under in
// History summaries and profiles: the English names of the first release,
// kept as identifiers whatever language a player reads them in.
// Not player words: stored identifiers.
var categoryStored = [engine.NumCategories]string{
	engine.CatMaki:           "Maki rolls",
	engine.CatTempura:        "Tempura",
	engine.CatSashimi:        "Sashimi",
	engine.CatDumpling:       "Dumplings",
	engine.CatEggNigiri:      "Egg nigiri",
	engine.CatSalmonNigiri:   "Salmon nigiri",
	engine.CatSquidNigiri:    "Squid nigiri",
	engine.CatEggOnWasabi:    "Egg nigiri on wasabi",
	engine.CatSalmonOnWasabi: "Salmon nigiri on wasabi",
	engine.CatSquidOnWasabi:  "Squid nigiri on wasabi",
	engine.CatPudding:        "Pudding",
	engine.CatTemaki:         "Temaki",
	engine.CatUramakiRace:    "Uramaki (10 icons)",
	engine.CatUramaki:        "Uramaki (most left)",
	engine.CatEel:            "Eel",
	engine.CatTofu:           "Tofu",
	engine.CatEdamame:        "Edamame",
	engine.CatMiso:           "Miso soup",
	engine.CatOnigiri:        "Onigiri",
	engine.CatSoySauce:       "Soy sauce",
	engine.CatTea:            "Tea",
	engine.CatFaceDown:       "Takeout box (face down)",
	engine.CatIceCream:       "Green tea ice cream",
	engine.CatWatermelon:     "Watermelon",
	engine.CatPineapple:      "Pineapple",
	engine.CatOrange:         "Orange",
	engine.CatWasabi:         "Empty wasabi",
	engine.CatChopsticks:     "Unused chopsticks or spoon",
}

// StoredName is the name category c is stored under.
func StoredName(c engine.Category) string { return categoryStored[c] }

// categoryShown is a category stored by name as a player reads it: its
// symbol and name, or the stored name for one this build does not know.
func categoryShown(w words.Lang, name string) string {
	for c := range engine.NumCategories {
		if categoryStored[c] == name {
			return c.Emoji() + " " + w.CategoryName(c)
		}
	}
	return name
}

// medals mark the first three places.
var medals = []string{"🥇", "🥈", "🥉"}
