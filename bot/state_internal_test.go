package bot

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestAppliedReadFromAnyPlace: a game stored with "ap" amid its members
// (earlier releases; package record now adds it last) reads its IDs as
// before.
func TestAppliedReadFromAnyPlace(t *testing.T) {
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
