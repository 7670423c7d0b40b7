package slack

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/adapters/limits"
	"github.com/sushigo/sushigo/protocol"
)

// escape makes text safe in mrkdwn: &, < and > are control characters.
var escape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace

// mrkdwn turns the host's **bold** into Slack's *bold*, after escaping.
func mrkdwn(s string) string { return strings.ReplaceAll(escape(s), "**", "*") }

// blocks is the view as Block Kit, reporting any text cut.
func (a *Adapter) blocks(v protocol.View) ([]slackapi.Block, string) {
	bs, text, c := renderBlocks(v)
	c.Report(a.cfg.Log, "slack", a.cfg.Cut)
	return bs, text
}

var buttonStyles = map[protocol.Style]slackapi.Style{
	protocol.Primary: slackapi.StylePrimary, protocol.Success: slackapi.StylePrimary, protocol.Danger: slackapi.StyleDanger,
}

// maxBlocks is Slack's limit per message; sectionLimit its limit on a
// section's text.
const (
	maxBlocks    = 50
	sectionLimit = 3000
)

// sections splits text into pieces of at most n characters, at line
// breaks where it can: a long reveal becomes several sections instead of
// losing its end.
func sections(text string, n int, c *limits.Cuts) []string {
	var out []string
	var cur []string
	size := 0
	for _, l := range strings.Split(text, "\n") {
		r := len([]rune(l))
		if r > n {
			l, r = c.Cut(l, n, "line"), n
		}
		if size > 0 && size+1+r > n {
			out = append(out, strings.Join(cur, "\n"))
			cur, size = nil, 0
		}
		if size > 0 {
			size++
		}
		cur, size = append(cur, l), size+r
	}
	if s := strings.Join(cur, "\n"); strings.TrimSpace(s) != "" {
		out = append(out, s)
	}
	return out
}

// Action IDs of the adapter's own: a multi-select's Confirm button (its
// value is the select's block), and a disabled button's stand-in.
const (
	confirmPrefix = "sgc:"
	offPrefix     = "sg0:off:"
)

