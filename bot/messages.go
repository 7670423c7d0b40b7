package bot

import (
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// say words a refusal or usage error's key (words/en.go) with its
// arguments.
func say(key words.Key, a ...any) string { return words.Say(key, a...) }

// usage is a usage error worded by key.
func usage(key words.Key, a ...any) error { return &protocol.UsageError{Msg: words.Say(key, a...)} }
