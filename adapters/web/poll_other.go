//go:build !linux

package web

import (
	"errors"
	"net"
)

// Without epoll, each page's reading waits on a goroutine of its own
// (poll_linux.go says what the poller saves).

type poller struct{}

type watch struct{}

func newPoller() (*poller, error) { return nil, errors.ErrUnsupported }

func (p *poller) close() {}

func (p *poller) add(net.Conn, func()) *watch { return nil }

func (p *poller) arm(*watch) bool { return false }

func (p *poller) kick(*watch) {}

func (p *poller) remove(*watch) {}
