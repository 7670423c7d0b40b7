package discord

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

var updateScreens = flag.Bool("update-screens", false, "TestActivityInABrowser writes its screenshots to testdata/activity")

// clientPage plays the Discord client's side of an Activity, as the
// Embedded App SDK expects it over postMessage: it frames the web table
// with the query parameters Discord adds (frame_id, instance_id,
// platform, guild_id, channel_id), answers the SDK's handshake with
// READY, its AUTHORIZE with the code the test gave it (Discord's OAuth2
// would make one for the person), and its AUTHENTICATE with the access
// token our server got for that code. It refuses a handshake for another
// app or frame. It runs on the table's origin (a real client's is
// discord.com, which the SDK also accepts).
const clientPage = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord</title><style>body{margin:0;background:#313338}iframe{border:0;width:100vw;height:100vh;display:block}</style></head>
<body><iframe id="activity"></iframe>
<script>
const q = new URLSearchParams(location.search);
const app = "%s";
const frameID = "frame-" + q.get("instance");
window.sdkLog = [];
const act = document.getElementById("activity");
act.src = "/?" + new URLSearchParams({frame_id: frameID, instance_id: q.get("instance"), platform: q.get("platform") || "desktop",
  guild_id: q.get("guild"), channel_id: q.get("channel"), location_id: "loc-" + q.get("instance")});
const user = {id: q.get("user"), username: q.get("user"), discriminator: "0", avatar: null, public_flags: 0, global_name: null};
window.addEventListener("message", (e) => {
  if (e.source !== act.contentWindow || !Array.isArray(e.data)) return;
  const [op, data] = e.data;
  const reply = (body) => act.contentWindow.postMessage([1, Object.assign({cmd: data.cmd, evt: null, nonce: data.nonce}, body)], "*");
  window.sdkLog.push(op === 0 ? "HANDSHAKE" : data.cmd);
  if (op === 0) {
    if (data.client_id !== app || data.frame_id !== frameID || data.v !== 1) { window.sdkLog.push("BAD HANDSHAKE"); return; }
    act.contentWindow.postMessage([1, {cmd: "DISPATCH", evt: "READY", nonce: null,
      data: {v: 1, config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production"},
        user: {id: user.id, username: user.username, discriminator: "0"}}}], "*");
    return;
  }
  switch (data.cmd) {
  case "AUTHORIZE":
    if (data.args.client_id !== app || !data.args.scope.includes("identify")) { reply({evt: "ERROR", data: {code: 4000, message: "bad authorize"}}); return; }
    reply({data: {code: q.get("code")}});
    return;
  case "AUTHENTICATE":
    window.authenticated = data.args.access_token;
    reply({data: {access_token: data.args.access_token, user, scopes: ["identify"], expires: "2099-01-01T00:00:00.000Z",
      application: {id: app, name: "sushigo", description: ""}}});
    return;
  }
  reply({evt: "ERROR", data: {code: 4000, message: "not played by this client"}});
});
</script></body></html>`

// frameDoc is the Activity's document, in the client page; inFrame runs
// an expression on it.
const (
	frameDoc = `document.getElementById("activity").contentDocument`
	inFrame  = `((document) => (%s))(` + frameDoc + `)`
)

type activityState struct {
	Title   string `json:"title"`
	Status  string `json:"status"`
	Refused bool   `json:"refused"`
	V       int    `json:"v"`
	Final   bool   `json:"final"`
	Start   bool   `json:"start"`
	AddBot  bool   `json:"addbot"`
	Card    bool   `json:"card"`
	Hand    bool   `json:"hand"`
	Wide    int    `json:"wide"`
}

var activityRead = fmt.Sprintf(inFrame, `{
  title: document.title,
  status: (document.getElementById("status") || {}).textContent || "",
  refused: !!document.body && document.body.classList.contains("refused"),
  v: Number((document.body && document.body.dataset.v) || 0),
  final: !!document.getElementById("final") && !document.getElementById("final").hidden,
  start: !!document.querySelector('#table button[data-id*=":start:"]:not([disabled])'),
  addbot: !!document.querySelector('#table button[data-id*=":addbot:"]:not([disabled])'),
  card: !!document.querySelector('#hand button.card:not([disabled])'),
  hand: !!document.querySelector('#hand:not([hidden])'),
  wide: document.documentElement ? document.documentElement.scrollWidth : 0,
}`)

// activityTable is Discord and sushigo as serve wires them with the
// Activity on: the fake Discord, the host, the web table with Discord's
// sign-in, and the test client page beside it.
func activityTable(t *testing.T) (*env, string) {
	var table *web.Web
	e := newDurableEnv(t, func(c *bot.Config) {
		c.TableLink = func(where protocol.Location, who protocol.User, game string, lang words.Lang) (string, error) {
			return table.Link(where, who, game, lang)
		}
		c.OnStored = func(s bot.Stored) { table.Changed(s.Change()) }
		c.Now = time.Now // the pages are drawn off the test's goroutine
	})
	e.a.cfg.Activity = true
	client := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, clientPage, appID)
	})
	var server string
	table, server = adaptertest.ServeWebTable(t, e.host, e.store, "/", web.Config{Activity: NewActivity(e.f.session(), appID, clientSecret)},
		adaptertest.Route{Path: "/client", Handler: client})
	return e, server
}

// launch opens the client page for p, signed in with code, in instance,
// and waits until the Activity shows a table or a refusal.
func launch(t *testing.T, ctx context.Context, server string, p player, code, instance string) activityState {
	t.Helper()
	u := fmt.Sprintf("%s/client?user=%s&code=%s&instance=%s&guild=%s&channel=%s", server, p.id, code, instance, guildID, channelID)
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		t.Fatal(err)
	}
	ready := fmt.Sprintf(inFrame, `!!document.body && (document.body.classList.contains("refused") || !!document.querySelector("#table h2"))`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		log, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.sdkLog`))
		st, _ := chromedp.Run(ctx, chromedp.Evaluate[activityState](activityRead))
		t.Fatalf("the Activity neither showed a table nor a refusal: %v (SDK messages %v, state %+v)", err, log, st)
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[activityState](activityRead))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestActivityInABrowser runs sushigo as a Discord Activity in headless
// chromium, inside a page playing the Discord client's side of the SDK:
//   - launched from the App Launcher (the entry-point command) in a
//     channel without a game, Alice's Activity opens a lobby there, which
//     the channel sees as a game opened with /sushigo new; she makes it a
//     Party game and classic again, adds a bot and starts from the page,
//     and Bob joins from the chat;
//   - Bob's Open table on the table message answers LAUNCH_ACTIVITY, and
//     his Activity, in his Discord locale (French), plays the game to its
//     end by clicking, the chat's table following each turn;
//   - a forged code, a person not in the instance, and a code used again
//     are each refused, in words.
func TestActivityInABrowser(t *testing.T) {
	e, server := activityTable(t)
	ctx := adaptertest.Browser(t, 1280, 800, 4*time.Minute)

	// The App Launcher: the entry-point command, then Discord starts an
	// instance in the channel with Alice in it.
	tok := e.token()
	e.f.interaction(tok, alice.id, channelID, "")
	if got := strings.TrimSpace(e.post(e.fill("entry_point.json", e.vars(alice, tok)), tok).Body.String()); got != `{"type":12}` {
		t.Fatalf("the entry-point command answered %s", got)
	}
	e.f.instance("i-alice", fakeInstance{kind: "gc", guild: guildID, channel: channelID, users: []string{alice.id}})
	e.f.signIn(alice, "code-alice", "en-US")
	st := launch(t, ctx, server, alice, "code-alice", "i-alice")
	if st.Refused || !st.AddBot {
		t.Fatalf("Alice's Activity in a channel without a game: %+v", st)
	}
	if tokAuth, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.authenticated || ""`)); !strings.HasPrefix(tokAuth, "access-") {
		t.Errorf("the SDK was authenticated with %q", tokAuth)
	}
	shot(t, ctx, "lobby-desktop")
	e.tick(0) // serve's timer loop sends what the outbox holds
	lobby := e.latest("", "lobby")
	if lobby == nil {
		t.Fatal("the lobby opened in the Activity was not posted in the channel")
	}
	if !strings.Contains(lobby.text(), "Alice") {
		t.Errorf("the channel's lobby: %s", lobby.text())
	}
	frame := activityFrame(t, ctx)
	// The lobby plays Party at the host's word, and classic again.
	if !adaptertest.TryClick(t, ctx, `#table button[data-id*=":setmenu:"][data-id$=":party"]`, chromedp.FromNode(frame)) {
		t.Fatal("no Play Party on Alice's lobby")
	}
	waitFrame(t, ctx, `document.querySelector("#table h2").textContent.includes("Party") && !!document.querySelector("#table fieldset.select")`)
	if !adaptertest.TryClick(t, ctx, `#table fieldset.select input[value="classic"]`, chromedp.FromNode(frame)) ||
		!adaptertest.TryClick(t, ctx, `#table fieldset.select button`, chromedp.FromNode(frame)) {
		t.Fatal("no classic choice in the Party lobby's menu list")
	}
	waitFrame(t, ctx, `!document.querySelector("#table h2").textContent.includes("Party")`)
	if !adaptertest.TryClick(t, ctx, `#table button[data-id*=":addbot:"]`, chromedp.FromNode(frame)) {
		t.Fatal("no Add bot on Alice's page")
	}
	waitFrame(t, ctx, `document.querySelector("#table").textContent.includes("🤖")`)
	e.click(bob, e.f.message(lobby.ID), buttonWith(lobby, "sg1:join:"))
	waitFrame(t, ctx, `document.querySelector("#table").textContent.includes("Bob")`)
	if !adaptertest.TryClick(t, ctx, `#table button[data-id*=":start:"]`, chromedp.FromNode(frame)) {
		t.Fatal("no Start on Alice's page")
	}
	waitFrame(t, ctx, `!!document.querySelector('#hand button.card')`)
	e.tick(0)
	tbl := e.f.message(lobby.ID)
	if !strings.Contains(tbl.title(), "round 1") {
		t.Fatalf("the channel's table after Start on the page: %q", tbl.title())
	}

	// Bob, in the chat, opens the table: the Activity launches for him.
	open := buttonWith(tbl, "sg1:table:")
	if open == "" {
		t.Fatalf("the table has no Open table: %v", tbl.buttons())
	}
	if got := strings.TrimSpace(e.click(bob, tbl, open).Body.String()); got != `{"type":12}` {
		t.Fatalf("Open table answered %s", got)
	}
	if last := e.f.launched[len(e.f.launched)-1]; last != channelID+"/"+bob.id {
		t.Fatalf("launched %v", e.f.launched)
	}
	e.f.instance("i-alice", fakeInstance{kind: "gc", guild: guildID, channel: channelID, users: []string{alice.id, bob.id}})
	e.f.signIn(bob, "code-bob", "fr")
	phone := adaptertest.Browser(t, 360, 740, 4*time.Minute)
	st = launch(t, phone, server, bob, "code-bob", "i-alice")
	if st.Refused || !st.Hand || st.Title != "Table de Sushi Go!" {
		t.Fatalf("Bob's Activity: %+v", st)
	}
	// Alice on her page, Bob on his, the bot on the host's ticks.
	playToTheEnd(t, e, []context.Context{ctx, phone}, 360, lobby.ID)
	shot(t, phone, "final-phone")
	shot(t, ctx, "final-desktop")
	e.tick(0)
	if m := e.f.message(lobby.ID); m == nil || !strings.Contains(m.title()+m.text(), "🏆") && !strings.Contains(strings.ToLower(m.title()), "over") {
		t.Errorf("the channel's table at the end: %q", m.title())
	}
	e.noHandInChannel()

	// Refusals, each said in words.
	for _, c := range []struct {
		name, code, instance string
		p                    player
		setup                func()
		want                 string
	}{
		{"forged", "forged-code", "i-alice", bob, func() {}, "web.activity.signInFailed"},
		{"not-in-instance", "code-carol", "i-alice", player{"1100000000000000003", "carol", "Carol", "0"},
			func() { e.f.signIn(player{"1100000000000000003", "carol", "Carol", "0"}, "code-carol", "en-US") }, "web.activity.notThere"},
		{"code-again", "code-bob", "i-alice", bob, func() {}, "web.activity.signInFailed"},
	} {
		c.setup()
		st := launch(t, ctx, server, c.p, c.code, c.instance)
		if want := words.Match("en-US").Say(words.Key(c.want)); !st.Refused || st.Status != want {
			t.Errorf("%s: refused %v with %q, want %q", c.name, st.Refused, st.Status, want)
		}
		if c.name == "not-in-instance" {
			shot(t, ctx, "refused-desktop")
		}
	}
}

