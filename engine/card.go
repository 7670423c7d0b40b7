package engine

import (
	"strconv"
	"strings"
)

// Card identifies one printed card, variant included: Maki2 and Maki3 are
// different cards of the same Kind. The zero Card is None, "no card".
type Card uint8

// Classic Sushi Go! cards. The values are stored in encoded games: append new
// cards at the end (after FaceDown), never reorder.
const (
	None Card = iota
	Tempura
	Sashimi
	Dumpling
	Maki1
	Maki2
	Maki3
	EggNigiri
	SalmonNigiri
	SquidNigiri
	Wasabi
	Chopsticks
	Pudding

	// Sushi Go Party! cards. Chopsticks, Spoon, Menu and TakeoutBox are the
	// copies with the lowest corner number (1, 4, 7, 10); the other copies
	// follow FruitPineappleOrange.
	Temaki
	Uramaki3
	Uramaki4
	Uramaki5
	Eel
	Tofu
	Edamame
	MisoSoup
	OnigiriCircle
	OnigiriTriangle
	OnigiriSquare
	OnigiriRectangle
	SoySauce
	Tea
	Spoon
	MenuCard
	SpecialOrder
	TakeoutBox
	GreenTeaIceCream
	FruitWatermelon2
	FruitPineapple2
	FruitOrange2
	FruitWatermelonPineapple
	FruitWatermelonOrange
	FruitPineappleOrange

	// The Party specials' other corner numbers (docs/rules.md): they
	// order simultaneous bonus actions.
	Chopsticks2
	Chopsticks3
	Spoon5
	Spoon6
	Menu8
	Menu9
	Takeout11
	Takeout12

	// FaceDown is not a printed card: it names "a face-down card" where a
	// special order copies one that a takeout box flipped. It is stored
	// like the others (a copy's number), so it keeps its number too.
	FaceDown

	// A new card goes here, after FaceDown: every number above is stored
	// (TestCardNumbersPinned).

	// NumCards is one more than the highest Card value.
	NumCards
)

// Kind is a card type regardless of variant: all three nigiri are KindNigiri.
type Kind uint8

// Card kinds.
const (
	KindNone Kind = iota
	KindTempura
	KindSashimi
	KindDumpling
	KindMaki
	KindNigiri
	KindWasabi
	KindChopsticks
	KindPudding
	KindTemaki
	KindUramaki
	KindEel
	KindTofu
	KindEdamame
	KindMisoSoup
	KindOnigiri
	KindSoySauce
	KindTea
	KindSpoon
	KindMenu
	KindSpecialOrder
	KindTakeoutBox
	KindGreenTeaIceCream
	KindFruit

	numKinds
)

// Kinds lists every card kind, classic's first, in the order screens list
// them: a loop over it takes in a kind added later.
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := KindNone + 1; k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

type cardInfo struct {
	kind    Kind
	variant uint8 // maki/uramaki icons, nigiri base points, onigiri shape, fruit combination
	key     string
	emoji   string
}

