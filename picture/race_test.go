//go:build race

package picture

// raceBuild is set under the race detector (about 20 times slower), where
// the checks repeated over many deals make fewer: the full run is without
// it (`go test ./picture`).
const raceBuild = true
