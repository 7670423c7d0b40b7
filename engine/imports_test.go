package engine_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sources lists the non-test Go files of the engine and its players.
func sources(t *testing.T) []string {
	var out []string
	for _, dir := range []string{".", "strategy"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if !strings.HasSuffix(f, "_test.go") {
				out = append(out, f)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no source files found")
	}
	return out
}

// TestEngineIsPure keeps I/O, clocks, logging and the global random source
// out of the engine and its players: a seed in must give the same game out.
func TestEngineIsPure(t *testing.T) {
	allowed := map[string]bool{
		"errors": true, "fmt": true, "math": true, "math/bits": true, "math/rand/v2": true,
		"slices": true, "strconv": true, "strings": true, "encoding/binary": true,
		"github.com/sushigo/sushigo/engine": true,
	}
	for _, f := range sources(t) {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !allowed[p] {
				t.Errorf("%s imports %q: the engine does no I/O and reads no clock", f, p)
			}
		}
	}
}

// TestNoGlobalRandom forbids the top-level math/rand/v2 functions, which
// draw from a process-wide source.
func TestNoGlobalRandom(t *testing.T) {
	for _, f := range sources(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"rand.IntN(", "rand.Uint64(", "rand.N(", "rand.Shuffle(", "rand.Perm(", "rand.Float64(", "rand.Int("} {
			if strings.Contains(string(src), bad) {
				t.Errorf("%s calls %s on the global source", f, strings.TrimSuffix(bad, "("))
			}
		}
	}
}
