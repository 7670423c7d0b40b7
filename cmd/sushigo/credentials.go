package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/adapters/discord"
)

// credentials is whether each configured platform has accepted serve's
// credentials: /readyz says not ready until every one has. A platform
// that refuses them stops serve, naming the variable; one that cannot be
// reached is asked again.
type credentials struct {
	mu      sync.Mutex
	waiting map[string]string // platform → why it is not ready yet
}

func newCredentials() *credentials { return &credentials{waiting: map[string]string{}} }

// refused is a platform's answer that the credentials are wrong: asking
// again cannot help.
type refused struct{ msg string }

func (r *refused) Error() string { return r.msg }

// credentialsRetry is how often a platform that could not be reached is
// asked again.
const credentialsRetry = 5 * time.Second

// check asks the platform until it accepts (nil), refuses (the error, for
// serve to stop with) or ctx ends.
// Not player words: /readyz and the log say why a platform is not ready.
func (c *credentials) check(ctx context.Context, platform string, ask func(context.Context) error, log *slog.Logger) error {
	c.set(platform, "checking its credentials")
	warned := false
	for {
		actx, cancel := context.WithTimeout(ctx, platformCallTimeout)
		err := ask(actx)
		cancel()
		var r *refused
		switch {
		case err == nil:
			c.set(platform, "")
			log.Info("credentials accepted", "platform", platform)
			return nil
		case errors.As(err, &r):
			c.set(platform, r.msg)
			return r
		}
		c.set(platform, "cannot check its credentials: "+err.Error())
		if !warned {
			log.Warn("cannot check the platform's credentials yet; not ready", "platform", platform, "err", err)
			warned = true
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(credentialsRetry):
		}
	}
}

func (c *credentials) set(platform, why string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if why == "" {
		delete(c.waiting, platform)
		return
	}
	c.waiting[platform] = why
}

// notReady says which platforms are not ready and why, "" when all are.
func (c *credentials) notReady() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for p, why := range c.waiting {
		out = append(out, p+": "+why)
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// Not player words: the operator's, about serve's credentials.
//
// namedRefusal names the variable whose token a platform refused when a
// connection (Discord's gateway, Slack's Socket Mode) fails for it; any
// other error is returned as it is.
func namedRefusal(err error, variable, platform string) error {
	if err == nil {
		return nil
	}
	var re *discordgo.RESTError
	unauthorized := errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized
	if unauthorized || strings.Contains(err.Error(), "invalid_auth") || strings.Contains(err.Error(), "not_authed") {
		return &refused{fmt.Sprintf("%s was refused by %s (%v)", variable, platform, err)}
	}
	return err
}

// askDiscord checks the bot token and that it belongs to appID.
// Not player words: the operator's, naming the variable to fix.
func askDiscord(s *discordgo.Session, appID string) func(context.Context) error {
	return func(ctx context.Context) error {
		app, err := application(ctx, s)
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusUnauthorized || re.Response.StatusCode == http.StatusForbidden) {
			return &refused{fmt.Sprintf("DISCORD_TOKEN was refused by Discord (%s)", re.Response.Status)}
		}
		if err != nil {
			return err
		}
		if app.ID != appID {
			return &refused{fmt.Sprintf("DISCORD_APP_ID is %s, but DISCORD_TOKEN is the bot of application %s", appID, app.ID)}
		}
		return nil
	}
}

// askSlack checks the bot token (auth.test).
// Not player words: the operator's, naming the variable to fix.
func askSlack(api *slackapi.Client) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := api.AuthTestContext(ctx)
		switch {
		case err == nil:
			return nil
		case strings.Contains(err.Error(), "invalid_auth"), strings.Contains(err.Error(), "not_authed"),
			strings.Contains(err.Error(), "account_inactive"), strings.Contains(err.Error(), "token_revoked"):
			return &refused{fmt.Sprintf("SLACK_BOT_TOKEN was refused by Slack (%s)", err)}
		}
		return err
	}
}

// embedded is the application flag EMBEDDED, set when Activities are on.
const embedded = 1 << 17

// askActivity checks what the Activity needs of Discord: the client
// secret (a client-credentials grant) and Activities switched on for the
// application (its EMBEDDED flag).
// Not player words: the operator's, naming the variable or setting to fix.
func askActivity(s *discordgo.Session, act *discord.Activity) func(context.Context) error {
	return func(ctx context.Context) error {
		switch err := act.Check(ctx); {
		case errors.Is(err, discord.ErrSecret):
			return &refused{"DISCORD_CLIENT_SECRET was refused by Discord (OAuth2 → Client Secret; reset it there if it leaked)"}
		case err != nil:
			return err
		}
		app, err := application(ctx, s)
		if err != nil {
			return err // the bot token's own check names a refused token
		}
		if app.Flags&embedded == 0 {
			return &refused{"DISCORD_ACTIVITY=on, but Activities are off for the application: switch them on in the Developer Portal (Activities → Getting Started), or set DISCORD_ACTIVITY=off"}
		}
		return nil
	}
}

// discordApp is what serve's checks read of the bot's application.
type discordApp struct {
	ID    string
	Flags int
}

// application reads the bot's application (/applications/@me).
func application(ctx context.Context, s *discordgo.Session) (discordApp, error) {
	uri := discordgo.EndpointApplication("@me")
	body, err := s.RequestWithBucketID(http.MethodGet, uri, nil, uri, discordgo.WithContext(ctx))
	if err != nil {
		return discordApp{}, err
	}
	var app discordApp
	if err := json.Unmarshal(body, &app); err != nil {
		return discordApp{}, fmt.Errorf("discord: read the application: %w", err)
	}
	return app, nil
}
