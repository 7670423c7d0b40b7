//go:build !race

package console

// raceBuild: see race_test.go.
const raceBuild = false
