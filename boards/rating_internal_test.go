package boards

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/rating"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/words"
)

// People are rated among themselves: shared places are ties, a bot's
// place between them counts for nothing (amongPeople), and a stored prior
// is used as is.
func TestRateFuncAmongPeople(t *testing.T) {
	// Seats: ann 1st (shared), a bot 3rd, cy 1st (shared), dee 4th.
	places := AmongPeople([]int{1, 1, 4})
	if !slices.Equal(places, []int{1, 1, 3}) {
		t.Fatalf("places among people %v, want [1 1 3]", places)
	}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	rate := RateFunc(places, at)
	got, _ := rate([]storage.Rating{{}, {}, {}}, nil)
	want := rating.Rate([]rating.Rating{rating.New(), rating.New(), rating.New()}, []int{1, 1, 3})
	for k := range got {
		if got[k] != st(want[k], at) {
			t.Fatalf("rated %v, want %v", got, want)
		}
	}
	if got[0] != got[1] || got[0].Mu <= rating.Mu || got[2].Mu >= rating.Mu {
		t.Errorf("tied winners, a loser: %v", got)
	}
	prior := storage.Rating{Mu: 30, Sigma: 3, At: at}
	again, _ := rate([]storage.Rating{prior, {}, {}}, nil)
	want = rating.Rate([]rating.Rating{{Mu: 30, Sigma: 3}, rating.New(), rating.New()}, []int{1, 1, 3})
	if again[0] != st(want[0], at) {
		t.Errorf("from a prior: %v, want %v", again[0], want[0])
	}
	// A prior from 100 days before is widened first: σ² + 0.15 × 100.
	prior.At = at.Add(-100 * 24 * time.Hour)
	away, _ := rate([]storage.Rating{prior, {}, {}}, nil)
	want = rating.Rate([]rating.Rating{{Mu: 30, Sigma: math.Sqrt(9 + 15)}, rating.New(), rating.New()}, []int{1, 1, 3})
	if !closeTo(away[0].Mu, want[0].Mu) || !closeTo(away[0].Sigma, want[0].Sigma) {
		t.Errorf("from a prior 100 days old: %v, want %v", away[0], want[0])
	}
}

func st(r rating.Rating, at time.Time) storage.Rating {
	return storage.Rating{Mu: r.Mu, Sigma: r.Sigma, At: at}
}

