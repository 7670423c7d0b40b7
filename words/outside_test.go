package words

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// sentence is a string literal a player may read: two words or more, a
// format verb or a dash or dot between them counting as nothing ("Round
// %d scores", "Revealed — turn"); a key and what it does ("q quit",
// "? help"); or a word that joins or heads a piece of text (" and 🥢 ",
// " Agreed: ").
var sentence = regexp.MustCompile(`\pL{2,}[,;:]? (%[-+# 0-9.]*[a-zA-Z] |[—–·] |[0-9][-–0-9]* )?\pL{2,}|(^|[ ·])[a-z?] \pL{3,}|%[-+# 0-9.]*[a-zA-Z] \pL+ \pL{2,}|^ \pL{2,}[,;:]? `)

// strictFiles are the files that draw screens or boards whole: there any
// literal with a word in it is a player's, unless the file says otherwise
// (a "Not player words:" doc).
var strictFiles = map[string]bool{"adapters/console/tui_view.go": true, "adapters/slack/render.go": true}

// identifier is a literal no person reads in a strict file: a lower-case
// name without spaces (an action ID's prefix, a block's name) or an HTML
// entity.
var identifier = regexp.MustCompile(`^([a-z][a-zA-Z0-9_.:-]*|&[a-z]+;)$`)

// strict says whether a production file is held to strictFiles' rule:
// those files and the whole boards package.
func strict(rel string) bool { return strictFiles[rel] || strings.HasPrefix(rel, "boards/") }

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
	// A logger's or a test helper's method, by its whole name: a name that
	// only contains one (warnMenu, withAck…) may well speak to players.
	switch strings.ToLower(name) {
	case "debug", "info", "warn", "error", "fatal", "fatalf", "errorf", "logf", "log", "failed", "succeeded", "refused", "admit",
		"logrefusal", "logfailure", "logerr", "fail", "failf":
		return true
	}
	return false
}

// viewWords are the fields of a view whose text a player reads whole,
// however short: a literal of a letter or more there counts.
var viewWords = map[string]bool{"Label": true, "Title": true, "Text": true, "Footer": true, "Description": true, "Placeholder": true}

// word is a literal with a word in it.
var word = regexp.MustCompile(`\pL{2,}`)

// notWords says whether a declaration's doc marks its text as not for
// players ("Not player words: …"): stored identifiers, command syntax,
// the operator's messages.
func notWords(doc *ast.CommentGroup) bool {
	return doc != nil && strings.Contains(doc.Text(), "Not player words:")
}

// outsideCounts counts the sentences in each production file outside the
// catalog.
func outsideCounts(t *testing.T) (counts map[string]int, samples map[string][]string, files int) {
	fset := token.NewFileSet()
	counts, samples = map[string]int{}, map[string][]string{}
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
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files++
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
			case *ast.GenDecl:
				if notWords(n.Doc) {
					ast.Inspect(n, func(m ast.Node) bool {
						if bl, ok := m.(*ast.BasicLit); ok {
							skip[bl] = true
						}
						return true
					})
				}
			case *ast.FuncDecl:
				if n.Name.Name == "Error" || notWords(n.Doc) { // an error's text is for logs
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
			case *ast.KeyValueExpr:
				// A view's words, even one: a button's label, a title.
				if k, ok := n.Key.(*ast.Ident); ok && viewWords[k.Name] {
					if bl, ok := n.Value.(*ast.BasicLit); ok && bl.Kind == token.STRING && !skip[bl] {
						if s, err := strconv.Unquote(bl.Value); err == nil && word.MatchString(s) {
							counts[rel]++
							samples[rel] = append(samples[rel], s)
							skip[bl] = true
						}
					}
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || skip[n] {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil && (sentence.MatchString(s) || strict(rel) && word.MatchString(s) && !Has(s) && !identifier.MatchString(s)) {
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
	return counts, samples, files
}

// TestNoSentenceOutsideTheCatalog: every sentence a player reads is in
// the catalog (words/lang/en.json) and said by key. A string of two words or
// more in production code elsewhere fails, listed by file. Logs, errors,
// flags and patterns are exempt, and so are the packages only an operator
// reads (storage, metrics), the engine, which has a stricter test
// (TestEngineSpeaksNoEnglish), and any declaration whose doc says "Not
// player words:" and why (stored identifiers, command syntax, the
// operator's messages).
func TestNoSentenceOutsideTheCatalog(t *testing.T) {
	counts, samples, files := outsideCounts(t)
	if files < 40 {
		t.Fatalf("read %d production files: the test no longer reads the source", files)
	}
	var names []string
	for f := range counts {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		t.Errorf("%s has %d sentences outside the catalog: put each in words/lang/en.json and say it by key (a Lang's Say). Its sentences:\n  %s",
			f, counts[f], strings.Join(samples[f], "\n  "))
	}
	t.Logf("%d production files read; %d keys in the catalog", files, len(Keys()))
}

// TestOutsideSeesWhatSlippedThrough: the literals that once reached
// players in English while TestNoSentenceOutsideTheCatalog passed are
// seen now: key hints, a clock, words around a dash, a label in a board,
// the word joining a chopsticks pick's two cards, a vote's "Agreed:".
func TestOutsideSeesWhatSlippedThrough(t *testing.T) {
	for _, s := range []string{"q quit", "? help", "s scores", "←/→ or 1-9 choose", " · ⏰ %d s left", "👀 Revealed — turn %d: %s", "Round %d scores", " and 🥢 ", " Agreed: "} {
		if !sentence.MatchString(s) {
			t.Errorf("%q is not seen as a sentence", s)
		}
	}
	for _, s := range []string{"Rating", "today ", "✅ Confirm", "Games"} {
		if !word.MatchString(s) || identifier.MatchString(s) || Has(s) {
			t.Errorf("%q would pass in a strict file", s)
		}
	}
	for _, s := range []string{"sg0:off:", "&amp;", "select", "profile.rating"} {
		if word.MatchString(s) && !identifier.MatchString(s) && !Has(s) {
			t.Errorf("%q is no player's word, yet a strict file would fail on it", s)
		}
	}
}
