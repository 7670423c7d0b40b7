package slack

import (
	"context"
	"sync"
	"time"

	slackapi "github.com/slack-go/slack"

	"github.com/sushigo/sushigo/words"
)

// Slack sends no locale with a command or a click: users.info tells it
// (include_locale), and the answer is kept a while, so a person's clicks
// cost no extra call.

const (
	// localeLife is how long a person's language is kept.
	localeLife = 6 * time.Hour
	// localeWait bounds the call on a request's path: past it the person
	// reads their seat's or the game's language this once.
	localeWait = 500 * time.Millisecond
	// localesKept bounds the cache; past it the oldest half goes.
	localesKept = 20000
)

type localeCache struct {
	mu    sync.Mutex
	known map[string]localeEntry
}

type localeEntry struct {
	lang words.Lang
	at   time.Time
}

// langOf is the language user reads, as Slack says their locale is, or
// the zero Lang when Slack did not say in time.
func (a *Adapter) langOf(ctx context.Context, user string) words.Lang {
	if user == "" {
		return words.Lang{}
	}
	now := a.cfg.Now()
	c := &a.locales
	c.mu.Lock()
	e, ok := c.known[user]
	c.mu.Unlock()
	if ok && now.Sub(e.at) < localeLife {
		return e.lang
	}
	ctx, cancel := context.WithTimeout(ctx, localeWait)
	defer cancel()
	u, err := a.api.GetUserInfoContext(ctx, user, slackapi.GetUserInfoOptionIncludeLocale(true))
	if err != nil {
		return e.lang // the last known, if any; asked again next time
	}
	lang := words.Match(u.Locale)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.known == nil {
		c.known = map[string]localeEntry{}
	}
	if len(c.known) >= localesKept {
		for k, old := range c.known {
			if now.Sub(old.at) > localeLife/2 || len(c.known) >= localesKept {
				delete(c.known, k)
			}
			if len(c.known) < localesKept/2 {
				break
			}
		}
	}
	c.known[user] = localeEntry{lang, now}
	return lang
}
