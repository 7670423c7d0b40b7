// Package storage is the persistence contract of the sushigo host: what it
// needs stored, and how every backend must behave. The Redis backend
// (production, many replicas) and the embedded bbolt backend (the default, one
// process) both pass the conformance suite in storagetest, which checks
// everything written here.
//
// # Games
//
// A game is opaque bytes under a key (the host uses its location: platform,
// community, channel). Every stored game has a Version, starting at 1 and
// bumped by each save. SaveGame is a compare-and-swap: prev 0 means "create,
// the key must not exist"; any other prev must equal the stored version.
// Otherwise it returns ErrConflict and changes nothing; the caller reloads,
// re-applies its change and tries again. A missing key gives ErrNotFound from
// LoadGame and DeleteGame. A save with a positive ttl makes the game expire
// that long after the save (the host keeps finished games for a while); a
// save with ttl 0 keeps it until deleted, removing any earlier expiry. An
// expired game behaves exactly like a missing one.
//
// Commit is SaveGame that also schedules deadlines (see Deadlines) in the
// same call, so a change and the timers it needs cost one round trip. The
// deadlines are scheduled even when the save conflicts (one that comes too
// soon finds nothing to do: callers re-check the game when it fires), and
// never lost when it succeeds.
//
// Each game also has a side value: small bytes that one writer at a time
// (the host's sender of the game's deliveries) sets with SetGameSide,
// without compare-and-swap and without changing the game's Version, so it
// never races the players' saves. LoadGameSide reads a game and its side in
// one step (nil side when none was set). The side belongs to the game: a
// save that creates the game (prev 0) clears it, and deleting or expiring
// the game removes it. SetGameSide on a missing game gives ErrNotFound.
//
// # Records
//
// Small per-user values with an expiry, such as the latest private-message
// reference of a player's hand or an interaction ID seen for de-duplication.
// AddRecord writes only if the key is absent and reports whether it did,
// atomically: of concurrent adds of one key, exactly one succeeds.
// RenewRecord acts only while the key still holds data, and reports
// whether it did, atomically: with a positive ttl it makes the record
// expire ttl from now; with ttl 0 it deletes it. A lease taken with
// AddRecord (data naming its holder) is kept or let go this way without
// touching one another holder took after it expired.
//
// # Leaderboards
//
// Per community (a Discord guild, a Slack workspace, "local"; the host keeps
// each game's board as its own community). RecordResult adds a finished
// game's results once, in one atomic step: a second call with the same
// GameID in the same community, from any replica, changes nothing and
// reports false. Results count in three periods: all time, the calendar
// month and the ISO week of FinishedAt, both in UTC.
//
// Ratings: when a Result has Rate, the backend calls it with the players'
// ratings before this game (the zero Rating for a player never rated) and
// stores what it returns, in the same atomic step as the rest of the result;
// it may call Rate more than once (after losing a race it reads again), so
// Rate must be a pure function. A player's profile keeps the rating before
// the last game (Previous) and the last TrendLength ratings.
//
// Top lists the best players of the period containing at: by wins (ties:
// more points first), by points (ties: more wins first), or by rating (the
// conservative estimate Rating.Ordinal, higher first; only players with at
// least MinGames rated games in the community, counted over all time, and
// who played in the period, each with their latest rating), then by player
// ID. PlayerStats gives one player's totals for a period (zero Stats for a
// player with no game); Profile gives everything kept of one player over all
// time.
//
// # History
//
// Each community keeps the Summary of its last HistoryLength recorded games
// (a result without Summary is not kept) with its rating changes; older
// ones are dropped. History
// lists up to n, newest first; HistoryGame finds one by ID (ErrNotFound once
// dropped).
//
// # Deadlines
//
// At most one deadline per game key. Schedule sets or replaces it. ClaimDue
// hands out due deadlines (due ≤ now) so that, of any number of concurrent
// claimers in any number of processes, exactly one gets each; a claimed
// deadline is hidden for the lease and comes back, due, if its claimer never
// completes it. Complete removes a claimed deadline, unless it was scheduled
// again after the claim (then the new deadline stays). Cancel removes it.
// Withdraw removes it only while it is due at the time given and not
// claimed: whoever set a deadline as a safety net can take that one net
// back, never one set since.
//
// # Health
//
// Ping answers nil while the backend can serve requests, and an error when
// it cannot (the server is down, the file is closed): operators' readiness
// checks ask it.
//
// # Common rules
//
// Every byte slice returned is the caller's own copy, and a backend never
// keeps a reference to one it was given. Every method honours its context:
// a cancelled or expired context gives an error wrapping ctx.Err(). Backends
// are safe for concurrent use. Driver errors are wrapped with the operation
// and key.
package storage

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Version is a stored game's revision, 1 after creation.
type Version uint64

var (
	// ErrNotFound: no such key, or it expired.
	ErrNotFound = errors.New("storage: not found")
	// ErrConflict: the stored version is not the one the caller expected.
	ErrConflict = errors.New("storage: version conflict")
)

