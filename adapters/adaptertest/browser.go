package adaptertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium is the browser the web tests drive: required in CI, where
// .ci/run installs it; elsewhere the test says how to get it and skips.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is required in CI (apt-get install chromium)")
	}
	t.Skip("no chromium: apt-get install chromium to run the browser tests")
	return ""
}

// Browser starts a headless chromium at a window of width × height (a
// phone's, with touch and a mobile viewport, below 500 px) and returns
// its context, which ends with the test or after limit.
func Browser(t testing.TB, width, height int, limit time.Duration) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(Chromium(t)), chromedp.NoSandbox,
		chromedp.WindowSize(width, height), chromedp.Flag("lang", "en-US"))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	bctx, cancel = context.WithTimeout(bctx, limit)
	t.Cleanup(cancel)
	// A headless window is never narrower than 500 px: a phone is emulated.
	view := chromedp.EmulateViewport(int64(width), int64(height))
	if width < 500 {
		view = chromedp.EmulateViewport(int64(width), int64(height), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))
	}
	if err := chromedp.Do(bctx, view); err != nil {
		t.Fatal(err)
	}
	return bctx
}

// TryClick clicks what sel finds (in frame, when set: an iframe's
// document), within a few seconds; false when it found nothing to click
// (the page was drawn anew meanwhile).
func TryClick(t testing.TB, ctx context.Context, sel string, in ...chromedp.QueryOption) bool {
	t.Helper()
	// Not shorter: on a busy machine a click can take seconds to go
	// through, and one cut short is counted as not made when it was.
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	err := chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel), append([]chromedp.QueryOption{chromedp.NodeVisible}, in...)...))
	if err != nil && ctx.Err() != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
	return err == nil
}

// Shot takes a screenshot of the whole page once doc (as for Still) has
// stopped moving; with keep it is written to file, for people to look at.
func Shot(t testing.TB, ctx context.Context, doc, file string, keep bool) {
	t.Helper()
	Still(t, ctx, doc)
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 1000 {
		t.Fatalf("screenshot %s: %d bytes", file, len(png))
	}
	if keep {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Still waits until the document (doc, a JavaScript expression: "document",
// or an iframe's contentDocument) plays no animation: a click is aimed at
// where a card is, and a card sliding in (the pass) is elsewhere by the
// time the click lands.
func Still(t testing.TB, ctx context.Context, doc string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](doc+".getAnimations().length === 0", chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("the page never stopped moving: %v", err)
	}
}
