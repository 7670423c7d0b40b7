package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sushigo/sushigo/adapters/adaptertest"
)

var updateScreens = flag.Bool("update-screens", false, "TestPlayWebInABrowser writes its screenshots to testdata/web")

var linkLine = regexp.MustCompile(`http://127\.0\.0\.1:\d+/#\S+`)

// startWebPlay runs `sushigo play --web` with args and returns its link.
func startWebPlay(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	vars := func(k string) string {
		if k == "DATA_DIR" {
			return t.TempDir()
		}
		return ""
	}
	go func() {
		done <- run(ctx, append([]string{"play", "--web", "--addr", "127.0.0.1:0"}, args...), vars, nil, w, io.Discard)
		w.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("play --web: %v", err)
		}
	})
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if link := linkLine.FindString(sc.Text()); link != "" {
			go io.Copy(io.Discard, r)
			return link
		}
	}
	t.Fatalf("play --web printed no link")
	return ""
}

// pageState is what the test reads of the page between clicks.
type pageState struct {
	V     int  `json:"v"`
	Drawn int  `json:"drawn"`
	Final bool `json:"final"`
	Start bool `json:"start"`
	Card  bool `json:"card"`
	// Decide and List are a Party decision's buttons and lists.
	Decide bool `json:"decide"`
	List   bool `json:"list"`
	Wide   int  `json:"wide"`
}

// markPick marks the card the test takes: while allowed (until a call
// went through), a Party call (a spoon's: its pick ID names no card);
// else a card whose taker decides something later (a spoon, a menu, a
// takeout box); else the first. It says "call", "card", or "none" when
// the hand was drawn anew and has no card now.
const markPick = `((allowCall) => {
  const cards = [...document.querySelectorAll("#hand button.card:not([disabled])")];
  const call = (c) => /^sg2:pick:[^:]+:\d+:\d+:0:/.test(c.dataset.id);
  const real = cards.filter((c) => !call(c));
  let pick = real.find((c) => /🥄|📜|🥡/.test(c.getAttribute("aria-label"))) || real[0] || cards[0];
  const calls = cards.filter(call);
  if (calls.length && allowCall) pick = calls[0];
  if (!pick) return "none"; // drawn anew since the test looked: no card now
  pick.dataset.testPick = "1";
  return call(pick) ? "call" : "card";
})`

// decision is a Party decision's button in the hand: not a card, not
// the way back (Change my pick), not a hint.
const decision = `#hand .row button:not(.card):not([disabled]):not([data-id*=":change:"]):not([data-id*=":hint:"])`

var readState = `(() => { const decision = '` + decision + `'; return {
  v: Number(document.body.dataset.v || 0),
  drawn: Number(document.body.dataset.drawn || 0),
  final: !document.getElementById("final").hidden,
  start: !!document.querySelector('#table button[data-id*=":start:"]:not([disabled])'),
  card: !!document.querySelector('#hand button.card:not([disabled])'),
  decide: !!document.querySelector(decision),
  list: !!document.querySelector("#hand fieldset.select"),
  wide: document.documentElement.scrollWidth,
}})()`

