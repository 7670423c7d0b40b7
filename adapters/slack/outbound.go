package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// References the host keeps: "r:<response_url>" replaces an ephemeral
// message (5 uses within 30 minutes); "m:<channel>:<ts>" is a bot message
// that chat.update edits at any time.
func responseRef(url string) string { return "r:" + url }
func messageRef(channel, ts string) string {
	return "m:" + channel + ":" + ts
}

// origin is where a click came from: the message its button was on.
type origin struct {
	channel, ts string
	ephemeral   bool
	responseURL string
}

// deliver sends one delivery. o is nil for timer deliveries.
func (a *Adapter) deliver(ctx context.Context, o *origin, resp protocol.Response, d protocol.Delivery) {
	bs, text := a.blocks(d.View)
	switch d.Kind {
	case protocol.Reply:
		switch {
		case o == nil:
			a.cfg.Log.Warn("reply without a request dropped", "game", resp.Game)
		case d.Replace && !o.ephemeral && o.ts != "":
			a.update(ctx, o.channel, o.ts, bs, text)
		case d.Replace:
			a.respond(ctx, o.responseURL, true, bs, text)
		case d.To.IsPublic():
			err := a.post(ctx, resp, resp.Where.Channel, d.Slot, bs, text)
			if why := cannotPost(d.View.Lang, err); why != "" && d.Slot == protocol.SlotTable {
				// The lobby never appeared: drop it, so nobody joins a game
				// nobody can see, and tell whoever asked what to do.
				if err := a.host.Discard(ctx, resp.Where, resp.Game); err != nil {
					a.cfg.Log.Error("discarding an unseen lobby failed", "err", err)
				}
				v := protocol.View{Tone: protocol.ToneError, Text: why}
				bs, text := a.blocks(v)
				a.respond(ctx, o.responseURL, false, bs, text)
			}
		default:
			a.respond(ctx, o.responseURL, false, bs, text)
		}
	case protocol.Post:
		// The same post the outbox makes; here a failure is logged and not
		// retried.
		send := func(d protocol.Delivery) (protocol.Ref, error) { return a.Send(ctx, resp.Where, resp.Game, d) }
		if err := protocol.PostNow(ctx, a.host, resp, d, send); err != nil {
			a.cfg.Log.Error("remembering a message failed", "err", err)
		}
	case protocol.Edit:
		switch ref := d.Ref.ID; {
		case strings.HasPrefix(ref, "m:"):
			ch, ts, _ := strings.Cut(ref[2:], ":")
			a.update(ctx, ch, ts, bs, text)
		case strings.HasPrefix(ref, "r:"):
			a.respond(ctx, ref[2:], true, bs, text)
		default:
			a.cfg.Log.Error("unknown message reference", "ref", ref)
		}
	case protocol.Delete:
		if err := a.remove(ctx, d.Ref.ID); err != nil {
			a.failed("chat.delete failed", err)
		}
	}
}

// remove deletes the message ref names: a bot message by chat.delete, an
// ephemeral one through its response_url. One already gone is not an error.
func (a *Adapter) remove(ctx context.Context, ref string) error {
	switch {
	case strings.HasPrefix(ref, "m:"):
		ch, ts, _ := strings.Cut(ref[2:], ":")
		if _, _, err := a.api.DeleteMessageContext(ctx, ch, ts); err != nil && !gone(err) {
			return err
		}
	case strings.HasPrefix(ref, "r:"):
		a.respondBody(ctx, ref[2:], map[string]any{"delete_original": true})
	}
	return nil
}

func (a *Adapter) post(ctx context.Context, resp protocol.Response, channel, slot string, bs []slackapi.Block, text string) error {
	ch, ts, err := a.api.PostMessageContext(ctx, channel, slackapi.MsgOptionBlocks(bs...), slackapi.MsgOptionText(text, false))
	if err != nil {
		a.failed("chat.postMessage failed", err, "channel", channel)
		return err
	}
	if slot != "" {
		if err := a.host.Remember(ctx, resp.Where, resp.Game, slot, protocol.Ref{ID: messageRef(ch, ts)}); err != nil {
			a.cfg.Log.Error("remembering a message failed", "err", err)
		}
	}
	return nil
}

