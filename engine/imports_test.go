package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
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

// TestEngineSpeaksNoEnglish: the engine names cards, types, categories,
// menus, rules and its refusals by key (Key, RuleKey, Problem.Key); every
// word a player reads is the catalog's (package words). Only its own
// failures (panics and errors for developers) may be in English.
func TestEngineSpeaksNoEnglish(t *testing.T) {
	sentence := regexp.MustCompile(`\pL{2,}[,;:]? \pL{2,}`)
	for _, f := range sources(t) {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		developer := map[*ast.BasicLit]bool{}
		ast.Inspect(af, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			// panics, errors, and the decoder's labels for its errors
			if name == "panic" || name == "New" || name == "Errorf" || name == "cards" || name == "fail" {
				for _, a := range call.Args {
					ast.Inspect(a, func(m ast.Node) bool {
						if bl, ok := m.(*ast.BasicLit); ok {
							developer[bl] = true
						}
						return true
					})
				}
			}
			return true
		})
		ast.Inspect(af, func(n ast.Node) bool {
			bl, ok := n.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING || developer[bl] {
				return true
			}
			if s, err := strconv.Unquote(bl.Value); err == nil && sentence.MatchString(s) {
				t.Errorf("%s: %q: the engine names things by key; words belong in package words", f, s)
			}
			return true
		})
	}
}
