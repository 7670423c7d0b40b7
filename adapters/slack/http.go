package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/bot"
)

// verify checks Slack's signature (HMAC-SHA256 with the signing secret over
// "v0:timestamp:body") and the 5-minute freshness window, and returns the
// raw body.
func (a *Adapter) verify(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	sv, err := slackapi.NewSecretsVerifier(r.Header, a.cfg.SigningSecret)
	if err != nil {
		return nil, err
	}
	if _, err := sv.Write(body); err != nil {
		return nil, err
	}
	if err := sv.Ensure(); err != nil {
		return nil, err
	}
	return body, nil
}

// Commands serves the slash command's request URL.
func (a *Adapter) Commands() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := a.verify(r)
		if err != nil {
			a.cfg.Log.Info("rejected slash command", "reason", err)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		cmd, err := slackapi.SlashCommandParse(r)
		if err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		ack, rest := a.command(r.Context(), cmd)
		if ack == nil {
			w.WriteHeader(http.StatusOK)
		} else {
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(ack)
		}
		a.background(func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			rest(ctx)
		})
	})
}

// Interactivity serves the interactivity request URL (button clicks).
func (a *Adapter) Interactivity() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := a.verify(r)
		if err != nil {
			a.cfg.Log.Info("rejected interaction", "reason", err)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		form, err := url.ParseQuery(string(body))
		if err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		var cb slackapi.InteractionCallback
		if err := json.Unmarshal([]byte(form.Get("payload")), &cb); err != nil {
			http.Error(w, "bad payload", http.StatusBadRequest)
			return
		}
		// Clicks are acknowledged at once; every answer goes through the
		// Web API or the click's response_url.
		w.WriteHeader(http.StatusOK)
		a.background(func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			a.click(ctx, cb)
		})
	})
}

// ephemeralAck is a slash command's immediate private answer.
type ephemeralAck struct {
	ResponseType string           `json:"response_type"`
	Text         string           `json:"text"`
	Blocks       []slackapi.Block `json:"blocks,omitempty"`
}

// command runs the host on a slash command within the ack budget. A quick
// private answer becomes the acknowledgement body; everything else (and a
// slow answer) is delivered afterwards.
func (a *Adapter) command(ctx context.Context, cmd slackapi.SlashCommand) (*ephemeralAck, func(context.Context)) {
	req, err := a.commandRequest(cmd)
	if err != nil {
		var u *bot.UsageError
		msg := "Something is off with that command. Try `/sushigo help`."
		if errors.As(err, &u) {
			msg = u.Msg
		}
		bs, text := blocks(bot.View{Text: msg, Tone: bot.ToneError})
		return &ephemeralAck{ResponseType: "ephemeral", Text: text, Blocks: bs}, func(context.Context) {}
	}
	o := &origin{channel: cmd.ChannelID, responseURL: cmd.ResponseURL}
	done := make(chan bot.Response, 1)
	go func() {
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		done <- a.handle(hctx, req)
	}()
	timer := time.NewTimer(a.cfg.AckBudget)
	defer timer.Stop()
	select {
	case resp := <-done:
		ds := resp.Deliveries
		var ack *ephemeralAck
		if len(ds) > 0 && ds[0].Kind == bot.Reply && !ds[0].To.IsPublic() && !ds[0].Replace {
			bs, text := blocks(ds[0].View)
			ack, ds = &ephemeralAck{ResponseType: "ephemeral", Text: text, Blocks: bs}, ds[1:]
		}
		return ack, func(ctx context.Context) {
			for _, d := range ds {
				a.deliver(ctx, o, resp, d)
			}
		}
	case <-timer.C:
		return nil, func(ctx context.Context) {
			resp := <-done
			for _, d := range resp.Deliveries {
				a.deliver(ctx, o, resp, d)
			}
		}
	}
}

func (a *Adapter) click(ctx context.Context, cb slackapi.InteractionCallback) {
	req, err := a.clickRequest(cb)
	o := &origin{channel: cb.Container.ChannelID, ts: cb.Container.MessageTs, ephemeral: cb.Container.IsEphemeral, responseURL: cb.ResponseURL}
	if o.channel == "" {
		o.channel = cb.Channel.ID
	}
	if err != nil {
		a.cfg.Log.Warn("unreadable interaction", "err", err)
		bs, text := blocks(bot.View{Text: "I don't know that button. Try `/sushigo help`.", Tone: bot.ToneError})
		a.respond(ctx, cb.ResponseURL, false, bs, text)
		return
	}
	resp := a.handle(ctx, req)
	for _, d := range resp.Deliveries {
		a.deliver(ctx, o, resp, d)
	}
}

func (a *Adapter) handle(ctx context.Context, req bot.Request) bot.Response {
	resp, err := a.host.Handle(ctx, req)
	if err != nil {
		a.cfg.Log.Error("handling failed", "user", req.Who.ID, "team", req.Where.Community,
			"channel", req.Where.Channel, "err", err)
	}
	return resp
}