// cannotPost says what to do when Slack refused a post for good because
// the app may not post in the channel ("" for any other outcome).
func cannotPost(w words.Lang, err error) string {
	if err == nil {
		return ""
	}
	switch err.Error() {
	case "not_in_channel":
		return w.Say("slack.outbound.iCanTPostIn")
	case "channel_not_found":
		return w.Say("slack.outbound.iCanTSeeThis")
	case "is_archived":
		return w.Say("slack.outbound.thisChannelIsArchivedStart")
	case "restricted_action", "restricted_action_read_only_channel", "restricted_action_thread_only_channel", "ekm_access_denied":
		return w.Say("slack.outbound.thisWorkspaceDoesnTLet")
	}
	return ""
}

func (a *Adapter) update(ctx context.Context, channel, ts string, bs []slackapi.Block, text string) {
	if err := a.updateErr(ctx, channel, ts, bs, text); err != nil {
		a.failed("chat.update failed", err, "channel", channel)
	}
}

func (a *Adapter) updateErr(ctx context.Context, channel, ts string, bs []slackapi.Block, text string) error {
	_, _, _, err := a.api.UpdateMessageContext(ctx, channel, ts, slackapi.MsgOptionBlocks(bs...), slackapi.MsgOptionText(text, false))
	return err
}

// Retries is the Slack client's retry policy for a server: connection
// failures are retried at once, a 429 is not slept on but returned, and
// the outbox waits its Retry-After (protocol.RetryLater) without holding a
// game's send lock, or a shutdown, for up to a minute.
func Retries() slackapi.Option {
	cfg := slackapi.DefaultRetryConfig()
	cfg.MaxRetries = 3
	cfg.Handlers = slackapi.ConnectionOnlyRetryHandlers()
	return slackapi.OptionRetryConfig(cfg)
}

// Send implements protocol.Sender: one post or edit of a game's durable outbox.
// It returns the created message's reference, and an error when Slack
// failed or refused in a way worth retrying. A user who cannot be messaged
// is not retried: the host is told and their hands go ephemeral.
func (a *Adapter) Send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	ref, err := a.send(ctx, where, game, d)
	var rl *slackapi.RateLimitedError
	if errors.As(err, &rl) {
		// Slack said when: the game's deliveries wait that long, in order,
		// rather than this send sleeping past its lease.
		return ref, &protocol.RetryLater{After: rl.RetryAfter, Err: err}
	}
	return ref, err
}

// ChecksResends marks the adapter as a protocol.ResendChecker: Slack has no
// nonce, so a post that may have been made already (a timeout after Slack
// made it, a crash mid-send) is looked for by its metadata first.
func (a *Adapter) ChecksResends() {}

// deliveryEvent is the metadata event type every post carries, with the
// delivery's nonce as its "id".
const deliveryEvent = "sushigo_delivery"

func (a *Adapter) send(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	if d.Kind == protocol.Post {
		return a.sendPost(ctx, where, game, d)
	}
	bs, text, file, err := a.rendered(ctx, d)
	if err != nil {
		return protocol.Ref{}, err
	}
	switch d.Kind {
	case protocol.Edit:
		switch ref := d.Ref.ID; {
		case strings.HasPrefix(ref, "m:"):
			ch, ts, _ := strings.Cut(ref[2:], ":")
			err := a.updateErr(ctx, ch, ts, bs, text)
			if err != nil && gone(err) {
				a.dropFile(ctx, file, d.Ref.File)
				return protocol.Ref{}, &protocol.GoneError{} // deleted: nothing to retry
			}
			if err != nil {
				a.failed("chat.update failed", err, "channel", ch)
				a.dropFile(ctx, file, d.Ref.File)
				if !transient(err) {
					return protocol.Ref{}, &protocol.RefusedError{Err: err}
				}
				return protocol.Ref{}, err
			}
			// The message no longer shows the file it showed.
			a.dropFile(ctx, d.Ref.File, file)
			return protocol.Ref{File: file}, nil
		case strings.HasPrefix(ref, "r:"):
			// A response_url lives 30 minutes and 5 uses; a refusal is final.
			a.respond(ctx, ref[2:], true, bs, text)
		default:
			a.cfg.Log.Error("unknown message reference", "ref", ref)
		}
		return protocol.Ref{}, nil
	case protocol.Delete:
		return protocol.Ref{}, a.remove(ctx, d.Ref.ID)
	}
	a.cfg.Log.Warn("a reply in the outbox dropped", "game", game)
	return protocol.Ref{}, nil
}

