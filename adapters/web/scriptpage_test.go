package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sushigo/sushigo/adapters/web"
)

// scriptPage serves a test's own page (html at /) and its data (json at
// /data.json) beside the web table's files (scripts, style, the cards'
// sprite) as they ship, so that the test draws with the page's own
// scripts. No game is played: the table needs no host. It returns the
// page's address.
func scriptPage(t *testing.T, html string, json []byte) string {
	t.Helper()
	table, err := web.New(nil, nil, web.Config{Secret: []byte(strings.Repeat("k", 32))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(table.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			rw.Header().Set("Content-Type", "text/html; charset=utf-8")
			rw.Write([]byte(html))
		case "/data.json":
			rw.Write(json)
		default:
			table.ServeHTTP(rw, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// openDrawn opens url and waits until its script has drawn what it
// draws (it sets data-ready on the body).
func openDrawn(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.ready === "1"`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the page was never drawn: %v", err)
	}
}
