package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/review"
	"github.com/sushigo/sushigo/picture"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// Reviews. Every game keeps its deal's seed and every choice in order (a
// few bytes a move, in its record while it is played). When it ends, they
// move to a record of their own under the game's ID, kept ReviewTTL, so a
// review can be asked for after the channel has moved on to another game.
//
// Asking for one is cheap on the request path: the host checks the asker
// played, queues the job durably (a record and a "review:" deadline) and
// answers privately that it is coming. The replica that claims the
// deadline runs the review on a bounded pool, outside Tick's wait, and
// sends the answer as a private message; one that dies meanwhile leaves
// the claim to come back after its lease, so a review asked for before a
// restart is answered after it. The terminal, one person at one screen,
// reviews inline.

const (
	// reviewPrefix keys a finished game's moves (a record) and a queued
	// review (a deadline and its record, "review:<game>:<user>").
	reviewPrefix = "review:"
	// ReviewTTL is how long a finished game can be reviewed.
	ReviewTTL = 30 * 24 * time.Hour
	// reviewQueued bounds how long a queued review waits for a worker.
	reviewQueued = time.Hour
	// reviewBusy is how soon a review that found every worker busy is
	// looked at again.
	reviewBusy = time.Second
	// reviewRetry is when a review under way comes due again should its
	// replica die before it is sent.
	reviewRetry = 5 * time.Minute
)

// reviewOptions is the work a review does: fixed in samples, not in time,
// so the same game gives the same review on any machine. It costs about a
// second of one core for a seat of a classic game of four (docs/review.md).
var reviewOptions = review.Options{Iterations: 256, Refine: 64}

// moveLog is a game's deal and every choice in order: what a review
// replays.
type moveLog struct {
	Seed  uint64 `json:"sd,omitempty"`
	Moves []byte `json:"mv,omitempty"`
}

// add keeps move m.
func (l *moveLog) add(m review.Move) { l.Moves = review.AppendMove(l.Moves, m) }

// reviewRecordVersion is the stored review record's format.
const reviewRecordVersion = 1

// reviewRecord is a finished game as its review needs it. Stored (JSON,
// versioned, pinned by testdata/golden/review-record-v1.json).
type reviewRecord struct {
	V        int               `json:"v"`
	Game     string            `json:"id"`
	Where    protocol.Location `json:"w"`
	Settings engine.Settings   `json:"set"`
	Seed     uint64            `json:"sd"`
	Moves    []byte            `json:"mv"`
	Seats    []reviewSeat      `json:"s"`
	// Lang is the game's language, for what others see of the review.
	Lang string `json:"lg,omitempty"`
}

// reviewSeat is a seat as its review names it.
type reviewSeat struct {
	User string `json:"u,omitempty"`
	Name string `json:"n"`
	Bot  bool   `json:"b,omitempty"`
}

func reviewKey(game string) string          { return reviewPrefix + game }
func reviewJobKey(game, user string) string { return reviewPrefix + game + ":" + user }

// finishReview moves a finished game's moves out of its record (l), which stays small,
// into a record of their own; false when there is nothing to review.
func finishReview(st *snapshot, l *moveLog) (storedRecord, bool) {
	if len(l.Moves) == 0 || st.game == nil || !st.game.Over() {
		return storedRecord{}, false
	}
	r := reviewRecord{V: reviewRecordVersion, Game: st.ID, Where: st.Where, Settings: st.game.Settings(),
		Seed: l.Seed, Moves: l.Moves}
	if !st.w.IsZero() {
		r.Lang = st.w.Code()
	}
	for _, s := range st.Seats {
		r.Seats = append(r.Seats, reviewSeat{User: s.User, Name: s.Name, Bot: !s.human()})
	}
	data, err := json.Marshal(r)
	if err != nil {
		return storedRecord{}, false
	}
	l.Moves = nil
	return storedRecord{key: reviewKey(st.ID), data: data, ttl: ReviewTTL}, true
}

