package web

// Every frame a test sends is compared with encoding/json's (encode).
func init() { checkFrames = true }

// WithoutChecks turns the tests' checks off, for a benchmark to measure
// what serve does; restore turns them back on.
func WithoutChecks() (restore func()) {
	c := checkFrames
	checkFrames = false
	return func() { checkFrames = c }
}

// Watching is how many sockets the hub has showing the game at key.
func (w *Web) Watching(key string) int {
	w.hub.mu.Lock()
	defer w.hub.mu.Unlock()
	return len(w.hub.games[key])
}
