//go:build !unix

package web

import "net"

// Without a way to write without waiting, each page's writes wait on a
// goroutine of their own (sends.go says what the sender saves).
func newSender(net.Conn) *sender { return nil }
