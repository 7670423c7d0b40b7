package bot_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	pathpkg "path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxRecordFiles is how many of the host's files may reach into the game
// record's fields (state and the parts it embeds), beside the file that
// declares each field. Everything else gets a snapshot (screens), a part
// (the outbox) or asks a method.
const maxRecordFiles = 8

// TestFewFilesReachIntoTheRecord counts, with the type checker, the
// references from each production file of the host to a field of the
// record declared in another file, and fails when more than
// maxRecordFiles files do. -v lists them.
func TestFewFilesReachIntoTheRecord(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	// Only the host's own types matter (the record is declared here), so
	// its imports are empty stand-ins and what they leave unresolved is
	// no error: type-checking every dependency from source took 11 s
	// under -race.
	conf := types.Config{Importer: emptyImports{}, Error: func(error) {}}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, _ := conf.Check("github.com/sushigo/sushigo/bot", fset, files, info)
	rec := pkg.Scope().Lookup("state")
	if rec == nil {
		t.Fatal("no type state: the test no longer finds the record")
	}
	// The record's fields: its own, and those of the parts it embeds.
	fields := map[*types.Var]bool{}
	var collect func(s *types.Struct)
	collect = func(s *types.Struct) {
		for i := range s.NumFields() {
			f := s.Field(i)
			fields[f] = true
			if f.Embedded() {
				if inner, ok := f.Type().Underlying().(*types.Struct); ok {
					collect(inner)
				}
			}
		}
	}
	collect(rec.Type().Underlying().(*types.Struct))
	refs := map[string]int{}
	for sel, s := range info.Selections {
		v, ok := s.Obj().(*types.Var)
		if s.Kind() != types.FieldVal || !ok || !fields[v] {
			continue
		}
		from := filepath.Base(fset.Position(sel.Pos()).Filename)
		if from != filepath.Base(fset.Position(v.Pos()).Filename) {
			refs[from]++
		}
	}
	var list []string
	total := 0
	for f, n := range refs {
		list = append(list, f)
		total += n
	}
	sort.Strings(list)
	for _, f := range list {
		t.Logf("%4d %s", refs[f], f)
	}
	t.Logf("%d files, %d references to the record's fields declared in another file", len(list), total)
	if len(list) > maxRecordFiles {
		t.Errorf("%d files reach into the record (%v), at most %d: give the new one a snapshot, a part or a method", len(list), list, maxRecordFiles)
	}
	if total < 100 {
		t.Errorf("only %d references found: the test no longer reads the host", total)
	}
}

// emptyImports imports every package as an empty one of its path's name.
type emptyImports struct{}

func (emptyImports) Import(path string) (*types.Package, error) {
	p := types.NewPackage(path, pathpkg.Base(path))
	p.MarkComplete()
	return p, nil
}