// renderBlocks renders a view as Block Kit within Slack's limits, and a
// plain fallback for notifications, with the texts it had to cut.
func renderBlocks(v protocol.View) ([]slackapi.Block, string, limits.Cuts) {
	var c limits.Cuts
	var bs []slackapi.Block
	if len(v.Mentions) > 0 {
		var ms []string
		for _, u := range v.Mentions {
			ms = append(ms, "<@"+u+">")
		}
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, strings.Join(ms, " "), false, false), nil, nil))
	}
	if v.Title != "" {
		bs = append(bs, slackapi.NewHeaderBlock(slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(v.Title, 150, "header"), true, false)))
	}
	for _, chunk := range sections(mrkdwn(v.Text), sectionLimit, &c) {
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, chunk, false, false), nil, nil))
	}
	for _, f := range v.Fields {
		txt := "*" + mrkdwn(f.Name) + "*\n" + mrkdwn(f.Value)
		bs = append(bs, slackapi.NewSectionBlock(slackapi.NewTextBlockObject(slackapi.MarkdownType, c.Cut(txt, 3000, "field"), false, false), nil, nil))
	}
	for i, sel := range v.Selects {
		var opts []*slackapi.OptionBlockObject
		var initial []*slackapi.OptionBlockObject
		for k, o := range sel.Options {
			if k == 100 {
				c.Drop("options")
				break
			}
			var desc *slackapi.TextBlockObject
			if o.Description != "" {
				desc = slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(o.Description, 75, "option-description"), false, false)
			}
			opt := slackapi.NewOptionBlockObject(o.Value, slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(strings.TrimSpace(o.Emoji+" "+o.Label), 75, "option"), true, false), desc)
			opts = append(opts, opt)
			if o.Selected {
				initial = append(initial, opt)
			}
		}
		ph := slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(sel.Placeholder, 150, "placeholder"), false, false)
		var el slackapi.BlockElement
		if sel.Max > 1 {
			m := slackapi.NewOptionsMultiSelectBlockElement(slackapi.MultiOptTypeStatic, ph, sel.ActionID, opts...)
			m.InitialOptions = initial
			m.MaxSelectedItems = &sel.Max
			el = m
		} else {
			s := slackapi.NewOptionsSelectBlockElement(slackapi.OptTypeStatic, ph, sel.ActionID, opts...)
			if len(initial) > 0 {
				s.InitialOption = initial[0]
			}
			el = s
		}
		block := "select" + strconv.Itoa(i)
		bs = append(bs, slackapi.NewActionBlock(block, el))
		if sel.Max > 1 {
			// Slack reports every change of a multi-select: the choice is
			// submitted by this button, which reads the select's state.
			// The host words the button; a view stored before it did shows
			// the mark alone, which reads in any language.
			confirm := slackapi.NewButtonBlockElement(confirmPrefix+block, block,
				slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(strings.TrimSpace("✅ "+sel.Submit), 75, "confirm"), true, false))
			confirm.Style = slackapi.StylePrimary
			bs = append(bs, slackapi.NewActionBlock("confirm"+strconv.Itoa(i), confirm))
		}
	}
	for i, row := range v.Rows {
		var els []slackapi.BlockElement
		for j, b := range row {
			label := strings.TrimSpace(b.Emoji + " " + b.Label)
			id := b.ActionID
			if b.Disabled {
				// Slack buttons cannot be disabled: this one keeps its place
				// (so the others do not shift) and does nothing.
				label, id = "("+label+")", fmt.Sprintf("%s%d:%d", offPrefix, i, j)
			}
			btn := slackapi.NewButtonBlockElement(id, id, slackapi.NewTextBlockObject(slackapi.PlainTextType, c.Cut(label, 75, "button"), true, false))
			btn.Style = buttonStyles[b.Style]
			els = append(els, btn)
		}
		if len(els) > 0 {
			bs = append(bs, slackapi.NewActionBlock("row"+strconv.Itoa(i), els...))
		}
	}
	if v.Footer != "" {
		bs = append(bs, slackapi.NewContextBlock("", slackapi.NewTextBlockObject(slackapi.MarkdownType, c.Cut(mrkdwn(v.Footer), 3000, "footer"), false, false)))
	}
	if v.Channel != "" {
		// In a DM this names and links the game's channel.
		bs = append(bs, slackapi.NewContextBlock("", slackapi.NewTextBlockObject(slackapi.MarkdownType, v.Lang.Say("dm.gameIn", "<#"+v.Channel+">"), false, false)))
	}
	if len(bs) > maxBlocks {
		c.Drop("blocks")
		bs = bs[:maxBlocks]
	}
	fallback := v.Title
	if fallback == "" {
		fallback, _, _ = strings.Cut(v.Text, "\n")
	}
	if len(v.Mentions) > 0 {
		// The notification is what pings: the people named go in it too,
		// not only in a block.
		var ms []string
		for _, u := range v.Mentions {
			ms = append(ms, "<@"+u+">")
		}
		fallback = strings.Join(ms, " ") + " " + fallback
	}
	return bs, limits.Clip(strings.ReplaceAll(fallback, "**", ""), 300), c
}

// withImage puts an image block showing a Slack file into a message's
// blocks: after the text, before its controls.
func (a *Adapter) withImage(bs []slackapi.Block, file, alt string) []slackapi.Block {
	var c limits.Cuts
	img := slackapi.NewImageBlockSlackFile(&slackapi.SlackFileObject{ID: file}, c.Cut(alt, 2000, "alt"), "picture", nil)
	c.Report(a.cfg.Log, "slack", a.cfg.Cut)
	at := slices.IndexFunc(bs, func(b slackapi.Block) bool {
		switch b.(type) {
		case *slackapi.ActionBlock, *slackapi.ContextBlock:
			return true
		}
		return false
	})
	if at < 0 {
		at = len(bs)
	}
	return slices.Insert(bs, at, slackapi.Block(img))
}
