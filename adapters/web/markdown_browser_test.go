package web_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/protocol"
)

// markdownPage draws data.json, a view, with the page's own view.js and review.js:
// the view as the table's panel, and again as a review.
const markdownPage = `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="style.css"></head>
<body><main><section id="table" class="view"></section><section id="review" class="view" hidden></section></main>
<script type="module">
import { render } from "./view.js";
import { showReview } from "./review.js";
const v = await (await fetch("data.json")).json();
render(document.getElementById("table"), v, () => {}, () => {});
showReview(document.getElementById("review"), v, {});
document.body.dataset.ready = "1";
</script></body></html>`

// TestViewsShowTheChatsMarkdown: a view speaks the chat's markdown, and a
// name from Discord comes escaped ("snake\_case", so that Discord shows
// it as typed). The page shows what the chat shows: no backslash before a
// name's "_", a command in code rather than between backticks, bold where
// the chat is bold, and a lone mark as typed.
func TestViewsShowTheChatsMarkdown(t *testing.T) {
	name := `snake\_case \*star\*` // as the Discord adapter escapes "snake_case *star*"
	v := protocol.View{
		Title: "🔍 Review — " + name,
		Text: "Host: **" + name + "** · Pass: left\n" +
			"`/sushigo stats` shows yours, `/sushigo leaderboard` the board.\n" +
			"2 ` 3 stays as typed, as does 4 ** 5.\n" +
			"`a **b** c` is code.",
		Fields: []protocol.Field{{Name: "✅ " + name + " 🤖 —\u00a00\u00a0pts", Value: "🍣 · **" + name + "**"}},
		Rows:   [][]protocol.Button{{{Label: "Kick " + name, ActionID: "sg1:kick:g:1"}}},
		Footer: "`/sushigo stats`",
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	ctx := adaptertest.Browser(t, 1280, 800, time.Minute)
	openDrawn(t, ctx, scriptPage(t, markdownPage, js))
	type shown struct {
		Title, Review, Field, Button string
		Lines                        []string
		Bold, Code                   []string
		ReviewCode                   []string
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[shown](`(() => {
  const t = document.getElementById("table"), r = document.getElementById("review");
  const all = (el, sel) => [...el.querySelectorAll(sel)].map((e) => e.textContent);
  return {
    Title: t.querySelector("h2").textContent, Review: r.querySelector("h2").textContent,
    Field: t.querySelector(".field h3").textContent, Button: t.querySelector(".row button").textContent,
    Lines: all(t, ".text p"), Bold: all(t, "strong"), Code: all(t, "code"), ReviewCode: all(r, "code"),
  };
})()`))
	if err != nil {
		t.Fatal(err)
	}
	plain := "snake_case *star*"
	for what, s := range map[string]string{"title": got.Title, "review's title": got.Review, "field's name": got.Field, "button": got.Button} {
		if !strings.Contains(s, plain) || strings.Contains(s, `\`) {
			t.Errorf("the %s reads %q: want %q, no backslash", what, s, plain)
		}
	}
	want := []string{
		"Host: " + plain + " · Pass: left",
		"/sushigo stats shows yours, /sushigo leaderboard the board.",
		"2 ` 3 stays as typed, as does 4 ** 5.",
		"a **b** c is code.",
	}
	if strings.Join(got.Lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("the text reads\n%s\nwant\n%s", strings.Join(got.Lines, "\n"), strings.Join(want, "\n"))
	}
	if strings.Join(got.Bold, "|") != plain+"|"+plain {
		t.Errorf("bold: %q, want the name in the text and in the field", got.Bold)
	}
	if strings.Join(got.Code, "|") != "/sushigo stats|/sushigo leaderboard|a **b** c|/sushigo stats" {
		t.Errorf("code: %q", got.Code)
	}
	if len(got.ReviewCode) != 4 {
		t.Errorf("the review shows %d commands as code, want 4: %q", len(got.ReviewCode), got.ReviewCode)
	}
}
