package web

import (
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"syscall"
	"time"
)

// The poller tells which open pages have something to read, so that a
// page waiting for its reader's next click holds no goroutine: ten
// thousand readers parked in a read were a third of what the collector
// marked at every cycle, their stacks (docs/web.md). Each socket is in
// one epoll set, armed for one event at a time (EPOLLONESHOT): the event
// starts a goroutine that reads what came and arms the socket again once
// nothing is left. The set's own descriptor waits in Go's netpoller, so
// no thread is held either.

// interest is what a socket is watched for: something to read, or the
// other end gone (errors and hang-ups come unasked).
const interest = syscall.EPOLLIN | syscall.EPOLLRDHUP | syscall.EPOLLONESHOT

// poller is an epoll set of sockets.
type poller struct {
	ep *os.File        // the set, in Go's netpoller
	rc syscall.RawConn // its descriptor's
	mu sync.Mutex
	// watches holds each socket by the number its events carry.
	watches map[uint64]*watch
	next    uint64
}

// watch is a socket in the set.
type watch struct {
	id uint64
	rc syscall.RawConn
	// armed is set while the socket waits for an event; whoever clears it
	// (an event, or kick) owns the socket's reading until arm.
	armed bool
	wake  func() // starts the socket's reading
}

func newPoller() (*poller, error) {
	fd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("web: create an epoll set: %w", err)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("web: an epoll set that does not block: %w", err)
	}
	ep := os.NewFile(uintptr(fd), "epoll")
	// A descriptor the netpoller would not take could only be waited on
	// by blocking a thread, and run would end at once: no poller then.
	if err := ep.SetReadDeadline(time.Time{}); err != nil {
		ep.Close()
		return nil, fmt.Errorf("web: an epoll set Go's netpoller does not take: %w", err)
	}
	rc, err := ep.SyscallConn()
	if err != nil {
		ep.Close()
		return nil, fmt.Errorf("web: the epoll set's descriptor: %w", err)
	}
	p := &poller{ep: ep, rc: rc, watches: map[uint64]*watch{}}
	go p.run()
	return p, nil
}

// close stops the poller; sockets still in it are the caller's to end
// (Web.Close ends them through their contexts).
func (p *poller) close() { p.ep.Close() }

// run starts the reading of each socket an event comes for, until the
// set is closed.
func (p *poller) run() {
	events := make([]syscall.EpollEvent, 128)
	for {
		err := p.rc.Read(func(fd uintptr) bool {
			n, err := syscall.EpollWait(int(fd), events, 0)
			if err != nil || n <= 0 {
				return false // nothing yet (or EINTR): wait for the set
			}
			for _, e := range events[:n] {
				p.fire(uint64(uint32(e.Fd)) | uint64(uint32(e.Pad))<<32)
			}
			return true // more may be ready: the next Read asks before it waits
		})
		if err != nil {
			return // closed
		}
	}
}

// add puts nc in the set, not yet armed; wake is what starts its reading.
// It returns nil for a connection it cannot watch (not a plain socket: a
// TLS connection may hold read bytes where epoll cannot see them).
func (p *poller) add(nc net.Conn, wake func()) *watch {
	switch nc.(type) {
	case *net.TCPConn, *net.UnixConn:
	default:
		return nil
	}
	rc, err := nc.(syscall.Conn).SyscallConn()
	if err != nil {
		return nil
	}
	p.mu.Lock()
	p.next++
	w := &watch{id: p.next, rc: rc, wake: wake}
	p.watches[w.id] = w
	p.mu.Unlock()
	// Added armed as far as epoll knows, but an event before the first
	// arm finds w unarmed and is dropped: arm asks again (level-triggered).
	if err := p.ctl(syscall.EPOLL_CTL_ADD, w); err != nil {
		p.remove(w)
		return nil
	}
	return w
}

// ctl applies op to w's socket in the set, while neither descriptor can
// be closed (and its number given to another).
func (p *poller) ctl(op int, w *watch) error {
	var setErr, opErr error
	err := w.rc.Control(func(fd uintptr) {
		setErr = p.rc.Control(func(ep uintptr) {
			e := syscall.EpollEvent{Events: interest, Fd: int32(uint32(w.id)), Pad: int32(uint32(w.id >> 32))}
			if op == syscall.EPOLL_CTL_DEL {
				e = syscall.EpollEvent{}
			}
			if err := syscall.EpollCtl(int(ep), op, int(fd), &e); err != nil {
				opErr = os.NewSyscallError("epoll_ctl", err)
			}
		})
	})
	return errors.Join(err, setErr, opErr)
}

// arm waits for w's next event. It reports false if w cannot wait (its
// socket closed): its owner reads on, and the read fails.
func (p *poller) arm(w *watch) bool {
	p.mu.Lock()
	w.armed = true
	p.mu.Unlock()
	if p.ctl(syscall.EPOLL_CTL_MOD, w) == nil {
		return true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !w.armed {
		return true // kicked meanwhile: that reading owns it now
	}
	w.armed = false
	return false
}

// fire starts the reading of the socket an event came for, if it waits.
func (p *poller) fire(id uint64) {
	p.mu.Lock()
	w := p.watches[id]
	p.mu.Unlock()
	if w != nil {
		p.kick(w)
	}
}

// kick starts w's reading if it waits: its page or the server is going,
// and the read says which.
func (p *poller) kick(w *watch) {
	p.mu.Lock()
	armed := w.armed
	w.armed = false
	p.mu.Unlock()
	if armed {
		go w.wake()
	}
}

// remove takes w out of the set, before its socket closes.
func (p *poller) remove(w *watch) {
	p.mu.Lock()
	delete(p.watches, w.id)
	w.armed = false
	p.mu.Unlock()
	_ = p.ctl(syscall.EPOLL_CTL_DEL, w) // a socket closed already left the set
}
