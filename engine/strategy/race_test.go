//go:build race

package strategy_test

// raceBuild is set under the race detector, which finds nothing in the
// thousandth single-goroutine game that it missed in the first: the
// property tests play their -short counts there, and the full counts run
// without it (`go test ./engine/...`). The standard library does the same.
const raceBuild = true
