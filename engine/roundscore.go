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

// tally is what one seat's round tableau holds, as the scorers read it.
// Nigiri (on wasabi or not) and face-down cards are scored while tallying:
// they depend on the order of play, which no other scorer needs.
type tally struct {
	kinds       [numKinds]int
	icons       int    // icons of the roll the game plays
	onigiri     [5]int // onigiri by shape (1–4)
	colours     int    // colours in play (soy sauce)
	largest     int    // cards of the most common colour (matcha tea)
	emptyWasabi int
}

// seatScorer scores one card kind of one seat into its breakdown. It gets
// its facts by value: a call through the table must not make the tally
// escape (scoring allocates nothing).
type seatScorer func(f seatFacts, b *Breakdown)

// seatFacts is what a seat scorer reads: n cards of its kind, and what a
// few kinds need besides.
type seatFacts struct {
	n, largest, emptyWasabi int
	onigiri                 [5]int
}

// tableScorer scores one card kind across the table: a race or a
// comparison between seats.
type tableScorer func(s Settings, f tableFacts, dst []Breakdown)

// tableFacts is what a table scorer reads, by seat: count of its kind,
// roll icons, colours, and the uramaki scored during the round.
type tableFacts struct {
	n, uramakiNext           int
	count, icons, colours    [MaxSeats]int
	uramakiPts, uramakiPlace [MaxSeats]int
}

// seatScorers and tableScorers find a kind's scoring: adding a card kind
// adds its row here (and its breakdown category), nothing else in
// scoring. Classic and Party share the kinds they share; a ruleset picks
// which kinds it scores (Settings.scored).
var (
	seatScorers = [numKinds]seatScorer{
		KindTempura:    func(f seatFacts, b *Breakdown) { setCount(b, CatTempura, f.n, ScoreTempura(f.n)) },
		KindSashimi:    func(f seatFacts, b *Breakdown) { setCount(b, CatSashimi, f.n, ScoreSashimi(f.n)) },
		KindDumpling:   func(f seatFacts, b *Breakdown) { setCount(b, CatDumpling, f.n, ScoreDumplings(f.n)) },
		KindEel:        scoreEel,
		KindTofu:       scoreTofu,
		KindMisoSoup:   func(f seatFacts, b *Breakdown) { setCount(b, CatMiso, f.n, 3*f.n) },
		KindOnigiri:    scoreOnigiri,
		KindTea:        scoreTea,
		KindWasabi:     countEmptyWasabi,
		KindChopsticks: countUtensils,
		KindSpoon:      countUtensils,
	}
	tableScorers = [numKinds]tableScorer{
		KindMaki:     partyMakiRace,
		KindTemaki:   temakiRace,
		KindUramaki:  uramakiRace,
		KindEdamame:  scoreEdamame,
		KindSoySauce: scoreSoySauce,
	}
)

// scored lists the kinds whose rows score a round of these settings, the
// first n of ks (an array: scoring allocates nothing). Classic's maki race
// (classicMakiRace) pays by its own rule.
func (s Settings) scored() (ks [8]Kind, n int) {
	if s.Ruleset == Classic {
		return [8]Kind{KindTempura, KindSashimi, KindDumpling}, 3
	}
	return s.Menu.Kinds(), 8
}

