package adaptertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
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
// It is taken with the page's own reduced-motion rule in force: a frame
// that arrives between the check and the capture is then drawn where it
// comes to rest, not caught halfway through its slide (as two committed
// screenshots once were).
func Shot(t testing.TB, ctx context.Context, doc, file string, keep bool) {
	t.Helper()
	atRest(t, ctx, doc, true)
	defer atRest(t, ctx, doc, false)
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

// atRest turns the emulated prefers-reduced-motion on or off and checks
// that doc (an iframe's document too) sees it.
func atRest(t testing.TB, ctx context.Context, doc string, on bool) {
	t.Helper()
	var p emulation.SetEmulatedMediaParams // no features: the override ends
	if on {
		p.Features = []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	}
	set := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, p)
		return err
	})
	if err := chromedp.Do(ctx, set); err != nil {
		t.Fatalf("reduced motion %v: %v", on, err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[bool](doc+`.defaultView.matchMedia("(prefers-reduced-motion: reduce)").matches`))
	if err != nil {
		t.Fatalf("reduced motion %v: %v", on, err)
	}
	if got != on {
		t.Fatalf("reduced motion set to %v, the page sees %v", on, got)
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
