//go:build !race

package engine_test

// raceBuild: see race_test.go.
const raceBuild = false
