package engine

import (
	"slices"
	"strings"
)

// Group is the part of a Sushi Go Party! menu a card type belongs to.
type Group uint8

// Menu groups. Nigiri is on every menu and chosen by nobody.
const (
	GroupNone Group = iota
	GroupNigiri
	GroupRoll
	GroupAppetizer
	GroupSpecial
	GroupDessert
)

func (g Group) String() string {
	switch g {
	case GroupNigiri:
		return "nigiri"
	case GroupRoll:
		return "roll"
	case GroupAppetizer:
		return "appetizer"
	case GroupSpecial:
		return "special"
	case GroupDessert:
		return "dessert"
	}
	return "none"
}

type kindInfo struct {
	key   string
	name  string
	group Group
	// minPlayers and maxPlayers bound the Party player counts the type may
	// be used with (docs/rules.md).
	minPlayers, maxPlayers int
}

var kinds = [numKinds]kindInfo{
	KindNone:             {"none", "None", GroupNone, 0, 0},
	KindTempura:          {"tempura", "Tempura", GroupAppetizer, 2, 8},
	KindSashimi:          {"sashimi", "Sashimi", GroupAppetizer, 2, 8},
	KindDumpling:         {"dumpling", "Dumpling", GroupAppetizer, 2, 8},
	KindMaki:             {"maki", "Maki", GroupRoll, 2, 8},
	KindNigiri:           {"nigiri", "Nigiri", GroupNigiri, 2, 8},
	KindWasabi:           {"wasabi", "Wasabi", GroupSpecial, 2, 8},
	KindChopsticks:       {"chopsticks", "Chopsticks", GroupSpecial, 2, 8},
	KindPudding:          {"pudding", "Pudding", GroupDessert, 2, 8},
	KindTemaki:           {"temaki", "Temaki", GroupRoll, 2, 8},
	KindUramaki:          {"uramaki", "Uramaki", GroupRoll, 2, 8},
	KindEel:              {"eel", "Eel", GroupAppetizer, 2, 8},
	KindTofu:             {"tofu", "Tofu", GroupAppetizer, 2, 8},
	KindEdamame:          {"edamame", "Edamame", GroupAppetizer, 3, 8},
	KindMisoSoup:         {"miso", "Miso soup", GroupAppetizer, 2, 8},
	KindOnigiri:          {"onigiri", "Onigiri", GroupAppetizer, 2, 8},
	KindSoySauce:         {"soy", "Soy sauce", GroupSpecial, 2, 8},
	KindTea:              {"tea", "Tea", GroupSpecial, 2, 8},
	KindSpoon:            {"spoon", "Spoon", GroupSpecial, 3, 8},
	KindMenu:             {"menu", "Menu", GroupSpecial, 2, 6},
	KindSpecialOrder:     {"special-order", "Special order", GroupSpecial, 2, 6},
	KindTakeoutBox:       {"takeout", "Takeout box", GroupSpecial, 2, 8},
	KindGreenTeaIceCream: {"ice-cream", "Green tea ice cream", GroupDessert, 2, 8},
	KindFruit:            {"fruit", "Fruit", GroupDessert, 2, 8},
}

// Key is the kind's stable lower-case identifier, as typed in a menu's text
// form ("temaki", "special-order").
func (k Kind) Key() string {
	if k >= numKinds {
		return "unknown"
	}
	return kinds[k].key
}

// Name is the kind's display name ("Green tea ice cream").
func (k Kind) Name() string {
	if k >= numKinds {
		return "Unknown"
	}
	return kinds[k].name
}

// Group returns the menu group of the kind.
func (k Kind) Group() Group {
	if k >= numKinds {
		return GroupNone
	}
	return kinds[k].group
}

// Players returns the Party player counts the kind may be used with.
func (k Kind) Players() (min, max int) {
	if k >= numKinds {
		return 0, 0
	}
	return kinds[k].minPlayers, kinds[k].maxPlayers
}

func (k Kind) String() string { return k.Key() }

// Colour returns the kind's background colour class for soy sauce and tea:
// one per type, except that wasabi shares nigiri's yellow (docs/rules.md).
func (k Kind) Colour() Kind {
	if k == KindWasabi {
		return KindNigiri
	}
	return k
}

