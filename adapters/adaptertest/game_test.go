package adaptertest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// table is a Chat with fixed messages, for the checks' own tests.
type table struct {
	channel []Message
	sent    []Sent
}

func (c table) Controls(Person) (Message, bool)          { return Message{}, false }
func (c table) Channel() []Message                       { return c.channel }
func (c table) Press(Person, Message, string)            {}
func (c table) Choose(Person, Message, string, []string) {}
func (c table) Sent() []Sent                             { return c.sent }

// recorder is a testing.TB that keeps what a check reported.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.failed = append(r.failed, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); panic(r) }

// run runs check with a recorder and returns what it reported.
func run(t *testing.T, check func(testing.TB)) (failed []string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	check(r)
	return r.failed
}

var (
	ann     = Person{ID: "U1", Name: "Ann"}
	reveal  = Message{Title: "Reveal — round 1, turn 1", Text: "**Ann**: 🍣 Salmon Nigiri"}
	readAnn = regexp.MustCompile(`\*\*([^*]+)\*\*: ([^\n]+)`)
)

func TestCheckPrivate(t *testing.T) {
	for _, c := range []struct {
		sent Sent
		want string
	}{
		{Sent{"", "the table"}, ""},
		{Sent{"U1", "Your hand: 🍣 Salmon Nigiri"}, ""},
		{Sent{"", "Your hand: 🍣 Salmon Nigiri"}, "reached the channel"},
		{Sent{"", `{"custom_id":"sg1:pick:g:1:2"}`}, "reached the channel"},
		{Sent{"U9", "Your hand"}, "a private message went to"},
	} {
		failed := run(t, func(tb testing.TB) { CheckPrivate(tb, table{sent: []Sent{c.sent}}, []Person{ann}) })
		if got := strings.Join(failed, "\n"); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%+v: reported %q, want %q", c.sent, got, c.want)
		}
	}
}

func TestCheckReveals(t *testing.T) {
	shown := func(cards ...string) Record {
		return Record{Shown: map[string]map[string][]string{"round 1, turn 1": {"Ann": cards}},
			Prompts: map[string][]string{}}
	}
	c := table{channel: []Message{reveal}}
	if failed := run(t, func(tb testing.TB) { CheckReveals(tb, c, shown("🥚 Egg Nigiri", "🍣 Salmon Nigiri"), readAnn) }); len(failed) != 0 {
		t.Errorf("a card that was offered: %q", failed)
	}
	if failed := run(t, func(tb testing.TB) { CheckReveals(tb, c, shown("🥚 Egg Nigiri"), readAnn) }); len(failed) != 1 || !strings.Contains(failed[0], "did not show") {
		t.Errorf("a card that was not offered: %q", failed)
	}
	prompted := shown("🍣 Salmon Nigiri")
	prompted.Prompts["round 1, turn 1"] = []string{"Bea"}
	if failed := run(t, func(tb testing.TB) { CheckReveals(tb, c, prompted, readAnn) }); len(failed) != 1 || !strings.Contains(failed[0], "Bea was prompted") {
		t.Errorf("a prompt the reveal does not explain: %q", failed)
	}
	if failed := run(t, func(tb testing.TB) {
		CheckReveals(tb, c, shown("🍣 Salmon Nigiri"), regexp.MustCompile(`\*([^*]+)\*: (x)`))
	}); len(failed) != 1 || !strings.Contains(failed[0], "read nothing") {
		t.Errorf("a pattern that reads no line: %q", failed)
	}
}