// decodeReviewRecord reads a stored review record of any version.
func decodeReviewRecord(data []byte) (reviewRecord, error) {
	var r reviewRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("bot: review record: %w", err)
	}
	if r.V < 1 || r.V > reviewRecordVersion {
		return r, fmt.Errorf("bot: review record of version %d", r.V)
	}
	return r, nil
}

// game is the record as a review replays it.
func (r reviewRecord) game() (review.Game, error) {
	ms, err := review.DecodeMoves(r.Moves)
	if err != nil {
		return review.Game{}, err
	}
	return review.Game{Settings: r.Settings, Seed: r.Seed, Moves: ms}, nil
}

// seatOf is user's seat, or -1.
func (r reviewRecord) seatOf(user string) int {
	for i, s := range r.Seats {
		if !s.Bot && s.User == user {
			return i
		}
	}
	return -1
}

// reviewJob is a queued review: who asked, in which language.
type reviewJob struct {
	Lang string `json:"lg,omitempty"`
}

// askReview answers Review my game: a refusal, the review itself (the
// terminal), or the word that it is coming.
func (b *Bot) askReview(ctx context.Context, req protocol.Request, gameID string) (protocol.Response, error) {
	w := req.Lang
	// The channel's game: the one a typed review asks for, and the one a
	// click on a game still in play finds.
	rec, found, err := b.rec.Read(ctx, req.Where.Key())
	switch {
	case err != nil:
		return protocol.Response{}, err
	case !found:
		if gameID == "" {
			return protocol.Response{}, refuse("where.noGameHere")
		}
	default:
		if st := rec.snap(); gameID == "" || gameID == st.ID {
			if st.Phase != phaseOver {
				return protocol.Response{}, refuse("review.notOver")
			}
			gameID = st.ID
			if w.IsZero() {
				w = rec.langFor(req)
			}
		}
	}
	data, err := b.store.GetRecord(ctx, reviewKey(gameID))
	if errors.Is(err, storage.ErrNotFound) {
		return protocol.Response{}, refuse("review.unavailable")
	}
	if err != nil {
		return protocol.Response{}, fmt.Errorf("load review of %s: %w", gameID, err)
	}
	r, err := decodeReviewRecord(data)
	if err != nil {
		return protocol.Response{}, err
	}
	if r.seatOf(req.Who.ID) < 0 {
		return protocol.Response{}, refuse("review.notPlayed")
	}
	if w.IsZero() {
		w = langOf(r.Lang)
	}
	resp := protocol.Response{Where: r.Where, Game: r.Game}
	seat := r.seatOf(req.Who.ID)
	var sr review.Seat
	ready := b.cfg.ThinkInline
	if ready {
		// Inline, inside this request: nothing to wait for but itself.
		sr, err = b.seatReview(ctx, r, seat, false)
	} else {
		sr, ready, err = b.storedReview(ctx, r.Game, seat)
	}
	if err != nil {
		return protocol.Response{}, err
	}
	if ready {
		// Reviewed (before, or just now): drawn in the asker's words; for
		// a page, with every choice to step through.
		v := b.drawReview(r, seat, w, sr)
		if req.Away {
			b.stepsFor(&v, r, seat, w, sr)
		}
		resp.Deliveries = privateReply(req, v).Deliveries
		return resp, nil
	}
	job, _ := json.Marshal(reviewJob{Lang: w.Code()})
	key := reviewJobKey(gameID, req.Who.ID)
	added, err := b.store.AddRecord(ctx, key, job, reviewQueued)
	if err != nil {
		return protocol.Response{}, fmt.Errorf("queue review %s: %w", key, err)
	}
	if added {
		if err := b.store.Schedule(ctx, key, b.now()); err != nil {
			return protocol.Response{}, fmt.Errorf("queue review %s: %w", key, err)
		}
	}
	v := protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneInfo, Text: w.Say("review.queued"), Lang: w}
	resp.Deliveries = privateReply(req, v).Deliveries
	return resp, nil
}

