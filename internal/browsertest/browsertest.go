// Package browsertest starts the headless Chromium that the browser tests
// drive (chromedp), and holds what they share: reading a value out of the
// page, saving a screenshot for docs/, and the replay's positions to
// compare a page's boards with (`convert --to fen`).
//
// The browser is Debian's chromium (.ci/run installs it); where none can be
// found the tests skip with a message. ASHTAPADA_SCREENSHOTS=DIR saves the
// screenshots that docs/ shows.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/ashtapada/ashtapada/rules"
)

// Chromium finds a browser, or skips.
func Chromium(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("ASHTAPADA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine (apt-get install chromium, or set ASHTAPADA_CHROMIUM): the browser tests are skipped")
	return ""
}

// Start starts a headless Chromium; script=false disables JavaScript.
func Start(t testing.TB, script bool) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1000),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	disable := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !script})
		return err
	})
	if err := chromedp.Do(ctx, disable); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// Eval runs a script of the test's own in the page and decodes its value.
func Eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating in the page: %v", err)
	}
	return v
}

// Screenshot saves a PNG of the page under ASHTAPADA_SCREENSHOTS.
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("ASHTAPADA_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// FENRows reads `convert --to fen` output: per game, the FEN after each
// ply (index 0: the start).
func FENRows(t testing.TB, out string) map[int][]string {
	t.Helper()
	games := map[int][]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			t.Fatalf("convert --to fen: unexpected line %q", line)
		}
		g, err1 := strconv.Atoi(f[0])
		ply, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || ply != len(games[g]) {
			t.Fatalf("convert --to fen: unexpected line %q", line)
		}
		games[g] = append(games[g], f[3])
	}
	return games
}

// PlacementOf is a FEN's board as square name -> FEN letter.
func PlacementOf(t testing.TB, fen string) map[string]string {
	t.Helper()
	board, err := rules.ParsePlacement(strings.Fields(fen)[0])
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	out := map[string]string{}
	for sq, c := range board {
		if c != 0 {
			out[rules.Square(sq).String()] = string(c)
		}
	}
	return out
}