// cards is the single source of card keys and emoji, so every front end shows
// a card the same way (its names are words: package words).
var cards = [NumCards]cardInfo{
	None:                     {KindNone, 0, "none", "▫️"},
	Tempura:                  {KindTempura, 0, "tempura", "🍤"},
	Sashimi:                  {KindSashimi, 0, "sashimi", "🐟"},
	Dumpling:                 {KindDumpling, 0, "dumpling", "🥟"},
	Maki1:                    {KindMaki, 1, "maki1", "🍥"},
	Maki2:                    {KindMaki, 2, "maki2", "🍥"},
	Maki3:                    {KindMaki, 3, "maki3", "🍥"},
	EggNigiri:                {KindNigiri, 1, "egg", "🥚"},
	SalmonNigiri:             {KindNigiri, 2, "salmon", "🍣"},
	SquidNigiri:              {KindNigiri, 3, "squid", "🦑"},
	Wasabi:                   {KindWasabi, 0, "wasabi", "🟢"},
	Chopsticks:               {KindChopsticks, 1, "chopsticks", "🥢"},
	Pudding:                  {KindPudding, 0, "pudding", "🍮"},
	Temaki:                   {KindTemaki, 0, "temaki", "🌯"},
	Uramaki3:                 {KindUramaki, 3, "uramaki3", "🍱"},
	Uramaki4:                 {KindUramaki, 4, "uramaki4", "🍱"},
	Uramaki5:                 {KindUramaki, 5, "uramaki5", "🍱"},
	Eel:                      {KindEel, 0, "eel", "🐍"},
	Tofu:                     {KindTofu, 0, "tofu", "🧈"},
	Edamame:                  {KindEdamame, 0, "edamame", "🫘"},
	MisoSoup:                 {KindMisoSoup, 0, "miso", "🍲"},
	OnigiriCircle:            {KindOnigiri, 1, "onigiri-circle", "🍙"},
	OnigiriTriangle:          {KindOnigiri, 2, "onigiri-triangle", "🍙"},
	OnigiriSquare:            {KindOnigiri, 3, "onigiri-square", "🍙"},
	OnigiriRectangle:         {KindOnigiri, 4, "onigiri-rectangle", "🍙"},
	SoySauce:                 {KindSoySauce, 0, "soy", "🍶"},
	Tea:                      {KindTea, 0, "tea", "🍵"},
	Spoon:                    {KindSpoon, 4, "spoon", "🥄"},
	MenuCard:                 {KindMenu, 7, "menu", "📜"},
	SpecialOrder:             {KindSpecialOrder, 0, "special-order", "🌈"},
	TakeoutBox:               {KindTakeoutBox, 10, "takeout", "🥡"},
	GreenTeaIceCream:         {KindGreenTeaIceCream, 0, "ice-cream", "🍨"},
	FruitWatermelon2:         {KindFruit, 1, "fruit-ww", "🍉"},
	FruitPineapple2:          {KindFruit, 2, "fruit-pp", "🍍"},
	FruitOrange2:             {KindFruit, 3, "fruit-oo", "🍊"},
	FruitWatermelonPineapple: {KindFruit, 4, "fruit-wp", "🍉"},
	FruitWatermelonOrange:    {KindFruit, 5, "fruit-wo", "🍉"},
	FruitPineappleOrange:     {KindFruit, 6, "fruit-po", "🍍"},
	Chopsticks2:              {KindChopsticks, 2, "chopsticks2", "🥢"},
	Chopsticks3:              {KindChopsticks, 3, "chopsticks3", "🥢"},
	Spoon5:                   {KindSpoon, 5, "spoon5", "🥄"},
	Spoon6:                   {KindSpoon, 6, "spoon6", "🥄"},
	Menu8:                    {KindMenu, 8, "menu8", "📜"},
	Menu9:                    {KindMenu, 9, "menu9", "📜"},
	Takeout11:                {KindTakeoutBox, 11, "takeout11", "🥡"},
	Takeout12:                {KindTakeoutBox, 12, "takeout12", "🥡"},
	FaceDown:                 {KindNone, 0, "face-down", "🂠"},
}

// cardKind and cardIcons duplicate the table as flat arrays: the reveal and
// scoring loops read them millions of times a second.
var (
	cardKind  [256]Kind
	cardIcons [256]uint8
)

func init() {
	for c := range NumCards {
		cardKind[c] = cards[c].kind
		cardIcons[c] = cards[c].variant
	}
}

// Valid reports whether c names a card (None included).
func (c Card) Valid() bool { return c < NumCards }

// Kind returns the card's type.
func (c Card) Kind() Kind { return cardKind[c] }

// Icons returns the roll icons on a maki or uramaki card, and 0 for any other card.
func (c Card) Icons() int {
	if k := cardKind[c]; k == KindMaki || k == KindUramaki {
		return int(cardIcons[c])
	}
	return 0
}

// NigiriPoints returns a nigiri's value without wasabi (egg 1, salmon 2,
// squid 3), and 0 for any other card.
func (c Card) NigiriPoints() int {
	if cardKind[c] == KindNigiri {
		return int(cardIcons[c])
	}
	return 0
}

// Corner returns the number printed in the corner of a Party chopsticks,
// spoon, menu or takeout box (1 to 12), and 0 for any other card. Bonus
// actions resolve in corner order (ruling P4).
func (c Card) Corner() int {
	switch cardKind[c] {
	case KindChopsticks, KindSpoon, KindMenu, KindTakeoutBox:
		return int(cardIcons[c])
	}
	return 0
}

