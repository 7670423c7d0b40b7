package record

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestAppliedEncodedOnce: the request IDs spliced onto a body encoded once
// make valid JSON that reads back the same IDs beside the body's members.
func TestAppliedEncodedOnce(t *testing.T) {
	for _, body := range []string{`{}`, `{"id":"g","host":"ann"}`} {
		for _, ids := range [][]string{nil, {"a"}, {"1234567890", `quote"d`, "é"}} {
			enc := withApplied([]byte(body), ids)
			var back struct {
				ID string   `json:"id"`
				Ap []string `json:"ap"`
			}
			if err := json.Unmarshal(enc, &back); err != nil || !slices.Equal(back.Ap, ids) {
				t.Fatalf("%s + %v: %s read as %v, %v", body, ids, enc, back.Ap, err)
			}
			if body != `{}` && back.ID != "g" {
				t.Errorf("%s + %v: the body's members lost: %s", body, ids, enc)
			}
		}
	}
	// In a body's spare room, a second splice replaces the first.
	for _, body := range []string{`{}`, `{"id":"g","host":"ann"}`} {
		roomy := append(make([]byte, 0, len(body)+200), body...)
		_ = withApplied(roomy, []string{"first", "ids"})
		got := withApplied(roomy, []string{"x"})
		if want := withApplied([]byte(body), []string{"x"}); string(got) != string(want) || &got[0] != &roomy[0] {
			t.Errorf("%s spliced again in its room: %s, want %s in place", body, got, want)
		}
	}
	if got := appliedID("1234567890123456789"); len(got) != 6 || got == appliedID("1234567890123456788") {
		t.Errorf("appliedID = %q", got)
	}
	if !applied([]string{appliedID("x")}, "x") || !applied([]string{"x"}, "x") || applied([]string{"y"}, "x") {
		t.Error("applied does not find an ID by its hash, or whole")
	}
}
