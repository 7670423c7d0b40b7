package bot_test

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/protocol"
)

// scripts/click-path.sh measures the code a click runs: it runs
// TestClickPath with coverage counts, stopping at each point in turn
// (-clickpath-stop), then TestClickPathReport on the profiles.
var (
	clickStop    = flag.String("clickpath-stop", "", "TestClickPath returns at this point: before1, after1 or before2 (scripts/click-path.sh)")
	clickProfile = flag.String("clickpath-profiles", "", "TestClickPathReport reports on these coverage profiles, comma-separated: before1, after1, before2 and the whole run's (scripts/click-path.sh)")
)

// TestClickPath plays two clicks of a 4-player game with every post and
// edit going through the outbox, as on Discord and Slack: a pick that
// locks in, and the pick that ends the turn (its reveal, the table and the
// hands sent), and checks each took. The game is dealt from fixed seeds, so
// runs that stop at different points (-clickpath-stop) are the same up to
// there: the difference of their coverage counts is what a click ran.
func TestClickPath(t *testing.T) {
	h := newOutboxHarness(t)
	users := []string{"ann", "bob", "cy", "dee"}
	h.lobby("ann", "timer=0", users[1:]...)
	h.startGame("ann")
	pickOf := func(u string) protocol.Button {
		t.Helper()
		tv, ok := h.lastPublic("Sushi Go! — round")
		if !ok {
			t.Fatal("no table")
		}
		show, _ := button(tv, "Show my hand")
		h.click(u, show.ActionID, false)
		for _, b := range h.hand[u].Buttons() {
			if strings.HasPrefix(b.ActionID, "sg1:pick:") {
				return b
			}
		}
		t.Fatalf("no card to pick in %s's hand", u)
		return protocol.Button{}
	}
	first := pickOf("ann")
	if *clickStop == "before1" {
		return
	}
	h.click("ann", first.ActionID, true)
	if table := h.table(); !strings.Contains(table.String(), "✅ Ann") {
		t.Errorf("ann's pick did not show on the table:\n%s", table)
	}
	if *clickStop == "after1" {
		return
	}
	h.playTurn(users[1:3])
	last := pickOf("dee")
	if *clickStop == "before2" {
		return
	}
	before := len(h.public)
	h.click("dee", last.ActionID, true)
	revealed := false
	for _, v := range h.public[before:] {
		revealed = revealed || strings.Contains(v.Title, "turn 2")
	}
	if !revealed {
		t.Fatalf("the turn's last pick did not bring the table to turn 2: %d public views after it", len(h.public)-before)
	}
}

// TestClickPathReport reports, with -clickpath-profiles, on the profiles
// scripts/click-path.sh took; without, it checks the report on a profile
// of its own making: two calls into one function, one into another.
func TestClickPathReport(t *testing.T) {
	if *clickProfile != "" {
		p := strings.Split(*clickProfile, ",")
		if len(p) != 4 {
			t.Fatalf("-clickpath-profiles wants 4 profiles, got %d", len(p))
		}
		for i, what := range []string{"a pick that locks in", "the pick that ends a turn (its reveal and deliveries)"} {
			r, err := pathReport(p[2*i], p[2*i+1], what)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Println(r)
		}
		return
	}
	dir := t.TempDir()
	// The counts stand at the first two function bodies of bot/timer.go.
	fset := token.NewFileSet()
	src, err := parser.ParseFile(fset, "timer.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var bodies []token.Position
	for _, d := range src.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && len(bodies) < 2 {
			bodies = append(bodies, fset.Position(fn.Body.Lbrace))
		}
	}
	write := func(name string, counts ...int) string {
		var b strings.Builder
		b.WriteString("mode: count\n")
		for i, p := range bodies {
			fmt.Fprintf(&b, "github.com/sushigo/sushigo/bot/timer.go:%d.%d,%d.%d 1 %d\n", p.Line, p.Column, p.Line+1, 2, counts[i])
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	r, err := pathReport(write("before", 1, 5), write("after", 3, 6), "test")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r, "test: 1 files in 1 packages, 3 calls") || !regexp.MustCompile(`bot/timer.go +3 +2`).MatchString(r) {
		t.Errorf("report:\n%s\nwant 1 file, 3 calls into 2 functions", r)
	}
}

// pathReport tells, per file of the module, how many calls entered it
// between the coverage profiles before and after: the growth of the count
// of each function's first block (a body's block starts at its brace).
func pathReport(before, after, what string) (string, error) {
	was, err := readProfile(before)
	if err != nil {
		return "", err
	}
	starts, err := readProfile(after)
	if err != nil {
		return "", err
	}
	for file, blocks := range starts {
		for at, n := range blocks {
			blocks[at] = n - was[file][at]
		}
	}
	type row struct {
		file  string
		calls int
		funcs int
	}
	var rows []row
	pkgs := map[string]int{}
	total := 0
	for file, blocks := range starts {
		ran := false
		for _, n := range blocks {
			ran = ran || n > 0
		}
		if !ran {
			continue
		}
		r := row{file: file}
		fset := token.NewFileSet()
		src, err := parser.ParseFile(fset, filepath.Join("..", strings.TrimPrefix(file, module)), nil, parser.SkipObjectResolution)
		if err != nil {
			return "", err
		}
		ast.Inspect(src, func(n ast.Node) bool {
			var body *ast.BlockStmt
			switch fn := n.(type) {
			case *ast.FuncDecl:
				body = fn.Body
			case *ast.FuncLit:
				body = fn.Body
			}
			if body != nil {
				p := fset.Position(body.Lbrace)
				if c := blocks[fmt.Sprintf("%d.%d", p.Line, p.Column)]; c > 0 {
					r.calls += c
					r.funcs++
				}
			}
			return true
		})
		r.file = strings.TrimPrefix(file, module)
		rows = append(rows, r)
		pkgs[filepath.Dir(r.file)] += r.calls
		total += r.calls
	}
	slices.SortFunc(rows, func(a, b row) int {
		if a.calls != b.calls {
			return b.calls - a.calls
		}
		return strings.Compare(a.file, b.file)
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d files in %d packages, %d calls\n\n", what, len(rows), len(pkgs), total)
	fmt.Fprintf(&b, "%-40s %8s %6s\n", "file", "calls", "funcs")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-40s %8d %6d\n", r.file, r.calls, r.funcs)
	}
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	slices.Sort(names)
	fmt.Fprintf(&b, "\n%-40s %8s\n", "package", "calls")
	for _, p := range names {
		fmt.Fprintf(&b, "%-40s %8d\n", p, pkgs[p])
	}
	return b.String(), nil
}

const module = "github.com/sushigo/sushigo/"

// readProfile reads a coverage profile's counts: [file][line.col] for the
// block starting there.
func readProfile(path string) (map[string]map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	starts := map[string]map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") {
			continue
		}
		// file:l.c,l.c stmts count
		colon := strings.LastIndex(line, ":")
		if colon < 0 {
			return nil, fmt.Errorf("%s: unexpected line %q", path, line)
		}
		fields := strings.Fields(line[colon+1:])
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s: unexpected line %q", path, line)
		}
		n, err := strconv.Atoi(fields[2])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		at, _, _ := strings.Cut(fields[0], ",")
		file := line[:colon]
		if starts[file] == nil {
			starts[file] = map[string]int{}
		}
		starts[file][at] += n
	}
	return starts, sc.Err()
}
