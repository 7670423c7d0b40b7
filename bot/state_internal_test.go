package bot

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestAppliedEncodedOnce: the request IDs spliced onto a state encoded once
// make valid JSON that decodes to the same IDs and re-encodes to the same
// bytes; a game stored with "ap" amid its members (earlier releases) reads
// its IDs as before.
func TestAppliedEncodedOnce(t *testing.T) {
	for _, ids := range [][]string{nil, {"a"}, {"1234567890", `quote"d`, "é"}} {
		st := &state{ID: "g", Host: "ann", Applied: ids}
		enc, err := encodeState(st)
		if err != nil || !json.Valid(enc) {
			t.Fatalf("%v: %v %s", ids, err, enc)
		}
		back, err := decodeState(enc)
		if err != nil || !slices.Equal(back.Applied, ids) {
			t.Fatalf("%v: decoded %v, %v", ids, back.Applied, err)
		}
		again, _ := encodeState(back)
		if !bytes.Equal(again, enc) {
			t.Errorf("%v: re-encoded\n%s\nwas\n%s", ids, again, enc)
		}
	}
	data, err := os.ReadFile("testdata/stored/party-v1-deciding.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Ap []string `json:"ap"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || len(raw.Ap) == 0 {
		t.Fatalf("the stored game has no request IDs to read: %v", err)
	}
	st, err := decodeState(data)
	if err != nil || !slices.Equal(st.Applied, raw.Ap) {
		t.Errorf("stored IDs %v read as %v (%v)", raw.Ap, st.Applied, err)
	}
}