// sendPost makes a post: in the game's thread, the channel or a DM. A post
// marked Resend is first looked for (its metadata names its nonce) and,
// when Slack made it already, not made again.
func (a *Adapter) sendPost(ctx context.Context, where protocol.Location, game string, d protocol.Delivery) (protocol.Ref, error) {
	resp := protocol.Response{Where: where, Game: game}
	channel, thread := where.Channel, ""
	if d.To.Thread && d.Parent.ID != "" {
		// A reply to the table message is the game's thread.
		ch, ts, ok := strings.Cut(strings.TrimPrefix(d.Parent.ID, "m:"), ":")
		if !ok || !strings.HasPrefix(d.Parent.ID, "m:") {
			return protocol.Ref{}, &protocol.NoThreadError{Reason: "slack.outbound.theTableMessageCanT"}
		}
		channel, thread = ch, ts
	}
	if !d.To.IsPublic() {
		dm, ok := a.dms.Get(d.To.User)
		if !ok {
			ch, _, _, err := a.api.OpenConversationContext(ctx, &slackapi.OpenConversationParameters{Users: []string{d.To.User}})
			if err != nil {
				if !transient(err) {
					a.cfg.Log.Info("cannot DM user; hands go ephemeral", "user", d.To.User, "err", err)
					a.undeliverable(ctx, resp, d.To.User)
					return protocol.Ref{}, nil
				}
				a.failed("conversations.open failed", err, "user", d.To.User)
				return protocol.Ref{}, err
			}
			dm = ch.ID
			a.dms.Put(d.To.User, dm)
		}
		channel = dm
	}
	if d.Resend && d.Nonce != "" {
		ts, file, err := a.findPost(ctx, channel, thread, d.Nonce)
		switch {
		case err != nil:
			// Cannot tell: posting risks a double, not posting a loss.
			a.failed("looking for an earlier attempt failed", err, "channel", channel)
		case ts != "":
			a.cfg.Log.Info("a post resent after an ambiguous failure was there already", "channel", channel)
			return protocol.Ref{ID: messageRef(channel, ts), File: file}, nil
		}
	}
	bs, text, file, err := a.rendered(ctx, d)
	if err != nil {
		return protocol.Ref{}, err
	}
	opts := []slackapi.MsgOption{slackapi.MsgOptionBlocks(bs...), slackapi.MsgOptionText(text, false)}
	if thread != "" {
		opts = append(opts, slackapi.MsgOptionTS(thread))
	}
	if d.Nonce != "" {
		opts = append(opts, slackapi.MsgOptionMetadata(slackapi.SlackMetadata{EventType: deliveryEvent, EventPayload: map[string]any{"id": d.Nonce}}))
	}
	ch, ts, err := a.api.PostMessageContext(ctx, channel, opts...)
	if err != nil && thread != "" && (gone(err) || err.Error() == "thread_not_found") {
		return protocol.Ref{}, &protocol.NoThreadError{Reason: "slack.outbound.theGameSTableMessage"}
	}
	if err != nil && !d.To.IsPublic() {
		a.dms.Forget(d.To.User) // opened again next time, in case it is the channel
	}
	if err != nil {
		a.failed("chat.postMessage failed", err, "channel", channel)
		if !transient(err) {
			// Refused: Slack made nothing, so nothing shows the file, and
			// asking again would be refused again.
			a.dropFile(ctx, file, "")
			return protocol.Ref{}, &protocol.RefusedError{Err: err}
		}
		return protocol.Ref{}, err
	}
	return protocol.Ref{ID: messageRef(ch, ts), File: file}, nil
}

// findLimit bounds how far back a resent post (or its upload) is looked
// for: its first attempt was moments, or a lease, ago.
const findLimit = 100

