package main

// The HTML pages as a reader sees them: a real Chromium opens what the
// built binary wrote, steps through every ply of the viewer and compares
// the men it shows with the FEN the replay gives (`convert --to fen`), and
// opens the validate report with JavaScript on and off.
//
// The browser is Debian's chromium (.ci/run installs it); where none can be
// found the tests skip with a message. ASHTAPADA_SCREENSHOTS=DIR also saves
// the screenshots that docs/ shows.

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/ashtapada/ashtapada/internal/browsertest"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

func fileURL(t *testing.T, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return "file://" + abs
}

// shown is what the viewer shows of one game: the visible figure's ply
// and the men drawn in it.
type shown struct {
	Visible int               `json:"visible"`
	Ply     int               `json:"ply"`
	FEN     string            `json:"fen"`
	Men     map[string]string `json:"men"`
}

const shownJS = `(function(i){
var s=document.querySelectorAll('section.game')[i];
var figs=Array.prototype.filter.call(s.querySelectorAll('figure.ply'),function(f){return getComputedStyle(f).display!=='none';});
var r={visible:figs.length,ply:-1,fen:'',men:{}};
if(figs.length!==1)return r;
var f=figs[0];r.ply=+f.dataset.ply;r.fen=f.dataset.fen;
f.querySelectorAll('[data-sq]').forEach(function(u){r.men[u.dataset.sq]=u.dataset.man;});
return r;})(%d)`

func TestViewerInBrowser(t *testing.T) {
	testenv.Long(t, "a headless browser")
	t.Parallel()
	ctx := browsertest.Start(t, true)
	dir := t.TempDir()
	for _, tc := range []struct{ name, file string }{
		{"chaturanga", "../../corpus/chaturanga/showcase.pgn"},
		{"andhra", "../../corpus/andhra/valid.pgn"},
		{"fide", "../../corpus/fide/showcase.pgn"},
		{"shatranj", "../../corpus/shatranj/showcase.pgn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := filepath.Join(dir, tc.name+".html")
			if _, stderr, code := runAsh(t, "", "", "convert", "--to", "html", "-o", page, tc.file); code != 0 {
				t.Fatalf("convert --to html: exit %d: %s", code, stderr)
			}
			fens, stderr, code := runAsh(t, "", "", "convert", "--to", "fen", tc.file)
			if code != 0 {
				t.Fatalf("convert --to fen: exit %d: %s", code, stderr)
			}
			want := browsertest.FENRows(t, fens)
			if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(t, page))); err != nil {
				t.Fatal(err)
			}
			games := browsertest.Eval[int](t, ctx, `document.querySelectorAll('section.game').length`)
			if games != len(want) || games == 0 {
				t.Fatalf("the page has %d games, convert --to fen %d", games, len(want))
			}
			plies := 0
			for gi := 0; gi < games; gi++ {
				rows := want[gi+1]
				sel := fmt.Sprintf(`section.game:nth-of-type(%d) `, gi+1)
				// Home, then one step forward at a time, as a reader does.
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+`nav button[data-go="first"]`))); err != nil {
					t.Fatalf("game %d: %v", gi+1, err)
				}
				for ply := 0; ply < len(rows); ply++ {
					if ply > 0 {
						if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+`nav button[data-go="next"]`))); err != nil {
							t.Fatalf("game %d ply %d: %v", gi+1, ply, err)
						}
					}
					s := browsertest.Eval[shown](t, ctx, fmt.Sprintf(shownJS, gi))
					if s.Visible != 1 || s.Ply != ply {
						t.Fatalf("game %d: after %d steps the page shows %d diagrams, ply %d", gi+1, ply, s.Visible, s.Ply)
					}
					if s.FEN != rows[ply] {
						t.Errorf("game %d ply %d: the page's FEN %q, the replay's %q", gi+1, ply, s.FEN, rows[ply])
					}
					if got, exp := s.Men, browsertest.PlacementOf(t, rows[ply]); !maps.Equal(got, exp) {
						t.Errorf("game %d ply %d: the diagram shows %v, the replay's position has %v", gi+1, ply, got, exp)
					}
					plies++
				}
				// A click on a move shows its position.
				if len(rows) > 2 {
					if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+`button.mv[data-ply="2"]`))); err != nil {
						t.Fatal(err)
					}
					s := browsertest.Eval[shown](t, ctx, fmt.Sprintf(shownJS, gi))
					if s.Ply != 2 || !maps.Equal(s.Men, browsertest.PlacementOf(t, rows[2])) {
						t.Errorf("game %d: a click on ply 2's move shows ply %d", gi+1, s.Ply)
					}
				}
			}
			t.Logf("%d games, %d plies compared with the replay", games, plies)
			if plies < 10 {
				t.Errorf("only %d plies checked", plies)
			}
			// The keyboard: End shows the last position of the first game.
			if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`section.game`)), chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatal(err)
			}
			s := browsertest.Eval[shown](t, ctx, fmt.Sprintf(shownJS, 0))
			if s.Ply != 1 {
				t.Errorf("Home then the right arrow show ply %d, want 1", s.Ply)
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.End)); err != nil {
				t.Fatal(err)
			}
			if s := browsertest.Eval[shown](t, ctx, fmt.Sprintf(shownJS, 0)); s.Ply != len(want[1])-1 {
				t.Errorf("End shows ply %d, want the last, %d", s.Ply, len(want[1])-1)
			}
			browsertest.Screenshot(t, ctx, "viewer-"+tc.name+".png")
		})
	}
}

