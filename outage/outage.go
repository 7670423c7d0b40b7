// Package outage keeps failure logs short: a run of failures of one kind
// is logged once, and a flood of refused requests once a minute, for the
// host and the adapters alike.
package outage

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Outage logs a run of failures of one kind once: the first at error level,
// the rest at debug level until a success, which is logged at info. A store
// outage fails every request; the log should say so once, not once a
// request. The zero Outage is ready to use and safe for concurrent use.
type Outage struct{ failing atomic.Bool }

// Failed logs a failure: at error level when it begins a run of failures.
func (o *Outage) Failed(log *slog.Logger, msg string, attrs ...any) {
	if o.failing.CompareAndSwap(false, true) {
		log.Error(msg+" (logged again at debug level until it works)", attrs...)
		return
	}
	log.Debug(msg, attrs...)
}

// Succeeded ends a run of failures, logging msg when there was one.
func (o *Outage) Succeeded(log *slog.Logger, msg string) {
	if o.failing.CompareAndSwap(true, false) {
		log.Info(msg)
	}
}

// Flood logs one kind of refusal of unauthenticated requests (an oversized
// body) at most once per floodWindow, with how many there were since: a
// stranger who sends hundreds must not write hundreds of log lines. The
// zero Flood is ready to use and safe for concurrent use.
type Flood struct {
	mu    sync.Mutex
	last  time.Time
	since int
}

// floodWindow is how often a Flood logs.
const floodWindow = time.Minute

// Refused counts a refusal and logs it (with the count since the last
// line) when none was logged in the last floodWindow.
func (f *Flood) Refused(log *slog.Logger, msg string, attrs ...any) {
	f.mu.Lock()
	now := time.Now()
	f.since++
	if !f.last.IsZero() && now.Sub(f.last) < floodWindow {
		f.mu.Unlock()
		return
	}
	n := f.since
	f.last, f.since = now, 0
	f.mu.Unlock()
	log.Warn(msg, append(attrs, "count", n, "logged_at_most_every", floodWindow)...)
}
