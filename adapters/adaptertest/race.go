//go:build race

package adaptertest

// raceBuild is set under the race detector (about 20 times slower): the
// shared whole-game runs play fewer games there (InEveryLanguage).
const raceBuild = true
