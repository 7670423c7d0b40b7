package review

import "github.com/sushigo/sushigo/engine"

// Reason says, in a key the catalog words, why the better choice was
// better: what a player would say of it at the table. Kind is the card
// type it speaks of.
type Reason struct {
	Key  string
	Kind engine.Kind
}

// reasonFor is why best beat chosen, judged from what the seat saw when
// it chose (v): a set the better card completed, a race it led, or what
// the card chosen could no longer do. Otherwise it says only which card
// was worth more.
func reasonFor(v engine.View, chosen, best Option, decision bool) Reason {
	if decision {
		return decisionReason(v, chosen, best)
	}
	return cardReason(v, best.Sub.Card, chosen.Sub.Card, v.HandSize(v.Seat())-1)
}

// decisionReason is why the better answer was better. An answer that
// puts a card in front of the seat (a menu's draw, the card chopsticks
// take, what a special order copies) has the reasons taking that card
// would have; any other says only that the other answer was worth more.
func decisionReason(v engine.View, chosen, best Option) Reason {
	d, ok := v.Decision()
	bc, cc := best.Answer.Card, chosen.Answer.Card
	if !ok || bc == engine.None || bc == engine.FaceDown || cc == engine.FaceDown {
		return Reason{Key: "review.why.decision"}
	}
	// The turn's picks have left the hands: what is left is what the
	// seat picks from later this round, less the card chopsticks take.
	left := v.HandSize(v.Seat())
	switch d.Kind {
	case engine.DecideChopsticks:
		left--
	case engine.DecideMenu, engine.DecideCopy:
	default:
		return Reason{Key: "review.why.decision"}
	}
	if r := cardReason(v, bc, cc, left); r.Key != "review.why.worthMore" {
		return r
	}
	return Reason{Key: "review.why.decision"}
}

// cardReason is why taking card bc beat taking cc, with left picks after
// it this round.
func cardReason(v engine.View, bc, cc engine.Card, left int) Reason {
	seat := v.Seat()
	bk, ck := bc.Kind(), cc.Kind()
	// What the better card does in its race, if it is in one.
	var race string
	switch bk {
	case engine.KindMaki:
		race = makiRace(v, seat, bc)
	case engine.KindTemaki:
		race = temakiRace(v, seat)
	}
	switch {
	case bk == engine.KindSashimi && v.KindCount(seat, engine.KindSashimi)%3 == 2:
		return Reason{"review.why.completesSashimi", bk}
	case bk == engine.KindTempura && v.KindCount(seat, engine.KindTempura)%2 == 1:
		return Reason{"review.why.completesTempura", bk}
	case bk == engine.KindNigiri && v.EmptyWasabi(seat) > 0:
		return Reason{"review.why.onWasabi", bk}
	case bk == engine.KindMaki && race != "":
		return Reason{race, bk}
	case bk == engine.KindPudding:
		return Reason{"review.why.pudding", bk}
	case bk == engine.KindDumpling && v.KindCount(seat, engine.KindDumpling) > 0:
		return Reason{"review.why.dumplings", bk}
	case bk == engine.KindDumpling && left >= 2:
		return Reason{"review.why.dumplingStart", bk}
	case bk == engine.KindSashimi && v.KindCount(seat, engine.KindSashimi)%3 == 1 && left >= 1:
		return Reason{"review.why.sashimiSecond", bk}
	case bk == engine.KindSashimi && v.KindCount(seat, engine.KindSashimi)%3 == 0 && left >= 2:
		return Reason{"review.why.sashimiBegun", bk}
	case bk == engine.KindTempura && v.KindCount(seat, engine.KindTempura)%2 == 0 && left >= 1:
		return Reason{"review.why.tempuraBegun", bk}
	case bk == engine.KindWasabi && left >= 3:
		return Reason{"review.why.earlyWasabi", bk}
	case bk == engine.KindChopsticks && left >= 3:
		return Reason{"review.why.earlyChopsticks", bk}
	case bk == engine.KindNigiri && ck == engine.KindNigiri && bc.NigiriPoints() > cc.NigiriPoints():
		return Reason{"review.why.biggerNigiri", bk}
	case bk == engine.KindNigiri && ck != engine.KindNigiri:
		return Reason{"review.why.nigiriNow", bk}
	case bk == engine.KindGreenTeaIceCream && iceCreams(v, seat)%4 == 3:
		return Reason{"review.why.iceCreamSet", bk}
	case bk == engine.KindGreenTeaIceCream:
		return Reason{"review.why.iceCreamToward", bk}
	case bk == engine.KindTemaki && race != "":
		return Reason{race, bk}
	case bk == engine.KindTofu && v.KindCount(seat, engine.KindTofu) == 1:
		return Reason{"review.why.tofuPair", bk}
	case bk == engine.KindTofu && v.KindCount(seat, engine.KindTofu) == 0:
		return Reason{"review.why.tofuFirst", bk}
	case bk == engine.KindMenu:
		return Reason{"review.why.menu", bk}
	case bk == engine.KindFruit:
		return Reason{"review.why.fruit", bk}
	case ck == engine.KindTofu && v.KindCount(seat, engine.KindTofu) == 2:
		return Reason{"review.why.thirdTofu", ck}
	case bk == engine.KindOnigiri && v.Count(seat, bc) == 0:
		return Reason{"review.why.newOnigiri", bk}
	case ck == engine.KindChopsticks && left < 2:
		return Reason{"review.why.lateChopsticks", ck}
	case ck == engine.KindWasabi && left < 2:
		return Reason{"review.why.lateWasabi", ck}
	case ck == engine.KindSashimi && 3-v.KindCount(seat, engine.KindSashimi)%3-1 > left:
		return Reason{"review.why.setTooLate", ck}
	case ck == engine.KindTempura && v.KindCount(seat, engine.KindTempura)%2 == 0 && left == 0:
		return Reason{"review.why.setTooLate", ck}
	}
	return Reason{"review.why.worthMore", bk}
}

