package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sushigo/sushigo/adapters/discord"
)

// config is everything read from the environment; .env.example lists it.
type config struct {
	RedisURL   string
	DataDir    string
	LogLevel   slog.Level
	LogFormat  string
	GameTTL    time.Duration
	LobbyTTL   time.Duration
	TurnTimer  time.Duration
	NudgeAfter time.Duration
	ClaimLease time.Duration
	// Columns is the terminal's width when the shell says it (COLUMNS),
	// for the line mode and `stats`; 0 otherwise.
	Columns     int
	RedisPrefix string
	// OldSendLocks: take the send lock of releases before the locks
	// beside the games too, for a rolling upgrade (OLD_SEND_LOCKS).
	OldSendLocks bool
	HTTPAddr     string

	Discord discordConfig
	Slack   slackConfig
	Web     webConfig
}

// webConfig is the web table's: where it is served, as its players reach
// it, and the secret its links are signed with (the same on every
// replica).
type webConfig struct {
	URL    *url.URL
	Secret string
}

type discordConfig struct {
	Token, AppID, PublicKey, GuildID string
	Mode                             string // gateway | http
	ShardID, ShardCount              int
	// APIURL replaces Discord's REST base URL (a proxy, or a test's fake).
	APIURL string
	// Activity turns on sushigo as a Discord Activity (docs/activity.md),
	// signing people in with the application's OAuth2 ClientSecret.
	Activity     bool
	ClientSecret string
}

type slackConfig struct {
	BotToken, AppToken, SigningSecret string
	Mode                              string // socket | http
	// APIURL replaces Slack's Web API base URL (a proxy, or a test's fake).
	APIURL string
}

// enabled says whether any of the platform's variables is set: half a
// configuration is a platform meant, and its missing half is named.
func (c discordConfig) enabled() bool { return c.Token != "" || c.PublicKey != "" || c.AppID != "" }
func (c slackConfig) enabled() bool {
	return c.BotToken != "" || c.AppToken != "" || c.SigningSecret != ""
}

