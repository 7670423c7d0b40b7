package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/limits"
	"github.com/sushigo/sushigo/protocol"
)

var toneColors = map[protocol.Tone]int{
	protocol.ToneInfo: 0x99AAB5, protocol.ToneLobby: 0x5865F2, protocol.TonePlay: 0x57F287, protocol.ToneReveal: 0xFEE75C,
	protocol.ToneScore: 0xE67E22, protocol.ToneOver: 0x9B59B6, protocol.ToneError: 0xED4245,
}

var buttonStyles = map[protocol.Style]discordgo.ButtonStyle{
	protocol.Secondary: discordgo.SecondaryButton, protocol.Primary: discordgo.PrimaryButton,
	protocol.Success: discordgo.SuccessButton, protocol.Danger: discordgo.DangerButton,
}

// render is the view as a Discord message, reporting any text cut.
func (a *Adapter) render(v protocol.View) message {
	m := renderView(v)
	m.cuts.Report(a.cfg.Log, "discord", a.cfg.Cut)
	return m
}

// message is a view in Discord's terms, within Discord's limits: one
// embed, at most 5 rows of 5 buttons.
type message struct {
	content  string
	embeds   []*discordgo.MessageEmbed
	comps    []discordgo.MessageComponent
	mentions *discordgo.MessageAllowedMentions
	// pic is the picture the embed shows: an attachment to upload (PNG),
	// or the message's own, kept (Keep). hadPicture says the message
	// being edited shows one now.
	pic        *protocol.Picture
	hadPicture bool
	// cuts are the texts cut to fit.
	cuts limits.Cuts
}

// renderView is the view as a Discord message within Discord's limits.
func renderView(v protocol.View) message {
	var c limits.Cuts
	desc := v.Text
	if v.Channel != "" {
		// In a DM this names and links the game's channel (and server).
		desc += "\n\n" + v.Lang.Say("dm.gameIn", "<#"+v.Channel+">")
	}
	e := &discordgo.MessageEmbed{
		Title:       c.Cut(unescapeMarkdown(v.Title), 256, "title"),
		Description: c.Cut(desc, 4096, "description"),
		Color:       toneColors[v.Tone],
	}
	if v.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: c.Cut(unescapeMarkdown(v.Footer), 2048, "footer")}
	}
	for i, f := range v.Fields {
		if i == 25 {
			break
		}
		val := f.Value
		if val == "" {
			val = "\u200b"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: c.Cut(f.Name, 256, "field-name"), Value: c.Cut(val, 1024, "field"), Inline: f.Inline})
	}
	fitEmbed(e, &c)
	var pic *protocol.Picture
	if p := v.Picture; p != nil && (p.PNG != nil || p.Keep) {
		// The embed shows the message's attachment of this name.
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + p.FileName()}
		pic = p
	}
	m := message{pic: pic, embeds: []*discordgo.MessageEmbed{e}, comps: []discordgo.MessageComponent{},
		// Only the people a view names are pinged; names in text never are.
		mentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: v.Mentions}}
	for _, u := range v.Mentions {
		m.content += "<@" + u + "> "
	}
	m.content = strings.TrimSpace(m.content)
	for _, sel := range v.Selects {
		if len(m.comps) == 5 {
			c.Drop("rows")
			break
		}
		menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: sel.ActionID,
			Placeholder: c.Cut(sel.Placeholder, 150, "placeholder"), MinValues: ptr(sel.Min), MaxValues: sel.Max}
		for i, o := range sel.Options {
			if i == 25 {
				c.Drop("options")
				break
			}
			opt := discordgo.SelectMenuOption{Label: c.Cut(unescapeMarkdown(o.Label), 100, "option"), Value: o.Value, Description: c.Cut(o.Description, 100, "option-description"), Default: o.Selected}
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
			c.Drop("rows")
			break
		}
		var r discordgo.ActionsRow
		for j, b := range row {
			if j == 5 {
				c.Drop("buttons")
				break
			}
			btn := discordgo.Button{Label: c.Cut(unescapeMarkdown(b.Label), 80, "button"), Style: buttonStyles[b.Style], CustomID: b.ActionID, Disabled: b.Disabled}
			if b.Emoji != "" {
				btn.Emoji = &discordgo.ComponentEmoji{Name: b.Emoji}
			}
			r.Components = append(r.Components, btn)
		}
		m.comps = append(m.comps, r)
	}
	m.cuts = c
	return m
}

