// Package record holds how a game's record is kept, apart from what a
// game does: its stored bytes (packed), the decoded copies a replica
// keeps of the games it read or stored last, and the lock that lets one
// change to a game run at a time on a replica. It knows nothing of the
// game: the host (package bot) gives it bytes and its own decoded values.
package record
