// Package goldentest compares a test's text output with a golden file, or
// rewrites the file when the test runs with -update: the host's views, the
// boards, the terminal's frames.
package goldentest

import (
	"os"
	"path/filepath"
	"testing"
)

// Text compares got with the file at path, or writes it there when update
// is set. rewrite is the command that writes it, for a missing file; why,
// when set, says what a difference means.
func Text(t testing.TB, path, got string, update bool, rewrite, why string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s writes it)", err, rewrite)
	}
	if got != string(want) {
		t.Errorf("%s changed%s:\n--- got\n%s\n--- want\n%s", path, why, got, want)
	}
}
