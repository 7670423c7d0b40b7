package bot

import "github.com/sushigo/sushigo/record"

// checkDecoded makes every load that takes a kept game decode the record
// too and compare (tests set it).
var checkDecoded bool

// RecordJSON is the JSON of a game record as stored (packed or not), for
// operators' tools and tests that look inside.
func RecordJSON(data []byte) ([]byte, error) { return record.Unpack(data) }
