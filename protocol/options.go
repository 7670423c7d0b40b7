package protocol

import (
	"strconv"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/engine/strategy"
	"github.com/sushigo/sushigo/words"
)

// ParseOptions reads `new` options: bots=N, pass=left|alternate,
// dummy (or variant=dummy), timer=SECONDS, hands=ephemeral|dm, and for
// Sushi Go Party! party (or game=party) with menu=NAME|custom|random|TEXT.
func ParseOptions(args []string) (Options, error) {
	o := Options{Timer: -1}
	classic := false
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		switch {
		case k == "bots":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > engine.MaxSeats-1 {
				return o, usage("usage.botsRange", engine.MaxSeats-1)
			}
			o.Bots = n
		case k == "pass" && v == "left":
			o.Pass = engine.PassLeft
		case k == "pass" && (v == "alternate" || v == "alt"):
			o.Pass = engine.PassAlternate
		case k == "dummy" && v == "", k == "variant" && v == "dummy":
			o.Dummy = true
		case k == "variant" && v == "classic", k == "game" && v == "classic", k == "classic" && v == "":
			o.Dummy, o.Party, classic = false, false, true
		case k == "party" && v == "", k == "game" && v == "party", k == "variant" && v == "party":
			o.Party = true
		case k == "menu":
			m, custom, err := parseMenuOption(v)
			if err != nil {
				return o, err
			}
			o.Party, o.Menu, o.Custom = true, m, custom
		case k == "timer":
			n, err := strconv.Atoi(strings.TrimSuffix(v, "s"))
			if err != nil || n < 0 || n > 3600 || (n > 0 && n < 10) {
				return o, usage("usage.timerRange")
			}
			o.Timer = n
		case k == "hands" && (v == "ephemeral" || v == "private"):
			o.Hands = HandsEphemeral
		case k == "hands" && v == "dm":
			o.Hands = HandsDM
		case k == "threads" && (v == "off" || v == "no"):
			o.NoThreads, o.ThreadsChosen = true, true
		case k == "threads" && (v == "on" || v == "yes"):
			o.NoThreads, o.ThreadsChosen = false, true
		case k == "pictures" && (v == "off" || v == "no"):
			o.NoPictures, o.PicturesChosen = true, true
		case k == "pictures" && (v == "on" || v == "yes"):
			o.NoPictures, o.PicturesChosen = false, true
		case k == "hints" && (v == "" || v == "on" || v == "yes"):
			o.Hints = true
		case k == "hints" && (v == "off" || v == "no"):
			o.Hints = false
		case k == "level":
			l, err := strategy.ParseLevel(v)
			if err != nil || l == "random" {
				return o, usage("usage.unknownLevel")
			}
			o.Level = l
		default:
			return o, usage("usage.unknownOption", a, newUsage)
		}
	}
	if classic && o.Menu != "" {
		return o, usage("usage.menuWithoutParty")
	}
	if err := o.Settings().CheckVariant(); err != nil {
		return o, usage("usage.badVariant", words.Because(err))
	}
	if o.HasMenu() && o.Menu == "" {
		o.Menu = DefaultMenu.String()
	}
	if hi := maxSeats(o); o.Bots > hi-1 {
		return o, usage("usage.botsRangeIn", hi-1, words.P(words.GameKey(o.Settings())))
	}
	return o, nil
}

const newUsage = "`new [party] [menu=NAME|custom|random] [bots=N] [pass=left|alternate] [dummy] [timer=seconds] [hands=ephemeral|dm] [threads=on|off] [pictures=on|off] [hints]`"

// DefaultMenu is the rulebook's menu for a first game.
var DefaultMenu = engine.RecommendedMenus[0].Menu

// parseMenuOption reads menu=…: a recommended menu, custom (the lobby's
// builder, starting from the default menu), random, or a custom menu's
// text form.
func parseMenuOption(v string) (menu string, custom bool, err error) {
	switch v {
	case "random":
		return MenuRandom, false, nil
	case "custom":
		return DefaultMenu.String(), true, nil
	}
	m, err := engine.ParseMenu(v)
	if err != nil {
		var names []string
		for _, n := range engine.RecommendedMenus {
			names = append(names, n.Key)
		}
		return "", false, usage("usage.badMenu",
			words.Because(err), strings.Join(names, ", "))
	}
	return m.String(), false, nil
}

// maxSeats is the most seats the options' game takes: the engine says.
func maxSeats(o Options) int {
	_, hi := o.Settings().PlayerRange()
	return hi
}
