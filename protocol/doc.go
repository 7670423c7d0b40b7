// Package protocol is what a front end and the host say to each other: a
// Request (where, who, which Action) in, a Response of Deliveries out, each
// a View for an Audience. It also holds what both sides must agree on to
// read each other: the action IDs buttons carry, the typed commands, how a
// platform spells a command, and the row that describes a platform to the
// host. It knows nothing of the host's games, storage or any chat
// platform, so an adapter imports it rather than the host.
package protocol