// activityFrame is the iframe the Activity runs in: queries given it as
// FromNode run in its document.
func activityFrame(t *testing.T, ctx context.Context) *chromedp.Node {
	t.Helper()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS("#activity")))
	if err != nil || len(nodes) == 0 {
		t.Fatalf("no Activity frame: %v", err)
	}
	return nodes[0]
}

// waitFrame waits until cond holds in the Activity's document.
func waitFrame(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(inFrame, cond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(inFrame, `document.body.innerText`)))
		t.Fatalf("waiting for %s: %v\nThe Activity reads:\n%s", cond, err, text)
	}
}

// playToTheEnd plays every page's cards by clicking, each tapped twice
// (chosen, then locked), ticking the host between clicks as serve's
// timer loop does (the bot thinks, the chat's table is edited), until the
// game is over. After each pick the chat's table (the message table)
// must come to show the round and turn the first page shows.
func playToTheEnd(t *testing.T, e *env, pages []context.Context, phoneWidth int, table string) {
	t.Helper()
	picks := 0
	for step := 0; ; step++ {
		if step > 600 {
			t.Fatalf("no end after %d steps (%d picks)", step, picks)
		}
		e.tick(0)
		over := true
		for i, ctx := range pages {
			st, err := chromedp.Run(ctx, chromedp.Evaluate[activityState](activityRead))
			if err != nil {
				t.Fatal(err)
			}
			if i == 1 && st.Wide > phoneWidth {
				t.Fatalf("the Activity is %d px wide on a %d px phone", st.Wide, phoneWidth)
			}
			if st.Final {
				continue
			}
			over = false
			if !st.Card {
				continue
			}
			frame := activityFrame(t, ctx)
			adaptertest.Still(t, ctx, frameDoc)
			if !adaptertest.TryClick(t, ctx, `#hand button.card:not([disabled])`, chromedp.FromNode(frame)) ||
				!adaptertest.TryClick(t, ctx, `#hand button.card.chosen`, chromedp.FromNode(frame)) {
				continue // drawn anew meanwhile: read it again
			}
			picks++
			if i == 1 && picks == 6 {
				shot(t, ctx, "play-phone")
			}
			poll := fmt.Sprintf(inFrame, fmt.Sprintf(`Number(document.body.dataset.v || 0) > %d || !document.getElementById("final").hidden`, st.V))
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](poll, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				t.Fatalf("the page did not move on after a pick: %v", err)
			}
			inStep(t, e, pages[0], table)
		}
		if over {
			break
		}
	}
	t.Logf("%d picks from the pages", picks)
	if picks < 20 {
		t.Errorf("a whole game took %d picks from the pages", picks)
	}
}

