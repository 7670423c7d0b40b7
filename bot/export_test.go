package bot

// WaitSends waits for the deliveries this host is sending (handoffs and
// the timer loop's), for tests that look at what was sent.
func (b *Bot) WaitSends() { b.flushes.Wait() }

// Stopping reports whether Drain began.
func (b *Bot) Stopping() bool { return b.stopping.Load() }

// RaceBuild is raceBuild for the external tests.
const RaceBuild = raceBuild
