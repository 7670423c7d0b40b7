package discord

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/bot"
)

var toneColors = map[bot.Tone]int{
	bot.ToneInfo: 0x99AAB5, bot.ToneLobby: 0x5865F2, bot.TonePlay: 0x57F287, bot.ToneReveal: 0xFEE75C,
	bot.ToneScore: 0xE67E22, bot.ToneOver: 0x9B59B6, bot.ToneError: 0xED4245,
}

var buttonStyles = map[bot.Style]discordgo.ButtonStyle{
	bot.Secondary: discordgo.SecondaryButton, bot.Primary: discordgo.PrimaryButton,
	bot.Success: discordgo.SuccessButton, bot.Danger: discordgo.DangerButton,
}

// cut trims s to n runes (Discord counts characters), marking the cut.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// message is a view in Discord's terms, within Discord's limits: one
// embed, at most 5 rows of 5 buttons.
type message struct {
	content  string
	embeds   []*discordgo.MessageEmbed
	comps    []discordgo.MessageComponent
	mentions *discordgo.MessageAllowedMentions
}

func render(v bot.View) message {
	desc := v.Text
	if v.Channel != "" {
		// In a DM this names and links the game's channel (and server).
		desc += "\n\n🎴 Game in <#" + v.Channel + ">"
	}
	e := &discordgo.MessageEmbed{
		Title:       cut(v.Title, 256),
		Description: cut(desc, 4096),
		Color:       toneColors[v.Tone],
	}
	if v.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: cut(v.Footer, 2048)}
	}
	for i, f := range v.Fields {
		if i == 25 {
			break
		}
		val := f.Value
		if val == "" {
			val = "\u200b"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: cut(f.Name, 256), Value: cut(val, 1024), Inline: f.Inline})
	}
	fitEmbed(e)
	m := message{embeds: []*discordgo.MessageEmbed{e}, comps: []discordgo.MessageComponent{},
		// Only the people a view names are pinged; names in text never are.
		mentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: v.Mentions}}
	for _, u := range v.Mentions {
		m.content += "<@" + u + "> "
	}
	m.content = strings.TrimSpace(m.content)
	for _, sel := range v.Selects {
		if len(m.comps) == 5 {
			break
		}
		menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: sel.ActionID,
			Placeholder: cut(sel.Placeholder, 150), MinValues: ptr(sel.Min), MaxValues: sel.Max}
		for i, o := range sel.Options {
			if i == 25 {
				break
			}
			opt := discordgo.SelectMenuOption{Label: cut(o.Label, 100), Value: o.Value, Description: cut(o.Description, 100), Default: o.Selected}
			if o.Emoji != "" {
				opt.Emoji = &discordgo.ComponentEmoji{Name: o.Emoji}
			}
			menu.Options = append(menu.Options, opt)
		}
		menu.MaxValues = min(menu.MaxValues, len(menu.Options))
		m.comps = append(m.comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}})
	}
	for _, row := range v.Rows {
		if len(m.comps) == 5 {
			break
		}
		var r discordgo.ActionsRow
		for j, b := range row {
			if j == 5 {
				break
			}
			btn := discordgo.Button{Label: cut(b.Label, 80), Style: buttonStyles[b.Style], CustomID: b.ActionID, Disabled: b.Disabled}
			if b.Emoji != "" {
				btn.Emoji = &discordgo.ComponentEmoji{Name: b.Emoji}
			}
			r.Components = append(r.Components, btn)
		}
		m.comps = append(m.comps, r)
	}
	return m
}

// embedLimit is Discord's limit on all of an embed's text together.
const embedLimit = 6000

func embedSize(e *discordgo.MessageEmbed) int {
	n := len([]rune(e.Title)) + len([]rune(e.Description))
	if e.Footer != nil {
		n += len([]rune(e.Footer.Text))
	}
	for _, f := range e.Fields {
		n += len([]rune(f.Name)) + len([]rune(f.Value))
	}
	return n
}

