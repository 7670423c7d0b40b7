package words

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var updateOutside = flag.Bool("update-outside", false, "rewrite testdata/outside.txt with today's counts")

// sentence is a string literal a player may read: two words or more.
var sentence = regexp.MustCompile(`\pL{2,}[,;:]? \pL{2,}`)

// notForPlayers says whether a call's arguments are for the operator, not
// a player: logs, errors, flags, patterns.
func notForPlayers(call *ast.CallExpr) bool {
	var pkg, name string
	switch f := call.Fun.(type) {
	case *ast.SelectorExpr:
		name = f.Sel.Name
		if x, ok := f.X.(*ast.Ident); ok {
			pkg = x.Name
		}
	case *ast.Ident:
		name = f.Name
	}
	switch {
	case pkg == "fmt" && name == "Errorf", pkg == "errors" && name == "New", pkg == "regexp", pkg == "flag", pkg == "slog", pkg == "log",
		pkg == "" && name == "panic":
		return true
	}
	n := strings.ToLower(name)
	for _, w := range []string{"log", "fail", "err", "debug", "info", "warn", "fatal", "refused"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// outsideCounts counts the sentences in each production file outside the
// catalog.
func outsideCounts(t *testing.T) (map[string]int, map[string][]string) {
	fset := token.NewFileSet()
	counts, samples := map[string]int{}, map[string][]string{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			// storage and metrics speak to the operator only; the engine
			// has a stricter test of its own (TestEngineSpeaksNoEnglish).
			if path != ".." && (n == "testdata" || n == "words" || strings.HasPrefix(n, ".") || strings.HasSuffix(n, "test") ||
				n == "storage" || n == "metrics" || n == "engine" || n == "arena" || n == "scripts") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
		skip := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.Field:
				if n.Tag != nil {
					skip[n.Tag] = true
				}
			case *ast.FuncDecl:
				if n.Name.Name == "Error" { // an error's text is for logs
					ast.Inspect(n, func(m ast.Node) bool {
						if bl, ok := m.(*ast.BasicLit); ok {
							skip[bl] = true
						}
						return true
					})
				}
			case *ast.CallExpr:
				if notForPlayers(n) {
					for _, a := range n.Args {
						ast.Inspect(a, func(m ast.Node) bool {
							if bl, ok := m.(*ast.BasicLit); ok {
								skip[bl] = true
							}
							return true
						})
					}
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || skip[n] {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil && sentence.MatchString(s) {
					counts[rel]++
					samples[rel] = append(samples[rel], s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return counts, samples
}

// TestNoNewSentenceOutsideTheCatalog is the catalog's ratchet: every
// sentence a player reads belongs in the catalog (en.go), and while the
// last ones move in, testdata/outside.txt holds how many each production
// file still has. A file that gains one fails; one that loses some says
// so, and -update-outside writes the lower count. Logs, errors, flags and
// patterns are exempt, and so are the packages only an operator reads
// (storage, metrics) and the engine, which has a stricter test.
func TestNoNewSentenceOutsideTheCatalog(t *testing.T) {
	counts, samples := outsideCounts(t)
	if *updateOutside {
		var names []string
		for f := range counts {
			names = append(names, f)
		}
		sort.Strings(names)
		var b strings.Builder
		b.WriteString("# Sentences each production file still has outside the catalog (words/en.go).\n")
		b.WriteString("# The number only goes down: go test ./words -run Outside -update-outside\n")
		for _, f := range names {
			fmt.Fprintf(&b, "%d %s\n", counts[f], f)
		}
		if err := os.WriteFile("testdata/outside.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	budget := map[string]int{}
	fh, err := os.Open("testdata/outside.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n, f, _ := strings.Cut(line, " ")
		budget[f], _ = strconv.Atoi(n)
	}
	total, allowed := 0, 0
	for f, n := range counts {
		total += n
		if n > budget[f] {
			t.Errorf("%s has %d sentences outside the catalog, %d allowed: put the new one in words/en.go and say it by key. Its sentences:\n  %s",
				f, n, budget[f], strings.Join(samples[f], "\n  "))
		}
	}
	for f, n := range budget {
		allowed += n
		if counts[f] < n {
			t.Logf("%s is down to %d sentences outside the catalog (from %d): -update-outside records it", f, counts[f], n)
		}
	}
	if total < 10 && allowed > 100 {
		t.Fatalf("found only %d sentences: the test no longer reads the source", total)
	}
	t.Logf("%d sentences outside the catalog in %d files (%d allowed); %d keys in it", total, len(counts), allowed, len(Keys()))
}
