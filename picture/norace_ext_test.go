//go:build !race

package picture_test

// raceBuild: see race_test.go.
const raceBuild = false
