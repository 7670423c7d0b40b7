package bot

import "time"

// Metrics receives what an operator watches. The host calls it; cmd wires a
// Prometheus implementation (package metrics). Config.Metrics nil counts
// nothing.
type Metrics interface {
	// Action is one request handled: its action ("pick", "join", …), its
	// outcome ("ok", "refused" for a user-facing no, "error") and how long
	// the host took.
	Action(platform, action, outcome string, took time.Duration)
	// Conflict is one compare-and-swap that lost to another writer.
	Conflict()
	// TimerLag is how late a deadline fired.
	TimerLag(late time.Duration)
	// GameStarted and GameFinished count games entering and leaving play.
	GameStarted(platform string)
	GameFinished(platform string)
}

type noMetrics struct{}

func (noMetrics) Action(string, string, string, time.Duration) {}
func (noMetrics) Conflict()                                    {}
func (noMetrics) TimerLag(time.Duration)                       {}
func (noMetrics) GameStarted(string)                           {}
func (noMetrics) GameFinished(string)                          {}
