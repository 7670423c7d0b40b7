package protocol

import (
	"errors"
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/words"
)

// UsageError is a command the parser could not understand; its message is
// the usage text to show the user.
type UsageError struct {
	Words []words.Phrase
	// Lang is the language of whoever typed it, once the host knows it
	// better than the request said (their seat's).
	Lang words.Lang
}

func (e *UsageError) Error() string { return e.In(words.English) }

// In is the error in its Lang, else in w: for the person who typed the
// command.
func (e *UsageError) In(w words.Lang) string { return sayAll(e.Lang.Or(w), e.Words) }

// Refusal is a request the host turned down, in the player's words: shown
// to them privately, never logged as a failure.
type Refusal struct {
	Words []words.Phrase
	// Lang is the language of whoever asked, once the host knows it
	// better than the request said (their seat's).
	Lang words.Lang
}

func (r *Refusal) Error() string { return r.In(words.English) }

// In is the refusal in its Lang, else in w: for the person it turns down.
func (r *Refusal) In(w words.Lang) string { return sayAll(r.Lang.Or(w), r.Words) }

// Refuse is a refusal of key with its arguments.
func Refuse(key words.Key, a ...any) *Refusal {
	return &Refusal{Words: []words.Phrase{words.P(key, a...)}}
}

// Usage is a usage error of key with its arguments.
func Usage(key words.Key, a ...any) *UsageError {
	return &UsageError{Words: []words.Phrase{words.P(key, a...)}}
}

// Address words err, a Refusal or a UsageError, in w from now on, unless
// it already has a language.
func Address(err error, w words.Lang) {
	var r *Refusal
	var u *UsageError
	switch {
	case errors.As(err, &r) && r.Lang.IsZero():
		r.Lang = w
	case errors.As(err, &u) && u.Lang.IsZero():
		u.Lang = w
	}
}

// sayAll words phrases in w, a line each.
func sayAll(w words.Lang, ps []words.Phrase) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = w.Word(p)
	}
	return strings.Join(lines, "\n")
}

// usage says the command could not be read, for reason r.
func usage(r words.Key, a ...any) error { return Usage(r, a...) }

// ParseCommand parses the text after the slash command, shared by every
// platform: "new bots=2 timer=60", "pick salmon wasabi", "leaderboard week".
func ParseCommand(text string, w words.Lang) (Action, error) {
	toks := fields(strings.ToLower(text))
	if len(toks) == 0 {
		return Help{}, nil
	}
	raw := fields(text)
	if len(raw) != len(toks) {
		raw = toks
	}
	verb, args := toks[0], toks[1:]
	noArgs := func(a Action) (Action, error) {
		if len(args) != 0 {
			return nil, usage("usage.noArguments", verb)
		}
		return a, nil
	}
	switch verb {
	case "new", "start-game":
		o, err := ParseOptions(args)
		if err != nil {
			return nil, err
		}
		return NewGame{o}, nil
	case "join":
		return noArgs(Join{})
	case "leave":
		return noArgs(Leave{})
	case "start":
		return noArgs(Start{})
	case "addbot", "addbots", "bot":
		a := AddBot{N: 1}
		if len(args) > 2 {
			return nil, usage("usage.addbotUsage")
		}
		for _, w := range args {
			if l, err := strategy.ParseLevel(w); err == nil && l != "random" {
				a.Level = l
				continue
			}
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 || v > engine.MaxSeats-1 {
				return nil, usage("usage.addbotCount", engine.MaxSeats-1)
			}
			a.N = v
		}
		return a, nil
	case "kick":
		if len(args) != 1 {
			return nil, usage("usage.kickUsage")
		}
		return Kick{Player: mention(raw[1])}, nil
	case "hand":
		return noArgs(ShowHand{})
	case "pick":
		return parsePick(args, w)
	case "choose", "ask", "order", "copy", "take":
		if len(args) == 0 {
			return nil, usage("usage.chooseUsage")
		}
		name := strings.Join(args, " ")
		if c, ok := cardWords(args, w); ok {
			return Answer{Card: c}, nil
		}
		if k, ok := w.ParseKind(name); ok && k != engine.KindNone {
			return Answer{Kind: k}, nil
		}
		return nil, usage("usage.noSuchCardOrKind", name)
	case "flip":
		a := Answer{}
		if len(args) == 1 && args[0] == "none" {
			return a, nil
		}
		if len(args) == 0 {
			return nil, usage("usage.flipUsage")
		}
		for _, w := range args {
			for _, f := range strings.Split(w, ",") {
				if f == "" {
					continue
				}
				n, err := strconv.Atoi(f)
				if err != nil || n < 1 || n > 32 {
					return nil, usage("usage.flipUsage")
				}
				a.Flip |= 1 << (n - 1)
			}
		}
		return a, nil
	case "status", "table":
		return noArgs(Status{})
	case "scores", "score":
		return noArgs(Scores{})
	case "leaderboard", "top", "lb":
		lb := Leaderboard{By: ByRating}
		for _, a := range args {
			if a == "party" || a == "classic" {
				lb.Party = a == "party"
			} else if p, ok := ParsePeriod(a); ok {
				lb.Period = p
			} else if a == "points" {
				lb.By = ByPoints
			} else if a == "wins" {
				lb.By = ByWins
			} else if a == "rating" || a == "ratings" || a == "elo" {
				lb.By = ByRating
			} else {
				return nil, usage("usage.leaderboardUsage")
			}
		}
		return lb, nil
	case "stats", "profile":
		if len(args) == 0 {
			return Stats{}, nil
		}
		// A mention keeps its case (Slack's user IDs are upper case); a
		// name may have spaces.
		return Stats{Player: mention(strings.Join(raw[1:], " "))}, nil
	case "history", "games":
		h := History{}
		for _, a := range args {
			n, err := strconv.Atoi(a)
			switch {
			case a == "party" || a == "classic":
				h.Party = a == "party"
			case err == nil && n >= 1:
				h.Open = n
			default:
				return nil, usage("usage.historyUsage", HistoryShown)
			}
		}
		return h, nil
	case "rules":
		return Rules{Card: strings.Join(args, " ")}, nil
	case "help":
		return Help{}, nil
	case "settings", "setting":
		var cs ChannelSettings
		for _, a := range args {
			switch k, v, _ := strings.Cut(a, "="); {
			case k == "threads" && (v == "on" || v == "off"):
				cs.Threads = v
			case k == "pictures" && (v == "on" || v == "off"):
				cs.Pictures = v
			case k == "language" || k == "lang":
				l := words.Match(v)
				switch {
				case v == "auto":
					cs.Language = v
				case l.IsZero():
					return nil, usage("usage.languageUsage", languageCodes())
				default:
					cs.Language = l.Code()
				}
			default:
				return nil, usage("usage.settingsUsage")
			}
		}
		return cs, nil
	case "end", "stop":
		return noArgs(End{})
	case "rematch":
		return noArgs(Rematch{})
	case "review":
		return noArgs(Review{})
	case "hint":
		return noArgs(Hint{})
	}
	if r := []rune(verb); len(r) > 24 {
		verb = string(r[:24]) + "…" // junk is not echoed back whole
	}
	return nil, usage("usage.unknownCommand", verb, words.P("usage.short"))
}

