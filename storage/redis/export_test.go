package redis

import "context"

// LoadScript loads one of the scripts a save that takes the send lock
// runs ("save" or "old"), as a server that had only that one would.
func LoadScript(ctx context.Context, s *Store, name string) error {
	script := saveLockScript
	if name == "old" {
		script = addScript
	}
	return script.Load(ctx, s.c).Err()
}