var roundTurn = regexp.MustCompile(`round \d+/\d+, turn \d+/\d+`)

// inStep ticks the host until the chat's table shows the round and turn
// the page does (or the game is over on both), and fails if it never
// does: the chat follows the pages' game.
func inStep(t *testing.T, e *env, page context.Context, table string) {
	t.Helper()
	var chat, shown string
	for range 200 {
		e.tick(0)
		m := e.f.message(table)
		if m == nil {
			t.Fatal("the chat's table is gone")
		}
		chat = roundTurn.FindString(m.title())
		var err error
		shown, err = chromedp.Run(page, chromedp.Evaluate[string](fmt.Sprintf(inFrame, `(document.querySelector("#table h2") || {}).textContent || (document.getElementById("final").hidden ? "" : "over")`)))
		if err != nil {
			t.Fatal(err)
		}
		if shown == "over" && chat == "" || chat != "" && chat == roundTurn.FindString(shown) {
			return
		}
		// Polled: the page is redrawn off this goroutine after a change.
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the chat's table shows %q while the page shows %q", chat, shown)
}

// shot takes a screenshot once the page's arrivals have settled; with
// -update-screens it is kept in testdata/activity, for people to look at.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	adaptertest.Shot(t, ctx, frameDoc, filepath.Join("testdata/activity", name+".png"), *updateScreens)
}
