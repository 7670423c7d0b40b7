package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// cardLabels is every label a card in the hand can carry, in w: the
// short name, with a count, a corner's number, chosen, called, and a
// Special Order with nothing to copy (bot's cardLabel, partyLabel and
// the Party call's buttons).
func cardLabels(w words.Lang) []string {
	var out []string
	for c := engine.Card(1); c < engine.NumCards; c++ {
		s := w.CardShort(c)
		out = append(out, s, s+" ×2", w.Say("hand.chosen", s), w.Say("partyview.call", s), w.Say("partyview.callInstead", s))
		if n := c.Corner(); n > 0 {
			out = append(out, s+" "+string(rune('①'+n-1)))
		}
		if c == engine.SpecialOrder {
			out = append(out, s+w.Say("partyview.nothingToCopyYet"))
		}
	}
	return out
}

// namePage draws, with the page's own view.js, review.js and style.css,
// a hand of a card button for each label, in the hand's panel as the
// page has it, and a review's step whose hand holds every short name.
const namePage = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="style.css"></head>
<body><main><section id="hand" class="view"><div class="row" id="cards"></div></section>
<section id="review" class="view" hidden></section></main>
<script type="module">
import { button } from "./view.js";
import { showReview } from "./review.js";
const { labels, shorts } = await (await fetch("data.json")).json();
const row = document.getElementById("cards");
labels.forEach(([lang, label]) => {
  const el = button({ ActionID: "sg1:pick:g:1:1:1:0", Label: label, Colour: "#c0392b" }, () => {});
  el.lang = lang;
  row.append(el);
});
const step = { title: "", text: "", chosen: 0, best: 1, hand: shorts.map(() => 1), names: shorts };
showReview(document.getElementById("review"), { Title: "", Steps: [step] }, {});
document.body.dataset.ready = "1";
</script></body></html>`

// nameCheck reads every card's name: those wider than their strip or
// reaching past their card's border, and, of the hand's, those with a
// word wider than the strip, which then has to break.
const nameCheck = `(() => {
  const out = { cards: 0, spills: [], words: [] };
  // Words are measured on a canvas in the name's font: measuring them in
  // the page would lay out every card again for each word.
  const pen = document.createElement("canvas").getContext("2d");
  for (const el of document.querySelectorAll("#cards .btn.card, #review .cards .card")) {
    out.cards++;
    const name = el.querySelector(".name");
    // Inside the card's border, not merely inside its box.
    const b = el.getBoundingClientRect(), r = name.getBoundingClientRect();
    const left = b.left + el.clientLeft, right = left + el.clientWidth;
    if (name.scrollWidth > name.clientWidth || r.left < left - 0.5 || r.right > right + 0.5) {
      out.spills.push(name.textContent);
    }
    if (!el.matches(".btn")) continue;
    const cs = getComputedStyle(name);
    const room = name.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    pen.font = cs.font;
    for (const w of name.textContent.split(" ")) {
      if (pen.measureText(w).width > room + 0.5) out.words.push(w);
    }
  }
  return out;
})()`

// TestCardNamesFit draws every label a card in the hand can carry, and
// every card's name in a review, in every language, on a phone and on a
// desktop: no name may be cut off or reach past its card, and on a
// desktop no word of one may have to break.
func TestCardNamesFit(t *testing.T) {
	var page struct {
		Labels [][2]string `json:"labels"`
		Shorts []string    `json:"shorts"`
	}
	for _, w := range words.Languages() {
		for _, l := range cardLabels(w) {
			page.Labels = append(page.Labels, [2]string{w.Code(), l})
		}
		for c := engine.Card(1); c < engine.NumCards; c++ {
			page.Shorts = append(page.Shorts, w.CardShort(c))
		}
	}
	js, err := json.Marshal(page)
	if err != nil {
		t.Fatal(err)
	}
	url := scriptPage(t, namePage, js)

	for _, screen := range []struct {
		name          string
		width, height int
		wholeWords    bool
	}{{"phone", 360, 740, false}, {"desktop", 1280, 800, true}} {
		t.Run(screen.name, func(t *testing.T) {
			t.Parallel()
			ctx := adaptertest.Browser(t, screen.width, screen.height, time.Minute)
			type result struct {
				Cards  int
				Spills []string
				Words  []string
			}
			openDrawn(t, ctx, url)
			res, err := chromedp.Run(ctx, chromedp.Evaluate[result](nameCheck))
			if err != nil {
				t.Fatal(err)
			}
			if want := len(page.Labels) + len(page.Shorts); res.Cards != want {
				t.Fatalf("%d cards drawn, want %d", res.Cards, want)
			}
			if len(res.Spills) > 0 {
				t.Errorf("%d of %d names spill out of their card, such as %q", len(res.Spills), res.Cards, first(res.Spills, 8))
			}
			if screen.wholeWords && len(res.Words) > 0 {
				t.Errorf("%d words are wider than a card's name, such as %q", len(res.Words), first(res.Words, 8))
			}
		})
	}
}

func first(s []string, n int) string {
	return strings.Join(s[:min(n, len(s))], " | ")
}
