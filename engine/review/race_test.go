//go:build race

package review

// raceOn: the race detector slows the reviews down several times.
const raceOn = true
