//go:build !race

package bot_test

// raceBuild: see race_test.go.
const raceBuild = false
