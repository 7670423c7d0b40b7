package web

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/words"
)

// TestPageWordsComeFromTheCatalog: the page's files hold no sentence of
// their own. Its HTML has no text but the game's name; its scripts no
// string with two words in a row; every word they show is a key of
// pageWords (the "words" frame) or comes in a view, and each key has its
// words in every language.
func TestPageWordsComeFromTheCatalog(t *testing.T) {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	texts := regexp.MustCompile(`>([^<]*)<`).FindAllStringSubmatch(string(html), -1)
	for _, m := range texts {
		if s := strings.TrimSpace(m[1]); s != "" && s != "Sushi Go!" {
			t.Errorf("index.html says %q", s)
		}
	}
	keys := pageWords(words.Lang{})
	sentence := regexp.MustCompile(`\p{L}{2,}[ \p{Zs}]+\p{L}{2,}`)
	literal := regexp.MustCompile("\"(?:[^\"\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\n]|\\\\.)*'|`[^`]*`")
	uses := regexp.MustCompile(`words\.(\w+)`)
	for k, v := range activityWords(words.Lang{}) {
		keys[k] = v // activity.json's, before the socket's
	}
	scripts, _ := fs.Glob(static, "static/*.js")
	if len(scripts) < 3 {
		t.Fatalf("found %d scripts", len(scripts))
	}
	for _, name := range scripts {
		src, err := static.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "static/discord-sdk.js" {
			// Discord's SDK, bundled as it is (scripts/web-sdk.sh): its
			// strings are its developers' errors, which the page never
			// shows (activity.js says its own words when a step fails).
			if !strings.HasPrefix(string(src), "/* @discord/embedded-app-sdk ") {
				t.Errorf("%s is not the bundled SDK", name)
			}
			continue
		}
		var code []string
		for _, line := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			code = append(code, line)
			if strings.Contains(line, "className") {
				continue // CSS classes, not words
			}
			for _, lit := range literal.FindAllString(line, -1) {
				if sentence.MatchString(lit) {
					t.Errorf("%s has a sentence of its own: %s", name, lit)
				}
			}
		}
		body := strings.Join(code, "\n")
		for _, m := range uses.FindAllStringSubmatch(body, -1) {
			if _, ok := keys[m[1]]; !ok {
				t.Errorf("%s shows words.%s, which the words frame does not send", name, m[1])
			}
		}
	}
	for _, l := range words.Languages() {
		for k, v := range pageWords(l) {
			if v == "" || (l.Code() != "en" && v == keys[k] && !slices.Contains([]string{"timeLeft"}, k)) {
				t.Errorf("%s: the page's %s is %q", l.Code(), k, v)
			}
		}
	}
}
