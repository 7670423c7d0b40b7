package web

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestSDKBundleIsThePinnedOne: static/discord-sdk.js is the build of the
// SDK version package.json and package-lock.json pin (its first line,
// written by scripts/web-sdk.sh, names it), with the SDK's licence beside
// it. The bundle's bytes are checked against a fresh build by
// `sh scripts/web-sdk.sh --check`, which needs Node.
func TestSDKBundleIsThePinnedOne(t *testing.T) {
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
			License string `json:"license"`
		} `json:"packages"`
	}
	for name, v := range map[string]any{"sdk/package.json": &pkg, "sdk/package-lock.json": &lock} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	want := pkg.Dependencies["@discord/embedded-app-sdk"]
	locked := lock.Packages["node_modules/@discord/embedded-app-sdk"]
	if want == "" || locked.Version != want {
		t.Fatalf("package.json pins %q, package-lock.json %q", want, locked.Version)
	}
	bundle, err := static.ReadFile("static/discord-sdk.js")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(bundle), "\n")
	if head := "/* @discord/embedded-app-sdk " + want + " (" + locked.License + " licence"; !strings.HasPrefix(first, head) {
		t.Errorf("the bundle starts %q, want %q…", first, head)
	}
	licence, err := static.ReadFile("static/discord-sdk.LICENSE.txt")
	if err != nil || !strings.Contains(string(licence), "MIT License") || !strings.Contains(string(licence), "Discord") {
		t.Errorf("the SDK's licence beside the bundle: %v %.40q", err, licence)
	}
}