// Variant returns the card's variant number within its kind: maki and
// uramaki icons, nigiri base points, onigiri shape 1–4, fruit combination
// 1–6, corner numbers; 0 for kinds without variants.
func (c Card) Variant() int { return int(cardIcons[c]) }

// FruitIcons returns the watermelon, pineapple and orange icons on a fruit
// card, and zeros for any other card.
func (c Card) FruitIcons() (watermelon, pineapple, orange int) {
	if cardKind[c] != KindFruit {
		return 0, 0, 0
	}
	f := fruitIcons[cardIcons[c]]
	return int(f[0]), int(f[1]), int(f[2])
}

var fruitIcons = [7][3]uint8{{}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}

// Key is the stable lower-case identifier used in commands and action IDs
// ("salmon", "maki2").
func (c Card) Key() string { return c.info().key }

// Emoji is the card's symbol for chat and terminal display.
func (c Card) Emoji() string { return c.info().emoji }

// String returns the card's Key.
func (c Card) String() string {
	if !c.Valid() {
		return "card(" + strconv.Itoa(int(c)) + ")"
	}
	return c.Key()
}

func (c Card) info() *cardInfo {
	if !c.Valid() {
		return &cards[None]
	}
	return &cards[c]
}

// ParseCard finds a card by its Key, ignoring case and surrounding space
// ("salmon", "maki2"); words.ParseCard also reads its names.
func ParseCard(s string) (Card, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return None, false
	}
	for c := Card(1); c < NumCards; c++ {
		in := &cards[c]
		if s == in.key {
			return c, true
		}
	}
	return None, false
}

// classicDeck is the 108-card composition printed in the rulebook.
var classicDeck = [NumCards]uint8{
	Tempura:      14,
	Sashimi:      14,
	Dumpling:     14,
	Maki1:        6,
	Maki2:        12,
	Maki3:        8,
	SalmonNigiri: 10,
	SquidNigiri:  5,
	EggNigiri:    5,
	Pudding:      10,
	Wasabi:       6,
	Chopsticks:   4,
}

// partyBox is the Sushi Go Party! box by card (docs/rules.md): nigiri and
// maki 4/5/3, uramaki 4/4/4, onigiri 2 of each shape, fruit 2/2/2/3/3/3, and
// one copy of each numbered special.
var partyBox = [NumCards]uint8{
	EggNigiri: 4, SalmonNigiri: 5, SquidNigiri: 3,
	Maki1: 4, Maki2: 5, Maki3: 3,
	Temaki:   12,
	Uramaki3: 4, Uramaki4: 4, Uramaki5: 4,
	Tempura: 8, Sashimi: 8, Dumpling: 8, Eel: 8, Tofu: 8, Edamame: 8, MisoSoup: 8,
	OnigiriCircle: 2, OnigiriTriangle: 2, OnigiriSquare: 2, OnigiriRectangle: 2,
	Chopsticks: 1, Chopsticks2: 1, Chopsticks3: 1,
	Spoon: 1, Spoon5: 1, Spoon6: 1,
	MenuCard: 1, Menu8: 1, Menu9: 1,
	TakeoutBox: 1, Takeout11: 1, Takeout12: 1,
	SoySauce: 3, Tea: 3, SpecialOrder: 3, Wasabi: 3,
	Pudding: 15, GreenTeaIceCream: 15,
	FruitWatermelon2: 2, FruitPineapple2: 2, FruitOrange2: 2,
	FruitWatermelonPineapple: 3, FruitWatermelonOrange: 3, FruitPineappleOrange: 3,
}

// DeckCount returns how many copies of c the ruleset's box holds: classic's
// 108 cards, or all 181 of Sushi Go Party!, of which a game uses its menu's
// (see Settings.DeckCount).
func (r Ruleset) DeckCount(c Card) int {
	if !c.Valid() {
		return 0
	}
	switch r {
	case Classic:
		return int(classicDeck[c])
	case Party:
		return int(partyBox[c])
	}
	return 0
}

// DeckCount returns how many copies of c the game uses: for Party, the
// box's copies of the menu's kinds.
func (s Settings) DeckCount(c Card) int {
	s = s.withDefaults()
	if s.Ruleset == Party && !s.Menu.Has(c.Kind()) {
		return 0
	}
	return s.Ruleset.DeckCount(c)
}
