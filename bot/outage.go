package bot

import (
	"log/slog"
	"sync/atomic"
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
