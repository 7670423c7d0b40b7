package slack

import (
	"strconv"
	"strings"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/bot"
)

// escape makes text safe in mrkdwn: &, < and > are control characters.
var escape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace

// mrkdwn turns the host's **bold** into Slack's *bold*, after escaping.
func mrkdwn(s string) string { return strings.ReplaceAll(escape(s), "**", "*") }

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

var buttonStyles = map[bot.Style]slackapi.Style{
	bot.Primary: slackapi.StylePrimary, bot.Success: slackapi.StylePrimary, bot.Danger: slackapi.StyleDanger,
}

// maxBlocks is Slack's limit per message.
const maxBlocks = 50

// blocks renders a view as Block Kit within Slack's limits, and a plain
// fallback for notifications.
func blocks(v bot.View) ([]slackapi.Block, string) {
	var bs []slackapi.Block
	if len(v.Mentions) > 0 {
		var ms []string
		for _, u := range v.Mentions {
			ms = append(ms, "<@"+u+">")
		}
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, strings.Join(ms, " "), false, false), nil, nil))
	}
	if v.Title != "" {
		bs = append(bs, slackapi.NewHeaderBlock(slackapi.NewTextBlockObject(slackapi.PlainTextType, cut(v.Title, 150), true, false)))
	}
	if v.Text != "" {
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, cut(mrkdwn(v.Text), 3000), false, false), nil, nil))
	}
	for _, f := range v.Fields {
		txt := "*" + mrkdwn(f.Name) + "*\n" + mrkdwn(f.Value)
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, cut(txt, 3000), false, false), nil, nil))
	}
	for i, row := range v.Rows {
		var els []slackapi.BlockElement
		for _, b := range row {
			if b.Disabled {
				continue // Slack buttons cannot be disabled: leave it out
			}
			label := strings.TrimSpace(b.Emoji + " " + b.Label)
			btn := slackapi.NewButtonBlockElement(b.ActionID, b.ActionID, slackapi.NewTextBlockObject(slackapi.PlainTextType, cut(label, 75), true, false))
			btn.Style = buttonStyles[b.Style]
			els = append(els, btn)
		}
		if len(els) > 0 {
			bs = append(bs, slackapi.NewActionBlock("row"+strconv.Itoa(i), els...))
		}
	}
	if v.Footer != "" {
		bs = append(bs, slackapi.NewContextBlock("", slackapi.NewTextBlockObject(slackapi.MarkdownType, cut(mrkdwn(v.Footer), 3000), false, false)))
	}
	if v.Channel != "" {
		// In a DM this names and links the game's channel.
		bs = append(bs, slackapi.NewContextBlock("", slackapi.NewTextBlockObject(slackapi.MarkdownType, "🎴 Game in <#"+v.Channel+">", false, false)))
	}
	if len(bs) > maxBlocks {
		bs = bs[:maxBlocks]
	}
	fallback := v.Title
	if fallback == "" {
		fallback, _, _ = strings.Cut(v.Text, "\n")
	}
	return bs, cut(strings.ReplaceAll(fallback, "**", ""), 300)
}