func TestReportInBrowser(t *testing.T) {
	testenv.Long(t, "a headless browser")
	t.Parallel()
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	html, stderr, code := runAsh(t, "", "", "validate", "--format", "html", "../../corpus/")
	if code != 1 {
		t.Fatalf("validate --format html corpus/: exit %d, want 1 (the corpus breaks rules on purpose): %s", code, stderr)
	}
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl, _, _ := runAsh(t, "", "", "validate", "--format", "jsonl", "../../corpus/")
	findings, byRule := 0, map[string]int{}
	for _, line := range strings.Split(jsonl, "\n") {
		var f struct{ Kind, Rule string }
		if json.Unmarshal([]byte(line), &f) == nil && f.Kind == "finding" {
			findings++
			byRule[f.Rule]++
		}
	}
	if findings == 0 {
		t.Fatal("the corpus gave no findings")
	}
	count := `(function(){var a=document.querySelectorAll('article.finding');var v=0;a.forEach(function(e){if(getComputedStyle(e).display!=='none')v++;});return [a.length,v,document.getElementById('controls').hidden?1:0];})()`
	t.Run("without JavaScript", func(t *testing.T) {
		ctx := browsertest.Start(t, false)
		if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(t, page))); err != nil {
			t.Fatal(err)
		}
		n := browsertest.Eval[[]int](t, ctx, count)
		// Evaluate runs even with page scripts off: it is the test's own.
		if n[0] != findings || n[1] != findings {
			t.Errorf("the report holds %d findings and shows %d; validate --format jsonl gives %d", n[0], n[1], findings)
		}
		if n[2] != 1 {
			t.Error("the filter controls show without JavaScript, where they cannot work")
		}
	})
	t.Run("with JavaScript", func(t *testing.T) {
		ctx := browsertest.Start(t, true)
		if err := chromedp.Do(ctx, chromedp.Navigate(fileURL(t, page))); err != nil {
			t.Fatal(err)
		}
		n := browsertest.Eval[[]int](t, ctx, count)
		if n[2] != 0 {
			t.Error("the filter controls stay hidden with JavaScript")
		}
		browsertest.Screenshot(t, ctx, "report.png")
		rule := "compound-turn"
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#f-rule`), rule)); err != nil {
			t.Fatal(err)
		}
		browsertest.Eval[bool](t, ctx, `document.getElementById('f-rule').dispatchEvent(new Event('change',{bubbles:true}))`)
		n = browsertest.Eval[[]int](t, ctx, count)
		if n[1] != byRule[rule] || n[1] == 0 {
			t.Errorf("filtered by %s the report shows %d findings, want %d", rule, n[1], byRule[rule])
		}
		browsertest.Eval[bool](t, ctx, `(function(){document.getElementById('errors').scrollIntoView();return true;})()`)
		browsertest.Screenshot(t, ctx, "report-findings.png")
	})
}

