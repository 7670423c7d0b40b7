//go:build unix

package web

import (
	"net"
	"os"
	"syscall"
)

// newSender makes nc's writer that never waits, or returns nil if nc is
// not a socket of the system's (its writes then wait on a goroutine of
// their own, as on other systems).
func newSender(nc net.Conn) *sender {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return &sender{nc: nc, now: func(p []byte) (int, error) { return writeNow(rc, p) }}
}

// writeNow writes what the kernel's buffer for rc takes of p now, without
// waiting for room.
func writeNow(rc syscall.RawConn, p []byte) (int, error) {
	var (
		n    int
		werr error
	)
	err := rc.Write(func(fd uintptr) bool {
		for n < len(p) {
			m, err := syscall.Write(int(fd), p[n:])
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN:
				return true // full: the rest waits
			case err != nil:
				werr = os.NewSyscallError("write", err)
				return true
			case m <= 0:
				return true // nothing taken: the rest waits
			}
			n += m
		}
		return true
	})
	if err == nil {
		err = werr
	}
	return n, err
}
