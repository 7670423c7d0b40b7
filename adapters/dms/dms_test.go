package dms

import "testing"

// TestChannelsRemembersAndBounds: a channel put is got back; past Max the
// oldest user goes first; a forgotten one is gone.
func TestChannelsRemembersAndBounds(t *testing.T) {
	c := Channels{Max: 2}
	if _, ok := c.Get("u1"); ok {
		t.Fatal("an empty memory knows u1")
	}
	c.Put("u1", "D1")
	c.Put("u2", "D2")
	c.Put("u1", "D1") // again: not a new entry
	c.Put("u3", "D3")
	if _, ok := c.Get("u1"); ok {
		t.Error("u1, the oldest, is still there past Max")
	}
	if ch, ok := c.Get("u3"); !ok || ch != "D3" {
		t.Errorf("u3: %q %v", ch, ok)
	}
	c.Forget("u2")
	if _, ok := c.Get("u2"); ok {
		t.Error("u2 is still there after Forget")
	}
}
