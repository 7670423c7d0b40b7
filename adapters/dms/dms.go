// Package dms remembers the direct-message channel an adapter opened with
// each person, so a game's hands, sent to the same people turn after
// turn, open each channel once instead of once a message (Discord's
// POST /users/@me/channels, Slack's conversations.open answer the same
// channel every time).
package dms

import (
	"slices"
	"sync"
)

// Channels maps a user to their DM channel, holding at most Max users:
// past that the oldest entry goes, and is opened again when needed.
type Channels struct {
	Max int

	mu    sync.Mutex
	byID  map[string]string
	order []string // users by when they were first remembered
}

// Get is user's DM channel, if remembered.
func (c *Channels) Get(user string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch, ok := c.byID[user]
	return ch, ok
}

// Put remembers user's DM channel.
func (c *Channels) Put(user, channel string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil {
		c.byID = map[string]string{}
	}
	if _, ok := c.byID[user]; !ok {
		c.order = append(c.order, user)
	}
	c.byID[user] = channel
	for max := max(c.Max, 1); len(c.order) > max; c.order = c.order[1:] {
		delete(c.byID, c.order[0])
	}
}

// Forget drops user's channel: the platform refused it, so the next
// message opens it again.
func (c *Channels) Forget(user string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byID[user]; !ok {
		return
	}
	delete(c.byID, user)
	c.order = slices.DeleteFunc(c.order, func(u string) bool { return u == user })
}