// fields splits a command into toks; double quotes (straight or curly,
// as Slack's clients type them) keep spaces in a word: menu="master menu".
func fields(s string) []string {
	var out []string
	var w strings.Builder
	in, has := false, false
	for _, r := range s {
		switch {
		case r == '"' || r == '“' || r == '”':
			in, has = !in, true
		case !in && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
			if has {
				out = append(out, w.String())
				w.Reset()
				has = false
			}
		default:
			w.WriteRune(r)
			has = true
		}
	}
	if has {
		out = append(out, w.String())
	}
	return out
}

// mention strips chat mention markup: <@123>, <@!123>, <@U123|name>, @name.
func mention(s string) string {
	s = strings.TrimPrefix(strings.TrimSuffix(s, ">"), "<@")
	s = strings.TrimPrefix(s, "!")
	if i := strings.IndexByte(s, '|'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimPrefix(s, "@")
}

// pick parses "pick <card> [<second card>] [dummy=<card>]"; a second card
// means chopsticks.
func parsePick(args []string, w words.Lang) (Action, error) {
	p := Pick{}
	var cards []engine.Card
	var toks []string
	for _, a := range args {
		if d, ok := strings.CutPrefix(a, "call="); ok {
			c, ok := w.ParseCard(d)
			if !ok || (c.Kind() != engine.KindChopsticks && c.Kind() != engine.KindSpoon) {
				return nil, usage("usage.badCall", words.P("usage.pickUsage"))
			}
			p.Call = c
			continue
		}
		if d, ok := strings.CutPrefix(a, "copy="); ok {
			c, ok := w.ParseCard(d)
			if !ok || c == engine.None {
				return nil, usage("usage.noSuchCard", d, words.P("usage.pickUsage"))
			}
			p.Copy = c
			continue
		}
		if d, ok := strings.CutPrefix(a, "dummy="); ok {
			c, ok := w.ParseCard(d)
			if !ok {
				return nil, usage("usage.noSuchCard", d, words.P("usage.pickUsage"))
			}
			p.Dummy = c
			continue
		}
		toks = append(toks, a)
	}
	// Card names may take several toks ("maki 3", "special order"): the
	// longest run of toks that names a card is one card.
	for i := 0; i < len(toks); {
		j := len(toks)
		for ; j > i; j-- {
			if c, ok := cardWords(toks[i:j], w); ok {
				cards = append(cards, c)
				break
			}
		}
		if j == i {
			if k, ok := w.ParseKind(strings.Join(toks[i:], " ")); ok && k != engine.KindNone && len(cards) == 0 {
				// A type alone: the host plays the hand's one card of it.
				p.Kind = k
				return p, nil
			}
			return nil, usage("usage.noSuchCard", toks[i], words.P("usage.pickUsage"))
		}
		i = j
	}
	switch len(cards) {
	case 1:
		p.Card = cards[0]
	case 2:
		if p.Call != engine.None {
			return nil, usage("usage.pickUsage")
		}
		p.Card, p.Extra, p.Chop = cards[0], cards[1], true
	default:
		return nil, usage("usage.pickUsage")
	}
	return p, nil
}

// cardWords reads a card named by one or more typed toks: "maki 3",
// "maki3", "onigiri square", "special order".
func cardWords(ws []string, w words.Lang) (engine.Card, bool) {
	for _, name := range []string{strings.Join(ws, " "), strings.Join(ws, "-"), strings.Join(ws, "")} {
		if c, ok := w.ParseCard(name); ok && c != engine.None {
			return c, true
		}
	}
	return engine.None, false
}

// languageCodes lists the languages `settings language=` takes.
func languageCodes() string {
	var codes []string
	for _, l := range words.Languages() {
		codes = append(codes, l.Code())
	}
	return strings.Join(codes, ", ")
}