// reviewFor reviews user's seat of r, in w; beside, when it runs beside
// the games (a worker), rather than inside a request of its own. A seat
// is reviewed once: the review is stored, and asked again it is drawn
// from there.
func (b *Bot) reviewFor(ctx context.Context, r reviewRecord, user string, w words.Lang, beside bool) (protocol.View, error) {
	i := r.seatOf(user)
	if i < 0 {
		return protocol.View{}, refuse("review.notPlayed")
	}
	sr, err := b.seatReview(ctx, r, i, beside)
	if err != nil {
		return protocol.View{}, err
	}
	return b.drawReview(r, i, w, sr), nil
}

// seatReview is seat i's review of r: stored, or reviewed (and stored)
// now; beside as for reviewFor.
func (b *Bot) seatReview(ctx context.Context, r reviewRecord, i int, beside bool) (review.Seat, error) {
	sr, found, err := b.storedReview(ctx, r.Game, i)
	if err != nil || found {
		return sr, err
	}
	return b.review(ctx, r, i, beside)
}

// review reviews seat i of r and stores the review; beside as for
// reviewFor.
func (b *Bot) review(ctx context.Context, r reviewRecord, i int, beside bool) (review.Seat, error) {
	rg, err := r.game()
	if err != nil {
		return review.Seat{}, fmt.Errorf("review %s: %w", r.Game, err)
	}
	o := reviewOptions
	if b.cfg.Review != nil {
		o = *b.cfg.Review
	}
	o.Seed = rg.Seed
	if beside {
		o.Yield = b.yielder()
	}
	sr, err := review.Review(rg, i, o)
	if err != nil {
		return review.Seat{}, fmt.Errorf("review %s seat %d: %w", r.Game, i, err)
	}
	// Every seat's accuracy, as a chess site shows both players': a seat
	// already reviewed from its review, the others weighed without the
	// refine step (about half a review each).
	sr.Table = make([]float64, len(r.Seats))
	for s := range r.Seats {
		if s == i {
			sr.Table[s] = sr.Accuracy
			continue
		}
		a, err := b.seatAccuracy(ctx, r, rg, s, o)
		if err != nil {
			return review.Seat{}, err
		}
		sr.Table[s] = a
	}
	if err := b.storeReview(ctx, r.Game, i, sr); err != nil {
		// Answered all the same: only asking again costs more.
		b.log.Error("storing a review failed", "game", r.Game, "seat", i, "err", err)
	}
	return sr, nil
}

// seatAccuracy is seat s's accuracy for another seat's review: from its
// own stored review, else as review.Quick weighed it, once a game (kept
// beside the reviews, as a number in no language).
func (b *Bot) seatAccuracy(ctx context.Context, r reviewRecord, rg review.Game, s int, o review.Options) (float64, error) {
	full, found, err := b.storedReview(ctx, r.Game, s)
	if err != nil {
		return 0, err
	}
	if found {
		return full.Accuracy, nil
	}
	key := "accuracy:" + r.Game + ":" + strconv.Itoa(s)
	if data, err := b.store.GetRecord(ctx, key); err == nil {
		if a, err := strconv.ParseFloat(string(data), 64); err == nil && a >= 0 && a <= 1 {
			return a, nil
		}
	} else if !errors.Is(err, storage.ErrNotFound) {
		return 0, fmt.Errorf("load the accuracy of %s seat %d: %w", r.Game, s, err)
	}
	quick, err := review.Quick(rg, s, o)
	if err != nil {
		return 0, fmt.Errorf("review %s seat %d: %w", r.Game, s, err)
	}
	if err := b.store.SetRecord(ctx, key, []byte(strconv.FormatFloat(quick.Accuracy, 'g', -1, 64)), ReviewTTL); err != nil {
		b.log.Error("storing a seat's accuracy failed", "game", r.Game, "seat", s, "err", err)
	}
	return quick.Accuracy, nil
}

