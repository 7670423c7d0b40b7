package bot

import (
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// usage is a usage error worded by key, in the language of whoever typed
// the command.
func usage(key words.Key, a ...any) error { return protocol.Usage(key, a...) }
