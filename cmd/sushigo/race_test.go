//go:build race

package main

// raceBuild is set under the race detector, where the browser's whole
// games play fewer configurations (TestPlayWebInABrowser): the race
// detector finds nothing in a second game of the same code that it missed
// in the first, and these were a third of the test command's longest
// package.
const raceBuild = true