// drawReview is seat i's review sr of r, in w: its words and its chart.
func (b *Bot) drawReview(r reviewRecord, i int, w words.Lang, sr review.Seat) protocol.View {
	names := make([]string, len(r.Seats))
	for s, seat := range r.Seats {
		names[s] = protocol.NameIn(w, seat.User, seat.Name)
	}
	v := reviewView(w, names[i], names, sr)
	v.Lang = w
	if b.platform(r.Where.Platform).Terminal || r.Where.Platform == "" {
		return v // the terminal shows no pictures
	}
	ch := picture.ReviewChart{Seat: i, Curves: sr.Curves, Rounds: sr.CurveRound,
		You: r.Seats[i].User == protocol.You && words.IsYou(r.Seats[i].Name)}
	for _, s := range r.Seats {
		ch.Names = append(ch.Names, protocol.NameIn(w, s.User, s.Name))
	}
	for _, k := range sr.Top {
		c := sr.Choices[k]
		ch.Marks, ch.Turns = append(ch.Marks, c.Point), append(ch.Turns, [2]int{c.Round, c.Turn})
	}
	png, err := picture.Review(w, ch)
	if err != nil {
		// The words say it all: a review goes without its picture
		// rather than not at all.
		b.log.Error("drawing a review failed", "game", r.Game, "err", err)
		return v
	}
	v.Picture = &protocol.Picture{Of: protocol.PictureReview, Alt: picture.ReviewAlt(w, ch), PNG: png}
	return v
}

// reviewedVersion is the stored review's format and judge: 2 was judged
// by the expert's search. Version 1 (the heuristic's rollouts), readable
// as it is, is reviewed again: the footer drawn with it would name a
// judge that did not judge it.
const reviewedVersion = 2

// reviewed is a seat's finished review, stored so that asking for it
// again answers at once, in any language (JSON, versioned, pinned by
// testdata/golden/reviewed-v2.json). The options' values the arena
// compares are left out: a review's words and chart do not use them.
type reviewed struct {
	V    int         `json:"v"`
	Seat review.Seat `json:"r"`
}

func reviewedKey(game string, seat int) string { return "reviewed:" + game + ":" + strconv.Itoa(seat) }

// storedReview is seat's stored review of game, if it was reviewed.
func (b *Bot) storedReview(ctx context.Context, game string, seat int) (review.Seat, bool, error) {
	data, err := b.store.GetRecord(ctx, reviewedKey(game, seat))
	if errors.Is(err, storage.ErrNotFound) {
		return review.Seat{}, false, nil
	}
	if err != nil {
		return review.Seat{}, false, fmt.Errorf("load the review of %s seat %d: %w", game, seat, err)
	}
	var r reviewed
	if err := json.Unmarshal(data, &r); err != nil || r.V != reviewedVersion {
		// Unreadable, the former judge's, or a newer release's: reviewed
		// again.
		return review.Seat{}, false, nil
	}
	return r.Seat, true, nil
}

// storeReview keeps seat's review sr of game for as long as the game's
// review record.
func (b *Bot) storeReview(ctx context.Context, game string, seat int, sr review.Seat) error {
	kept := sr
	kept.Choices = make([]review.Choice, len(sr.Choices))
	for k, c := range sr.Choices {
		c.Alternatives, c.Values = nil, nil // the arena's, and −Inf has no JSON
		kept.Choices[k] = c
	}
	data, err := json.Marshal(reviewed{V: reviewedVersion, Seat: kept})
	if err != nil {
		return fmt.Errorf("store the review of %s seat %d: %w", game, seat, err)
	}
	// Set, not add: a former judge's review under the key is replaced.
	// Two replicas that review a seat at once write the same review.
	if err := b.store.SetRecord(ctx, reviewedKey(game, seat), data, ReviewTTL); err != nil {
		return fmt.Errorf("store the review of %s seat %d: %w", game, seat, err)
	}
	return nil
}

