package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/coder/websocket"
)

// reader is a page's reading: its clicks, taken as they come, and the
// end of its socket. Where there is a poller, no goroutine waits for the
// next click: the poller starts run when the socket has something to
// read, and run hands it back once nothing is left (settle). Elsewhere
// run reads on until the socket ends.
type reader struct {
	w   *Web
	c   *conn
	ws  *websocket.Conn
	br  *bufio.Reader // what ws reads through
	ctx context.Context
	end func()
	// clicks bounds the page's clicks a second (Config.Clicks).
	clicks *limiter
	// watch is the socket's place in the poller; nil: run reads on.
	watch    *watch
	stopKick func() bool // undoes the kick at ctx's end
}

// run reads and takes what the page sent until nothing is left to read
// (in the poller) or the socket ends.
func (r *reader) run() {
	for {
		_, data, err := r.ws.Read(r.ctx)
		if err == nil {
			err = r.take(data)
		}
		if err != nil {
			r.finish(err)
			return
		}
		if r.watch != nil && r.settle() {
			return
		}
	}
}

// settle hands the socket back to the poller unless something is there to
// be read already (a click buffered behind the last, or the socket's
// end), and reports whether it went back: if not, the caller reads on.
func (r *reader) settle() bool {
	return r.br.Buffered() == 0 && r.ctx.Err() == nil && r.w.poll.arm(r.watch)
}

// take hands a frame the page sent to the host, if it is a click.
func (r *reader) take(data []byte) error {
	if !r.clicks.Allow(time.Now()) {
		return errTooMuch
	}
	var a act
	if err := json.Unmarshal(data, &a); err != nil || a.T != "act" {
		return nil // not a click: nothing to do
	}
	r.w.click(r.ctx, r.c, a)
	return nil
}

// finish ends the socket, after why its reading ended: the page went, the
// server is closing, or the page sent too much.
func (r *reader) finish(why error) {
	if r.watch != nil {
		r.stopKick()
		r.w.poll.remove(r.watch) // before the socket closes
	}
	defer r.end()
	defer r.w.hub.leave(r.c.pass.where().Key(), r.c)
	r.c.stop()
	if errors.Is(why, errTooMuch) {
		r.w.refuse(r.ctx, r.ws, why, r.c.lang)
		return
	}
	r.ws.Close(websocket.StatusNormalClosure, "")
}
