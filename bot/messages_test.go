package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/engine"
)

// TestHostWordsTakeTheirArguments: the words moved out of the calls, so
// vet no longer checks their verbs. Every refuse, usage and say call in the
// package names a reason that has words, passes exactly as many arguments
// as those words have verbs, and every reason is used somewhere.
func TestHostWordsTakeTheirArguments(t *testing.T) {
	// The reasons' names, in declaration order, read from the source: the
	// constants are iota-numbered, so the n-th name is reason n.
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]reason{}
	var calls []*ast.CallExpr
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok != token.CONST {
					return true
				}
				isReason := false
				for i, s := range n.Specs {
					vs := s.(*ast.ValueSpec)
					if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "reason" {
						isReason = true
					}
					if isReason {
						for _, name := range vs.Names {
							if name.Name != "_" {
								byName[name.Name] = reason(i)
							}
						}
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "refuse" || id.Name == "usage" || id.Name == "say") {
					calls = append(calls, n)
				}
			}
			return true
		})
	}
	if len(byName) < 50 {
		t.Fatalf("found %d reasons in the source; the test no longer reads the const block", len(byName))
	}
	verb := regexp.MustCompile(`%[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z]`)
	used := map[string]bool{}
	for _, c := range calls {
		pos := fset.Position(c.Pos())
		if len(c.Args) == 0 {
			t.Errorf("%s: no reason", pos)
			continue
		}
		id, ok := c.Args[0].(*ast.Ident)
		if !ok {
			// say(r, a...) inside refuse and usage themselves.
			if c.Ellipsis.IsValid() {
				continue
			}
			t.Errorf("%s: the reason is not a named constant", pos)
			continue
		}
		if id.Name == "r" && c.Ellipsis.IsValid() {
			continue
		}
		r, ok := byName[id.Name]
		if !ok {
			t.Errorf("%s: %s is not a reason", pos, id.Name)
			continue
		}
		used[id.Name] = true
		words := hostWords[r]
		if words == "" {
			t.Errorf("%s: %s has no words", pos, id.Name)
			continue
		}
		if want, got := len(verb.FindAllString(strings.ReplaceAll(words, "%%", ""), -1)), len(c.Args)-1; want != got {
			t.Errorf("%s: %s takes %d arguments (%q), the call passes %d", pos, id.Name, want, words, got)
		}
	}
	for name, r := range byName {
		if !used[name] {
			t.Errorf("reason %s (%q) is never used", name, hostWords[r])
		}
		if hostWords[r] == "" {
			t.Errorf("reason %s has no words", name)
		}
	}
	if len(hostWords) != len(byName)+1 {
		t.Errorf("hostWords has %d entries for %d reasons", len(hostWords)-1, len(byName))
	}
}

// TestEngineRefusalsTheHostReturnsAreWorded: the host returns
// engineRefusal of these errors without a fallback, so each must have
// words, or the player would get no answer at all.
func TestEngineRefusalsTheHostReturnsAreWorded(t *testing.T) {
	for _, err := range []error{
		engine.ErrNoChopsticks,
		engine.ErrNotAnOption,
		&engine.CardError{Err: engine.ErrNotInHand, Card: engine.Tempura},
	} {
		if engineRefusal(err) == nil {
			t.Errorf("%v has no words in engineWords", err)
		}
	}
}
