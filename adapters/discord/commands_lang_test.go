package discord

import (
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/words"
)

// TestCommandSpeaksEveryLanguage: /sushigo carries a description for
// every option, and a name for every choice (name_localizations), in each
// of our languages' Discord locales, English's included, within Discord's 100 characters; an unchanged command
// compares equal, a changed translation does not.
func TestCommandSpeaksEveryLanguage(t *testing.T) {
	c := Command()
	var locales []discordgo.Locale
	for _, l := range words.Languages() {
		locales = append(locales, discordLocales[l.Code()]...)
	}
	if len(locales) < 6 {
		t.Fatalf("Discord locales %v", locales)
	}
	for _, loc := range locales {
		english := loc == discordgo.EnglishUS || loc == discordgo.EnglishGB
		if d := (*c.DescriptionLocalizations)[loc]; d == "" || (d == c.Description) != english {
			t.Errorf("%s: the command's description %q", loc, d)
		}
	}
	var walk func(os []*discordgo.ApplicationCommandOption)
	walk = func(os []*discordgo.ApplicationCommandOption) {
		for _, o := range os {
			for _, loc := range locales {
				d := o.DescriptionLocalizations[loc]
				if d == "" {
					t.Errorf("%s: %s has no description", loc, o.Name)
				}
				if n := utf8.RuneCountInString(d); n > 100 {
					t.Errorf("%s: %s's description is %d characters: %q", loc, o.Name, n, d)
				}
				for _, ch := range o.Choices {
					name := ch.NameLocalizations[loc]
					if n := utf8.RuneCountInString(name); n == 0 || n > 100 {
						t.Errorf("%s: choice %s is %d characters", loc, ch.Value, n)
					}
					if loc == discordgo.French && name == ch.Value && ch.Value != "normal" && ch.Value != "expert" && ch.Value != "points" && o.Name != "menu" && o.Name != "card" && o.Name != "language" {
						t.Errorf("%s: choice %s of %s is the typed word, untranslated", loc, ch.Value, o.Name)
					}
				}
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	a, _ := comparable(c)
	b, _ := comparable(Command())
	if string(a) != string(b) {
		t.Error("the same command compares unequal")
	}
	changed := Command()
	(*changed.DescriptionLocalizations)[discordgo.French] = "autre chose"
	if d, _ := comparable(changed); string(d) == string(a) {
		t.Error("a changed translation compares equal: it would never be registered")
	}
}