// yielder is what a review does after each deal it plays out: let the
// games' goroutines run, and while requests or sends are under way wait
// for them a little (at most reviewPause a deal), so a review takes the
// cores only when the games leave them. Past reviewPatience the review
// stops waiting: under constant load it must still end well inside its
// claim's lease.
func (b *Bot) yielder() func() {
	began := time.Now()
	return func() {
		runtime.Gosched()
		if time.Since(began) > reviewPatience {
			return
		}
		for wait := time.Duration(0); b.busy.Load() > 0 && wait < reviewPause; wait += 100 * time.Microsecond {
			time.Sleep(100 * time.Microsecond)
		}
	}
}

// How long a review waits for the games: at most reviewPause after a
// deal, and only in its first reviewPatience.
const (
	reviewPause    = 2 * time.Millisecond
	reviewPatience = time.Minute
)

// reviewWorkers bounds the reviews one replica runs at once: half its
// cores (one on two), so games' clicks and deliveries keep the rest.
func reviewWorkers() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// reviewClaimed runs a queued review if a worker is free (else it looks
// again soon) and sends the answer privately. It never holds Tick.
func (b *Bot) reviewClaimed(ctx context.Context, c storage.Claim, key string, now time.Time) (protocol.Outbound, error) {
	select {
	case b.reviewing <- struct{}{}:
	default:
		return protocol.Outbound{}, b.reschedule(ctx, c.Key, now.Add(reviewBusy))
	}
	if !b.startReview() {
		// Stopping: another replica, or this one restarted, takes it.
		<-b.reviewing
		return protocol.Outbound{}, b.store.Schedule(ctx, c.Key, now)
	}
	// A review may outlast the claim's lease (it waits for the games):
	// its deadline comes back only if this replica dies, reviewRetry on.
	if err := b.store.Schedule(ctx, c.Key, now.Add(reviewRetry)); err != nil {
		<-b.reviewing
		b.reviews.Done()
		return protocol.Outbound{}, fmt.Errorf("review %s: %w", key, err)
	}
	go func() {
		defer func() { <-b.reviewing; b.reviews.Done() }()
		if err := b.runReview(b.workCtx, c, key); err != nil {
			// Left claimed: it comes back after the lease.
			b.log.Error("a review failed", "review", key, "err", err)
		}
	}()
	return protocol.Outbound{}, nil
}

// runReview reviews the seat key ("<game>:<user>") names and delivers it.
func (b *Bot) runReview(ctx context.Context, c storage.Claim, key string) error {
	game, user, _ := strings.Cut(key, ":")
	job := reviewJob{}
	data, err := b.store.GetRecord(ctx, c.Key)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		// Answered by a replica that died before cancelling, or expired.
		return b.store.Cancel(ctx, c.Key)
	case err != nil:
		return fmt.Errorf("load %s: %w", c.Key, err)
	}
	_ = json.Unmarshal(data, &job)
	w := langOf(job.Lang)
	data, err = b.store.GetRecord(ctx, reviewKey(game))
	var v protocol.View
	var r reviewRecord
	switch {
	case errors.Is(err, storage.ErrNotFound):
		v = protocol.View{Screen: protocol.ScreenNotice, Tone: protocol.ToneError, Text: w.Say("review.unavailable")}
	case err != nil:
		return fmt.Errorf("load review of %s: %w", game, err)
	default:
		if r, err = decodeReviewRecord(data); err != nil {
			return err
		}
		if v, err = b.reviewFor(ctx, r, user, w, true); err != nil {
			return err
		}
	}
	v.Lang = w
	d := protocol.Delivery{Kind: protocol.Post, To: protocol.Private(user), View: v}
	o := protocol.Outbound{Where: r.Where, Game: game, Response: protocol.Response{Where: r.Where, Game: game, Deliveries: []protocol.Delivery{d}}}
	if s := b.platform(r.Where.Platform).Sender; s != nil {
		if _, err := s.Send(ctx, r.Where, game, d); err != nil {
			return fmt.Errorf("send review %s: %w", key, err)
		}
	} else {
		b.reviewDone(o)
	}
	if err := b.store.DeleteRecord(ctx, c.Key); err != nil && !errors.Is(err, storage.ErrNotFound) {
		return fmt.Errorf("finish review %s: %w", key, err)
	}
	return b.store.Cancel(ctx, c.Key)
}

