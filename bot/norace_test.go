//go:build !race

package bot

// raceBuild: see race_test.go.
const raceBuild = false
