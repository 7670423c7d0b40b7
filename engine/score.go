package engine

import "slices"

// Category is one line of a score breakdown.
type Category uint8

// Score categories. Nigiri are split by variant and by whether they sat on a
// wasabi, so a breakdown shows why each one scored what it did.
const (
	CatMaki Category = iota
	CatTempura
	CatSashimi
	CatDumpling
	CatEggNigiri
	CatSalmonNigiri
	CatSquidNigiri
	CatEggOnWasabi
	CatSalmonOnWasabi
	CatSquidOnWasabi
	CatPudding

	// Sushi Go Party! categories. The values are stored in encoded games:
	// append new ones at the end.
	CatTemaki
	CatUramakiRace // points scored during the round on reaching 10 icons
	CatUramaki     // the next unclaimed place at the round's end
	CatEel
	CatTofu
	CatEdamame
	CatMiso
	CatOnigiri
	CatSoySauce
	CatTea
	CatFaceDown // cards a takeout box flipped, 2 each
	CatIceCream
	CatWatermelon
	CatPineapple
	CatOrange
	CatWasabi     // an empty wasabi: 0, shown so nobody wonders
	CatChopsticks // unused chopsticks and spoons: 0

	// NumCategories is one more than the highest Category.
	NumCategories
)

// categoryKeys name the categories; their names are words
// (words.CategoryName).
var categoryKeys = [NumCategories]string{
	CatMaki:           "maki-rolls",
	CatTempura:        "tempura",
	CatSashimi:        "sashimi",
	CatDumpling:       "dumplings",
	CatEggNigiri:      "egg-nigiri",
	CatSalmonNigiri:   "salmon-nigiri",
	CatSquidNigiri:    "squid-nigiri",
	CatEggOnWasabi:    "egg-nigiri-on-wasabi",
	CatSalmonOnWasabi: "salmon-nigiri-on-wasabi",
	CatSquidOnWasabi:  "squid-nigiri-on-wasabi",
	CatPudding:        "pudding",
	CatTemaki:         "temaki",
	CatUramakiRace:    "uramaki-10-icons",
	CatUramaki:        "uramaki-most-left",
	CatEel:            "eel",
	CatTofu:           "tofu",
	CatEdamame:        "edamame",
	CatMiso:           "miso-soup",
	CatOnigiri:        "onigiri",
	CatSoySauce:       "soy-sauce",
	CatTea:            "tea",
	CatFaceDown:       "takeout-box-face-down",
	CatIceCream:       "green-tea-ice-cream",
	CatWatermelon:     "watermelon",
	CatPineapple:      "pineapple",
	CatOrange:         "orange",
	CatWasabi:         "empty-wasabi",
	CatChopsticks:     "unused-chopsticks-or-spoon",
}

// categoryEmoji is each category's symbol, beside its name: a new
// category adds both here.
var categoryEmoji = [NumCategories]string{
	CatMaki: "🍥", CatTempura: "🍤", CatSashimi: "🐟", CatDumpling: "🥟",
	CatEggNigiri: "🥚", CatSalmonNigiri: "🍣", CatSquidNigiri: "🦑",
	CatEggOnWasabi: "🟢🥚", CatSalmonOnWasabi: "🟢🍣", CatSquidOnWasabi: "🟢🦑", CatPudding: "🍮",
	CatTemaki: "🌯", CatUramakiRace: "🍱", CatUramaki: "🍱", CatEel: "🐍",
	CatTofu: "🧈", CatEdamame: "🫘", CatMiso: "🍲", CatOnigiri: "🍙",
	CatSoySauce: "🍶", CatTea: "🍵", CatFaceDown: "🥡", CatIceCream: "🍨",
	CatWatermelon: "🍉", CatPineapple: "🍍", CatOrange: "🍊", CatWasabi: "🟢",
	CatChopsticks: "🥢🥄", // the category counts both
}

// Emoji is the category's symbol in a breakdown line.
func (c Category) Emoji() string {
	if c >= NumCategories {
		return ""
	}
	return categoryEmoji[c]
}

// Key is the category's stable identifier ("egg-nigiri-on-wasabi").
func (c Category) Key() string {
	if c < NumCategories {
		return categoryKeys[c]
	}
	return "unknown"
}

// String returns the category's Key.
func (c Category) String() string { return c.Key() }

// Breakdown is one seat's score for one round (or for dessert at game end),
// category by category.
type Breakdown struct {
	// Count is the number of cards per category; for CatMaki, the icons.
	Count [NumCategories]uint8
	// Points per category.
	Points [NumCategories]int16
	// Place is the seat's place in a race category (maki: 1 for most, 2 for
	// second; pudding: 1 for most, -1 for fewest), 0 when it placed nowhere.
	Place [NumCategories]int8
	// Shared is how many seats shared that place (1 when alone).
	Shared [NumCategories]uint8
	// Detail is what else explains the points: edamame, the opponents with
	// edamame; soy sauce, the seat's colours; tea, its largest colour group;
	// onigiri, its different shapes; uramaki race, the icons reached.
	Detail [NumCategories]uint8
}