// findPost looks for the post carrying nonce among the latest messages of
// channel, or of the thread under thread: its ts and the file its image
// shows, or "" when Slack has no such post.
func (a *Adapter) findPost(ctx context.Context, channel, thread, nonce string) (ts, file string, err error) {
	var msgs []slackapi.Message
	if thread != "" {
		msgs, _, _, err = a.api.GetConversationRepliesContext(ctx, &slackapi.GetConversationRepliesParameters{
			ChannelID: channel, Timestamp: thread, Limit: findLimit, IncludeAllMetadata: true})
	} else {
		var h *slackapi.GetConversationHistoryResponse
		h, err = a.api.GetConversationHistoryContext(ctx, &slackapi.GetConversationHistoryParameters{
			ChannelID: channel, Limit: findLimit, IncludeAllMetadata: true})
		if h != nil {
			msgs = h.Messages
		}
	}
	if err != nil {
		return "", "", fmt.Errorf("slack: look for post %s: %w", nonce, err)
	}
	for _, m := range msgs {
		if m.Metadata.EventType != deliveryEvent || m.Metadata.EventPayload["id"] != nonce {
			continue
		}
		for _, b := range m.Blocks.BlockSet {
			if img, ok := b.(*slackapi.ImageBlock); ok && img.SlackFile != nil {
				file = img.SlackFile.ID
			}
		}
		return m.Timestamp, file, nil
	}
	return "", "", nil
}

// rendered is a delivery's blocks and text, showing its picture: the
// Slack file it uploaded (or an earlier attempt's upload), "" for none.
func (a *Adapter) rendered(ctx context.Context, d protocol.Delivery) (bs []slackapi.Block, text, file string, err error) {
	bs, text = a.blocks(d.View)
	if file, err = a.pictureFile(ctx, d); err != nil {
		return nil, "", "", err
	}
	if file != "" {
		bs = a.withImage(bs, file, d.View.Picture.Alt)
	}
	return bs, text, file, nil
}

// pictureFile is the Slack file a delivery's image block shows: a new
// upload of its picture, the file its message shows already (kept), or
// none. The upload is private to the bot (no channel), so the only place
// it appears is the block that shows it: no "file shared" message.
func (a *Adapter) pictureFile(ctx context.Context, d protocol.Delivery) (string, error) {
	p := d.View.Picture
	switch {
	case p == nil:
		return "", nil
	case p.Keep:
		return d.Ref.File, nil
	case p.PNG == nil:
		return "", nil
	}
	name := p.FileName()
	if d.Nonce != "" {
		// Named after the delivery, so an upload whose message was never
		// made (a crash between the two) is found and used, not orphaned.
		name = strings.TrimSuffix(name, ".png") + "-" + d.Nonce + ".png"
		if d.Resend {
			if id, err := a.findUpload(ctx, name); err != nil {
				a.failed("looking for an earlier upload failed", err)
			} else if id != "" {
				return id, nil
			}
		}
	}
	f, err := a.api.UploadFileContext(ctx, slackapi.UploadFileParameters{
		Reader: bytes.NewReader(p.PNG), FileSize: len(p.PNG), Filename: name, Title: p.FileName(), AltTxt: p.Alt,
	})
	if err != nil {
		a.failed("uploading a picture failed", err)
		if !transient(err) {
			// Refused for good (files:write missing, uploads disabled):
			// the game goes on without pictures, and says why once.
			reason := "slack.outbound.picturesRefused"
			if refused := (slackapi.SlackErrorResponse{}); errors.As(err, &refused) && refused.Err == "missing_scope" {
				reason = "slack.outbound.noFilesWrite"
			}
			return "", &protocol.NoPictureError{Reason: reason}
		}
		return "", fmt.Errorf("slack: upload %s: %w", p.FileName(), err)
	}
	return f.ID, nil
}

// findUpload is the ID of the app's latest upload named name, or "".
func (a *Adapter) findUpload(ctx context.Context, name string) (string, error) {
	files, _, err := a.api.ListFilesContext(ctx, slackapi.ListFilesParameters{Limit: findLimit, Types: "images"})
	if err != nil {
		return "", fmt.Errorf("slack: look for upload %s: %w", name, err)
	}
	for _, f := range files {
		if f.Name == name {
			return f.ID, nil
		}
	}
	return "", nil
}

// dropFile deletes file unless it is keep: a picture no message shows
// (superseded, or its message failed), so a game leaves no pile of
// files in the workspace. A failure is only logged.
func (a *Adapter) dropFile(ctx context.Context, file, keep string) {
	if file == "" || file == keep {
		return
	}
	if err := a.api.DeleteFileContext(ctx, file); err != nil && err.Error() != "file_not_found" && err.Error() != "file_deleted" {
		a.failed("deleting a superseded picture failed", err, "file", file)
	}
}

