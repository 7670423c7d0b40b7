package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// TestScoreLinesSayNothingScored: a line worth nothing says so instead of
// "→ +0", and a seat left without an uramaki place is not "0th place".
func TestScoreLinesSayNothingScored(t *testing.T) {
	for _, c := range []struct {
		l    engine.Line
		want string
	}{
		{engine.Line{Category: engine.CatUramaki, Count: 8}, "🍱 Uramaki (most left): 8 icons left, no place — no points"},
		{engine.Line{Category: engine.CatUramaki, Count: 8, Place: 1, Points: 2}, "🍱 Uramaki (most left): 8 icons left, most — 1st place → +2"},
		{engine.Line{Category: engine.CatChopsticks, Count: 2}, "🥢🥄 Unused chopsticks or spoon ×2 — no points"},
		{engine.Line{Category: engine.CatTempura, Count: 2, Points: 5}, "🍤 Tempura ×2 → +5"},
	} {
		if got := lineText(words.English, c.l); got != c.want {
			t.Errorf("lineText(%+v) = %q, want %q", c.l, got, c.want)
		}
		if strings.Contains(lineText(words.English, c.l), "0th") || strings.Contains(lineText(words.English, c.l), "+0") {
			t.Errorf("%q", lineText(words.English, c.l))
		}
	}
}

// TestPartyLobbyAloneWarnsOnce: a Party lobby with the host alone says
// once that more players are needed, not once per card type (item 7).
func TestPartyLobbyAloneWarnsOnce(t *testing.T) {
	st := &gameRecord{ID: "g", Where: protocol.Location{Platform: "test"}, Phase: phaseLobby, Host: "ann",
		Opts: protocol.Options{Party: true, Menu: protocol.DefaultMenu.String(), Pass: engine.PassLeft}, Seats: []seat{{User: "ann", Name: "Ann"}}}
	v := lobbyView(st.snap())
	if n := strings.Count(v.Text, "⚠️"); n != 1 || !strings.Contains(v.Text, "needs at least 2 players (now 1)") {
		t.Errorf("%d warnings:\n%s", n, v.Text)
	}
	st.Seats = append(st.Seats, seat{Name: "Aiko-bot", Bot: true})
	if v := lobbyView(st.snap()); strings.Contains(v.Text, "⚠️") {
		t.Errorf("two players still warned:\n%s", v.Text)
	}
}

