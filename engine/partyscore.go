package engine

// RoundTableau is one seat's tableau at a round's end, in the form the
// public view shows it, as ScoreRound reads it.
type RoundTableau struct {
	// Cards in play order, with what special orders copy and which cards
	// are face down.
	Cards []Placed
	// UramakiPoints and UramakiPlace are what the seat scored in the
	// uramaki race during the round (Party; 0 when it took no place).
	UramakiPoints, UramakiPlace int
}

var (
	tofuPoints    = [...]int{0, 2, 6}
	onigiriPoints = [...]int{0, 1, 4, 9, 16}
	fruitPoints   = [...]int{-2, 0, 1, 3, 6, 10}
)

// ScoreRound scores a finished round for every seat into dst (as long as
// seats): classic by rulings C1, C5 and C6, Party by seed 002 and rulings
// P2, P3, P6–P9. uramakiNext is the next unclaimed uramaki place (1 when
// nobody reached 10 icons this round, 4 when all three places went). It is
// pure: the game scores its rounds through it, and a front end may call it
// on what the public view shows.
func ScoreRound(s Settings, seats []RoundTableau, uramakiNext int, dst []Breakdown) {
	s = s.withDefaults()
	n := len(seats)
	var icons, points, place [MaxSeats]int
	var kindCount [MaxSeats][numKinds]int
	var colours [MaxSeats]int
	for i := range n {
		b := &dst[i]
		*b = Breakdown{}
		kc := &kindCount[i]
		var wasabi, nigiri [maxTableau * 2]int // positions of paired wasabi and nigiri
		nw, nn := 0, 0
		var onigiri [5]int
		var colourSize [numKinds]int
		for j, p := range seats[i].Cards {
			if p.Paired {
				if p.Card == Wasabi || (p.Card == SpecialOrder && p.Copy == Wasabi) {
					wasabi[nw] = j
					nw++
				} else {
					nigiri[nn] = j
					nn++
				}
			}
			e := p.Plays()
			if e == FaceDown {
				b.Count[CatFaceDown]++
				b.Points[CatFaceDown] += 2
				continue
			}
			k := cardKind[e]
			kc[k]++
			if colourSize[k.Colour()] == 0 {
				colours[i]++
			}
			colourSize[k.Colour()]++
			switch k {
			case KindMaki, KindUramaki:
				icons[i] += int(cardIcons[e]) * boolInt(k == s.rollKind())
			case KindOnigiri:
				onigiri[cardIcons[e]]++
			case KindNigiri:
				if !p.Paired {
					v := Category(cardIcons[e]) - 1
					b.Count[CatEggNigiri+v]++
					b.Points[CatEggNigiri+v] += int16(cardIcons[e])
				}
			}
		}
		// Paired nigiri and wasabi were matched first in, first out (C6):
		// the k-th paired nigiri sits on the k-th paired wasabi.
		for k := range nn {
			p := seats[i].Cards[nigiri[k]]
			e := p.Plays()
			if e == FaceDown {
				continue
			}
			v := Category(cardIcons[e]) - 1
			if k < nw && !seats[i].Cards[wasabi[k]].FaceDown {
				b.Count[CatEggOnWasabi+v]++
				b.Points[CatEggOnWasabi+v] += int16(3 * cardIcons[e])
			} else {
				b.Count[CatEggNigiri+v]++
				b.Points[CatEggNigiri+v] += int16(cardIcons[e])
			}
		}
		emptyWasabi := 0
		for _, p := range seats[i].Cards {
			if p.Plays() == Wasabi && !p.Paired {
				emptyWasabi++
			}
		}
		setCount(b, CatTempura, kc[KindTempura], ScoreTempura(kc[KindTempura]))
		setCount(b, CatSashimi, kc[KindSashimi], ScoreSashimi(kc[KindSashimi]))
		setCount(b, CatDumpling, kc[KindDumpling], ScoreDumplings(kc[KindDumpling]))
		if s.Ruleset == Classic {
			continue
		}
		if e := kc[KindEel]; e > 0 {
			setCount(b, CatEel, e, map2(e == 1, -3, 7))
		}
		if t := kc[KindTofu]; t > 0 {
			setCount(b, CatTofu, t, tofuPoints[min(t, 3)%3])
		}
		setCount(b, CatMiso, kc[KindMisoSoup], 3*kc[KindMisoSoup])
		on, shapes := 0, 0
		for {
			k := 0
			for sh := 1; sh <= 4; sh++ {
				if onigiri[sh] > 0 {
					onigiri[sh]--
					k++
				}
			}
			if k == 0 {
				break
			}
			shapes = max(shapes, k)
			on += onigiriPoints[k]
		}
		setCount(b, CatOnigiri, kc[KindOnigiri], on)
		b.Detail[CatOnigiri] = uint8(shapes)
		largest := 0
		for _, sz := range colourSize {
			largest = max(largest, sz)
		}
		if t := kc[KindTea]; t > 0 {
			setCount(b, CatTea, t, t*largest)
			b.Detail[CatTea] = uint8(largest)
		}
		if emptyWasabi > 0 {
			b.Count[CatWasabi] = uint8(emptyWasabi)
		}
		if u := kc[KindChopsticks] + kc[KindSpoon]; u > 0 {
			b.Count[CatChopsticks] = uint8(u)
		}
		if seats[i].UramakiPoints != 0 || seats[i].UramakiPlace != 0 {
			b.Points[CatUramakiRace] = int16(seats[i].UramakiPoints)
			b.Place[CatUramakiRace] = int8(seats[i].UramakiPlace)
		}
	}
	if s.Ruleset == Classic {
		MakiPoints(icons[:n], points[:n], place[:n])
		fillRace(dst[:n], CatMaki, points[:n], place[:n])
		for i := range n {
			dst[i].Count[CatMaki] = uint8(icons[i])
		}
		return
	}
	switch s.rollKind() {
	case KindMaki:
		PartyMakiPoints(s.Players, icons[:n], points[:n], place[:n])
		fillRace(dst[:n], CatMaki, points[:n], place[:n])
		for i := range n {
			dst[i].Count[CatMaki] = uint8(icons[i])
		}
	case KindTemaki:
		var counts [MaxSeats]int
		for i := range n {
			counts[i] = kindCount[i][KindTemaki]
		}
		MostFewestPoints(counts[:n], 4, s.Players > 2, points[:n], place[:n])
		fillRace(dst[:n], CatTemaki, points[:n], place[:n])
		for i := range n {
			dst[i].Count[CatTemaki] = uint8(counts[i])
		}
	case KindUramaki:
		most := 0
		for i := range n {
			most = max(most, icons[i])
		}
		for i := range n {
			dst[i].Count[CatUramaki] = uint8(icons[i])
			if most > 0 && icons[i] == most && uramakiNext <= 3 {
				dst[i].Points[CatUramaki] = int16(uramakiPoints[uramakiNext])
				dst[i].Place[CatUramaki] = int8(uramakiNext)
				points[i], place[i] = 1, 1
			} else {
				points[i], place[i] = 0, 0
			}
		}
		for i := range n {
			if place[i] != 0 {
				shared := 0
				for _, p := range place[:n] {
					shared += p
				}
				dst[i].Shared[CatUramaki] = uint8(shared)
			}
		}
	}
	// Edamame: 1 per opponent with any, at most 4 per card.
	with := 0
	for i := range n {
		if kindCount[i][KindEdamame] > 0 {
			with++
		}
	}
	// Soy sauce: 4 per card to whoever has the most colours (ties in full).
	most := 0
	for i := range n {
		most = max(most, colours[i])
	}
	for i := range n {
		b := &dst[i]
		if e := kindCount[i][KindEdamame]; e > 0 {
			opp := with - 1
			setCount(b, CatEdamame, e, e*min(opp, 4))
			b.Detail[CatEdamame] = uint8(opp)
		}
		if y := kindCount[i][KindSoySauce]; y > 0 {
			pts := 0
			if colours[i] == most {
				pts = 4 * y
				b.Place[CatSoySauce] = 1
				for j := range n {
					if colours[j] == most {
						b.Shared[CatSoySauce]++
					}
				}
			}
			setCount(b, CatSoySauce, y, pts)
			b.Detail[CatSoySauce] = uint8(colours[i])
		}
	}
}

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
	switch s.Menu.Dessert {
	case KindPudding:
		MostFewestPoints(counts[:n], 6, s.Players > 2, points[:n], place[:n])
		fillRace(dst[:n], CatPudding, points[:n], place[:n])
	case KindGreenTeaIceCream:
		for i, d := range desserts {
			setCount(&dst[i], CatIceCream, len(d), len(d)/4*12)
		}
	case KindFruit:
		for i, d := range desserts {
			var f [3]int
			for _, c := range d {
				w, p, o := c.FruitIcons()
				f[0], f[1], f[2] = f[0]+w, f[1]+p, f[2]+o
			}
			for k, cat := range [3]Category{CatWatermelon, CatPineapple, CatOrange} {
				setCount(&dst[i], cat, f[k], fruitPoints[min(f[k], 5)])
			}
		}
	}
}
