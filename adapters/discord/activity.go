package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// sushigo as a Discord Activity (docs/activity.md): the web table in an
// iframe inside Discord. The page signs its person in with the Embedded
// App SDK and hands the code to our server; Activity learns from Discord
// who the person is (the code's token, /users/@me) and where the
// Activity runs and who is in it (the activity instance, with the bot
// token). Nothing the page says about itself is believed.

// Activity is the server's side of an Activity's sign-in: the web
// table's web.Activity, for Discord.
type Activity struct {
	s      *discordgo.Session
	appID  string
	secret string
}

// NewActivity signs people in for application appID with its OAuth2
// client secret, calling Discord through s (and s's bot token).
func NewActivity(s *discordgo.Session, appID, secret string) *Activity {
	return &Activity{s: s, appID: appID, secret: secret}
}

// ClientID is the application's ID, which the page's SDK needs.
func (a *Activity) ClientID() string { return a.appID }

// Why Identify refuses: each wraps the web table's refusal (web.ErrSignIn,
// web.ErrNotThere, web.ErrNotAChannel), which the page says in words.
var (
	// ErrCode: Discord refused the code (forged, used or expired).
	ErrCode = fmt.Errorf("discord: the authorization code was refused: %w", web.ErrSignIn)
	// ErrInstance: no such instance of this app, or the person is not in it.
	ErrInstance = fmt.Errorf("discord: the person is not in that activity instance: %w", web.ErrNotThere)
	// ErrNotAChannel: the instance runs in a DM, where no game is played.
	ErrNotAChannel = fmt.Errorf("discord: the activity instance is not in a server's channel: %w", web.ErrNotAChannel)
	// ErrSecret: Discord refused the client secret.
	ErrSecret = errors.New("discord: the client secret was refused")
)

// Identify trades the code the page's SDK got (authorize) for the person
// it stands for, and checks that they are in instance, in a server's
// channel.
func (a *Activity) Identify(ctx context.Context, code, instance string) (web.Launch, error) {
	if strings.ContainsAny(instance, "/?#%") || instance == "" {
		// Not an instance ID: refused before any call to Discord.
		return web.Launch{}, ErrInstance
	}
	tok, err := a.exchange(ctx, url.Values{"grant_type": {"authorization_code"}, "code": {code}})
	if err != nil {
		return web.Launch{}, err
	}
	var me struct {
		ID         string `json:"id"`
		Username   string `json:"username"`
		GlobalName string `json:"global_name"`
		Locale     string `json:"locale"`
	}
	if err := a.get(ctx, discordgo.EndpointUser("@me"), "Bearer "+tok, &me); err != nil {
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response.StatusCode == http.StatusUnauthorized {
			return web.Launch{}, fmt.Errorf("%w: /users/@me: %v", ErrCode, err)
		}
		return web.Launch{}, fmt.Errorf("discord: who signed in: %w", err)
	}
	if me.ID == "" {
		return web.Launch{}, errors.New("discord: /users/@me named nobody")
	}
	var inst struct {
		Location struct {
			Kind      string `json:"kind"`
			ChannelID string `json:"channel_id"`
			GuildID   string `json:"guild_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	// With the bot's token, through the session's rate limits, as every
	// other call the bot makes.
	uri := discordgo.EndpointApplication(a.appID) + "/activity-instances/" + instance
	body, err := a.s.RequestWithBucketID(http.MethodGet, uri, nil, discordgo.EndpointApplication(a.appID)+"/activity-instances", discordgo.WithContext(ctx))
	var re *discordgo.RESTError
	switch {
	case errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusNotFound:
		return web.Launch{}, ErrInstance
	case err != nil:
		return web.Launch{}, fmt.Errorf("discord: activity instance %s: %w", instance, err)
	}
	if err := json.Unmarshal(body, &inst); err != nil {
		return web.Launch{}, fmt.Errorf("discord: activity instance %s: %w", instance, err)
	}
	if !slices.Contains(inst.Users, me.ID) {
		return web.Launch{}, ErrInstance
	}
	if inst.Location.GuildID == "" || inst.Location.ChannelID == "" || inst.Location.Kind != "gc" {
		return web.Launch{}, ErrNotAChannel
	}
	l := web.Launch{Where: protocol.Location{Platform: "discord", Community: inst.Location.GuildID, Channel: inst.Location.ChannelID},
		Who: protocol.User{ID: me.ID, Name: displayName("", &discordgo.User{Username: me.Username, GlobalName: me.GlobalName})}, AccessToken: tok}
	if me.Locale != "" {
		l.Lang = words.Match(me.Locale)
	}
	return l, nil
}

// Check asks Discord to accept the client secret (a client-credentials
// grant for the app's owner): nil, ErrSecret, or why Discord could not
// be asked.
func (a *Activity) Check(ctx context.Context) error {
	_, err := a.exchange(ctx, url.Values{"grant_type": {"client_credentials"}, "scope": {"identify"}})
	if errors.Is(err, ErrCode) {
		return ErrSecret
	}
	return err
}

// exchange asks Discord's OAuth2 token endpoint for an access token.
// Discord answers a refused grant 400 invalid_grant, a refused client 401
// invalid_client.
func (a *Activity) exchange(ctx context.Context, form url.Values) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, discordgo.EndpointOAuth2+"token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(a.appID, a.secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := a.s.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("discord: oauth2 token: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", fmt.Errorf("discord: oauth2 token: %w", err)
	}
	var out struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
	}
	_ = json.Unmarshal(body, &out)
	switch {
	case resp.StatusCode == http.StatusUnauthorized || out.Error == "invalid_client":
		return "", ErrSecret
	case resp.StatusCode == http.StatusBadRequest:
		return "", fmt.Errorf("%w (%s)", ErrCode, out.Error)
	case resp.StatusCode != http.StatusOK || out.AccessToken == "":
		return "", fmt.Errorf("discord: oauth2 token: %s", resp.Status)
	}
	return out.AccessToken, nil
}

// get reads uri with the person's token (auth) into v: the session's
// own requests carry the bot's.
func (a *Activity) get(ctx context.Context, uri, auth string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, uri, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", auth)
	req.Header.Set("User-Agent", a.s.UserAgent)
	resp, err := a.s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return &discordgo.RESTError{Request: req, Response: resp, ResponseBody: body}
	}
	return json.Unmarshal(body, v)
}
