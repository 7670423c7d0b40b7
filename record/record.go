// Package record keeps the games' records and delivers what they owe,
// apart from what a game does. A Keeper loads a game (its packed bytes,
// decoded, with recent games kept decoded), runs a change on it under a
// per-game lock, stores it with compare-and-swap and announces it
// (Config.OnStored); the deliveries the change queued go out from its
// outbox (Queue), one sender per game across replicas under a renewed
// lease, each send recorded in the game's send log.
//
// It knows nothing of the game: the host (package bot) implements Host for
// its own decoded game, and the record's parts it keeps in that game
// (Parts) are changed only here. The host's code cannot reach the stored
// bytes: it is handed no store that reads or writes a game.
//
//	Update(ctx, key, requestID, fn)  load, fold the send log, fn, compare-and-swap, announce
//	Read(ctx, key)                   the game as it stands, for a look
//	Handoff(key, net)                send what a change queued, from this replica
//	Claimed(ctx, claim, key, now, done)  send for a claimed "out:" deadline
//	Drain(ctx, also)                 stop sending at the next boundary
package record
