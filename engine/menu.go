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
	group Group
	// minPlayers and maxPlayers bound the Party player counts the type may
	// be used with (docs/rules.md).
	minPlayers, maxPlayers int
}

var kinds = [numKinds]kindInfo{
	KindNone:             {"none", GroupNone, 0, 0},
	KindTempura:          {"tempura", GroupAppetizer, 2, 8},
	KindSashimi:          {"sashimi", GroupAppetizer, 2, 8},
	KindDumpling:         {"dumpling", GroupAppetizer, 2, 8},
	KindMaki:             {"maki", GroupRoll, 2, 8},
	KindNigiri:           {"nigiri", GroupNigiri, 2, 8},
	KindWasabi:           {"wasabi", GroupSpecial, 2, 8},
	KindChopsticks:       {"chopsticks", GroupSpecial, 2, 8},
	KindPudding:          {"pudding", GroupDessert, 2, 8},
	KindTemaki:           {"temaki", GroupRoll, 2, 8},
	KindUramaki:          {"uramaki", GroupRoll, 2, 8},
	KindEel:              {"eel", GroupAppetizer, 2, 8},
	KindTofu:             {"tofu", GroupAppetizer, 2, 8},
	KindEdamame:          {"edamame", GroupAppetizer, 3, 8},
	KindMisoSoup:         {"miso", GroupAppetizer, 2, 8},
	KindOnigiri:          {"onigiri", GroupAppetizer, 2, 8},
	KindSoySauce:         {"soy", GroupSpecial, 2, 8},
	KindTea:              {"tea", GroupSpecial, 2, 8},
	KindSpoon:            {"spoon", GroupSpecial, 3, 8},
	KindMenu:             {"menu", GroupSpecial, 2, 6},
	KindSpecialOrder:     {"special-order", GroupSpecial, 2, 6},
	KindTakeoutBox:       {"takeout", GroupSpecial, 2, 8},
	KindGreenTeaIceCream: {"ice-cream", GroupDessert, 2, 8},
	KindFruit:            {"fruit", GroupDessert, 2, 8},
}

// Key is the kind's stable lower-case identifier, as typed in a menu's text
// form ("temaki", "special-order").
func (k Kind) Key() string {
	if k >= numKinds {
		return "unknown"
	}
	return kinds[k].key
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

// ParseKind finds a kind by its key or a typed alias, ignoring case, space
// and hyphens ("special order", "Ice cream", "takeout box"); words.ParseKind
// also reads its names.
func ParseKind(s string) (Kind, bool) {
	n := normalize(s)
	if n == "" {
		return KindNone, false
	}
	for k := Kind(1); k < numKinds; k++ {
		if n == kindKeys[k] {
			return k, true
		}
	}
	switch n {
	case "takeoutbox", "box":
		return KindTakeoutBox, true
	case "icecream", "greentea", "greenteaicecream":
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

// normalize is s as ParseKind and ParseMenu compare it: lower case,
// without spaces, hyphens, underscores, apostrophes or exclamation marks.
func normalize(s string) string {
	return squash.Replace(strings.ToLower(strings.TrimSpace(s)))
}

// squash is built once: building a Replacer costs far more than using
// one, and a Party lobby's view parses its menu (a card's key a kind)
// at every join: 7 % of a replica's CPU at 1,000 Party games when it was
// built per call.
var squash = strings.NewReplacer(" ", "", "-", "", "_", "", "'", "", "!", "")

// kindKeys are the kinds' keys normalized, for ParseKind.
var kindKeys = func() (keys [numKinds]string) {
	for k := Kind(1); k < numKinds; k++ {
		keys[k] = normalize(kinds[k].key)
	}
	return keys
}()

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
	Key  string // "master-menu"; its name and blurb are words
	Menu Menu
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
	{"my-first-meal", menuOf(KindMaki, KindTempura, KindSashimi, KindMisoSoup, KindWasabi, KindTea, KindGreenTeaIceCream)},
	{"sushi-go", menuOf(KindMaki, KindTempura, KindSashimi, KindDumpling, KindChopsticks, KindWasabi, KindPudding)},
	{"party-sampler", menuOf(KindTemaki, KindTempura, KindDumpling, KindTofu, KindWasabi, KindMenu, KindGreenTeaIceCream)},
	{"master-menu", menuOf(KindTemaki, KindOnigiri, KindTofu, KindSashimi, KindSpoon, KindTakeoutBox, KindFruit)},
	{"points-platter", menuOf(KindUramaki, KindOnigiri, KindDumpling, KindEdamame, KindSpecialOrder, KindTea, KindGreenTeaIceCream)},
	{"cutthroat-combo", menuOf(KindTemaki, KindEel, KindTofu, KindMisoSoup, KindSpoon, KindSoySauce, KindPudding)},
	{"big-banquet", menuOf(KindMaki, KindTempura, KindDumpling, KindEel, KindSpoon, KindChopsticks, KindGreenTeaIceCream)},
	{"dinner-for-two", menuOf(KindUramaki, KindOnigiri, KindTofu, KindMisoSoup, KindMenu, KindSpecialOrder, KindFruit)},
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
			return Menu{}, problem(ErrMenu, "engine.menu.notAType", k.Key())
		case GroupNigiri:
			continue
		}
		if slices.Contains(by[g][:n[g]], k) {
			return Menu{}, problem(ErrMenu, "engine.menu.twice", k)
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
			return Menu{}, problem(ErrMenu, "engine.menu.needs."+w.g.String(), w.n, got)
		}
		slices.Sort(by[w.g][:w.n])
	}
	m.Roll = by[GroupRoll][0]
	copy(m.Appetizers[:], by[GroupAppetizer][:3])
	copy(m.Specials[:], by[GroupSpecial][:2])
	m.Dessert = by[GroupDessert][0]
	return m, nil
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
		return problem(ErrMenu, "engine.menu.order")
	}
	if bad := m.Unplayable(players); len(bad) > 0 {
		lo, hi := bad[0].Players()
		return problem(ErrMenu, "engine.menu.players", bad[0], players, lo, hi)
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

// Recommended returns the recommended menu m is, if it is one.
func Recommended(m Menu) (NamedMenu, bool) {
	for _, r := range RecommendedMenus {
		if r.Menu == m {
			return r, true
		}
	}
	return NamedMenu{}, false
}

// ParseMenu reads a recommended menu's key or name ("master", "Master
// Menu", "master-menu") or a custom menu's text form: seven card types
// separated by commas or spaces. It checks the shape, not the player count.
func ParseMenu(s string) (Menu, error) {
	n := normalize(s)
	if n == "" {
		return Menu{}, problem(ErrMenu, "engine.menu.none")
	}
	for _, r := range RecommendedMenus {
		// A key is its name's letters ("master-menu", "Master Menu").
		k := normalize(r.Key)
		if n == k || n+"menu" == k || strings.TrimSuffix(k, "menu") == n {
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
			return Menu{}, problem(ErrMenu, "engine.menu.unknown", strings.TrimSpace(f))
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
