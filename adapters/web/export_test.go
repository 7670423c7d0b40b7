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