// cutThread is a thread's name within Discord's 100 characters.
func (a *Adapter) cutThread(name string) string {
	var c limits.Cuts
	name = c.Cut(name, 100, "thread-name")
	c.Report(a.cfg.Log, "discord", a.cfg.Cut)
	return name
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
func fitEmbed(e *discordgo.MessageEmbed, c *limits.Cuts) {
	for over := embedSize(e) - embedLimit; over > 0; over = embedSize(e) - embedLimit {
		var longest *discordgo.MessageEmbedField
		for _, f := range e.Fields {
			if longest == nil || len([]rune(f.Value)) > len([]rune(longest.Value)) {
				longest = f
			}
		}
		switch {
		case longest != nil && len([]rune(longest.Value)) > 64:
			longest.Value = c.Cut(longest.Value, max(64, len([]rune(longest.Value))-over), "embed")
		case len([]rune(e.Description)) > 64:
			e.Description = c.Cut(e.Description, max(64, len([]rune(e.Description))-over), "embed")
		default:
			c.Drop("embed-fields")
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
	codeUnknownChannel     = 10003
	codeUnknownInteraction = 10062
	codeUnknownWebhook     = 10015
	codeUnknownMessage     = 10008
	codeMissingAccess      = 50001
	codeCannotDM           = 50007
	codeMissingPermissions = 50013
	codeWrongChannelType   = 50024
	codeInvalidToken       = 50027
	codeThreadExists       = 160004
)

// threadArchive is how long a game's thread stays open without messages,
// in minutes: a day, so a slow game's thread does not close under it.
const threadArchive = 1440

// noPicture is Discord's refusal of a message that carried a picture for
// a missing permission (Attach Files): the host sends it again without,
// and the rest of the game too. Nil for any other failure, or a message
// without a picture (its refusal is about something else).
func noPicture(err error, m message) *protocol.NoPictureError {
	if code, _ := restCode(err); code == codeMissingPermissions && m.pic != nil && m.pic.PNG != nil {
		return &protocol.NoPictureError{Reason: "discord.outbound.iMMissingTheAttach"}
	}
	return nil
}

// noThread turns Discord's refusal to make or use a thread into what the
// channel is told, or nil when the failure is worth retrying.
func noThread(err error) *protocol.NoThreadError {
	switch code, _ := restCode(err); code {
	case codeMissingPermissions:
		return &protocol.NoThreadError{Reason: "discord.outbound.iMMissingTheCreate"}
	case codeMissingAccess:
		return &protocol.NoThreadError{Reason: "discord.outbound.iCanTSeeThis"}
	case codeWrongChannelType:
		return &protocol.NoThreadError{Reason: "discord.outbound.thisKindOfChannelCan"}
	case codeUnknownChannel, codeUnknownMessage:
		return &protocol.NoThreadError{Reason: "discord.outbound.theGameSThreadOr"}
	}
	return nil
}

// threadOf returns the channel a thread post goes to: the thread started
// from the table message (a thread's ID is its first message's ID),
// making it first when the host asks.
func (a *Adapter) threadOf(ctx context.Context, d protocol.Delivery) (string, error) {
	ch, msg, ok := strings.Cut(strings.TrimPrefix(d.Parent.ID, "m:"), ":")
	if !ok || !strings.HasPrefix(d.Parent.ID, "m:") {
		return "", &protocol.NoThreadError{Reason: "discord.outbound.theTableMessageCanT"}
	}
	if d.OpenThread != "" {
		_, err := a.s.MessageThreadStartComplex(ch, msg, &discordgo.ThreadStart{Name: a.cutThread(d.OpenThread), AutoArchiveDuration: threadArchive},
			discordgo.WithContext(ctx))
		if code, _ := restCode(err); err != nil && code != codeThreadExists {
			if nt := noThread(err); nt != nil {
				return "", nt
			}
			a.logErr("starting a thread failed", err, "channel", ch)
			return "", err
		}
	}
	return msg, nil
}

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
func (a *Adapter) deliver(ctx context.Context, ix *discordgo.Interaction, resp protocol.Response, d protocol.Delivery) {
	opt := discordgo.WithContext(ctx)
	m := a.render(d.View)
	switch d.Kind {
	case protocol.Reply:
		if ix == nil {
			a.cfg.Log.Warn("reply without an interaction dropped", "game", resp.Game)
			return
		}
		if _, err := a.s.FollowupMessageCreate(ix, true, m.params(!d.To.IsPublic()), opt); err != nil {
			a.logErr("follow-up failed", err, "interaction", ix.ID)
		}
	case protocol.Post:
		// The same post the outbox makes; here a failure is logged (by
		// Send) and not retried.
		send := func(d protocol.Delivery) (protocol.Ref, error) { return a.Send(ctx, resp.Where, resp.Game, d) }
		if err := protocol.PostNow(ctx, a.host, resp, d, send); err != nil {
			a.cfg.Log.Error("remembering a message failed", "err", err)
		}
	case protocol.Edit:
		err := a.editErr(ctx, d.Ref.ID, m)
		if np := noPicture(err, m); np != nil {
			// As the outbox would: the game goes on without pictures.
			if err := a.host.Remember(ctx, resp.Where, resp.Game, protocol.SlotNoPictures, protocol.Ref{ID: np.Reason}); err != nil {
				a.cfg.Log.Error("remembering a message failed", "err", err)
			}
			d.View.Picture = nil
			d.View.Text = protocol.PictureFallbackNote(d.View.Lang, np.Reason) + "\n" + d.View.Text
			m = a.render(d.View)
			m.hadPicture = true
			err = a.editErr(ctx, d.Ref.ID, m)
		}
		if err != nil && !errors.Is(err, errGone) {
			a.logErr("editing failed", err)
		}
	case protocol.Delete:
		if _, err := a.Send(ctx, resp.Where, resp.Game, d); err != nil {
			a.logErr("deleting failed", err)
		}
	}
}

// remove deletes the message ref names; one already gone is not an error.
func (a *Adapter) remove(ctx context.Context, ref string) error {
	opt := discordgo.WithContext(ctx)
	var err error
	switch {
	case strings.HasPrefix(ref, "w:"):
		err = a.webhookDelete(ref[2:], opt)
	case strings.HasPrefix(ref, "m:"):
		ch, id, _ := strings.Cut(ref[2:], ":")
		err = a.s.ChannelMessageDelete(ch, id, opt)
	default:
		return nil
	}
	switch code, status := restCode(err); {
	case err == nil, code == codeUnknownMessage || code == codeUnknownWebhook || code == codeInvalidToken || status == http.StatusNotFound:
		return nil
	}
	return err
}

func (a *Adapter) undeliverable(ctx context.Context, resp protocol.Response, user string) {
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
	if err := a.editErr(ctx, ref, m); err != nil && !errors.Is(err, errGone) {
		a.logErr("editing failed", err)
	}
}

// errGone is editErr's answer for a message that can no longer be edited
// (an expired token, a deleted message): nothing to retry. A hand is
// shown again by "Show my hand"; a deleted table the host posts again.
var errGone = errors.New("discord: the message can no longer be edited")

// editErr edits the message ref names: errGone when it can no longer be.
func (a *Adapter) editErr(ctx context.Context, ref string, m message) error {
	opt := discordgo.WithContext(ctx)
	var err error
	switch {
	case strings.HasPrefix(ref, "w:"):
		_, err = a.webhookEdit(ref[2:], m.webhookEdit(), opt)
	case strings.HasPrefix(ref, "m:"):
		ch, id, _ := strings.Cut(ref[2:], ":")
		e := discordgo.NewMessageEdit(ch, id)
		e.Content, e.Embeds, e.Components, e.AllowedMentions = &m.content, &m.embeds, &m.comps, m.mentions
		switch {
		case m.pic != nil && m.pic.PNG != nil:
			_, err = a.withPicture(http.MethodPatch, discordgo.EndpointChannelMessage(ch, id), e, m.pic, opt)
		case m.pic == nil && m.hadPicture:
			// No picture now: the old one must not linger below the text.
			e.Attachments = &[]*discordgo.MessageAttachment{}
			_, err = a.s.ChannelMessageEditComplex(e, opt)
		default:
			// Without an attachments list Discord keeps the message's
			// attachment, which a kept picture's embed points at.
			_, err = a.s.ChannelMessageEditComplex(e, opt)
		}
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
		return errGone
	}
	return err
}

// An interaction's own messages (@original) are reached through its
// token. discordgo edits, reads and deletes them under one rate-limit
// bucket for every interaction, locked for the whole call, so one hung
// call held up every other game's: these use the token's own bucket, as
// Discord limits them per webhook token.

// webhookEdit edits an interaction's @original message.
// Not player words: the label names the call in errors.
func (a *Adapter) webhookEdit(token string, e *discordgo.WebhookEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	return a.original(http.MethodPatch, token, e, "an edited message", opts...)
}

// webhookMessage reads an interaction's @original message.
// Not player words: the label names the call in errors.
func (a *Adapter) webhookMessage(token string, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	return a.original(http.MethodGet, token, nil, "a message", opts...)
}

// webhookDelete deletes an interaction's @original message.
func (a *Adapter) webhookDelete(token string, opts ...discordgo.RequestOption) error {
	uri := discordgo.EndpointWebhookMessage(a.cfg.AppID, token, "@original")
	_, err := a.s.RequestWithBucketID(http.MethodDelete, uri, nil, uri, opts...)
	return err
}

// original calls an interaction's @original message under its token's own
// bucket and decodes the message Discord answers with (what names it in
// an error).
func (a *Adapter) original(method, token string, body any, what string, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	uri := discordgo.EndpointWebhookMessage(a.cfg.AppID, token, "@original")
	resp, err := a.s.RequestWithBucketID(method, uri, body, uri, opts...)
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("discord: decode %s: %w", what, err)
	}
	return &msg, nil
}

// nonced is a message with Discord's nonce and enforce_nonce, which
// discordgo's MessageSend lacks: Discord then answers a second post with
// the same nonce (within minutes) with the first message, creating none.
type nonced struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// post creates a message in channel; with a nonce, once: a post resent
// after a crash mid-send comes back as the message already made.
func (a *Adapter) post(channel string, m *discordgo.MessageSend, pic *protocol.Picture, nonce string, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	withPic := pic != nil && pic.PNG != nil
	if !withPic && (nonce == "" || len(m.Files) > 0) {
		return a.s.ChannelMessageSendComplex(channel, m, opts...)
	}
	for _, e := range m.Embeds {
		if e.Type == "" {
			e.Type = discordgo.EmbedTypeRich
		}
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	payload := nonced{m, nonce, nonce != ""}
	var body []byte
	var err error
	if withPic {
		body, err = a.withPicture(http.MethodPost, endpoint, payload, pic, opts...)
	} else {
		body, err = a.s.RequestWithBucketID(http.MethodPost, endpoint, payload, endpoint, opts...)
	}
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(body, &msg); err != nil {
		return nil, fmt.Errorf("discord: decode the message posted: %w", err)
	}
	return &msg, nil
}

// attachment describes an uploaded file in a message's payload: its
// index among the files, name and alt text.
type attachment struct {
	ID          int    `json:"id,string"` // a snowflake: the new file's index, as a string
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// withPicture sends payload with the picture as its one attachment, in
// Discord's multipart form (payload_json and files[0]), with its alt text,
// and returns Discord's answer.
func (a *Adapter) withPicture(method, endpoint string, payload any, pic *protocol.Picture, opts ...discordgo.RequestOption) ([]byte, error) {
	// The payload's fields and the attachments list: on an edit the list
	// is every attachment the message keeps, only the new one, so the
	// picture it replaces goes.
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("discord: encode a message: %w", err)
	}
	fields := map[string]json.RawMessage{}
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("discord: encode a message: %w", err)
	}
	if fields["attachments"], err = json.Marshal([]attachment{{ID: 0, Filename: pic.FileName(), Description: pic.Alt}}); err != nil {
		return nil, fmt.Errorf("discord: encode a picture: %w", err)
	}
	ctype, data, err := discordgo.MultipartBodyWithJSON(fields, []*discordgo.File{{Name: pic.FileName(), ContentType: "image/png", Reader: bytes.NewReader(pic.PNG)}})
	if err != nil {
		return nil, fmt.Errorf("discord: encode a picture: %w", err)
	}
	return a.s.RequestRaw(method, endpoint, ctype, data, endpoint, 0, opts...)
}

// PostsOnce says a post with a nonce is made once (protocol.PostsOnce):
// post sends it with enforce_nonce.
func (a *Adapter) PostsOnce() {}

// Send implements protocol.Sender: one post or edit of a game's durable outbox.
// It returns the created message's reference, and an error when Discord
// failed or refused in a way worth retrying. A DM to a user who does not
// accept them is not retried: the host is told and their hands go
// ephemeral.
func (a *Adapter) Send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	ref, err := a.send(ctx, where, game, d)
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil {
		// Discord said when: the game's deliveries wait that long, in
		// order, rather than this send sleeping past its lease.
		return ref, &protocol.RetryLater{After: rl.RetryAfter, Err: err}
	}
	return ref, err
}

func (a *Adapter) send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	resp := protocol.Response{Where: where, Game: game}
	opt := discordgo.WithContext(ctx)
	m := a.render(d.View)
	m.hadPicture = d.Ref.Pic != ""
	switch d.Kind {
	case protocol.Edit:
		err := a.editErr(ctx, d.Ref.ID, m)
		if np := noPicture(err, m); np != nil {
			return protocol.Ref{}, np
		}
		if errors.Is(err, errGone) {
			return protocol.Ref{}, &protocol.GoneError{}
		}
		if err != nil {
			a.logErr("editing failed", err)
		}
		return protocol.Ref{}, err
	case protocol.Delete:
		return protocol.Ref{}, a.remove(ctx, d.Ref.ID)
	case protocol.Post:
		channel := where.Channel
		if d.To.Thread && d.Parent.ID != "" {
			th, err := a.threadOf(ctx, d)
			if err != nil {
				return protocol.Ref{}, err
			}
			channel = th
		}
		if !d.To.IsPublic() {
			dm, ok := a.dms.Get(d.To.User)
			if !ok {
				ch, err := a.s.UserChannelCreate(d.To.User, opt)
				if err != nil {
					a.logErr("opening a DM failed", err, "user", d.To.User)
					if _, status := restCode(err); status >= 400 && status < 500 && status != http.StatusTooManyRequests {
						a.undeliverable(ctx, resp, d.To.User)
						return protocol.Ref{}, nil
					}
					return protocol.Ref{}, err
				}
				dm = ch.ID
				a.dms.Put(d.To.User, dm)
			}
			channel = dm
		}
		msg, err := a.post(channel, m.send(), m.pic, d.Nonce, opt)
		if np := noPicture(err, m); np != nil {
			// Before the thread's reasons: the same code means either.
			return protocol.Ref{}, np
		}
		if err != nil && d.To.Thread && d.Parent.ID != "" {
			if nt := noThread(err); nt != nil {
				return protocol.Ref{}, nt
			}
		}
		if err != nil && !d.To.IsPublic() {
			a.dms.Forget(d.To.User) // opened again next time, in case it is the channel
		}
		if err != nil {
			if code, _ := restCode(err); code == codeCannotDM {
				a.cfg.Log.Info("DMs closed; hands go ephemeral", "user", d.To.User)
				a.undeliverable(ctx, resp, d.To.User)
				return protocol.Ref{}, nil
			}
			a.logErr("posting failed", err, "channel", channel)
			return protocol.Ref{}, err
		}
		return protocol.Ref{ID: messageRef(msg)}, nil
	}
	// Replies answer a live interaction; they never reach the outbox.
	a.cfg.Log.Warn("a reply in the outbox dropped", "game", game)
	return protocol.Ref{}, nil
}

// Deliver sends a timer's deliveries (posts and edits) for one game.
func (a *Adapter) Deliver(ctx context.Context, o protocol.Outbound) {
	resp := o.Response
	resp.Where, resp.Game = o.Where, o.Game
	for _, d := range resp.Deliveries {
		a.deliver(ctx, nil, resp, d)
	}
}
