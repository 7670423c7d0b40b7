// Package metrics exposes what an operator of sushigo pages on, in
// Prometheus form: actions and their latency, compare-and-swap conflicts,
// games started and finished, timer lag, deliveries in flight and failed
// by platform and error code. It implements bot.Metrics and the adapters'
// delivery observers.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is one process's collectors, on their own registry.
type Metrics struct {
	reg       *prometheus.Registry
	actions   *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	conflicts prometheus.Counter
	started   *prometheus.CounterVec
	finished  *prometheus.CounterVec
	timerLag  prometheus.Histogram
	failed    *prometheus.CounterVec
	cut       *prometheus.CounterVec
}

// New registers sushigo's collectors (and the Go runtime's) on a new
// registry.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sushigo_actions_total",
			Help: "Requests handled, by platform, action and outcome (ok, refused, error)."}, []string{"platform", "action", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sushigo_action_seconds",
			Help:    "Time the host took to apply a request and store it.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}}, []string{"platform"}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{Name: "sushigo_cas_conflicts_total",
			Help: "Game saves that lost a compare-and-swap to another writer and were retried."}),
		started: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sushigo_games_started_total",
			Help: "Games that left the lobby; live games = started - finished."}, []string{"platform"}),
		finished: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sushigo_games_finished_total",
			Help: "Games that reached their final standings."}, []string{"platform"}),
		timerLag: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sushigo_timer_lag_seconds",
			Help:    "How late turn timers and lobby expiries fired.",
			Buckets: []float64{.1, .25, .5, 1, 2, 5, 10, 30, 60}}),
		failed: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sushigo_delivery_failures_total",
			Help: "Messages a platform refused, by platform and its error code."}, []string{"platform", "code"}),
		cut: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sushigo_text_cut_total",
			Help: "Texts an adapter cut to its platform's limits (a view the host should have kept shorter), by what was cut."}, []string{"platform", "what"}),
	}
	m.reg.MustRegister(m.actions, m.latency, m.conflicts, m.started, m.finished, m.timerLag, m.failed, m.cut,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics for /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Action implements bot.Metrics.
func (m *Metrics) Action(platform, action, outcome string, took time.Duration) {
	m.actions.WithLabelValues(platform, action, outcome).Inc()
	m.latency.WithLabelValues(platform).Observe(took.Seconds())
}

// Conflict implements bot.Metrics.
func (m *Metrics) Conflict() { m.conflicts.Inc() }

// TimerLag implements bot.Metrics.
func (m *Metrics) TimerLag(late time.Duration) { m.timerLag.Observe(max(late, 0).Seconds()) }

// GameStarted implements bot.Metrics.
func (m *Metrics) GameStarted(platform string) { m.started.WithLabelValues(platform).Inc() }

// GameFinished implements bot.Metrics.
func (m *Metrics) GameFinished(platform string) { m.finished.WithLabelValues(platform).Inc() }

// DeliveryFailed counts a message platform refused, with the platform's
// code ("50007", "channel_not_found", "429").
func (m *Metrics) DeliveryFailed(platform, code string) {
	m.failed.WithLabelValues(platform, code).Inc()
}

// TextCut counts a text an adapter cut to its platform's limits.
func (m *Metrics) TextCut(platform, what string) { m.cut.WithLabelValues(platform, what).Inc() }

// InFlight exports, per platform, the deliveries running or waiting for a
// worker, read from f when scraped.
func (m *Metrics) InFlight(platform string, f func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sushigo_deliveries_in_flight",
		Help: "Deliveries of answered requests running or queued.", ConstLabels: prometheus.Labels{"platform": platform}},
		func() float64 { return float64(f()) }))
}
