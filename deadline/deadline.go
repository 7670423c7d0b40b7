// Package deadline gives searching bots their thinking time by the wall
// clock: the engine reads no clock, so whoever runs a bot brings one.
package deadline

import (
	"time"

	"github.com/sushigo/sushigo/engine/strategy"
)

// Wall is a strategy.Deadline of Limit per choice.
type Wall struct {
	Limit time.Duration
	start time.Time
}

// For is the thinking time of level l (zero for levels that do not search).
func For(l strategy.Level) *Wall {
	return &Wall{Limit: time.Duration(l.Millis()) * time.Millisecond}
}

// Start implements strategy.Deadline.
func (w *Wall) Start() { w.start = time.Now() }

// Done implements strategy.Deadline.
func (w *Wall) Done() bool { return time.Since(w.start) >= w.Limit }
