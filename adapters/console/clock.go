package console

import (
	"sync"
	"time"
)

// Clock is the terminal game's clock, for the host (bot.Config.Now). It
// stands still while a panel (a reveal, the scores, help, the log) hides
// your hand, so a turn timer never runs out while you cannot see it.
type Clock struct {
	mu     sync.Mutex
	wall   func() time.Time
	paused bool
	at     time.Time     // when it stopped
	lost   time.Duration // the time it stood still, in all
}

// NewClock returns a running clock on wall (time.Now when nil).
func NewClock(wall func() time.Time) *Clock {
	if wall == nil {
		wall = time.Now
	}
	return &Clock{wall: wall}
}

// Now is the wall clock less the time the clock stood still.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused {
		return c.at.Add(-c.lost)
	}
	return c.wall().Add(-c.lost)
}

// hold stops the clock (true) or starts it again (false).
func (c *Clock) hold(stop bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case stop && !c.paused:
		c.paused, c.at = true, c.wall()
	case !stop && c.paused:
		c.paused = false
		c.lost += c.wall().Sub(c.at)
	}
}
