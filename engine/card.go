package engine

import (
	"strconv"
	"strings"
)

// Card identifies one printed card, variant included: Maki2 and Maki3 are
// different cards of the same Kind. The zero Card is None, "no card".
type Card uint8

// Classic Sushi Go! cards. The values are stored in encoded games: append new
// cards at the end, never reorder.
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

	// Sushi Go Party! cards. They are named so views and parsers are ready,
	// but no ruleset deals them yet.
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
	Menu
	SpecialOrder
	TakeoutBox
	GreenTeaIceCream
	FruitWatermelon2
	FruitPineapple2
	FruitOrange2
	FruitWatermelonPineapple
	FruitWatermelonOrange
	FruitPineappleOrange

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

type cardInfo struct {
	kind    Kind
	variant uint8 // maki/uramaki icons, nigiri base points, onigiri shape, fruit combination
	key     string
	short   string
	name    string
	emoji   string
}

// cards is the single source of card names and emoji, so every front end shows
// a card the same way.
var cards = [NumCards]cardInfo{
	None:                     {KindNone, 0, "none", "—", "No card", "▫️"},
	Tempura:                  {KindTempura, 0, "tempura", "Tempura", "Tempura", "🍤"},
	Sashimi:                  {KindSashimi, 0, "sashimi", "Sashimi", "Sashimi", "🐟"},
	Dumpling:                 {KindDumpling, 0, "dumpling", "Dumpling", "Dumpling", "🥟"},
	Maki1:                    {KindMaki, 1, "maki1", "Maki 1", "Maki roll (1 icon)", "🍥"},
	Maki2:                    {KindMaki, 2, "maki2", "Maki 2", "Maki roll (2 icons)", "🍥"},
	Maki3:                    {KindMaki, 3, "maki3", "Maki 3", "Maki roll (3 icons)", "🍥"},
	EggNigiri:                {KindNigiri, 1, "egg", "Egg", "Egg nigiri", "🥚"},
	SalmonNigiri:             {KindNigiri, 2, "salmon", "Salmon", "Salmon nigiri", "🍣"},
	SquidNigiri:              {KindNigiri, 3, "squid", "Squid", "Squid nigiri", "🦑"},
	Wasabi:                   {KindWasabi, 0, "wasabi", "Wasabi", "Wasabi", "🟢"},
	Chopsticks:               {KindChopsticks, 0, "chopsticks", "Chopsticks", "Chopsticks", "🥢"},
	Pudding:                  {KindPudding, 0, "pudding", "Pudding", "Pudding", "🍮"},
	Temaki:                   {KindTemaki, 0, "temaki", "Temaki", "Temaki", "🌯"},
	Uramaki3:                 {KindUramaki, 3, "uramaki3", "Uramaki 3", "Uramaki (3 icons)", "🍱"},
	Uramaki4:                 {KindUramaki, 4, "uramaki4", "Uramaki 4", "Uramaki (4 icons)", "🍱"},
	Uramaki5:                 {KindUramaki, 5, "uramaki5", "Uramaki 5", "Uramaki (5 icons)", "🍱"},
	Eel:                      {KindEel, 0, "eel", "Eel", "Eel", "🐍"},
	Tofu:                     {KindTofu, 0, "tofu", "Tofu", "Tofu", "🧈"},
	Edamame:                  {KindEdamame, 0, "edamame", "Edamame", "Edamame", "🫘"},
	MisoSoup:                 {KindMisoSoup, 0, "miso", "Miso", "Miso soup", "🍲"},
	OnigiriCircle:            {KindOnigiri, 1, "onigiri-circle", "Onigiri ●", "Onigiri (circle)", "🍙"},
	OnigiriTriangle:          {KindOnigiri, 2, "onigiri-triangle", "Onigiri ▲", "Onigiri (triangle)", "🍙"},
	OnigiriSquare:            {KindOnigiri, 3, "onigiri-square", "Onigiri ■", "Onigiri (square)", "🍙"},
	OnigiriRectangle:         {KindOnigiri, 4, "onigiri-rectangle", "Onigiri ▬", "Onigiri (rectangle)", "🍙"},
	SoySauce:                 {KindSoySauce, 0, "soy", "Soy", "Soy sauce", "🍶"},
	Tea:                      {KindTea, 0, "tea", "Tea", "Tea", "🍵"},
	Spoon:                    {KindSpoon, 0, "spoon", "Spoon", "Spoon", "🥄"},
	Menu:                     {KindMenu, 0, "menu", "Menu", "Menu", "📜"},
	SpecialOrder:             {KindSpecialOrder, 0, "special-order", "Special", "Special order", "🌈"},
	TakeoutBox:               {KindTakeoutBox, 0, "takeout", "Takeout", "Takeout box", "🥡"},
	GreenTeaIceCream:         {KindGreenTeaIceCream, 0, "ice-cream", "Ice cream", "Green tea ice cream", "🍨"},
	FruitWatermelon2:         {KindFruit, 1, "fruit-ww", "Fruit 🍉🍉", "Fruit (watermelon, watermelon)", "🍉"},
	FruitPineapple2:          {KindFruit, 2, "fruit-pp", "Fruit 🍍🍍", "Fruit (pineapple, pineapple)", "🍍"},
	FruitOrange2:             {KindFruit, 3, "fruit-oo", "Fruit 🍊🍊", "Fruit (orange, orange)", "🍊"},
	FruitWatermelonPineapple: {KindFruit, 4, "fruit-wp", "Fruit 🍉🍍", "Fruit (watermelon, pineapple)", "🍉"},
	FruitWatermelonOrange:    {KindFruit, 5, "fruit-wo", "Fruit 🍉🍊", "Fruit (watermelon, orange)", "🍉"},
	FruitPineappleOrange:     {KindFruit, 6, "fruit-po", "Fruit 🍍🍊", "Fruit (pineapple, orange)", "🍍"},
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

// Key is the stable lower-case identifier used in commands and action IDs
// ("salmon", "maki2").
func (c Card) Key() string { return c.info().key }

// Short is a compact display name ("Salmon", "Maki 2").
func (c Card) Short() string { return c.info().short }

// Name is the full display name ("Salmon nigiri", "Maki roll (2 icons)").
func (c Card) Name() string { return c.info().name }

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

// ParseCard finds a card by its Key, its short name or its full name, ignoring
// case and surrounding space ("Salmon", "salmon nigiri", "maki2").
func ParseCard(s string) (Card, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return None, false
	}
	for c := Card(1); c < NumCards; c++ {
		in := &cards[c]
		if s == in.key || s == strings.ToLower(in.short) || s == strings.ToLower(in.name) {
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

// DeckCount returns how many copies of c the ruleset's deck holds.
func (r Ruleset) DeckCount(c Card) int {
	if r != Classic || !c.Valid() {
		return 0
	}
	return int(classicDeck[c])
}
