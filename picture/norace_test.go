//go:build !race

package picture

// raceBuild: see race_test.go.
const raceBuild = false
