// Package engine implements the rules of Sushi Go! and Sushi Go Party!:
// the cards and Party's menus, the deal, simultaneous hidden picks, the
// decisions after a reveal (chopsticks, spoons, menus, takeout boxes,
// special orders), passing, scoring with a per-category breakdown, and the
// two-player dummy variant. One rules table per ruleset (rules.go) holds
// what differs between them; the files follow the turn (deal, pick,
// reveal, queue, endturn).
//
// The engine is pure and deterministic: no I/O, no clock, no global random
// source. A game is created from Settings and a seed, and the same seed and
// submissions always give the same game. Rule decisions where the rulebook is
// silent follow sushigo's rulings C1–C10 and P1–P10 (docs/rules.md); each
// has a test named after it. A position instead of a seed comes from Deal.
//
//	g, err := engine.New(engine.Settings{Players: 3}, seed)
//	if err != nil { ... }
//	hand := g.View(0).AppendHand(nil)
//	err = g.Submit(0, engine.Submission{Card: hand[0], Round: g.Round(), Turn: g.Turn()})
//	if errors.Is(err, engine.ErrWrongTurn) { ... } // a stale button
//	// When the last player submits, the choices are revealed, hands are
//	// passed and, after the last turn, the round is scored.
//	r := g.LastReveal()
//	b, _ := g.RoundScore(1, 0) // seat 0's round-1 breakdown
//	data, _ := g.MarshalBinary() // store it; UnmarshalBinary resumes exactly
//
// Seats are numbered from 0 in join order; "left" is the next seat. What a
// player may see is a View (for bots) or a PlayerView (a snapshot for front
// ends); what anyone may see is a PublicView, which never holds a card of a
// hand, of the draw pile or of a pending submission.
//
// A Game holds no pointers, so copying the value clones the game, and no
// method allocates during play: a search bot can play out many games per
// move from copies of the current one.
package engine