// TestHandHandleUsesCounted: a handle that may be used five times (a
// Slack response_url) is used at most five times, its first use being the
// click's own answer; then the table asks the player to press Show my hand
// (item 4).
func TestHandHandleUsesCounted(t *testing.T) {
	g, err := engine.New(engine.Settings{Players: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	b := New(nil, Config{Now: func() time.Time { return now }})
	st := &gameRecord{ID: "g", Where: protocol.Location{Platform: "slack", Community: "T", Channel: "C"}, Phase: phasePlaying, game: g,
		Opts: protocol.Options{Hands: protocol.HandsEphemeral, Pass: engine.PassLeft}, turnClock: turnClock{TurnStart: now},
		Seats: []seat{{User: "ann", Name: "Ann", Hand: protocol.Ref{ID: "r:https://hooks/1", Max: 5, Uses: 1}}, {User: "bob", Name: "Bob"}}}
	edits := 0
	for range 8 {
		for _, d := range b.handDeliveries(st, now, "") {
			if d.Ref.ID == "r:https://hooks/1" {
				edits++
			}
		}
	}
	if edits != 4 {
		t.Errorf("%d edits through a handle with 4 uses left", edits)
	}
	for i := range 2 {
		if err := g.Submit(i, g.View(i).AppendLegal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if v := tableView(st.snap(), now); !strings.Contains(v.Text, "New cards for Ann") {
		t.Errorf("the table does not ask Ann to press Show my hand:\n%s", v.Text)
	}
}

// TestCommandsNamedPerPlatform: hints name commands as the platform has
// them: /sushigo everywhere in a chat, Discord's typed options on Discord,
// the bare words in the terminal (item 5).
func TestCommandsNamedPerPlatform(t *testing.T) {
	for _, c := range []struct {
		style    protocol.CommandStyle
		in, want string
	}{
		{protocol.Slash, "Start one with `new`.", "Start one with `/sushigo new`."},
		{protocol.SlashOptions, "Start one with `new`.", "Start one with `/sushigo new`."},
		{protocol.Typed, "Start one with `new`.", "Start one with `new`."},
		{protocol.SlashOptions, "Open a Party game with `new party`.", "Open a Party game with `/sushigo new game:party`."},
		{protocol.Slash, "Open a Party game with `new party`.", "Open a Party game with `/sushigo new party`."},
		{protocol.SlashOptions, "(`history <n> party`)", "(`/sushigo history game:<n> board:party`)"},
		{protocol.SlashOptions, "`leaderboard wins` or `points`", "`/sushigo leaderboard by:wins` or `points`"},
		{protocol.SlashOptions, "e.g. `rules spoon`", "e.g. `/sushigo rules card:spoon`"},
		{protocol.SlashOptions, "`join` to come back", "`/sushigo join` to come back"},
		{protocol.Slash, "already `/sushigo new`", "already `/sushigo new`"},
		{protocol.CommandLine, "Open a Party game with `new party`.", "Open a Party game with `sushigo play --party`."},
		{protocol.CommandLine, "`history 3`", "`sushigo stats --game 3`"},
	} {
		if got := protocol.Speak(c.style, c.in); got != c.want {
			t.Errorf("speak(%d, %q) = %q, want %q", c.style, c.in, got, c.want)
		}
	}
	if v := helpView(words.English, protocol.SlashOptions); strings.Contains(v.Text, "pick <card>") || strings.Contains(v.Text, "choose") || strings.Contains(v.Text, "flip") || strings.Contains(v.Text, "=") {
		t.Errorf("Discord's help names what Discord does not have:\n%s", v.Text)
	}
}

// TestThreeWayTieIsOneLine: three players tied on points whose puddings
// break the tie get one tie-break line, not one per pair (item 11).
func TestThreeWayTieIsOneLine(t *testing.T) {
	st := []engine.Standing{{Seat: 0, Score: 30, Puddings: 3, Place: 1}, {Seat: 1, Score: 30, Puddings: 2, Place: 2},
		{Seat: 2, Score: 30, Puddings: 1, Place: 3}, {Seat: 3, Score: 12, Puddings: 0, Place: 4}}
	names := []string{"Ann", "Bob", "Cy", "Dee"}
	got := tieLines(words.English, st, func(i int) string { return names[i] }, classicLook)
	want := []string{"🤝 Ann, Bob and Cy tied on 30 points; most puddings breaks the tie (3 vs 2 vs 1)."}
	if !slices.Equal(got, want) {
		t.Errorf("tie lines %q, want %q", got, want)
	}
	st[0].Desserts, st[1].Desserts = 2, 1
	want = []string{"🤝 Ann, Bob and Cy tied on 30 points; most dessert cards breaks the tie (2 vs 1 vs 0)."}
	if got := tieLines(words.English, st, func(i int) string { return names[i] }, partyLook); !slices.Equal(got, want) {
		t.Errorf("Party tie lines %q, want %q", got, want)
	}
	st[1].Puddings, st[2].Puddings = 3, 3 // a real tie: nothing broke it
	if got := tieLines(words.English, st, func(i int) string { return names[i] }, classicLook); len(got) != 0 {
		t.Errorf("an unbroken tie got a tie-break line: %q", got)
	}
}

// TestTieWithYou: the terminal's player in a broken tie reads it said to
// them, with their count first ("You tied with Ann"), in every language,
// never their name "You" inside the others' sentence ("Ann and You tied").
func TestTieWithYou(t *testing.T) {
	st := []engine.Standing{{Seat: 0, Score: 31, Puddings: 2, Place: 1}, {Seat: 1, Score: 31, Puddings: 1, Place: 2},
		{Seat: 2, Score: 31, Puddings: 0, Place: 3}}
	for _, w := range words.Languages() {
		names := []string{"Kenji-bot", w.You(), "Ann"}
		got := tieLines(w, st, func(i int) string { return names[i] }, classicLook)
		want := w.Say("render.sTiedOnDPoints.you", w.List([]string{"Kenji-bot", "Ann"}), 31, w.Say(classicLook.tieBreak),
			strings.Join([]string{"1", "2", "0"}, w.Say("render.vs")))
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: %q, want %q", w.Code(), got, want)
		}
	}
	if got := tieLines(words.English, st, func(i int) string { return []string{"Kenji-bot", "You", "Ann"}[i] }, classicLook); len(got) != 1 ||
		got[0] != "🤝 You tied with Kenji-bot and Ann on 31 points; most puddings breaks the tie (1 vs 2 vs 0)." {
		t.Errorf("English: %q", got)
	}
}

// TestFlipAllLabel: a takeout box with one card to flip says "Flip it".
func TestFlipAllLabel(t *testing.T) {
	if got := flipAllLabel(words.English, 1); got != "Flip it" {
		t.Errorf("one card: %q", got)
	}
	if got := flipAllLabel(words.English, 4); got != "Flip all 4" {
		t.Errorf("four cards: %q", got)
	}
}

// TestBotNamesAreNoCards: no bot is named after a card or a kind of card.
func TestBotNamesAreNoCards(t *testing.T) {
	for _, n := range botNames {
		name := strings.ToLower(strings.TrimSuffix(n, "-bot"))
		for _, k := range engine.Kinds() {
			for _, w := range []string{strings.ToLower(words.English.KindName(k)), strings.ToLower(k.Key())} {
				if strings.Contains(name, w) || strings.Contains(w, name) {
					t.Errorf("bot %q reads as the card %q", n, words.English.KindName(k))
				}
			}
		}
	}
}

// TestNegativesWithAMinusSign: points and ratings below zero are written
// with a minus sign, as the rule texts beside them write "−6", never with
// a hyphen ("dessert -6" sat beside "fewest −6").
func TestNegativesWithAMinusSign(t *testing.T) {
	for d, want := range map[int]string{-6: "−6", 0: "+0", 12: "+12"} {
		if got := words.English.PointsSigned(d); got != want {
			t.Errorf("words.English.PointsSigned(%d) = %q, want %q", d, got, want)
		}
	}
	for d, want := range map[int]string{-24: "−24", 0: "±0", 3: "+3"} {
		if got := words.English.Signed(d); got != want {
			t.Errorf("words.English.Signed(%d) = %q, want %q", d, got, want)
		}
	}
	if got := lineText(words.English, engine.Line{Category: engine.CatPudding, Count: 0, Points: -6}); strings.Contains(got, "-6") || !strings.Contains(got, "−6") {
		t.Errorf("a pudding line reads %q", got)
	}
}

// TestChopsticksPickSaidInTheReadersLanguage: a classic pick locked in
// with chopsticks joins its two cards with the reader's "and" ("et",
// "und"…), never English's; a pick of one card is the card alone.
func TestChopsticksPickSaidInTheReadersLanguage(t *testing.T) {
	two := engine.Submission{Card: engine.SalmonNigiri, Extra: engine.Tempura}
	for _, w := range words.Languages() {
		got := classicLocked(w, two)
		first := engine.SalmonNigiri.Emoji() + " " + w.CardShort(engine.SalmonNigiri)
		second := "🥢 " + engine.Tempura.Emoji() + " " + w.CardShort(engine.Tempura)
		if want := w.Say("render.lockedIn", w.Say("list.and", first, second)); got != want {
			t.Errorf("%s: %q, want %q", w, got, want)
		}
		if !w.IsEnglish() && strings.Contains(got, " and ") {
			t.Errorf("%s: English in %q", w, got)
		}
		if one := classicLocked(w, engine.Submission{Card: engine.SalmonNigiri}); one != w.Say("render.lockedIn", first) {
			t.Errorf("%s: one card: %q", w, one)
		}
	}
}

// TestVoteLineSaidInTheReadersLanguage: the table's line about a pending
// vote to end names who agreed so far in the table's language, joined as
// that language lists names.
func TestVoteLineSaidInTheReadersLanguage(t *testing.T) {
	for _, w := range words.Languages() {
		st := &gameRecord{ID: "g", Where: protocol.Location{Platform: "test"}, Lang: w,
			Seats: []seat{{User: "ann", Name: "Ann"}, {User: "bob", Name: "Bob"}, {User: "cy", Name: "Cy"}},
			Vote:  &endVote{By: "ann", Name: "Ann", Yes: []string{"bob", "cy"}}}
		lines := voteLines(st.snap())
		if len(lines) != 1 {
			t.Fatalf("%s: %q", w, lines)
		}
		if want := w.Say("quit.agreedSoFar", w.List([]string{"Bob", "Cy"})); !strings.HasSuffix(lines[0], " "+want) {
			t.Errorf("%s: %q does not end with %q", w, lines[0], want)
		}
		if !w.IsEnglish() && strings.Contains(lines[0], "Agreed") {
			t.Errorf("%s: English in %q", w, lines[0])
		}
	}
}
