package bot

import (
	"context"
	"maps"
	"sync"
	"sync/atomic"
)

// Platform is a chat platform, or the terminal, as the host sees it: what
// its players can do and how its messages leave. Each adapter describes
// its own and adds it to the host under the name its requests carry
// in Location.Platform; the host asks the row and never compares names. A
// platform nobody registered is a chat with slash commands whose messages
// go back in each Response.
type Platform struct {
	// Terminal says one person plays at a screen: they type answers where
	// a prompt is, nobody is pinged, there is no thread, and the hand is
	// on the screen rather than behind Show my hand.
	Terminal bool
	// Commands is how the host's commands are written there.
	Commands CommandStyle
	// Hands is the default hand route of its new games (ephemeral).
	Hands HandsVia
	// Sender makes its posts and edits durable (outbox.go); without one
	// they go back in the Response.
	Sender Sender
	// Redo handles again a request its adapter parked and no replica
	// finished (redo.go).
	Redo func(ctx context.Context, id string, payload []byte) error
	// Home publishes a player's home page when one of their games ends
	// (Slack's App Home).
	Home HomePublisher
}

// CommandStyle is how a platform spells the host's commands, which the
// host writes as the terminal types them, in backticks: "`new party`".
type CommandStyle uint8

const (
	// Slash: "`/sushigo new party`".
	Slash CommandStyle = iota
	// SlashOptions: a slash command whose arguments are typed options,
	// "`/sushigo new game:party`" (Discord).
	SlashOptions
	// Typed: as written; the terminal's line mode reads it.
	Typed
	// CommandLine: the shell's command outside any game, "`sushigo play
	// --party`".
	CommandLine
)

// platforms holds the registered rows, read on every request: a copy is
// swapped in whole by AddPlatform, at start-up.
type platforms struct {
	mu   sync.Mutex // serialises AddPlatform
	rows atomic.Pointer[map[string]Platform]
}

// AddPlatform describes platform name to the host; an adapter calls it once
// as it is made, before it passes the host any request.
func (b *Bot) AddPlatform(name string, p Platform) {
	b.plats.mu.Lock()
	defer b.plats.mu.Unlock()
	rows := map[string]Platform{}
	if old := b.plats.rows.Load(); old != nil {
		rows = maps.Clone(*old)
	}
	rows[name] = p
	b.plats.rows.Store(&rows)
}

// platform is the row of the platform named name.
func (b *Bot) platform(name string) Platform {
	if rows := b.plats.rows.Load(); rows != nil {
		return (*rows)[name]
	}
	return Platform{}
}