// makiRace is what taking maki card c does in the maki race, as the
// seat can see it: "review.why.makiLead" when it puts the seat ahead of
// every other seat where it was not, "review.why.makiLevel" when it
// draws level with the leader, "review.why.makiWider" when the seat led
// alone already, "review.why.makiSecond" when it moves the seat up to
// second alone (from third or a tie); "" otherwise.
func makiRace(v engine.View, seat int, c engine.Card) string {
	had, mine := v.MakiIcons(seat), v.MakiIcons(seat)+c.Icons()
	best := 0
	for s := range v.Seats() {
		if s != seat {
			best = max(best, v.MakiIcons(s))
		}
	}
	switch {
	case mine <= had:
		return ""
	case mine < best:
		// Behind the leader: up to second, alone, from further back?
		above, level, aboveBefore := 0, 0, 0
		for s := range v.Seats() {
			if s == seat {
				continue
			}
			icons := v.MakiIcons(s)
			if icons > mine {
				above++
			}
			if icons == mine {
				level++
			}
			if icons >= had {
				aboveBefore++
			}
		}
		if above == 1 && level == 0 && aboveBefore >= 2 {
			return "review.why.makiSecond"
		}
		return ""
	case mine == best:
		return "review.why.makiLevel"
	case had > best:
		return "review.why.makiWider"
	}
	return "review.why.makiLead"
}

// temakiRace is what taking a temaki does in the round's temaki race
// (most +4, fewest −4), as the seat can see it: "review.why.temakiLead"
// when it puts the seat ahead of every other seat, "review.why.
// temakiOffBottom" when the seat had the fewest (alone or tied) and no
// longer has, with more than two players (two have no −4); "" otherwise.
func temakiRace(v engine.View, seat int) string {
	had := v.KindCount(seat, engine.KindTemaki)
	most, fewest := -1, -1
	for s := range v.Seats() {
		if s == seat {
			continue
		}
		n := v.KindCount(s, engine.KindTemaki)
		most = max(most, n)
		if fewest < 0 || n < fewest {
			fewest = n
		}
	}
	switch {
	case had+1 > most && had <= most:
		return "review.why.temakiLead"
	case had <= fewest && had+1 > fewest && v.Seats() > 2: // two players: no −4
		return "review.why.temakiOffBottom"
	}
	return ""
}

// iceCreams is how many green tea ice creams the seat has: kept from
// finished rounds (a special order that copied one counts) and in front
// of it this round. Sets of four score at the end of the game.
func iceCreams(v engine.View, seat int) int {
	n := v.KindCount(seat, engine.KindGreenTeaIceCream)
	for _, c := range v.AppendDesserts(nil, seat) {
		if c.Kind() == engine.KindGreenTeaIceCream {
			n++
		}
	}
	return n
}
