//go:build !race

package adaptertest

// raceBuild: see race.go.
const raceBuild = false