// ParseKind finds a kind by its key or name, ignoring case, space and
// hyphens ("special order", "Ice cream", "takeout box").
func ParseKind(s string) (Kind, bool) {
	n := normalize(s)
	if n == "" {
		return KindNone, false
	}
	for k := Kind(1); k < numKinds; k++ {
		if n == normalize(kinds[k].key) || n == normalize(kinds[k].name) {
			return k, true
		}
	}
	switch n {
	case "takeoutbox", "box":
		return KindTakeoutBox, true
	case "icecream", "greentea":
		return KindGreenTeaIceCream, true
	case "soysauce", "soy":
		return KindSoySauce, true
	case "misosoup":
		return KindMisoSoup, true
	case "specialorder", "special":
		return KindSpecialOrder, true
	}
	return KindNone, false
}

func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer(" ", "", "-", "", "_", "", "'", "", "!", "").Replace(s)
}

// Menu is the set of card types a Sushi Go Party! game is played with:
// nigiri always, plus one roll, three different appetizers, two different
// specials and one dessert. Appetizers and Specials are kept in Kind order,
// so equal menus compare equal.
type Menu struct {
	Roll       Kind
	Appetizers [3]Kind
	Specials   [2]Kind
	Dessert    Kind
}

// NamedMenu is one of the rulebook's eight recommended menus.
type NamedMenu struct {
	Key  string // "master-menu"
	Name string // "Master Menu"
	// Blurb is the rulebook's one-line description.
	Blurb string
	Menu  Menu
}

func menuOf(ks ...Kind) Menu {
	m, err := NewMenu(ks...)
	if err != nil {
		panic(err)
	}
	return m
}

// RecommendedMenus are the rulebook's eight menus (docs/rules.md), in the
// rulebook's order.
var RecommendedMenus = []NamedMenu{
	{"my-first-meal", "My First Meal", "a gentle first game",
		menuOf(KindMaki, KindTempura, KindSashimi, KindMisoSoup, KindWasabi, KindTea, KindGreenTeaIceCream)},
	{"sushi-go", "Sushi Go!", "the original game's cards, with Party rules",
		menuOf(KindMaki, KindTempura, KindSashimi, KindDumpling, KindChopsticks, KindWasabi, KindPudding)},
	{"party-sampler", "Party Sampler", "a showcase of new cards",
		menuOf(KindTemaki, KindTempura, KindDumpling, KindTofu, KindWasabi, KindMenu, KindGreenTeaIceCream)},
	{"master-menu", "Master Menu", "for experienced players",
		menuOf(KindTemaki, KindOnigiri, KindTofu, KindSashimi, KindSpoon, KindTakeoutBox, KindFruit)},
	{"points-platter", "Points Platter", "big scores",
		menuOf(KindUramaki, KindOnigiri, KindDumpling, KindEdamame, KindSpecialOrder, KindTea, KindGreenTeaIceCream)},
	{"cutthroat-combo", "Cutthroat Combo", "the most interactive",
		menuOf(KindTemaki, KindEel, KindTofu, KindMisoSoup, KindSpoon, KindSoySauce, KindPudding)},
	{"big-banquet", "Big Banquet", "suggested for 6–8 players",
		menuOf(KindMaki, KindTempura, KindDumpling, KindEel, KindSpoon, KindChopsticks, KindGreenTeaIceCream)},
	{"dinner-for-two", "Dinner for Two", "suggested for 2 players",
		menuOf(KindUramaki, KindOnigiri, KindTofu, KindMisoSoup, KindMenu, KindSpecialOrder, KindFruit)},
}

// NewMenu builds a menu from its seven chosen kinds in any order (nigiri may
// be listed too; it is always on the menu). It checks the menu's shape but
// not the player count; see Menu.Check.
func NewMenu(ks ...Kind) (Menu, error) {
	var m Menu
	var by [GroupDessert + 1][numKinds]Kind // fixed arrays: New validates without allocating
	var n [GroupDessert + 1]int
	for _, k := range ks {
		g := k.Group()
		switch g {
		case GroupNone:
			return Menu{}, problem(ErrMenu, "%q is not a card type", k.Key())
		case GroupNigiri:
			continue
		}
		if slices.Contains(by[g][:n[g]], k) {
			return Menu{}, problem(ErrMenu, "%s is listed twice", k.Name())
		}
		by[g][n[g]] = k
		n[g]++
	}
	want := [...]struct {
		g Group
		n int
	}{{GroupRoll, 1}, {GroupAppetizer, 3}, {GroupSpecial, 2}, {GroupDessert, 1}}
	for _, w := range want {
		if got := n[w.g]; got != w.n {
			return Menu{}, problem(ErrMenu, "a menu needs exactly %d %s, this one has %d",
				w.n, plural(w.g.String(), w.n), got)
		}
		slices.Sort(by[w.g][:w.n])
	}
	m.Roll = by[GroupRoll][0]
	copy(m.Appetizers[:], by[GroupAppetizer][:3])
	copy(m.Specials[:], by[GroupSpecial][:2])
	m.Dessert = by[GroupDessert][0]
	return m, nil
}