// TestPlayWebInABrowser plays whole games of `sushigo play --web` against
// bots by clicking in a headless chromium: classic and Party, each on a
// phone's width and a desktop's, in English, French and Spanish. Each card
// is tapped twice (chosen, then locked); a Party game's decisions (a
// spoon's call and its naming, a menu's choice, a takeout box) are played.
// The page must never be wider than the screen. Under -race two of the
// four play (a phone's Party game in Spanish, a desktop's classic one in
// French); `go test ./cmd/sushigo` plays all four.
func TestPlayWebInABrowser(t *testing.T) {
	for _, c := range []struct {
		name          string
		width, height int
		args          []string
		title         string
		party         bool // the game asks Party decisions of the person, and they are played
		race          bool // played under -race too
	}{
		{"phone-en", 360, 740, []string{"--bots", "3", "--seed", "11", "--level", "easy"}, "Sushi Go! table", false, false},
		{"desktop-fr", 1280, 800, []string{"--bots", "2", "--seed", "12", "--level", "easy", "--lang", "fr"}, "Table de Sushi Go!", false, true},
		{"phone-party-es", 360, 740, []string{"--menu", "master-menu", "--bots", "3", "--seed", "13", "--level", "easy", "--lang", "es"}, "Mesa de Sushi Go!", true, true},
		{"desktop-party-en", 1280, 800, []string{"--menu", "party-sampler", "--bots", "4", "--seed", "14", "--level", "easy"}, "Sushi Go! table", true, false},
	} {
		if raceBuild && !c.race {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			link := startWebPlay(t, c.args...)
			bctx := adaptertest.Browser(t, c.width, c.height, 3*time.Minute)
			if err := chromedp.Do(bctx, chromedp.Navigate(link), chromedp.WaitVisible("#table h2")); err != nil {
				t.Fatal(err)
			}
			title, err := chromedp.Run(bctx, chromedp.Title())
			if err != nil {
				t.Fatal(err)
			}
			if title != c.title {
				t.Errorf("the page's title is %q, want %q", title, c.title)
			}
			shot(t, bctx, c.name+"-lobby")
			clicks, decisions, chose := 0, 0, 0
			called := false // a Party call went through
			for step := 0; ; step++ {
				st, err := chromedp.Run(bctx, chromedp.Evaluate[pageState](readState))
				if err != nil {
					t.Fatal(err)
				}
				if st.Wide > c.width {
					t.Fatalf("the page is %d px wide on a %d px screen", st.Wide, c.width)
				}
				if st.Final {
					break
				}
				if step > 400 {
					t.Fatalf("no end after %d steps", step)
				}
				v := st.V
				playShot := false // the frame the fourth pick draws is the "play" screenshot
				switch {
				case st.Start:
					adaptertest.TryClick(t, bctx, `#table button[data-id*=":start:"]`)
				case st.Card:
					adaptertest.Still(t, bctx, "document")
					// A card that asks a decision of its taker (a spoon, a
					// menu, a takeout box) first, so the decisions are played.
					marked, err := chromedp.Run(bctx, chromedp.Evaluate[string](fmt.Sprintf("%s(%v)", markPick, !called)))
					if err != nil {
						t.Fatal(err)
					}
					if marked == "none" {
						continue
					}
					calling := marked == "call"
					// A page drawn meanwhile replaces the cards: the test reads
					// the page again rather than wait for a card that went.
					if !adaptertest.TryClick(t, bctx, `#hand button.card[data-test-pick]`) {
						continue
					}
					// The first tap only chooses: nothing is sent.
					chosen, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`!!document.querySelector("#hand button.card.chosen") && !!document.querySelector("#hand .confirm button")`))
					if err != nil {
						t.Fatal(err)
					}
					if !chosen || !adaptertest.TryClick(t, bctx, `#hand button.card.chosen`) {
						continue
					}
					chose++
					clicks++
					called = called || calling
					playShot = clicks == 4
				case st.List:
					adaptertest.Still(t, bctx, "document")
					// A Party list: its first choice, submitted.
					if adaptertest.TryClick(t, bctx, `#hand fieldset.select input`) && adaptertest.TryClick(t, bctx, `#hand fieldset.select button`) {
						decisions++
					}
				case st.Decide:
					adaptertest.Still(t, bctx, "document")
					if adaptertest.TryClick(t, bctx, decision) {
						decisions++
					}
				default:
					// Waiting for the others: the bots play within the click.
				}
				// The next frame drawn: a newer page, or the hand as a step
				// the game does not store left it (a Party call).
				poll := fmt.Sprintf(`Number(document.body.dataset.v || 0) > %d || Number(document.body.dataset.drawn || 0) > %d || !document.getElementById("final").hidden`, v, st.Drawn)
				if _, err := chromedp.Run(bctx, chromedp.Poll[bool](poll, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
					text, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.body.innerText + "\nNOTICE:" + document.getElementById("notice").textContent + " hidden=" + document.getElementById("notice").hidden`))
					t.Fatalf("the page did not move on from version %d: %v\nIt reads:\n%s", v, err, text)
				}
				if playShot {
					// Once that frame is shown and still: taken at the
					// click, the shot caught the frame mid-animation
					// whenever it came between the check and the capture.
					shot(t, bctx, c.name+"-play")
				}
			}
			t.Logf("%d picks, %d decisions", clicks, decisions)
			if c.party && decisions == 0 {
				t.Error("a Party game asked the person no decision")
			}
			if chose == 0 {
				t.Error("no first tap only chose its card")
			}
			if clicks < 20 {
				t.Errorf("a whole game took %d picks", clicks)
			}
			final, err := chromedp.Run(bctx, chromedp.Text("#final"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(final, "1.") && !strings.Contains(final, "🥇") {
				t.Errorf("the final standings read:\n%s", final)
			}
			shot(t, bctx, c.name+"-final")
			stepThroughReview(t, bctx, c.name, c.width)
		})
	}
}

// stepThroughReview presses Review my game on the closing post and steps
// through the review the page shows: each step the hand of one choice,
// the card taken and the expert's marked, its words in the reader's
// language; Previous and Next move it, and stop at the ends.
func stepThroughReview(t *testing.T, ctx context.Context, name string, width int) {
	t.Helper()
	if !adaptertest.TryClick(t, ctx, `#final button[data-id*=":review:"]`) {
		t.Fatal("no Review my game on the closing post")
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("review").hidden && !!document.querySelector("#review .steps h3")`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the review did not open: %v", err)
	}
	type stepState struct {
		Step, Count, Title, What string
		Cards, Taken, Apart      int
		Prev, Next               bool
		Chart                    bool
		Wide                     int
		// The review's share of the page's width, and where its walk
		// through the choices sits: beside the summary, or below it.
		Span          float64
		Beside, Below bool
		AboveFinal    bool
	}
	const read = `(() => {
  const b = document.querySelector("#review .steps");
  const summary = document.querySelector("#review .summary").getBoundingClientRect();
  const walk = document.querySelector("#review .walk").getBoundingClientRect();
  return {
    Step: b.dataset.step, Count: b.querySelector(".count").textContent,
    Title: b.querySelector("h3").textContent, What: b.querySelector(".what").textContent,
    Cards: b.querySelectorAll(".cards .card").length,
    Taken: b.querySelectorAll(".cards .card.taken").length,
    Apart: b.querySelectorAll(".cards .card.best:not(.taken)").length,
    Prev: !b.querySelector("button.prev").disabled, Next: !b.querySelector("button.next").disabled,
    Chart: !!document.querySelector("#review img.chart[src^='data:image/png;base64,']"),
    Wide: document.documentElement.scrollWidth,
    Span: document.getElementById("review").offsetWidth / document.querySelector("main").clientWidth,
    Beside: walk.left >= summary.right && walk.top < summary.bottom,
    Below: walk.top >= summary.bottom,
    AboveFinal: document.getElementById("review").getBoundingClientRect().bottom <= document.getElementById("final").getBoundingClientRect().top,
  };
})()`
	first, err := chromedp.Run(ctx, chromedp.Evaluate[stepState](read))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("review step %s: %s | %s | %s (%d cards)", first.Step, first.Count, first.Title, first.What, first.Cards)
	if first.Step != "1" || first.Prev || !first.Next || first.Cards < 2 || first.Taken != 1 || first.Title == "" || first.What == "" || strings.Contains(first.Count, "%") {
		t.Errorf("the review's first step: %+v", first)
	}
	if !first.Chart {
		t.Error("the review shows no chart")
	}
	if first.Wide > width {
		t.Errorf("the review is %d px wide on a %d px screen", first.Wide, width)
	}
	// The review takes the page's width, above the standings it came
	// from: on a desktop its choices beside its summary (the page's two
	// columns start at 900 px), on a phone below it.
	if first.Span < 0.99 || !first.AboveFinal {
		t.Errorf("the review takes %.0f %% of the page's width (above the standings: %v)", 100*first.Span, first.AboveFinal)
	}
	if wide := width >= 900; (wide && !first.Beside) || (!wide && !first.Below) {
		t.Errorf("on a %d px screen the review's choices are beside its summary: %v, below it: %v", width, first.Beside, first.Below)
	}
	whole, err := chromedp.Run(ctx, chromedp.Text("#review"))
	if err != nil {
		t.Fatal(err)
	}
	for _, broken := range []string{"NaN", "Inf", "-922337"} {
		if strings.Contains(whole, broken) {
			t.Errorf("the review reads %q:\n%s", broken, whole)
		}
	}
	shot(t, ctx, name+"-review")
	// Forward until a choice the expert would have made otherwise, then
	// to the end; back once.
	var other stepState
	steps := 1
	for st := first; st.Next; steps++ {
		if !adaptertest.TryClick(t, ctx, `#review button.next`) {
			t.Fatal("Next could not be pressed")
		}
		if st, err = chromedp.Run(ctx, chromedp.Evaluate[stepState](read)); err != nil {
			t.Fatal(err)
		}
		if st.Step != strconv.Itoa(steps+1) {
			t.Fatalf("Next went to step %s from %d", st.Step, steps)
		}
		if other.Step == "" && st.Taken == 1 && st.Apart == 1 {
			other = st
			shot(t, ctx, name+"-review-step")
		}
	}
	if other.Step == "" {
		t.Logf("no step with the expert's card apart from the one taken in %d steps", steps)
	}
	if steps < 10 {
		t.Errorf("the review stepped through %d choices", steps)
	}
	if !adaptertest.TryClick(t, ctx, `#review button.prev`) {
		t.Fatal("Previous could not be pressed")
	}
	back, err := chromedp.Run(ctx, chromedp.Evaluate[stepState](read))
	if err != nil {
		t.Fatal(err)
	}
	if back.Step != strconv.Itoa(steps-1) || !back.Next {
		t.Errorf("Previous from the last step: %+v", back)
	}
}

// shot takes a screenshot once the page's arrivals have settled; with
// -update-screens it is kept in testdata/web, for people to look at.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	adaptertest.Shot(t, ctx, "document", filepath.Join("testdata/web", name+".png"), *updateScreens)
}