func closeTo(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// Widened grows σ² by driftPerDay a day away, up to a new player's σ, and
// leaves alone a rating without a time or one looked at before it was set.
func TestWidened(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := storage.Rating{Mu: 28, Sigma: 2, At: at}
	for _, c := range []struct {
		days float64
		want float64
	}{
		{0, 2},
		{1, math.Sqrt(4 + 0.15)},
		{100, math.Sqrt(4 + 15)},
		{175, math.Sqrt(4 + 26.25)}, // 5.5: the provisional line
		{3650, rating.New().Sigma},  // capped at a new player's
	} {
		got := Widened(r, at.Add(time.Duration(c.days*24)*time.Hour))
		if !closeTo(got.Sigma, c.want) || got.Mu != 28 || got.At != at {
			t.Errorf("%v days away: %+v, want σ %v", c.days, got, c.want)
		}
	}
	if !Provisional(Widened(r, at.Add(176*24*time.Hour))) || Provisional(Widened(r, at.Add(174*24*time.Hour))) {
		t.Error("a settled σ of 2 should turn provisional after about 175 days away")
	}
	if got := Widened(storage.Rating{Mu: 28, Sigma: 2}, at); got.Sigma != 2 {
		t.Errorf("a rating of unknown time widened: %+v", got)
	}
	if got := Widened(r, at.Add(-time.Hour)); got.Sigma != 2 {
		t.Errorf("widened backwards: %+v", got)
	}
	wide := storage.Rating{Mu: 28, Sigma: 9, At: at} // wider than new: never narrowed
	if got := Widened(wide, at.Add(24*time.Hour)); got.Sigma != 9 {
		t.Errorf("narrowed: %+v", got)
	}
}

func TestDisplay(t *testing.T) {
	for _, c := range []struct {
		r    storage.Rating
		want int
	}{
		{storage.Rating{}, 1000},                     // not rated yet: a new player
		{st(rating.New(), time.Time{}), 1000},        // μ 25, σ 25/3: ordinal 0
		{storage.Rating{Mu: 30, Sigma: 2}, 1960},     // ordinal 24
		{storage.Rating{Mu: 25.5, Sigma: 8.3}, 1024}, // ordinal 0.6
		{storage.Rating{Mu: 20, Sigma: 8}, 1000},     // ordinal −4: the floor, not 840
		{storage.Rating{Mu: -10, Sigma: 1}, 1000},    // far below: still the floor
	} {
		if got := Display(c.r); got != c.want {
			t.Errorf("Display(%+v) = %d, want %d", c.r, got, c.want)
		}
	}
}

// TestProvisionalMark: a rating is shown with "?" until σ falls under
// provisionalSigma.
func TestProvisionalMark(t *testing.T) {
	for _, c := range []struct {
		r    storage.Rating
		want string
	}{
		{storage.Rating{}, "1000?"},
		{st(rating.New(), time.Time{}), "1000?"},
		{storage.Rating{Mu: 30, Sigma: 5.6}, "1528?"},
		{storage.Rating{Mu: 30, Sigma: 5.5}, "1540"},
		{storage.Rating{Mu: 30, Sigma: 2}, "1960"},
	} {
		if got := Shown(c.r); got != c.want {
			t.Errorf("Shown(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// gamesToSettle counts the rated games a newcomer plays, against players
// who are new too, until their rating is no longer provisional: the
// places fall at random (seeded), or the newcomer wins every game.
func gamesToSettle(players int, alwaysWins bool, seed uint64) int {
	r := rand.New(rand.NewPCG(seed, 1))
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rs := make([]storage.Rating, players)
	for g := 1; g <= 500; g++ {
		places := make([]int, players)
		for i, p := range r.Perm(players) {
			places[i] = p + 1
		}
		if alwaysWins {
			w := slices.Index(places, 1)
			places[0], places[w] = 1, places[0]
		}
		rs, _ = RateFunc(places, at)(rs, nil) // newcomers who meet no more often than weekly
		if !Provisional(rs[0]) {
			return g
		}
	}
	return 500
}

// settlingRange is the 10th to 90th percentile of gamesToSettle over 400
// seeds.
func settlingRange(players int, alwaysWins bool) (lo, hi int) {
	var gs []int
	for seed := range uint64(400) {
		gs = append(gs, gamesToSettle(players, alwaysWins, seed))
	}
	slices.Sort(gs)
	return gs[len(gs)/10], gs[len(gs)*9/10]
}

// TestSettlingIsMeasured: what help, the boards and the README say of how
// long a rating stays provisional is this measurement, word for word.
func TestSettlingIsMeasured(t *testing.T) {
	span := func(lo, hi int) string {
		if lo == hi {
			return strconv.Itoa(lo)
		}
		return strconv.Itoa(lo) + "–" + strconv.Itoa(hi)
	}
	two, two2 := settlingRange(2, false)
	four, four2 := settlingRange(4, false)
	win, win2 := settlingRange(2, true)
	want := "about " + span(two, two2) + " rated games between two people, " + span(four, four2) + " among four, and " +
		span(win, win2) + " for someone who wins every game"
	t.Logf("settles after %s", want)
	if SettlesAfter(words.English) != want {
		t.Errorf("SettlesAfter() = %q, measured %q", SettlesAfter(words.English), want)
	}
	readme, err := os.ReadFile("../docs/ratings.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), SettlesAfter(words.English)) {
		t.Errorf("docs/ratings.md does not say %q", SettlesAfter(words.English))
	}
	for _, text := range []string{leaderboardView(words.English, nil, protocol.Leaderboard{By: protocol.ByRating}, 3).Text} {
		if !strings.Contains(text, SettlesAfter(words.English)) {
			t.Errorf("%q does not say %q", text, SettlesAfter(words.English))
		}
	}
}

// TestScaleSettles pins the numbers the README gives: four evenly matched
// newcomers taking every place in turn are provisional for about twenty
// games and settle near 1730 after 200; the loser of a first two-player
// game stays at the floor (1000, not 927), the winner shows 1138.
func TestScaleSettles(t *testing.T) {
	ps := []rating.Rating{rating.New(), rating.New(), rating.New(), rating.New()}
	settled := 0
	for g := range 200 {
		places := make([]int, 4)
		for i := range places {
			places[i] = (i+g)%4 + 1
		}
		ps = rating.Rate(ps, places)
		if settled == 0 && !Provisional(st(ps[0], time.Time{})) {
			settled = g + 1
		}
	}
	if d := Display(st(ps[0], time.Time{})); settled < 18 || settled > 24 || d < 1700 || d > 1760 {
		t.Errorf("settled after %d games, at %d after 200; the README says about 20 and near 1730", settled, d)
	}
	first := rating.Rate([]rating.Rating{rating.New(), rating.New()}, []int{1, 2})
	if w, l := Display(st(first[0], time.Time{})), Display(st(first[1], time.Time{})); w != 1138 || l != 1000 {
		t.Errorf("first game: winner %d, loser %d; want 1138 and the floor", w, l)
	}
}

// TestCustomMenuShownInTheReadersWords: a custom Party menu is stored by
// its cards' keys, English words; the history shows it as "Custom menu"
// in the reader's language and the cards' emoji, a recommended one by its
// name in that language.
func TestCustomMenuShownInTheReadersWords(t *testing.T) {
	fr, _ := words.Find("fr")
	got := menuShown(fr, "uramaki,miso,tofu,eel,spoon,menu,pudding")
	if strings.Contains(got, "uramaki") || !strings.HasPrefix(got, fr.Say("menus.custom")) || !strings.Contains(got, "🥄") {
		t.Errorf("a custom menu in French: %q", got)
	}
	if got := menuShown(fr, words.English.RecommendedName(engine.RecommendedMenus[0])); got != fr.RecommendedName(engine.RecommendedMenus[0]) {
		t.Errorf("a recommended menu in French: %q", got)
	}
}
