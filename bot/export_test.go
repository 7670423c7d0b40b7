package bot

import "github.com/sushigo/sushigo/engine"

// DealHands makes every game this host starts begin with round-1 hands
// that begin with the given cards (engine.Deal), so a test starts from
// the position it needs instead of searching seeds for one.
func (b *Bot) DealHands(hands ...[]engine.Card) {
	b.deal = func(s engine.Settings, seed uint64) (*engine.Game, error) { return engine.Deal(s, seed, hands...) }
}

// WaitSends waits for the deliveries this host is sending (handoffs and
// the timer loop's), for tests that look at what was sent.
func (b *Bot) WaitSends() { b.rec.WaitSends() }

// Stopping reports whether Drain began.
func (b *Bot) Stopping() bool { return b.rec.Stopping() }

// RaceBuild is raceBuild for the external tests.
const RaceBuild = raceBuild

// Every drawing a test queues is checked against the view it replaces.
// Every game kept decoded is checked against its record when it is used.
// Every record encoded is checked against encoding/json's bytes.
func init() { checkRedraw, checkDecoded, checkEncoded = true, true, true }

// WithoutChecks turns the tests' checks off, for a benchmark to measure
// what serve does; restore turns them back on.
func WithoutChecks() (restore func()) {
	r, d, e := checkRedraw, checkDecoded, checkEncoded
	checkRedraw, checkDecoded, checkEncoded = false, false, false
	return func() { checkRedraw, checkDecoded, checkEncoded = r, d, e }
}
