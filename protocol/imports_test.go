package protocol_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// imports lists what the non-test Go files of the directories import.
func imports(t *testing.T, dirs ...string) map[string][]string {
	out := map[string][]string{}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				out[f] = append(out[f], p)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no source files in %v", dirs)
	}
	return out
}

// TestProtocolIsALeaf: the protocol is what a front end and the host say
// to each other, so it leans on the rules, the words and the storage
// contract's vocabulary (a leaderboard's period and order), and the JSON
// writer its views are encoded with, only: never on the host, a store or a
// platform.
func TestProtocolIsALeaf(t *testing.T) {
	for f, ps := range imports(t, ".") {
		for _, p := range ps {
			if strings.HasPrefix(p, "github.com/sushigo/sushigo/") &&
				p != "github.com/sushigo/sushigo/engine" && p != "github.com/sushigo/sushigo/engine/strategy" &&
				p != "github.com/sushigo/sushigo/words" && p != "github.com/sushigo/sushigo/storage" &&
				p != "github.com/sushigo/sushigo/jsonout" || strings.Contains(p, "discordgo") || strings.Contains(p, "slack-go") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}

// TestAdaptersSpeakTheProtocol: an adapter talks to the host through the
// protocol and an interface of its own, so a new front end needs no
// knowledge of the host's insides (its tests may build a real host).
func TestAdaptersSpeakTheProtocol(t *testing.T) {
	found := false
	for f, ps := range imports(t, "../adapters/discord", "../adapters/slack", "../adapters/console", "../adapters/web", "../adapters/adaptertest") {
		for _, p := range ps {
			found = found || p == "github.com/sushigo/sushigo/protocol"
			if p == "github.com/sushigo/sushigo/bot" {
				t.Errorf("%s imports the host (bot); use protocol", f)
			}
		}
	}
	if !found {
		t.Error("no adapter imports the protocol: the test reads the wrong files")
	}
}