func plural(s string, n int) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// Kinds returns the menu's eight kinds: nigiri, the roll, the appetizers,
// the specials and the dessert.
func (m Menu) Kinds() [8]Kind {
	return [8]Kind{KindNigiri, m.Roll, m.Appetizers[0], m.Appetizers[1], m.Appetizers[2],
		m.Specials[0], m.Specials[1], m.Dessert}
}

// Has reports whether kind k is on the menu.
func (m Menu) Has(k Kind) bool {
	if k == KindNone {
		return false
	}
	ks := m.Kinds()
	return slices.Contains(ks[:], k)
}

// IsZero reports whether m is the zero Menu (no menu chosen).
func (m Menu) IsZero() bool { return m == Menu{} }

// Check reports why the menu cannot be played by the given number of
// players (docs/rules.md), or nil.
func (m Menu) Check(players int) error {
	ks := m.Kinds()
	n, err := NewMenu(ks[1:]...)
	if err != nil {
		return err
	}
	if n != m {
		return problem(ErrMenu, "appetizers and specials must be in card-type order")
	}
	if bad := m.Unplayable(players); len(bad) > 0 {
		lo, hi := bad[0].Players()
		return problem(ErrMenu, "%s can't be used with %d players (only %d to %d)", bad[0].Name(), players, lo, hi)
	}
	return nil
}

// Unplayable returns the menu's card types that can't be used with this
// many players, in menu order: what a lobby tells its players to change.
func (m Menu) Unplayable(players int) []Kind {
	var out []Kind
	for _, k := range m.Kinds() {
		if lo, hi := k.Players(); players < lo || players > hi {
			out = append(out, k)
		}
	}
	return out
}

// String is the menu's short text form, the chosen kinds' keys separated by
// commas in menu order: "temaki,onigiri,sashimi,tofu,spoon,takeout,fruit".
// ParseMenu reads it back.
func (m Menu) String() string {
	ks := m.Kinds()
	keys := make([]string, 0, 7)
	for _, k := range ks[1:] {
		keys = append(keys, k.Key())
	}
	return strings.Join(keys, ",")
}

// Name returns the recommended menu's name when m is one, else "Custom menu".
func (m Menu) Name() string {
	for _, r := range RecommendedMenus {
		if r.Menu == m {
			return r.Name
		}
	}
	return "Custom menu"
}

// ParseMenu reads a recommended menu's key or name ("master", "Master
// Menu", "master-menu") or a custom menu's text form: seven card types
// separated by commas or spaces. It checks the shape, not the player count.
func ParseMenu(s string) (Menu, error) {
	n := normalize(s)
	if n == "" {
		return Menu{}, problem(ErrMenu, "no menu given")
	}
	for _, r := range RecommendedMenus {
		k, name := normalize(r.Key), normalize(r.Name)
		if n == k || n == name || n+"menu" == name || strings.TrimSuffix(name, "menu") == n {
			return r.Menu, nil
		}
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '+' })
	if len(fields) == 1 {
		fields = strings.Fields(s)
	}
	var ks []Kind
	for _, f := range fields {
		if strings.TrimSpace(f) == "" {
			continue
		}
		k, ok := ParseKind(f)
		if !ok {
			return Menu{}, problem(ErrMenu, "%q is neither a recommended menu nor a card type", strings.TrimSpace(f))
		}
		ks = append(ks, k)
	}
	return NewMenu(ks...)
}

// Menus returns the recommended menus that can be played by the given
// number of players.
func Menus(players int) []NamedMenu {
	var out []NamedMenu
	for _, r := range RecommendedMenus {
		if r.Menu.Check(players) == nil {
			out = append(out, r)
		}
	}
	return out
}

// Emoji is the kind's symbol: that of its first card (salmon for nigiri),
// so a type and its cards look alike everywhere.
func (k Kind) Emoji() string {
	if k == KindNigiri {
		return SalmonNigiri.Emoji()
	}
	for c := Card(1); c < NumCards; c++ {
		if cardKind[c] == k {
			return c.Emoji()
		}
	}
	return None.Emoji()
}

// KindsOf returns the kinds of menu group gr, in Kind order: the choices a
// custom menu offers for that part.
func KindsOf(gr Group) []Kind {
	var out []Kind
	for k := Kind(1); k < numKinds; k++ {
		if kinds[k].group == gr {
			out = append(out, k)
		}
	}
	return out
}