// ScoreRound scores a finished round for every seat into dst (as long as
// seats): classic by rulings C1, C5 and C6, Party by seed 002 and rulings
// P2, P3, P6–P9. uramakiNext is the next unclaimed uramaki place (1 when
// nobody reached 10 icons this round, 4 when all three places went). It is
// pure: the game scores its rounds through it, and a front end may call it
// on what the public view shows.
func ScoreRound(s Settings, seats []RoundTableau, uramakiNext int, dst []Breakdown) {
	s = s.withDefaults()
	n := len(seats)
	var ts [MaxSeats]tally
	for i := range n {
		dst[i] = Breakdown{}
		tallySeat(s, &seats[i], &ts[i], &dst[i])
	}
	kinds, nk := s.scored()
	for i := range n {
		t := &ts[i]
		for _, k := range kinds[:nk] {
			if score := seatScorers[k]; score != nil {
				score(seatFacts{n: t.kinds[k], largest: t.largest, emptyWasabi: t.emptyWasabi, onigiri: t.onigiri}, &dst[i])
			}
		}
	}
	f := tableFacts{n: n, uramakiNext: uramakiNext}
	for i := range n {
		f.icons[i], f.colours[i] = ts[i].icons, ts[i].colours
		f.uramakiPts[i], f.uramakiPlace[i] = seats[i].UramakiPoints, seats[i].UramakiPlace
	}
	if s.Ruleset == Classic {
		classicMakiRace(f, dst[:n])
		return
	}
	for _, k := range kinds[:nk] {
		if score := tableScorers[k]; score != nil {
			for i := range n {
				f.count[i] = ts[i].kinds[k]
			}
			score(s, f, dst[:n])
		}
	}
}