// Games stores games by key with compare-and-swap.
type Games interface {
	LoadGame(ctx context.Context, key string) ([]byte, Version, error)
	SaveGame(ctx context.Context, key string, data []byte, prev Version, ttl time.Duration) (Version, error)
	DeleteGame(ctx context.Context, key string, prev Version) error
	Commit(ctx context.Context, key string, data []byte, prev Version, ttl time.Duration, schedule []Deadline) (Version, error)
	LoadGameSide(ctx context.Context, key string) (data, side []byte, ver Version, err error)
	SetGameSide(ctx context.Context, key string, side []byte) error
}

// Deadline is a deadline to schedule with a Commit.
type Deadline struct {
	Key string
	Due time.Time
}

// Records stores small values with an expiry.
type Records interface {
	GetRecord(ctx context.Context, key string) ([]byte, error)
	SetRecord(ctx context.Context, key string, data []byte, ttl time.Duration) error
	AddRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (added bool, err error)
	DeleteRecord(ctx context.Context, key string) error
	RenewRecord(ctx context.Context, key string, data []byte, ttl time.Duration) (held bool, err error)
}

// Leaderboards records finished games, rates and ranks players per
// community, and keeps each community's recent games.
type Leaderboards interface {
	RecordResult(ctx context.Context, r Result) (Recorded, error)
	Top(ctx context.Context, q Query) ([]Entry, error)
	PlayerStats(ctx context.Context, community, player string, p Period, at time.Time) (Stats, error)
	Profile(ctx context.Context, community, player string) (Profile, error)
	History(ctx context.Context, community string, n int) ([]Game, error)
	HistoryGame(ctx context.Context, community, gameID string) (Game, error)
}

// How much a backend keeps: a community's recorded games, a player's recent
// ratings.
const (
	HistoryLength = 100
	TrendLength   = 10
)

// Deadlines schedules each game's next timer and hands due ones out once.
type Deadlines interface {
	Schedule(ctx context.Context, key string, due time.Time) error
	Cancel(ctx context.Context, key string) error
	Withdraw(ctx context.Context, key string, due time.Time) error
	ClaimDue(ctx context.Context, now time.Time, lease time.Duration, max int) ([]Claim, error)
	Complete(ctx context.Context, c Claim) error
}

// Health reports whether a backend can serve requests.
type Health interface {
	Ping(ctx context.Context) error
}

// Changes tells every replica which games changed, for the front ends
// that show games live (the web table): a replica announces a change once
// it is stored, and every Listen on the same store hears it, on any
// replica, the announcer's own included. It is best effort: a listener
// that was not listening at the time misses it (a page asks for the game
// again when it reconnects).
type Changes interface {
	Announce(ctx context.Context, c Change) error
	// Listen calls heard with each change announced until ctx ends; heard
	// must not block. It returns once listening fails or ctx ends (nil).
	Listen(ctx context.Context, heard func(Change)) error
}

// Change is a stored change of a game, as announced: its key, and the
// game (its ID) and Version stored. The version lets a replica that holds
// that version already (it stored it) draw the game without reading it
// again; a zero Version says only that the game at Key changed.
type Change struct {
	Key     string
	Game    string
	Version Version
}

// Store is everything a backend provides.
type Store interface {
	Games
	Records
	Leaderboards
	Deadlines
	Health
	Changes
}

// Result is one finished game, for the leaderboards. Players lists the
// people only; Place ranks them among every seat (bots too), 1 for a
// winner.
type Result struct {
	GameID     string
	Community  string
	FinishedAt time.Time
	Players    []PlayerResult
	// Rate, when set, maps the players' ratings before the game (in the
	// order of Players), and met[i][j], how often player i has met player j
	// in rated games lately, to their ratings after it and the meetings to
	// keep (the backends store both; the rule is the caller's).
	Rate func(prior []Rating, met [][]Met) ([]Rating, [][]Met)
	// Summary is the game's history entry, opaque to the backend.
	Summary []byte
}

// Recorded is what recording a result did. New is false when the game was
// recorded before, and nothing changed. Prior and After are the ratings the
// game's first recording rated its players from and to, in the order of
// its Players, kept with the game so that a repeated call still learns
// them: nil for an unrated game, or one recorded before they were kept.
type Recorded struct {
	New          bool
	Prior, After []Rating
}

// PlayerResult is one player's outcome in a Result.
type PlayerResult struct {
	ID    string
	Name  string
	Score int
	Place int
	// Cards counts the cards the player took, by kind; Categories holds
	// the points the player scored, by scoring category.
	Cards      map[string]int
	Categories map[string]int
	// Quit is set when the player forfeited the game by leaving it.
	Quit bool
}

// Rating is a skill estimate: mean and uncertainty. The zero Rating means
// "not rated yet". At is when it was set (zero when unknown: a rating
// stored by an earlier release); backends keep it as Rate returns it.
type Rating struct {
	Mu, Sigma float64
	At        time.Time `json:",omitzero"`
}

// Ordinal is the conservative estimate boards rank by: μ − 3σ.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Rated reports whether r is a rating rather than "not rated yet".
func (r Rating) Rated() bool { return r.Mu != 0 || r.Sigma != 0 }

