package adaptertest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/protocol"
)

// WebLink finds a web table's link (…/t/#token) in a chat message's text.
var WebLink = regexp.MustCompile(`http://[^\s|>"\\]+/t/#[A-Za-z0-9._-]+`)

// WebPage is a web table's page as a chat adapter's test opens it from
// its link: a socket that said hello and reads the pages it is sent.
type WebPage struct {
	t  testing.TB
	ws *websocket.Conn
}

// OpenWebPage opens the page of link on the web table served at server
// (an httptest server's URL) under path ("/t/").
func OpenWebPage(t testing.TB, server, path, link string) *WebPage {
	t.Helper()
	ctx := context.Background()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(server, "http")+path+"ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	hello, _ := json.Marshal(map[string]string{"t": "hello", "link": link[strings.Index(link, "#")+1:]})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	return &WebPage{t: t, ws: ws}
}

// Next is the next page ok accepts, read within 10 s.
func (p *WebPage) Next(what string, ok func(protocol.Page) bool) protocol.Page {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := p.ws.Read(ctx)
		if err != nil {
			p.t.Fatalf("waiting for %s: %v", what, err)
		}
		var f struct {
			T    string         `json:"t"`
			Page *protocol.Page `json:"page"`
		}
		if json.Unmarshal(data, &f) == nil && f.T == "page" && ok(*f.Page) {
			return *f.Page
		}
	}
}

// Press sends the button with action ID id, as the page's person.
func (p *WebPage) Press(id string) {
	p.t.Helper()
	act, _ := json.Marshal(map[string]string{"t": "act", "id": id})
	if err := p.ws.Write(context.Background(), websocket.MessageText, act); err != nil {
		p.t.Fatal(err)
	}
}

// Route is another page a test server serves beside a web table: on the
// same origin, as a Discord client's page framing the table.
type Route struct {
	Path    string
	Handler http.Handler
}

// ServeWebTable serves a web table of host's games on a test server, at
// path ("/t/"), with routes beside it, and closes both when the test
// ends. cfg's Secret, when empty, is a test's; its Base is the server's
// address and path.
func ServeWebTable(t testing.TB, host web.Host, marks web.Marks, path string, cfg web.Config, routes ...Route) (table *web.Web, server string) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	if cfg.Secret == nil {
		cfg.Secret = []byte(strings.Repeat("t", 32))
	}
	cfg.Base = "http://" + srv.Listener.Addr().String() + path
	table, err := web.New(host, marks, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(path, table)
	for _, r := range routes {
		mux.Handle(r.Path, r.Handler)
	}
	srv.Config.Handler = mux
	srv.Start()
	t.Cleanup(func() { srv.Close(); table.Close() })
	return table, srv.URL
}
