//go:build !race

package discord

// raceBuild: see race_test.go.
const raceBuild = false
