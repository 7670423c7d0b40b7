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

// ReadOnGoroutines makes w read each page's socket on a goroutine of its
// own, as where there is no poller; call it before any page opens.
func (w *Web) ReadOnGoroutines() {
	if w.poll != nil {
		w.poll.close()
		w.poll = nil
	}
}

// Polled reports whether w's pages wait for their clicks in a poller.
func (w *Web) Polled() bool { return w.poll != nil }

// WriteOnGoroutines makes w's pages' writes wait on a goroutine of their
// own, as where there is no sender; call it before any page opens.
func (w *Web) WriteOnGoroutines() { w.waitingWrites = true }

// WrittenWithoutWaiting counts the sockets showing the game at key whose
// writes never wait, of all that show it.
func (w *Web) WrittenWithoutWaiting(key string) (n, of int) {
	w.hub.mu.Lock()
	defer w.hub.mu.Unlock()
	for c := range w.hub.games[key] {
		if c.out != nil {
			n++
		}
		of++
	}
	return n, of
}
