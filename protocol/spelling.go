package protocol

import (
	"regexp"
	"strings"
)

// The host writes a command the way the terminal types it, in backticks:
// "`new party`", "`history <n>`". In a chat it is a slash command, and on
// Discord its arguments are typed options: speak rewrites each such span
// for the platform a view goes to, so every hint names a command that
// exists there. A span already written for a platform is left alone.

// commandSpan is a backticked command of the host's.
var commandSpan = regexp.MustCompile("`((?:new|join|leave|start|addbot|kick|hand|status|scores|leaderboard|stats|history|rules|help|end|rematch|settings)(?: [^`]*)?)`")

// discordArgs turns a command's typed arguments into Discord's options.
// Not player words: command syntax, the same in every language.
var discordArgs = []struct {
	re  *regexp.Regexp
	out string
}{
	{regexp.MustCompile(`^new party\b`), "new game:party"},
	{regexp.MustCompile(`^history (<n>|\d+) party$`), "history game:$1 board:party"},
	{regexp.MustCompile(`^history party$`), "history board:party"},
	{regexp.MustCompile(`^history (<n>|\d+)$`), "history game:$1"},
	{regexp.MustCompile(`^leaderboard (party|classic)$`), "leaderboard game:$1"},
	{regexp.MustCompile(`^leaderboard (wins|points|rating)$`), "leaderboard by:$1"},
	{regexp.MustCompile(`^rules (\S.*)$`), "rules card:$1"},
	{regexp.MustCompile(`^kick (\S.*)$`), "kick player:$1"},
	{regexp.MustCompile(`^stats (\S.*)$`), "stats player:$1"},
}

// cliCommands are the command-line equivalents of the host's commands,
// for what `sushigo stats` prints outside a game.
// Not player words: command syntax, the same in every language.
var cliCommands = []struct {
	re  *regexp.Regexp
	out string
}{
	{regexp.MustCompile(`^new party\b.*$`), "sushigo play --party"},
	{regexp.MustCompile(`^new\b.*$`), "sushigo play"},
	{regexp.MustCompile(`^history (<n>|\d+) party$`), "sushigo stats --party --game $1"},
	{regexp.MustCompile(`^history party$`), "sushigo stats --party"},
	{regexp.MustCompile(`^history (<n>|\d+)$`), "sushigo stats --game $1"},
	{regexp.MustCompile(`^(history|stats)$`), "sushigo stats"},
	{regexp.MustCompile(`^rules\b(.*)$`), "sushigo rules$1"},
}

// Speak rewrites the commands text names as style spells them: for
// adapters' own messages (a usage error found while reading a request),
// and, with CommandLine, for the command line outside any game.
func Speak(style CommandStyle, text string) string { return speak(style, text) }

// speak rewrites the commands text names as style spells them.
func speak(style CommandStyle, text string) string {
	if style == Typed || !strings.Contains(text, "`") {
		return text
	}
	return commandSpan.ReplaceAllStringFunc(text, func(span string) string {
		cmd := strings.Trim(span, "`")
		switch style {
		case CommandLine:
			for _, c := range cliCommands {
				if c.re.MatchString(cmd) {
					return "`" + c.re.ReplaceAllString(cmd, c.out) + "`"
				}
			}
			return span
		case SlashOptions:
			for _, a := range discordArgs {
				if a.re.MatchString(cmd) {
					cmd = a.re.ReplaceAllString(cmd, a.out)
					break
				}
			}
			cmd = strings.ReplaceAll(cmd, "=", ":")
		}
		return "`/sushigo " + cmd + "`"
	})
}

// Spoken is v with its commands rewritten as style spells them.
func Spoken(style CommandStyle, v View) View {
	v.Text, v.Footer = speak(style, v.Text), speak(style, v.Footer)
	if len(v.Fields) > 0 {
		fs := make([]Field, len(v.Fields))
		for i, f := range v.Fields {
			fs[i] = Field{Name: f.Name, Value: speak(style, f.Value), Inline: f.Inline}
		}
		v.Fields = fs
	}
	return v
}

// SpeakAll rewrites the commands of every delivery as style spells them.
func SpeakAll(style CommandStyle, ds []Delivery) {
	for i := range ds {
		ds[i].View = Spoken(style, ds[i].View)
	}
}
