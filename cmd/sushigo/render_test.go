package main

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRender draws the terminal's saved game to a PNG file, and says what
// to do when there is none.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"DATA_DIR": dir})
	out := filepath.Join(dir, "t.png")
	err := run(context.Background(), []string{"render", "--out", out}, vars, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "sushigo play") {
		t.Errorf("render before any game: %v", err)
	}
	var played syncBuffer
	if err := run(context.Background(), []string{"play", "--seed", "5", "--bots", "3", "--plain"}, vars, &lineFeeder{out: &played}, &played, io.Discard); err != nil {
		t.Fatal(err)
	}
	var said strings.Builder
	if err := run(context.Background(), []string{"render", "--out", out}, vars, nil, &said, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if img.Bounds().Dx() < 400 || img.Bounds().Dy() < 4*100 || !strings.Contains(said.String(), "Wrote "+out) {
		t.Errorf("a %v image for 4 seats; said %q", img.Bounds(), said.String())
	}
	if err := run(context.Background(), []string{"render", "extra"}, vars, nil, io.Discard, io.Discard); err == nil {
		t.Error("render took an unexpected argument")
	}
}
