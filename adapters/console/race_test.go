//go:build race

package console

// raceBuild is set under the race detector (about 20 times slower), where
// the tests that play many whole games play fewer: the full run is
// without it (`go test ./adapters/console`).
const raceBuild = true
