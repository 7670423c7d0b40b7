package engine

func (s Settings) rollKind() Kind {
	if s.Ruleset == Party {
		return s.Menu.Roll
	}
	return KindMaki
}

func setCount(b *Breakdown, c Category, n, pts int) {
	b.Count[c] = uint8(n)
	b.Points[c] = int16(pts)
}

func map2(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}

// PartyMakiPoints awards the Party maki race (seed 002, ruling P2): 6 and 3 for
// the two highest totals at 2–5 players, 6, 4 and 2 for the three highest
// at 6–8, every tied player in full, dense ranking, at least one icon. It
// writes each seat's points and place into points and place.
func PartyMakiPoints(players int, icons, points, place []int) {
	pay := [3]int{6, 3, 0}
	if players >= 6 {
		pay = [3]int{6, 4, 2}
	}
	for i, n := range icons {
		points[i], place[i] = 0, 0
		if n == 0 {
			continue
		}
		rank := 1
		var seen [3]int
		ns := 0
		for _, m := range icons {
			if m > n && ns < 3 && !contains3(seen[:ns], m) {
				seen[ns] = m
				ns++
			}
		}
		rank += ns
		if rank <= 3 && pay[rank-1] > 0 {
			points[i], place[i] = pay[rank-1], rank
		}
	}
}

func contains3(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// MostFewestPoints pays a Party most/fewest race (temaki, pudding): most +pts,
// fewest (zero counts) −pts, ties in full (P2); everyone tied scores
// nothing (P3); no fewest penalty without penalize (2 players).
func MostFewestPoints(counts []int, pts int, penalize bool, points, place []int) {
	most, fewest := counts[0], counts[0]
	for _, c := range counts {
		most, fewest = max(most, c), min(fewest, c)
	}
	for i, c := range counts {
		points[i], place[i] = 0, 0
		switch {
		case most == fewest:
		case c == most:
			points[i], place[i] = pts, 1
		case c == fewest && penalize:
			points[i], place[i] = -pts, -1
		}
	}
}

// ScoreDessert scores the desserts kept for the game's end into dst (as long
// as desserts): classic puddings by ruling C2; Party pudding (P2, P3), green
// tea ice cream (12 per 4) or fruit (each kind by its icons). desserts[i]
// lists seat i's kept desserts, special orders as the dessert they copied.
func ScoreDessert(s Settings, desserts [][]Card, dst []Breakdown) {
	s = s.withDefaults()
	n := len(desserts)
	var counts, points, place [MaxSeats]int
	for i, d := range desserts {
		dst[i] = Breakdown{}
		for _, c := range d {
			if cardKind[c] == KindPudding {
				counts[i]++
			}
		}
		dst[i].Count[CatPudding] = uint8(counts[i])
	}
	if s.Ruleset == Classic {
		PuddingPoints(counts[:n], points[:n], place[:n])
		fillRace(dst[:n], CatPudding, points[:n], place[:n])
		return
	}
	if score := dessertScorers[s.Menu.Dessert]; score != nil {
		f := dessertFacts{n: n, puddings: counts}
		for i, d := range desserts {
			f.cards[i] = len(d)
			for _, c := range d {
				w, p, o := c.FruitIcons()
				f.fruit[i][0], f.fruit[i][1], f.fruit[i][2] = f.fruit[i][0]+w, f.fruit[i][1]+p, f.fruit[i][2]+o
			}
		}
		score(s, f, dst)
	}
}

// dessertFacts is what a dessert scorer reads, by seat: desserts kept,
// puddings among them, fruit icons (watermelon, pineapple, orange). By
// value: a call through the table must not make them escape.
type dessertFacts struct {
	n               int
	cards, puddings [MaxSeats]int
	fruit           [MaxSeats][3]int
}

// dessertScorers score a Party menu's dessert at the game's end, by kind
// (classic's puddings pay by ruling C2 instead).
var dessertScorers = [numKinds]func(s Settings, f dessertFacts, dst []Breakdown){
	KindPudding:          partyPuddings,
	KindGreenTeaIceCream: iceCream,
	KindFruit:            fruit,
}

// partyPuddings: most +6, fewest −6 (not with 2 players), ties in full.
func partyPuddings(s Settings, f dessertFacts, dst []Breakdown) {
	var points, place [MaxSeats]int
	MostFewestPoints(f.puddings[:f.n], 6, s.Players > 2, points[:f.n], place[:f.n])
	fillRace(dst[:f.n], CatPudding, points[:f.n], place[:f.n])
}

// iceCream: 12 for each set of 4.
func iceCream(_ Settings, f dessertFacts, dst []Breakdown) {
	for i := range f.n {
		setCount(&dst[i], CatIceCream, f.cards[i], f.cards[i]/4*12)
	}
}

// fruit: each fruit's icons score on their own.
func fruit(_ Settings, f dessertFacts, dst []Breakdown) {
	for i := range f.n {
		for k, cat := range [3]Category{CatWatermelon, CatPineapple, CatOrange} {
			setCount(&dst[i], cat, f.fruit[i][k], fruitPoints[min(f.fruit[i][k], 5)])
		}
	}
}
