package words

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sayers are the calls whose first argument is a catalog key and whose
// others are its arguments: Say itself, and the host's wrappers that make
// a refusal or a usage error of a key.
var sayers = map[string]bool{"Say": true, "say": true, "refuse": true, "usage": true, "P": true, "Refuse": true, "Usage": true}

// TestEveryKeyIsSaidWithItsArguments: the words moved out of the calls, so
// vet no longer checks their verbs. Every call that says a key, anywhere
// in the production code, names a key the catalog has as a literal and
// passes exactly as many arguments as its words have verbs (a key
// read from a table is checked where the table is); and every key
// of the catalog is named somewhere.
func TestEveryKeyIsSaidWithItsArguments(t *testing.T) {
	fset := token.NewFileSet()
	verb := regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z]`)
	named := map[string]bool{}
	calls := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && d.Name() != ".." || path == "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if s, err := strconv.Unquote(n.Value); err == nil && Has(s) {
						named[s] = true
					}
				}
			case *ast.CallExpr:
				var name string
				switch f := n.Fun.(type) {
				case *ast.Ident:
					name = f.Name
				case *ast.SelectorExpr:
					name = f.Sel.Name // a Lang's Say, words.P, protocol.Refuse…
				}
				if name == "agree" && len(n.Args) >= 3 {
					// agree(w, name, key, args…): key takes the name and the
					// arguments, its "you" form the arguments alone.
					if lit, ok := n.Args[2].(*ast.BasicLit); ok {
						key, _ := strconv.Unquote(lit.Value)
						calls++
						for k, want := range map[string]int{key: len(n.Args) - 2, key + ".you": len(n.Args) - 3} {
							named[k] = true
							if !Has(k) {
								t.Errorf("%s: the catalog has no key %q", fset.Position(n.Pos()), k)
							} else if got := verbCount(verb, k); got != want {
								t.Errorf("%s: %s takes %d arguments (%q), agree passes %d", fset.Position(n.Pos()), k, got, Text(k), want)
							}
						}
					}
					return true
				}
				if !sayers[name] || len(n.Args) == 0 || (name == "refuse" || name == "usage") && file.Name.Name != "bot" && file.Name.Name != "protocol" && file.Name.Name != "boards" {
					return true
				}
				pos := fset.Position(n.Pos())
				lit, ok := n.Args[0].(*ast.BasicLit)
				if !ok { // a wrapper passing its key on, or a key from a table
					return true
				}
				calls++
				key, _ := strconv.Unquote(lit.Value)
				if !Has(key) {
					t.Errorf("%s: the catalog has no key %q", pos, key)
					return true
				}
				want := verbCount(verb, key)
				if got := len(n.Args) - 1; got != want {
					t.Errorf("%s: %s takes %d arguments (%q), the call passes %d", pos, key, want, Text(key), got)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 80 {
		t.Fatalf("found %d calls that say a key; the test no longer reads the source", calls)
	}
	for k := range named { // a sentence's "you" form goes with it (agree)
		named[k+".you"] = true
	}
	for _, k := range Keys() {
		if !named[k] && !built(k) {
			t.Errorf("key %s (%q) is never used", k, Text(k))
		}
	}
}

// verbCount is how many arguments key's English words take: one a verb,
// or, with explicit indexes ("%[2]s"), the highest.
func verbCount(verb *regexp.Regexp, key Key) int {
	n, most := 0, 0
	for _, v := range verb.FindAllStringSubmatch(strings.ReplaceAll(Text(key), "%%", ""), -1) {
		n++
		if i, err := strconv.Atoi(v[1]); err == nil {
			most = max(most, i)
		}
	}
	if most > 0 {
		return most
	}
	return n
}

// families are the keys words builds from the engine's keys (game.go,
// grammar.go); TestTheGameIsWorded checks them against the engine.
var families = []string{"verb.", "card.", "kind.", "category.", "menus.", "rule.", "game.", "count.", "ordinal.", "number.", "engine.menu.needs.", "group.", "date.", "botLevel.", "choice."}

// built says whether key belongs to a family words builds.
func built(key Key) bool {
	for _, f := range families {
		if strings.HasPrefix(key, f) {
			return true
		}
	}
	return false
}

// TestSayFillsTheArguments: Say puts the arguments where the verbs are,
// and an unknown key still gives the player a sentence.
func TestSayFillsTheArguments(t *testing.T) {
	if got, want := English.Say("lobby.tableFull", 8), "The table is full (8 seats)."; got != want {
		t.Errorf("Say = %q, want %q", got, want)
	}
	if got := English.Say("no.such.key"); got != English.fallback() {
		t.Errorf("an unknown key says %q, want %q", got, English.fallback())
	}
}

// TestEngineWordsAreInTheCatalog: each engine refusal's key is worded and
// takes no arguments, since friendly passes none.
func TestEngineWordsAreInTheCatalog(t *testing.T) {
	for _, w := range engineWords {
		if !Has(w.key) {
			t.Errorf("%v: the catalog has no key %q", w.err, w.key)
		} else if strings.Contains(Text(w.key), "%") {
			t.Errorf("%v: %q takes arguments friendly does not pass", w.err, Text(w.key))
		}
	}
}

// TestSayPrintsNumbersAsFmtDoes: the catalog's English is what the host
// wrote before it, digit for digit.
func TestSayPrintsNumbersAsFmtDoes(t *testing.T) {
	en := books[0].says.m()
	en["test.numbers"] = "%d %5d %+d %x %v %s %.1f"
	kept := books[0].says
	books[0].says = newTexts(en)
	defer func() { books[0].says = kept }()
	got := English.Say("test.numbers", 1500, 42, 7, 255, 12000, "x", 0.25)
	if want := fmt.Sprintf(en["test.numbers"], 1500, 42, 7, 255, 12000, "x", 0.25); got != want {
		t.Errorf("Say = %q, want %q", got, want)
	}
}