// WaitReviews waits for the reviews this replica is running: Drain does,
// and tests that look at what they sent.
func (b *Bot) WaitReviews() { b.reviews.Wait() }

// reviewDone keeps a review for a platform without a sender: the next
// Tick returns it.
func (b *Bot) reviewDone(o protocol.Outbound) {
	b.reviewMu.Lock()
	b.reviewed = append(b.reviewed, o)
	b.reviewMu.Unlock()
}

// takeReviewed returns the reviews finished since the last call.
func (b *Bot) takeReviewed() []protocol.Outbound {
	b.reviewMu.Lock()
	defer b.reviewMu.Unlock()
	out := b.reviewed
	b.reviewed = nil
	return out
}

// reviewView is seat's review, privately: its accuracy and the points it
// gave away, its costliest choices with the better card and why, and its
// expected final score through the game.
func reviewView(w words.Lang, name string, names []string, r review.Seat) protocol.View {
	v := protocol.View{Screen: protocol.ScreenReview, Tone: protocol.ToneInfo, Title: w.Say("review.title", name)}
	good := 0
	for _, c := range r.Choices {
		if c.Grade <= review.Good {
			good++
		}
	}
	// Given away a choice, not in all: a sum over two dozen choices, each
	// against the best option of its moment, reads beside the final score
	// as the points the game could have had more, which it is not.
	lines := []string{w.Say("review.summary", r.Final, int(100*r.Accuracy+0.5), good, len(r.Choices), w.Tenths(r.Lost/float64(max(1, len(r.Choices)))))}
	// Accuracy by round, as a chess site's by phase of the game.
	var rounds []string
	for round := 1; ; round++ {
		n, ok := 0, 0
		for _, c := range r.Choices {
			if c.Round == round {
				n++
				if c.Grade <= review.Good {
					ok++
				}
			}
		}
		if n == 0 {
			break
		}
		rounds = append(rounds, w.Say("review.roundAccuracy", round, (100*ok+n/2)/n))
	}
	if len(rounds) > 1 {
		lines = append(lines, w.Say("review.byRound", strings.Join(rounds, " · ")))
	}
	// Every seat's accuracy (a review stored before it had none).
	if len(r.Table) == len(names) && len(names) > 1 {
		var seats []string
		for s, a := range r.Table {
			if a >= 0 {
				seats = append(seats, w.Say("review.seatAccuracy", names[s], int(100*a+0.5)))
			}
		}
		lines = append(lines, w.Say("review.table", strings.Join(seats, " · ")))
	}
	if len(r.Top) == 0 {
		// Named choices are graded worse than good: the others are all
		// within good's threshold.
		lines = append(lines, w.Say("review.noMistakes", w.Tenths(review.Thresholds[review.Good])))
	}
	for _, k := range r.Top {
		c := r.Choices[k]
		line := w.Say("review.choice", c.Round, c.Turn, w.Say(c.Grade.Key()),
			optionText(w, c.Chosen, c.Decision), optionText(w, c.Best, c.Decision), w.Tenths(c.Loss))
		if why := reasonText(w, c.Why); why != "" {
			line += " " + why
		}
		lines = append(lines, line)
	}
	// The curve at each round's first choice, then the end: the picture
	// draws every point.
	var curve []string
	for k, x := range r.Curve[:len(r.CurveRound)] {
		if k == 0 || r.CurveRound[k] != r.CurveRound[k-1] {
			curve = append(curve, w.Say("review.curveRound", r.CurveRound[k], int(math.Round(x))))
		}
	}
	curve = append(curve, w.Say("review.curveFinal", r.Final))
	lines = append(lines, w.Say("review.curve", strings.Join(curve, " → ")))
	v.Text = strings.Join(lines, "\n")
	v.Footer = w.Say("review.footer")
	return v
}