// Total is the sum of the breakdown's points.
func (b *Breakdown) Total() int {
	t := 0
	for _, p := range b.Points {
		t += int(p)
	}
	return t
}

// classicTotal is Total for a classic breakdown, which scores only the
// classic categories: the hot loop of a classic game skips the rest.
func classicTotal(b *Breakdown) int {
	t := 0
	for _, p := range b.Points[:CatPudding+1] {
		t += int(p)
	}
	return t
}

// Line is one category of a Breakdown, for display.
type Line struct {
	Category Category
	Count    int
	Points   int
	Place    int
	Shared   int
	Detail   int
}

// Lines returns the categories in which the seat played cards or scored, in
// category order.
func (b *Breakdown) Lines() []Line {
	var ls []Line
	for c := range NumCategories {
		if b.Count[c] == 0 && b.Points[c] == 0 && b.Place[c] == 0 {
			continue
		}
		ls = append(ls, Line{c, int(b.Count[c]), int(b.Points[c]), int(b.Place[c]), int(b.Shared[c]), int(b.Detail[c])})
	}
	return ls
}

var dumplingPoints = [...]int{0, 1, 3, 6, 10, 15}

// ScoreTempura returns the points for n tempura: 5 per pair.
func ScoreTempura(n int) int { return n / 2 * 5 }

// ScoreSashimi returns the points for n sashimi: 10 per set of three.
func ScoreSashimi(n int) int { return n / 3 * 10 }

// ScoreDumplings returns the points for n dumplings: 1, 3, 6, 10, 15 for
// 1 to 5 or more.
func ScoreDumplings(n int) int { return dumplingPoints[min(n, 5)] }

// MakiPoints awards the maki race for one round (ruling C1): most icons 6,
// second 3; ties split the points rounding down, a tie for most pays no second
// place, and zero icons never place. It writes each seat's points and place
// into points and place, which must be as long as icons.
func MakiPoints(icons, points, place []int) {
	first, second := 0, 0
	for _, n := range icons {
		if n > first {
			first, second = n, first
		} else if n > second && n < first {
			second = n
		}
	}
	nFirst, nSecond := 0, 0
	for _, n := range icons {
		switch {
		case n == 0:
		case n == first:
			nFirst++
		case n == second:
			nSecond++
		}
	}
	for i, n := range icons {
		points[i], place[i] = 0, 0
		switch {
		case n == 0:
		case n == first:
			points[i], place[i] = 6/nFirst, 1
		case n == second && nFirst == 1:
			points[i], place[i] = 3/nSecond, 2
		}
	}
}

// PuddingPoints scores puddings at game end (ruling C2): most +6 split, fewest
// (zero counts) −6 split, both rounded toward zero; all equal scores nothing;
// with two tableaux there is no −6. It writes into points and place (1 most,
// -1 fewest), which must be as long as counts.
func PuddingPoints(counts, points, place []int) {
	most, fewest := slices.Max(counts), slices.Min(counts)
	nMost, nFewest := 0, 0
	for _, n := range counts {
		if n == most {
			nMost++
		}
		if n == fewest {
			nFewest++
		}
	}
	for i, n := range counts {
		points[i], place[i] = 0, 0
		switch {
		case most == fewest:
		case n == most:
			points[i], place[i] = 6/nMost, 1
		case n == fewest && len(counts) > 2:
			points[i], place[i] = -6/nFewest, -1
		}
	}
}

// scoreRound fills the breakdowns of the round just played.
func (g *Game) scoreRound() {
	var icons, points, place [MaxSeats]int
	r := &g.scores[g.round-1]
	for s := 0; s < g.seats; s++ {
		b := &r[s]
		*b = Breakdown{}
		cnt := &g.count[s]
		icons[s] = int(cnt[Maki1]) + 2*int(cnt[Maki2]) + 3*int(cnt[Maki3])
		b.Count[CatMaki] = uint8(icons[s])
		b.Count[CatTempura], b.Points[CatTempura] = cnt[Tempura], int16(ScoreTempura(int(cnt[Tempura])))
		b.Count[CatSashimi], b.Points[CatSashimi] = cnt[Sashimi], int16(ScoreSashimi(int(cnt[Sashimi])))
		b.Count[CatDumpling], b.Points[CatDumpling] = cnt[Dumpling], int16(ScoreDumplings(int(cnt[Dumpling])))
		for v := range 3 {
			on := g.onWasabi[s][v+1]
			plain := cnt[EggNigiri+Card(v)] - on
			b.Count[CatEggNigiri+Category(v)], b.Points[CatEggNigiri+Category(v)] = plain, int16(plain)*int16(v+1)
			b.Count[CatEggOnWasabi+Category(v)], b.Points[CatEggOnWasabi+Category(v)] = on, int16(on)*int16(3*(v+1))
		}
	}
	n := g.seats
	MakiPoints(icons[:n], points[:n], place[:n])
	fillRace(r[:n], CatMaki, points[:n], place[:n])
	for s := range n {
		g.total[s] += int16(classicTotal(&r[s]))
	}
}

