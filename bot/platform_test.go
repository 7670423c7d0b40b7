package bot_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/bolt"
)

// TestPlatformIsARow: what the host writes for a platform comes from the
// row its adapter added, whatever the platform is called; a platform
// nobody described is a chat with slash commands.
func TestPlatformIsARow(t *testing.T) {
	store, err := bolt.Open(filepath.Join(t.TempDir(), "p.db"), bolt.Options{NoSync: true, SweepEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	host := bot.New(store, bot.Config{})
	host.AddPlatform("screen", protocol.Platform{Terminal: true, Commands: protocol.Typed})
	host.AddPlatform("chat", protocol.Platform{Commands: protocol.SlashOptions})
	say := func(platform string, a protocol.Action) string {
		resp, err := host.Handle(context.Background(), protocol.Request{Where: protocol.Location{Platform: platform, Community: "c", Channel: "x"},
			Who: protocol.User{ID: "ann", Name: "Ann"}, Action: a})
		if err != nil || len(resp.Deliveries) == 0 {
			t.Fatalf("%s %T: %v", platform, a, err)
		}
		v := resp.Deliveries[0].View
		return v.Title + "\n" + v.Text + "\n" + v.Footer
	}
	if s := say("screen", protocol.Status{}); !strings.Contains(s, "`new`") || strings.Contains(s, "/sushigo") {
		t.Errorf("a terminal's status names commands as typed:\n%s", s)
	}
	if s := say("chat", protocol.Help{}); !strings.Contains(s, "/sushigo new` — open a lobby. Options: `game:`") {
		t.Errorf("a platform with typed options gets their help:\n%s", s)
	}
	if s := say("unknown", protocol.Status{}); !strings.Contains(s, "`/sushigo new`") {
		t.Errorf("an undescribed platform is a chat with slash commands:\n%s", s)
	}
}