// tallySeat counts a seat's tableau into t, scoring its nigiri and
// face-down cards into b.
func tallySeat(s Settings, seat *RoundTableau, t *tally, b *Breakdown) {
	var wasabi, nigiri [maxTableau * 2]int // positions of paired wasabi and nigiri
	nw, nn := 0, 0
	var colourSize [numKinds]int
	roll := s.rollKind()
	for j, p := range seat.Cards {
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
		t.kinds[k]++
		if colourSize[k.Colour()] == 0 {
			t.colours++
		}
		colourSize[k.Colour()]++
		switch k {
		case KindMaki, KindUramaki:
			t.icons += int(cardIcons[e]) * boolInt(k == roll)
		case KindOnigiri:
			t.onigiri[cardIcons[e]]++
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
		p := seat.Cards[nigiri[k]]
		e := p.Plays()
		if e == FaceDown {
			continue
		}
		v := Category(cardIcons[e]) - 1
		if k < nw && !seat.Cards[wasabi[k]].FaceDown {
			b.Count[CatEggOnWasabi+v]++
			b.Points[CatEggOnWasabi+v] += int16(3 * cardIcons[e])
		} else {
			b.Count[CatEggNigiri+v]++
			b.Points[CatEggNigiri+v] += int16(cardIcons[e])
		}
	}
	for _, p := range seat.Cards {
		if p.Plays() == Wasabi && !p.Paired {
			t.emptyWasabi++
		}
	}
	for _, sz := range colourSize {
		t.largest = max(t.largest, sz)
	}
}

func scoreEel(f seatFacts, b *Breakdown) {
	if f.n > 0 {
		setCount(b, CatEel, f.n, map2(f.n == 1, -3, 7))
	}
}

func scoreTofu(f seatFacts, b *Breakdown) {
	if f.n > 0 {
		setCount(b, CatTofu, f.n, tofuPoints[min(f.n, 3)%3])
	}
}

// scoreOnigiri scores sets of different shapes, largest sets first.
func scoreOnigiri(f seatFacts, b *Breakdown) {
	onigiri := f.onigiri
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
	setCount(b, CatOnigiri, f.n, on)
	b.Detail[CatOnigiri] = uint8(shapes)
}

// scoreTea pays each matcha tea the size of the seat's largest colour.
func scoreTea(f seatFacts, b *Breakdown) {
	if f.n > 0 {
		setCount(b, CatTea, f.n, f.n*f.largest)
		b.Detail[CatTea] = uint8(f.largest)
	}
}

// countEmptyWasabi reports wasabi left without a nigiri (no points).
func countEmptyWasabi(f seatFacts, b *Breakdown) {
	if f.emptyWasabi > 0 {
		b.Count[CatWasabi] = uint8(f.emptyWasabi)
	}
}

// countUtensils reports chopsticks and spoons kept (no points), together.
func countUtensils(f seatFacts, b *Breakdown) { b.Count[CatChopsticks] += uint8(f.n) }

// classicMakiRace pays classic's maki race (C1).
func classicMakiRace(f tableFacts, dst []Breakdown) {
	var points, place [MaxSeats]int
	MakiPoints(f.icons[:f.n], points[:f.n], place[:f.n])
	fillRace(dst, CatMaki, points[:f.n], place[:f.n])
	for i := range f.n {
		dst[i].Count[CatMaki] = uint8(f.icons[i])
	}
}

// partyMakiRace pays Party's maki race (P2): more places at 6–8 players.
func partyMakiRace(s Settings, f tableFacts, dst []Breakdown) {
	var points, place [MaxSeats]int
	PartyMakiPoints(s.Players, f.icons[:f.n], points[:f.n], place[:f.n])
	fillRace(dst, CatMaki, points[:f.n], place[:f.n])
	for i := range f.n {
		dst[i].Count[CatMaki] = uint8(f.icons[i])
	}
}

// temakiRace: most temaki +4, fewest −4 (not with 2 players).
func temakiRace(s Settings, f tableFacts, dst []Breakdown) {
	var points, place [MaxSeats]int
	MostFewestPoints(f.count[:f.n], 4, s.Players > 2, points[:f.n], place[:f.n])
	fillRace(dst, CatTemaki, points[:f.n], place[:f.n])
	for i := range f.n {
		dst[i].Count[CatTemaki] = uint8(f.count[i])
	}
}

// uramakiRace reports the uramaki scored during the round (CatUramakiRace)
// and, at its end, pays the most icons the next unclaimed place.
func uramakiRace(_ Settings, f tableFacts, dst []Breakdown) {
	most := 0
	for i := range f.n {
		if f.uramakiPts[i] != 0 || f.uramakiPlace[i] != 0 {
			dst[i].Points[CatUramakiRace] = int16(f.uramakiPts[i])
			dst[i].Place[CatUramakiRace] = int8(f.uramakiPlace[i])
		}
		most = max(most, f.icons[i])
	}
	winners := 0
	for i := range f.n {
		dst[i].Count[CatUramaki] = uint8(f.icons[i])
		if most > 0 && f.icons[i] == most && f.uramakiNext <= 3 {
			dst[i].Points[CatUramaki] = int16(UramakiPoints(f.uramakiNext))
			dst[i].Place[CatUramaki] = int8(f.uramakiNext)
			winners++
		}
	}
	for i := range f.n {
		if dst[i].Place[CatUramaki] != 0 {
			dst[i].Shared[CatUramaki] = uint8(winners)
		}
	}
}

// scoreEdamame: 1 per opponent with any edamame, at most 4, per card.
func scoreEdamame(_ Settings, f tableFacts, dst []Breakdown) {
	with := 0
	for i := range f.n {
		if f.count[i] > 0 {
			with++
		}
	}
	for i := range f.n {
		if e := f.count[i]; e > 0 {
			opp := with - 1
			setCount(&dst[i], CatEdamame, e, e*min(opp, 4))
			dst[i].Detail[CatEdamame] = uint8(opp)
		}
	}
}

// scoreSoySauce: 4 per card to whoever has the most colours (ties in full).
func scoreSoySauce(_ Settings, f tableFacts, dst []Breakdown) {
	most := 0
	for i := range f.n {
		most = max(most, f.colours[i])
	}
	for i := range f.n {
		b := &dst[i]
		y := f.count[i]
		if y == 0 {
			continue
		}
		pts := 0
		if f.colours[i] == most {
			pts = 4 * y
			b.Place[CatSoySauce] = 1
			for j := range f.n {
				if f.colours[j] == most {
					b.Shared[CatSoySauce]++
				}
			}
		}
		setCount(b, CatSoySauce, y, pts)
		b.Detail[CatSoySauce] = uint8(f.colours[i])
	}
}
