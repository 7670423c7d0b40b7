//go:build race

package discord

// raceBuild is set under the race detector (about 20 times slower), where
// the heaviest whole-game tests play part of their matrix: the race
// detector finds in one configuration what it would in the others. The
// whole matrix runs without it (`go test ./adapters/...`).
const raceBuild = true