// fitEmbed shortens the longest field values, then the description, until
// the embed is within Discord's total. The host keeps its views well
// inside it; this only guards against a view it did not foresee.
func fitEmbed(e *discordgo.MessageEmbed) {
	for over := embedSize(e) - embedLimit; over > 0; over = embedSize(e) - embedLimit {
		var longest *discordgo.MessageEmbedField
		for _, f := range e.Fields {
			if longest == nil || len([]rune(f.Value)) > len([]rune(longest.Value)) {
				longest = f
			}
		}
		switch {
		case longest != nil && len([]rune(longest.Value)) > 64:
			longest.Value = cut(longest.Value, max(64, len([]rune(longest.Value))-over))
		case len([]rune(e.Description)) > 64:
			e.Description = cut(e.Description, max(64, len([]rune(e.Description))-over))
		default:
			e.Fields = e.Fields[:len(e.Fields)-1]
		}
	}
}

func (m message) data(private bool) *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{Content: m.content, Embeds: m.embeds, Components: m.comps, AllowedMentions: m.mentions}
	if private {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	return d
}

func (m message) send() *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: m.content, Embeds: m.embeds, Components: m.comps, AllowedMentions: m.mentions}
}

func (m message) webhookEdit() *discordgo.WebhookEdit {
	return &discordgo.WebhookEdit{Content: &m.content, Embeds: &m.embeds, Components: &m.comps, AllowedMentions: m.mentions}
}

func (m message) params(private bool) *discordgo.WebhookParams {
	p := &discordgo.WebhookParams{Content: m.content, Embeds: m.embeds, Components: m.comps, AllowedMentions: m.mentions}
	if private {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	return p
}

// References the host keeps: "w:<token>" edits an interaction's message
// while its token lives; "m:<channel>:<message>" is a bot message.
func tokenRef(token string) string           { return "w:" + token }
func messageRef(m *discordgo.Message) string { return "m:" + m.ChannelID + ":" + m.ID }

// Discord error codes the adapter acts on.
const (
	codeUnknownInteraction = 10062
	codeUnknownWebhook     = 10015
	codeUnknownMessage     = 10008
	codeCannotDM           = 50007
	codeInvalidToken       = 50027
)

func restCode(err error) (code, status int) {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Response != nil {
			status = re.Response.StatusCode
		}
		if re.Message != nil {
			code = re.Message.Code
		}
	}
	return code, status
}

func (a *Adapter) logErr(msg string, err error, attrs ...any) {
	code, status := restCode(err)
	a.cfg.Log.Error(msg, append(attrs, "err", err, "discord_code", code, "http_status", status)...)
	if a.cfg.Failed != nil {
		switch {
		case code != 0:
			a.cfg.Failed(strconv.Itoa(code))
		case status != 0:
			a.cfg.Failed(strconv.Itoa(status))
		default:
			a.cfg.Failed("transport")
		}
	}
}

// deliver sends one delivery that is not the interaction's acknowledgement.
// ix is nil for timer deliveries.
func (a *Adapter) deliver(ctx context.Context, ix *discordgo.Interaction, resp bot.Response, d bot.Delivery) {
	opt := discordgo.WithContext(ctx)
	m := render(d.View)
	switch d.Kind {
	case bot.Reply:
		if ix == nil {
			a.cfg.Log.Warn("reply without an interaction dropped", "game", resp.Game)
			return
		}
		if _, err := a.s.FollowupMessageCreate(ix, true, m.params(!d.To.IsPublic()), opt); err != nil {
			a.logErr("follow-up failed", err, "interaction", ix.ID)
		}
	case bot.Post:
		// The same post the outbox makes; here a failure is logged (by
		// Send) and not retried.
		ref, err := a.Send(ctx, resp.Where, resp.Game, d)
		if err == nil && d.Slot != "" && ref.ID != "" {
			if err := a.host.Remember(ctx, resp.Where, resp.Game, d.Slot, ref); err != nil {
				a.cfg.Log.Error("remembering a message failed", "err", err)
			}
		}
	case bot.Edit:
		a.edit(ctx, d.Ref.ID, m)
	}
}

