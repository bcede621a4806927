// Package progress draws the progress bar of a long run on a terminal:
// games written, games per second, bytes read of the total, and an ETA,
// redrawn on one line of standard error.
//
// It owns the bar's line: what it says, fitted to the terminal's width;
// when it is drawn and erased; and how it shares a terminal with a report
// written to the same screen (Share). It leaves to the caller whether
// there is a bar at all (a command shows it only when standard error is
// a terminal, so pipes, CI logs and redirections never see it), counting
// (the readers of the inputs add the bytes they read to Counter, the
// writer of the results calls AddGame), and signals: a caller that can be
// interrupted registers Erase with its own handler.
//
// Bytes are counted as read from the files themselves (compressed bytes
// for .gz/.bz2/.zst), so that the ETA is the remaining share of the file
// sizes at the current speed (InputSize). With standard input the total
// is unknown unless it is a redirected regular file; then there is no
// ETA.
//
// A small writer of its own rather than a library: it is one line of
// text, and it must cooperate with the report when both go to one
// terminal.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ashtapada/ashtapada/source"
)

// InputSize is the total size in bytes of the inputs named as a command
// line names them (files, directories, "-"), and false when one of them
// has no known size (a pipe on standard input).
func InputSize(args []string) (int64, bool) {
	files, err := source.Expand(args, io.Discard)
	if err != nil {
		// The run reports the error itself when it reads the inputs.
		return 0, false
	}
	var total int64
	known := true
	for _, f := range files {
		var fi os.FileInfo
		if f == "-" {
			fi, err = os.Stdin.Stat()
		} else {
			fi, err = os.Stat(f)
		}
		if err != nil || !fi.Mode().IsRegular() {
			known = false
			continue
		}
		total += fi.Size()
	}
	return total, known
}

// Bar is the state of one bar. Counters are atomic: the readers add
// bytes, the writer adds games, the ticker draws.
type Bar struct {
	out   io.Writer
	total int64 // 0: unknown
	width int
	start time.Time
	now   func() time.Time

	bytes atomic.Int64
	games atomic.Int64

	mu sync.Mutex
	// shown: the bar is on the screen (the cursor is at its end).
	shown bool
	// midLine: the report left the terminal in the middle of a line; the
	// bar waits, since drawing would overwrite that text.
	midLine bool
	stop    chan struct{}
	done    chan struct{}
}

// New returns a bar drawing to out, for total bytes (0: unknown), as wide
// as width columns: the terminal's, or 0 when it is unknown (80 then; a
// terminal narrower than 21 columns is taken for one of unknown width).
func New(out io.Writer, total int64, width int) *Bar {
	if width <= 20 {
		width = 80
	}
	return &Bar{out: out, total: total, width: width, start: time.Now(), now: time.Now}
}

// Start draws the bar, and redraws it every interval until Stop.
func (p *Bar) Start(interval time.Duration) {
	p.stop = make(chan struct{})
	p.done = make(chan struct{})
	// Drawn at once, so that even a run shorter than one interval shows
	// (and then erases) its bar: the user sees that the bar was asked for.
	p.draw()
	go func() {
		defer close(p.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
}

// Stop ends the redraws and erases the bar, so that what follows on the
// terminal (the summary, the shell prompt) starts on a clean line.
func (p *Bar) Stop() {
	if p.stop != nil {
		close(p.stop)
		<-p.done
		p.stop = nil
	}
	p.Erase()
}

// Erase takes the bar off the screen; the next redraw puts it back. It
// is safe to call at any time, from any goroutine: an interrupted run
// calls it before the process exits.
func (p *Bar) Erase() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

// AddGame counts one game written.
func (p *Bar) AddGame() { p.games.Add(1) }

// Counter is what input readers add their bytes to.
func (p *Bar) Counter() *atomic.Int64 { return &p.bytes }

func (p *Bar) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.midLine {
		return
	}
	line := p.render(p.now().Sub(p.start))
	fmt.Fprint(p.out, "\r"+line+"\x1b[K")
	p.shown = true
}

func (p *Bar) clearLocked() {
	if p.shown {
		fmt.Fprint(p.out, "\r\x1b[K")
		p.shown = false
	}
}

// render is the bar's text after elapsed time, fitted to the width: the
// counts first, the bar itself only when there is room.
func (p *Bar) render(elapsed time.Duration) string {
	games := p.games.Load()
	read := p.bytes.Load()
	secs := elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(games) / secs
	}
	parts := []string{
		fmt.Sprintf("%s games", groupDigits(games)),
		fmt.Sprintf("%s games/s", groupDigits(int64(rate+0.5))),
	}
	frac := -1.0
	if p.total > 0 {
		if read > p.total {
			read = p.total
		}
		frac = float64(read) / float64(p.total)
		parts = append(parts, fmt.Sprintf("%s / %s", byteSize(read), byteSize(p.total)))
		if read > 0 && secs > 0.5 {
			remaining := time.Duration(float64(elapsed) * (float64(p.total-read) / float64(read)))
			parts = append(parts, "ETA "+clock(remaining))
		} else {
			parts = append(parts, "ETA --:--")
		}
	} else {
		parts = append(parts, byteSize(read)+" read")
	}
	text := strings.Join(parts, "  ")
	if frac < 0 {
		return fit(text, p.width-1)
	}
	pct := fmt.Sprintf(" %3.0f%%", frac*100)
	barWidth := p.width - 1 - len(text) - len(pct) - 4
	if barWidth < 10 {
		return fit(text+pct, p.width-1)
	}
	if barWidth > 40 {
		barWidth = 40
	}
	filled := int(frac * float64(barWidth))
	bar := strings.Repeat("=", filled)
	if filled < barWidth {
		bar += ">" + strings.Repeat(" ", barWidth-filled-1)
	}
	return "[" + bar + "]" + pct + "  " + text
}

func fit(s string, w int) string {
	if w > 0 && len(s) > w {
		return s[:w]
	}
	return s
}

// groupDigits writes n with thousands separators: 1,234,567.
func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// byteSize is a size for people: 512 B, 12.3 kB, 75.0 MB (SI units, as
// ls -h --si and most download bars).
func byteSize(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "kMGTP"[exp])
}

// clock is a duration as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Share returns the writer a report (or a diagnostic) writes to when it
// goes to the terminal the bar is on: before its text is written the bar
// is erased, and the bar is drawn again only when that text has ended its
// line, so the two never overwrite each other.
func (p *Bar) Share(w io.Writer) io.Writer { return &terminalShare{p: p, w: w} }

type terminalShare struct {
	p *Bar
	w io.Writer
}

func (t *terminalShare) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	t.p.mu.Lock()
	defer t.p.mu.Unlock()
	t.p.clearLocked()
	n, err := t.w.Write(b)
	t.p.midLine = b[len(b)-1] != '\n'
	return n, err
}