// gone reports a Slack error saying the message or channel no longer exists.
func gone(err error) bool {
	switch err.Error() {
	case "message_not_found", "channel_not_found", "is_archived", "cant_update_message":
		return true
	}
	return false
}

// retryCodes are Slack's error codes that say "not now" rather than "no":
// its own failures, which the same call may survive a moment later.
var retryCodes = map[string]bool{"internal_error": true, "fatal_error": true, "service_unavailable": true,
	"request_timeout": true, "ratelimited": true, "rate_limited": true}

// transient reports an error worth retrying: rate limits, Slack's server
// errors, the network. Slack's own refusals (missing_scope, not_in_channel,
// is_archived, user_not_found, …) are final.
func transient(err error) bool {
	var rl *slackapi.RateLimitedError
	if errors.As(err, &rl) || retryCodes[err.Error()] {
		return true
	}
	var refused slackapi.SlackErrorResponse
	if errors.As(err, &refused) { // Slack's answer, however the client wrapped it
		return retryCodes[refused.Err]
	}
	var se slackapi.StatusCodeError
	if errors.As(err, &se) {
		return se.Code >= 500
	}
	return strings.Contains(err.Error(), " ") // a transport error, not a Slack code
}

// respond posts to a response_url: replacing the message the click came
// from, or as a new ephemeral message.
func (a *Adapter) respond(ctx context.Context, url string, replace bool, bs []slackapi.Block, text string) {
	body := map[string]any{"blocks": bs, "text": text, "replace_original": replace}
	if !replace {
		body["response_type"] = "ephemeral"
	}
	a.respondBody(ctx, url, body)
}

// respondBody posts body to a response_url.
func (a *Adapter) respondBody(ctx context.Context, url string, body map[string]any) {
	if url == "" {
		return
	}
	b, err := json.Marshal(body)
	if err != nil {
		a.cfg.Log.Error("encoding a response failed", "err", err)
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		a.cfg.Log.Error("bad response_url", "err", err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := a.cfg.HTTP.Do(req)
	if err != nil {
		a.failed("response_url post failed", err)
		return
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		// Expired (30 minutes) or used 5 times: the player presses
		// "Show my hand" for a fresh one.
		a.cfg.Log.Debug("response_url refused", "status", res.StatusCode)
		if a.cfg.Failed != nil {
			a.cfg.Failed("response_url_" + strconv.Itoa(res.StatusCode))
		}
	}
}

// failed logs a call Slack refused and counts it by Slack's error code.
func (a *Adapter) failed(msg string, err error, attrs ...any) {
	a.cfg.Log.Error(msg, append(attrs, "err", err)...)
	if a.cfg.Failed == nil {
		return
	}
	code := "transport"
	var se slackapi.SlackErrorResponse
	var rl *slackapi.RateLimitedError
	switch {
	case errors.As(err, &rl):
		code = "ratelimited"
	case errors.As(err, &se):
		code = se.Err
	case err != nil && !strings.Contains(err.Error(), " "):
		code = err.Error() // slack-go returns Slack's code as the error text
	}
	a.cfg.Failed(code)
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
	// Tell them now, privately, in the game's channel.
	bs, text := a.blocks(protocol.View{Text: a.langOf(ctx, user).Or(resp.Lang).Say("slack.outbound.iCanTSendYou"), Tone: protocol.ToneError})
	if _, err := a.api.PostEphemeralContext(ctx, resp.Where.Channel, user, slackapi.MsgOptionBlocks(bs...), slackapi.MsgOptionText(text, false)); err != nil {
		a.cfg.Log.Info("could not tell a user their DMs failed", "user", user, "err", err)
	}
}

// Deliver sends a timer's deliveries (posts and edits) for one game.
func (a *Adapter) Deliver(ctx context.Context, o protocol.Outbound) {
	resp := o.Response
	resp.Where, resp.Game = o.Where, o.Game
	for _, d := range resp.Deliveries {
		a.deliver(ctx, nil, resp, d)
	}
}

func (o *origin) String() string { return fmt.Sprintf("%s/%s", o.channel, o.ts) }
