//go:build race

package bot

// raceBuild is set under the race detector, which finds nothing in the
// hundredth repetition of a single-goroutine game that it missed in the
// first: long loops run shorter there (the standard library does the same).
const raceBuild = true
