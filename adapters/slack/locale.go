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
	// localeWait bounds the call on a request's path, made only the first
	// time a person is met: past it the person reads their seat's or the
	// game's language this once.
	localeWait = 500 * time.Millisecond
	// localeRetry is how long a failed look-up is remembered: meanwhile
	// the person's clicks neither ask again nor wait for it.
	localeRetry = time.Minute
	// localeRefresh bounds a look-up made off the request's path.
	localeRefresh = 5 * time.Second
	// localesKept bounds the cache; past it the oldest half goes.
	localesKept = 20000
)

type localeCache struct {
	mu         sync.Mutex
	known      map[string]localeEntry
	refreshing map[string]bool
}

type localeEntry struct {
	lang words.Lang
	at   time.Time
	// failed marks a look-up that failed at at: lang is the last known.
	failed bool
}

// langOf is the language user reads, as Slack says their locale is, or
// the zero Lang when Slack has not said. Only the first look-up of a
// person is made on the request's path, and bounded; a stale language is
// refreshed in the background, and a failed look-up is not made again
// for a minute.
func (a *Adapter) langOf(ctx context.Context, user string) words.Lang {
	if user == "" {
		return words.Lang{}
	}
	now := a.cfg.Now()
	c := &a.locales
	c.mu.Lock()
	e, ok := c.known[user]
	switch {
	case ok && e.failed && now.Sub(e.at) < localeRetry, ok && !e.failed && now.Sub(e.at) < localeLife:
		c.mu.Unlock()
		return e.lang
	case ok && !e.failed:
		// Known but stale: this click reads it, a look-up refreshes it.
		if !c.refreshing[user] {
			if c.refreshing == nil {
				c.refreshing = map[string]bool{}
			}
			c.refreshing[user] = true
			go func() {
				ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), localeRefresh)
				defer cancel()
				a.lookUpLocale(ctx, user, e.lang, now)
				c.mu.Lock()
				delete(c.refreshing, user)
				c.mu.Unlock()
			}()
		}
		c.mu.Unlock()
		return e.lang
	}
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, localeWait)
	defer cancel()
	return a.lookUpLocale(ctx, user, e.lang, now)
}

// lookUpLocale asks Slack for user's locale and keeps the answer, or the
// failure with last, the language known before, as of now (the request's
// time: a look-up in the background reads no clock of its own).
func (a *Adapter) lookUpLocale(ctx context.Context, user string, last words.Lang, now time.Time) words.Lang {
	u, err := a.api.GetUserInfoContext(ctx, user, slackapi.GetUserInfoOptionIncludeLocale(true))
	e := localeEntry{lang: last, at: now, failed: err != nil}
	if err == nil {
		e.lang = words.Match(u.Locale)
	}
	c := &a.locales
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.known == nil {
		c.known = map[string]localeEntry{}
	}
	if len(c.known) >= localesKept {
		for k, old := range c.known {
			if e.at.Sub(old.at) > localeLife/2 || len(c.known) >= localesKept {
				delete(c.known, k)
			}
			if len(c.known) < localesKept/2 {
				break
			}
		}
	}
	c.known[user] = e
	return e.lang
}