// optionText names a choice: the card (and second card) of a pick, the
// card or type of an answer.
func optionText(w words.Lang, o review.Option, decision bool) string {
	if decision {
		switch {
		case o.Answer.Card != engine.None:
			return cardText(w, o.Answer.Card)
		case o.Answer.Kind != engine.KindNone:
			return w.KindName(o.Answer.Kind)
		case o.Answer.Flip != 0:
			// A takeout box's answer: how many cards it turned.
			return w.Say("review.faceDown", w.Count("card", bits.OnesCount32(o.Answer.Flip)))
		}
		return w.Say("review.nothing")
	}
	s := cardText(w, o.Sub.Card)
	if o.Sub.Extra != engine.None {
		s += " + " + cardText(w, o.Sub.Extra)
	}
	return s
}

// reasonText words why the better choice was better.
func reasonText(w words.Lang, r review.Reason) string {
	if r.Key == "" {
		return ""
	}
	return w.Say(r.Key)
}

// stepsFor adds to v, seat i's review sr of r drawn in w, what a page
// steps through: each choice with the hand it was made from, and the
// chart as an image of its own.
func (b *Bot) stepsFor(v *protocol.View, r reviewRecord, i int, w words.Lang, sr review.Seat) {
	if v.Picture != nil {
		v.Chart = v.Picture.PNG
	}
	rg, err := r.game()
	if err != nil {
		b.log.Error("a review's steps", "game", r.Game, "err", err)
		return
	}
	at := make(map[int]review.Choice, len(sr.Choices))
	for _, c := range sr.Choices {
		at[c.Move] = c
	}
	var hand []engine.Card
	_, err = rg.Replay(func(g *engine.Game, m int) {
		c, ok := at[m]
		if !ok {
			return
		}
		hand = g.View(i).AppendHand(hand[:0])
		v.Steps = append(v.Steps, reviewStep(w, c, hand))
	})
	if err != nil {
		b.log.Error("a review's steps", "game", r.Game, "err", err)
		v.Steps = nil
	}
}

// reviewStep is choice c, made from hand, as a page shows it.
func reviewStep(w words.Lang, c review.Choice, hand []engine.Card) protocol.Step {
	st := protocol.Step{Title: w.Say("review.step.title", c.Round, c.Turn, w.Say(c.Grade.Key())),
		Grade: strings.TrimPrefix(c.Grade.Key(), "review.grade."), Chosen: -1, Best: -1}
	for k, card := range hand {
		st.Hand = append(st.Hand, int(card))
		st.Names = append(st.Names, w.CardShort(card))
		if c.Decision {
			continue
		}
		if card == c.Chosen.Sub.Card && st.Chosen < 0 {
			st.Chosen = k
		}
		if card == c.Best.Sub.Card && st.Best < 0 {
			st.Best = k
		}
	}
	if review.Same(c.Chosen, c.Best, c.Decision) {
		st.Text = w.Say("review.step.same", optionText(w, c.Chosen, c.Decision))
		return st
	}
	st.Text = w.Say("review.step.other", optionText(w, c.Chosen, c.Decision), optionText(w, c.Best, c.Decision), w.Tenths(c.Loss))
	if why := reasonText(w, c.Why); why != "" {
		st.Text += " " + why
	}
	return st
}
