//go:build !race

package slack

// raceBuild: see race_test.go.
const raceBuild = false