// scoreDessert scores puddings after round 3.
func (g *Game) scoreDessert() {
	var counts, points, place [MaxSeats]int
	n := g.seats
	for s := range n {
		counts[s] = int(g.puddings[s])
		g.dessert[s] = Breakdown{}
		g.dessert[s].Count[CatPudding] = g.puddings[s]
	}
	PuddingPoints(counts[:n], points[:n], place[:n])
	fillRace(g.dessert[:n], CatPudding, points[:n], place[:n])
	for s := range n {
		g.total[s] += int16(classicTotal(&g.dessert[s]))
	}
}

// fillRace copies a race's points and places into breakdowns, with the number
// of seats sharing each place.
func fillRace(bs []Breakdown, cat Category, points, place []int) {
	for s := range bs {
		bs[s].Points[cat] = int16(points[s])
		bs[s].Place[cat] = int8(place[s])
		if place[s] == 0 {
			continue
		}
		shared := 0
		for _, p := range place {
			if p == place[s] {
				shared++
			}
		}
		bs[s].Shared[cat] = uint8(shared)
	}
}

// RoundScore returns seat's breakdown for a finished round (1 to 3); ok is
// false for a round not yet scored or a seat out of range.
func (g *Game) RoundScore(round, seat int) (b Breakdown, ok bool) {
	if round < 1 || round > Rounds || seat < 0 || seat >= g.seats || !g.roundScored(round) {
		return Breakdown{}, false
	}
	return g.scores[round-1][seat], true
}

// DessertScore returns seat's pudding breakdown once the game is over.
func (g *Game) DessertScore(seat int) (b Breakdown, ok bool) {
	if !g.over || seat < 0 || seat >= g.seats {
		return Breakdown{}, false
	}
	return g.dessert[seat], true
}

func (g *Game) roundScored(round int) bool { return round < g.round || g.over }

// RoundsScored is how many rounds are scored: the length of the public
// view's Scores, without drawing the view.
func (g *Game) RoundsScored() int {
	n := 0
	for r := 1; r <= Rounds; r++ {
		if g.roundScored(r) {
			n++
		}
	}
	return n
}

// Score returns seat's points so far: every scored round, plus puddings once
// the game is over.
func (g *Game) Score(seat int) int {
	if seat < 0 || seat >= g.seats {
		return 0
	}
	return int(g.total[seat])
}

// Puddings returns how many puddings seat keeps from finished rounds.
func (g *Game) Puddings(seat int) int {
	if seat < 0 || seat >= g.seats {
		return 0
	}
	return g.rules().puddings(g, seat)
}

// puddingsClassic counts the puddings a classic seat keeps.
func (g *Game) puddingsClassic(seat int) int { return int(g.puddings[seat]) }

// puddingsParty counts a Party seat's desserts when the menu's dessert is
// pudding, else none.
func (g *Game) puddingsParty(seat int) int {
	if g.set.Menu.Dessert != KindPudding {
		return 0
	}
	return g.desserts(seat)
}

// Standing is one player's final result.
type Standing struct {
	Seat     int
	Score    int
	Puddings int
	// Place is 1 for the winner(s); tied players share a place (ruling C3).
	Place int
	// Shared is true when another player has the same place.
	Shared bool
	// ByPuddings is true when a player with the same score was ranked
	// differently because of puddings (classic).
	ByPuddings bool
	// Desserts is the number of dessert cards kept (Party), the tie-break
	// of ruling P10.
	Desserts int
	// ByDesserts is true when a player with the same score was ranked
	// differently because of desserts (Party).
	ByDesserts bool
}

// AppendStandings appends the players' ranking, best first, to dst: highest
// score, then most puddings (classic, C3) or most dessert cards (Party, P10),
// then a shared place. The dummy is never ranked. During play it ranks the
// scores so far.
func (g *Game) AppendStandings(dst []Standing) []Standing {
	start := len(dst)
	party := g.party()
	for s := 0; s < g.set.Players; s++ {
		st := Standing{Seat: s, Score: g.Score(s), Puddings: g.Puddings(s)}
		if party {
			st.Desserts = g.desserts(s)
		}
		dst = append(dst, st)
	}
	st := dst[start:]
	tie := func(x *Standing) int {
		if party {
			return x.Desserts
		}
		return x.Puddings
	}
	for i := range st {
		st[i].Place = 1
		for j := range st {
			a, b := &st[i], &st[j]
			if b.Score > a.Score || (b.Score == a.Score && tie(b) > tie(a)) {
				a.Place++
			}
			if i != j && b.Score == a.Score && tie(b) != tie(a) {
				if party {
					a.ByDesserts = true
				} else {
					a.ByPuddings = true
				}
			}
		}
	}
	for i := range st {
		for j := range st {
			if i != j && st[i].Place == st[j].Place {
				st[i].Shared = true
			}
		}
	}
	slices.SortStableFunc(st, func(a, b Standing) int { return a.Place - b.Place })
	return dst
}

// Standings returns the players' ranking; see AppendStandings.
func (g *Game) Standings() []Standing { return g.AppendStandings(nil) }
