//go:build !race

package strategy_test

// raceBuild: see race_test.go.
const raceBuild = false