// loadConfig reads the configuration, reporting every problem at once.
func loadConfig(getenv func(string) string) (config, error) {
	c := config{
		RedisURL:    getenv("REDIS_URL"),
		DataDir:     getenv("DATA_DIR"),
		LogFormat:   or(getenv("LOG_FORMAT"), "text"),
		RedisPrefix: or(getenv("REDIS_PREFIX"), "sushigo:"),
		HTTPAddr:    or(getenv("HTTP_ADDR"), ":8080"),
		Discord: discordConfig{
			Token: getenv("DISCORD_TOKEN"), AppID: getenv("DISCORD_APP_ID"),
			PublicKey: getenv("DISCORD_PUBLIC_KEY"), GuildID: getenv("DISCORD_GUILD_ID"),
			Mode: or(getenv("DISCORD_MODE"), "gateway"), APIURL: getenv("DISCORD_API_URL"),
			ClientSecret: getenv("DISCORD_CLIENT_SECRET"),
		},
		Slack: slackConfig{
			BotToken: getenv("SLACK_BOT_TOKEN"), AppToken: getenv("SLACK_APP_TOKEN"),
			SigningSecret: getenv("SLACK_SIGNING_SECRET"), Mode: or(getenv("SLACK_MODE"), "socket"),
			APIURL: getenv("SLACK_API_URL"),
		},
	}
	var errs []error
	dur := func(name string, def time.Duration) time.Duration {
		v := getenv(name)
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("%s=%q: want a duration such as 90s or 24h", name, v))
			return def
		}
		return d
	}
	num := func(name string, def int) int {
		v := getenv(name)
		if v == "" {
			return def
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s=%q: want a whole number", name, v))
		}
		return n
	}
	c.GameTTL = dur("GAME_TTL", 24*time.Hour)
	c.LobbyTTL = dur("LOBBY_TTL", 30*time.Minute)
	c.TurnTimer = dur("TURN_TIMER", 90*time.Second)
	c.NudgeAfter = dur("NUDGE_AFTER", 10*time.Minute)
	c.ClaimLease = dur("CLAIM_LEASE", 30*time.Second)
	switch v := or(getenv("OLD_SEND_LOCKS"), "on"); v {
	case "on", "off":
		c.OldSendLocks = v == "on"
	default:
		errs = append(errs, fmt.Errorf("OLD_SEND_LOCKS=%q: want on or off", v))
	}
	if n, err := strconv.Atoi(getenv("COLUMNS")); err == nil && n >= 20 {
		c.Columns = n
	}
	c.Discord.ShardID = num("DISCORD_SHARD_ID", 0)
	c.Discord.ShardCount = num("DISCORD_SHARD_COUNT", 1)
	if err := c.LogLevel.UnmarshalText([]byte(or(getenv("LOG_LEVEL"), "info"))); err != nil {
		errs = append(errs, fmt.Errorf("LOG_LEVEL=%q: want debug, info, warn or error", getenv("LOG_LEVEL")))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("LOG_FORMAT=%q: want text or json", c.LogFormat))
	}
	if c.RedisURL != "" && !strings.HasPrefix(c.RedisURL, "redis://") && !strings.HasPrefix(c.RedisURL, "rediss://") &&
		!strings.HasPrefix(c.RedisURL, "redis+sentinel://") {
		errs = append(errs, fmt.Errorf("REDIS_URL must start with redis://, rediss:// (a server or a cluster) or redis+sentinel://"))
	}
	if u := c.Discord.APIURL; u != "" {
		if _, err := discord.ParseAPIURL(u); err != nil {
			errs = append(errs, fmt.Errorf("DISCORD_API_URL: %w", err))
		}
	}
	if c.Discord.Mode != "gateway" && c.Discord.Mode != "http" {
		errs = append(errs, fmt.Errorf("DISCORD_MODE=%q: want gateway or http", c.Discord.Mode))
	}
	if c.Slack.Mode != "socket" && c.Slack.Mode != "http" {
		errs = append(errs, fmt.Errorf("SLACK_MODE=%q: want socket or http", c.Slack.Mode))
	}
	if c.Discord.ShardCount < 1 || c.Discord.ShardID >= c.Discord.ShardCount {
		errs = append(errs, fmt.Errorf("DISCORD_SHARD_ID must be below DISCORD_SHARD_COUNT"))
	}
	if c.Discord.enabled() {
		if c.Discord.Token == "" || c.Discord.AppID == "" {
			errs = append(errs, errors.New("discord needs DISCORD_TOKEN and DISCORD_APP_ID"))
		}
		if k, err := hex.DecodeString(c.Discord.PublicKey); c.Discord.PublicKey != "" && (err != nil || len(k) != ed25519.PublicKeySize) {
			errs = append(errs, fmt.Errorf("DISCORD_PUBLIC_KEY is not a public key: want the application's 64 hex digits (General Information), got %d characters", len(c.Discord.PublicKey)))
		} else if c.Discord.Mode == "http" && c.Discord.PublicKey == "" {
			errs = append(errs, fmt.Errorf("DISCORD_MODE=http needs DISCORD_PUBLIC_KEY, the application's 64-hex-digit public key"))
		}
	}
	if c.Slack.enabled() {
		switch {
		case strings.HasPrefix(c.Slack.BotToken, "xapp-") || strings.HasPrefix(c.Slack.AppToken, "xoxb-"):
			errs = append(errs, errors.New("SLACK_BOT_TOKEN and SLACK_APP_TOKEN look swapped: the bot token is the Bot User OAuth Token (xoxb-…), the app token an app-level token (xapp-…)"))
		case c.Slack.BotToken == "":
			errs = append(errs, errors.New("slack needs SLACK_BOT_TOKEN, the Bot User OAuth Token (xoxb-…)"))
		}
		if c.Slack.Mode == "socket" && c.Slack.AppToken == "" {
			errs = append(errs, fmt.Errorf("SLACK_MODE=socket needs SLACK_APP_TOKEN, an app-level token (xapp-…) with connections:write"))
		}
		if c.Slack.Mode == "http" && c.Slack.SigningSecret == "" {
			errs = append(errs, fmt.Errorf("SLACK_MODE=http needs SLACK_SIGNING_SECRET"))
		}
	}
	c.Web.Secret = getenv("WEB_SECRET")
	if v := getenv("WEB_URL"); v != "" {
		u, err := url.Parse(v)
		switch {
		case err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
			errs = append(errs, fmt.Errorf("WEB_URL=%q: want the table's public address, such as https://sushigo.example/t/", v))
		case !strings.HasSuffix(u.Path, "/"):
			errs = append(errs, fmt.Errorf("WEB_URL=%q: want a path ending in /, such as https://sushigo.example/t/", v))
		default:
			c.Web.URL = u
		}
		if len(c.Web.Secret) < 32 {
			errs = append(errs, errors.New("WEB_URL needs WEB_SECRET, at least 32 characters, the same on every replica (openssl rand -hex 32)"))
		}
	}
	switch v := or(getenv("DISCORD_ACTIVITY"), "off"); v {
	case "on":
		c.Discord.Activity = true
		switch {
		case !c.Discord.enabled():
			errs = append(errs, errors.New("DISCORD_ACTIVITY=on needs Discord: DISCORD_TOKEN and DISCORD_APP_ID"))
		case c.Web.URL == nil:
			errs = append(errs, errors.New("DISCORD_ACTIVITY=on needs the web table, which the Activity shows: WEB_URL and WEB_SECRET (docs/activity.md)"))
		}
		if c.Discord.ClientSecret == "" {
			errs = append(errs, errors.New("DISCORD_ACTIVITY=on needs DISCORD_CLIENT_SECRET, the application's OAuth2 client secret (OAuth2 → Client Secret)"))
		}
	case "off":
	default:
		errs = append(errs, fmt.Errorf("DISCORD_ACTIVITY=%q: want on or off", v))
	}
	if c.DataDir == "" {
		c.DataDir = defaultDataDir(getenv)
	}
	return c, errors.Join(errs...)
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// defaultDataDir is $XDG_DATA_HOME/sushigo, else ~/.local/share/sushigo,
// else ./data.
func defaultDataDir(getenv func(string) string) string {
	if x := getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "sushigo")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "sushigo")
	}
	return "data"
}

func (c config) logger(w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