func (a *Adapter) undeliverable(ctx context.Context, resp bot.Response, user string) {
	r, err := a.host.Undeliverable(ctx, resp.Where, resp.Game, user)
	if err != nil {
		a.cfg.Log.Error("recording an undeliverable DM failed", "err", err)
		return
	}
	for _, d := range r.Deliveries {
		a.deliver(ctx, nil, r, d)
	}
}

func (a *Adapter) edit(ctx context.Context, ref string, m message) {
	if err := a.editErr(ctx, ref, m); err != nil {
		a.logErr("editing failed", err)
	}
}

// editErr edits the message ref names. A message that can no longer be
// edited (an expired token, a deleted message) is not an error: the player
// presses "Show my hand" again; nothing to retry.
func (a *Adapter) editErr(ctx context.Context, ref string, m message) error {
	opt := discordgo.WithContext(ctx)
	var err error
	switch {
	case strings.HasPrefix(ref, "w:"):
		_, err = a.s.WebhookMessageEdit(a.cfg.AppID, ref[2:], "@original", m.webhookEdit(), opt)
	case strings.HasPrefix(ref, "m:"):
		ch, id, _ := strings.Cut(ref[2:], ":")
		e := discordgo.NewMessageEdit(ch, id)
		e.Content, e.Embeds, e.Components, e.AllowedMentions = &m.content, &m.embeds, &m.comps, m.mentions
		_, err = a.s.ChannelMessageEditComplex(e, opt)
	default:
		a.cfg.Log.Error("unknown message reference", "ref", ref)
		return nil
	}
	if err == nil {
		return nil
	}
	switch code, status := restCode(err); {
	case code == codeUnknownWebhook || code == codeInvalidToken || code == codeUnknownMessage || status == http.StatusNotFound:
		a.cfg.Log.Debug("message no longer editable", "ref", ref[:2], "discord_code", code)
		return nil
	}
	return err
}

// Send implements bot.Sender: one post or edit of a game's durable outbox.
// It returns the created message's reference, and an error when Discord
// failed or refused in a way worth retrying. A DM to a user who does not
// accept them is not retried: the host is told and their hands go
// ephemeral.
func (a *Adapter) Send(ctx context.Context, where bot.Location, game string, d bot.Delivery) (bot.Ref, error) {
	resp := bot.Response{Where: where, Game: game}
	opt := discordgo.WithContext(ctx)
	m := render(d.View)
	switch d.Kind {
	case bot.Edit:
		err := a.editErr(ctx, d.Ref.ID, m)
		if err != nil {
			a.logErr("editing failed", err)
		}
		return bot.Ref{}, err
	case bot.Post:
		channel := where.Channel
		if !d.To.IsPublic() {
			dm, err := a.s.UserChannelCreate(d.To.User, opt)
			if err != nil {
				a.logErr("opening a DM failed", err, "user", d.To.User)
				if _, status := restCode(err); status >= 400 && status < 500 && status != http.StatusTooManyRequests {
					a.undeliverable(ctx, resp, d.To.User)
					return bot.Ref{}, nil
				}
				return bot.Ref{}, err
			}
			channel = dm.ID
		}
		msg, err := a.s.ChannelMessageSendComplex(channel, m.send(), opt)
		if err != nil {
			if code, _ := restCode(err); code == codeCannotDM {
				a.cfg.Log.Info("DMs closed; hands go ephemeral", "user", d.To.User)
				a.undeliverable(ctx, resp, d.To.User)
				return bot.Ref{}, nil
			}
			a.logErr("posting failed", err, "channel", channel)
			return bot.Ref{}, err
		}
		return bot.Ref{ID: messageRef(msg)}, nil
	}
	// Replies answer a live interaction; they never reach the outbox.
	a.cfg.Log.Warn("a reply in the outbox dropped", "game", game)
	return bot.Ref{}, nil
}

// Deliver sends a timer's deliveries (posts and edits) for one game.
func (a *Adapter) Deliver(ctx context.Context, o bot.Outbound) {
	resp := o.Response
	resp.Where, resp.Game = o.Where, o.Game
	for _, d := range resp.Deliveries {
		a.deliver(ctx, nil, resp, d)
	}
}