// Query selects a leaderboard page.
type Query struct {
	Community string
	Period    Period
	At        time.Time
	By        Metric
	N         int
	// MinGames is the rated games a player needs to appear by rating.
	MinGames int
}

// Period is a leaderboard window.
type Period uint8

// Leaderboard periods.
const (
	AllTime Period = iota
	Month
	Week
)

// Key names the period that contains t: "all", "m2026-11" or "w2026-47".
// Backends use it in their keys.
func (p Period) Key(t time.Time) string {
	t = t.UTC()
	switch p {
	case Month:
		return fmt.Sprintf("m%04d-%02d", t.Year(), int(t.Month()))
	case Week:
		y, w := t.ISOWeek()
		return fmt.Sprintf("w%04d-%02d", y, w)
	}
	return "all"
}

func (p Period) String() string {
	switch p {
	case Month:
		return "this month"
	case Week:
		return "this week"
	}
	return "all time"
}

// Metric orders a leaderboard.
type Metric uint8

// Leaderboard orders.
const (
	ByWins Metric = iota
	ByPoints
	ByRating
)

// Entry is one leaderboard line: the player's totals in the period and
// their latest rating (and the one before their last game).
type Entry struct {
	PlayerID string
	Name     string
	Games    int
	Wins     int
	Points   int
	Rating   Rating
	Previous Rating
}

// Stats are one player's totals for a period.
type Stats struct {
	PlayerID   string
	Name       string
	Games      int
	Wins       int
	TotalScore int
	BestScore  int
	PlaceSum   int
}

// AveragePlace is the mean finishing place, 0 with no games.
func (s Stats) AveragePlace() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.PlaceSum) / float64(s.Games)
}

// Profile is everything a community keeps of one player, over all time.
type Profile struct {
	Stats
	// Rated counts the games that changed the rating.
	Rated int
	// Quits counts the games the player forfeited by leaving (or going
	// idle) before the end.
	Quits    int
	Rating   Rating
	Previous Rating
	// Trend holds the latest ratings, oldest first, at most TrendLength.
	Trend      []Rating
	Cards      map[string]int
	Categories map[string]int
	// Versus holds the player's record against each other player, by ID.
	Versus map[string]HeadToHead
}

// HeadToHead counts the games two players finished together: Wins where
// this player placed better, Losses worse, the rest tied. Met is how often
// they met in rated games lately.
type HeadToHead struct {
	Games, Wins, Losses int
	Met                 Met `json:",omitzero"`
}

// Met is how often two people have met in rated games lately: a count that
// fades with time, as of At (the rule that fades it is the Rate function's;
// the backends keep what it returns). The zero Met is "never".
type Met struct {
	Count float64
	At    time.Time `json:",omitzero"`
}

// Game is a history entry. Ratings are the changes its recording made, in
// the order of the Result's Players: nil for an unrated game, or one
// recorded before history kept them.
type Game struct {
	ID         string
	FinishedAt time.Time
	Summary    []byte
	Ratings    []RatingChange
}

// RatingChange is how one game moved one player's rating. Prior keeps the
// time it was set, when known, so a reader can widen it as the game's
// rating did; After keeps none (it was set when the game finished).
type RatingChange struct {
	Player       string
	Prior, After Rating
}

// Changes pairs a result's players with their ratings before (with the
// time it was set) and after (without), for its history entry: nil when
// unrated.
func (r Result) Changes(prior, after []Rating) []RatingChange {
	if after == nil {
		return nil
	}
	out := make([]RatingChange, len(r.Players))
	for i, p := range r.Players {
		out[i] = RatingChange{Player: p.ID, Prior: prior[i], After: Rating{Mu: after[i].Mu, Sigma: after[i].Sigma}}
	}
	return out
}

// Claim is a deadline handed to one claimer.
type Claim struct {
	Key   string
	Due   time.Time
	Token uint64
}

// Ratings calls r.Rate for the backends: nil without Rate, an error when it
// does not return one rating per player and a row of meetings per pair.
func (r Result) Ratings(prior []Rating, met [][]Met) ([]Rating, [][]Met, error) {
	if r.Rate == nil {
		return nil, nil, nil
	}
	after, metAfter := r.Rate(prior, met)
	if len(after) != len(r.Players) {
		return nil, nil, fmt.Errorf("storage: rating %s gave %d ratings for %d players", r.GameID, len(after), len(r.Players))
	}
	if len(metAfter) != len(r.Players) {
		return nil, nil, fmt.Errorf("storage: rating %s gave %d rows of meetings for %d players", r.GameID, len(metAfter), len(r.Players))
	}
	for i, row := range metAfter {
		if len(row) != len(r.Players) {
			return nil, nil, fmt.Errorf("storage: rating %s gave %d meetings for player %d of %d", r.GameID, len(row), i, len(r.Players))
		}
	}
	return after, metAfter, nil
}

// Trended appends r to a trend, keeping the latest TrendLength; a trend
// holds no times.
func Trended(trend []Rating, r Rating) []Rating {
	r.At = time.Time{}
	trend = append(slices.Clone(trend), r)
	return trend[max(0, len(trend)-TrendLength):]
}