// TestSVGRendersAlike: a diagram rendered by librsvg (rsvg-convert, what a
// document pipeline uses) and by the browser is the same picture: the
// pixels differ by little on average (text antialiasing and font hinting
// differ between the two, shapes and colours must not).
func TestSVGRendersAlike(t *testing.T) {
	t.Parallel()
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("no rsvg-convert on this machine (apt-get install librsvg2-bin): the rendering comparison is skipped")
	}
	ctx := browsertest.Start(t, true)
	dir := t.TempDir()
	for _, tc := range []struct{ name, file, game string }{
		{"fide", "../../corpus/fide/showcase.pgn", "2"},
		{"shatranj", "../../corpus/shatranj/showcase.pgn", "1"},
		{"andhra", "../../corpus/andhra/promotion.pgn", "1"},
		{"hindustani", "../../corpus/rules/king-leap-unavailable.pgn", "2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svg := filepath.Join(dir, tc.name+".svg")
			if _, stderr, code := runAsh(t, "", "", "show", "--game", tc.game, "--svg", svg, tc.file); code > 1 {
				t.Fatalf("show --svg: exit %d: %s", code, stderr)
			}
			pngLib := filepath.Join(dir, tc.name+"-rsvg.png")
			if out, err := exec.Command(rsvg, "-o", pngLib, svg).CombinedOutput(); err != nil {
				t.Fatalf("rsvg-convert: %v: %s", err, out)
			}
			lib := decodePNG(t, pngLib)
			w, h := lib.Bounds().Dx(), lib.Bounds().Dy()
			page := filepath.Join(dir, tc.name+".html")
			html := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0;background:#fff"><img src="%s" width="%d" height="%d" style="display:block"></body></html>`, filepath.Base(svg), w, h)
			if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h)), chromedp.Navigate(fileURL(t, page))); err != nil {
				t.Fatal(err)
			}
			shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			pngBrowser := filepath.Join(dir, tc.name+"-browser.png")
			if err := os.WriteFile(pngBrowser, shot, 0o644); err != nil {
				t.Fatal(err)
			}
			brw := decodePNG(t, pngBrowser)
			if brw.Bounds().Dx() != w || brw.Bounds().Dy() != h {
				t.Fatalf("the browser's picture is %v, librsvg's %dx%d", brw.Bounds(), w, h)
			}
			diff, far := imageDiff(lib, brw)
			t.Logf("%s: mean difference %.2f%% of full scale; %.2f%% of pixels differ by more than a quarter", tc.name, 100*diff, 100*far)
			if diff > 0.03 || far > 0.03 {
				t.Errorf("%s: librsvg and the browser draw different pictures (mean difference %.1f%%, %.1f%% of pixels far apart)", tc.name, 100*diff, 100*far)
			}
		})
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// imageDiff is the mean absolute difference of two pictures of one size
// (0 to 1, over the three colour channels) and the share of pixels whose
// difference exceeds a quarter of full scale.
func imageDiff(a, b image.Image) (mean, far float64) {
	r := a.Bounds()
	var sum float64
	n, farN := 0, 0
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			ar, ag, ab, _ := a.At(r.Min.X+x, r.Min.Y+y).RGBA()
			br, bg, bb, _ := b.At(b.Bounds().Min.X+x, b.Bounds().Min.Y+y).RGBA()
			d := (absDiff(ar, br) + absDiff(ag, bg) + absDiff(ab, bb)) / (3 * 65535)
			sum += d
			if d > 0.25 {
				farN++
			}
			n++
		}
	}
	return sum / float64(n), float64(farN) / float64(n)
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
