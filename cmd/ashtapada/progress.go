package main

// The progress bar of --progress auto|always|never: games read, games per
// second, bytes read of the total, and an ETA, redrawn on standard error.
// `auto` shows it only when standard error is a terminal, so pipes, CI logs
// and redirections never see it.
//
// Bytes are counted as read from the files themselves (compressed bytes for
// .gz/.bz2/.zst), so that the ETA is the remaining share of the file sizes
// at the current speed. With standard input the total is unknown unless it
// is a redirected regular file; then there is no ETA.
//
// A small writer of our own rather than a library: it is one line of text,
// and it must cooperate with the report when both go to one terminal (see
// terminalShare).

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ashtapada/ashtapada/source"
	"golang.org/x/term"
)

// progressEnabled decides --progress: auto means standard error is a
// terminal.
func progressEnabled(mode string, stderr io.Writer) (bool, error) {
	return triState("progress", mode, func() bool { return isTerminal(stderr) })
}

// inputSize is the total size in bytes of the inputs, and false when one of
// them has no known size (a pipe on standard input).
func inputSize(args []string) (int64, bool) {
	files, err := source.Expand(args, io.Discard)
	if err != nil {
		// validate reports the error itself when it reads the inputs.
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

// progress is the state of one bar. Counters are atomic: the reader adds
// bytes, the writer adds games, the ticker draws.
type progress struct {
	out   io.Writer
	total int64 // 0: unknown
	width int
	start time.Time
	now   func() time.Time

	bytes atomic.Int64
	games atomic.Int64

	unregister func() // removes the interrupt cleanup (atInterrupt)

	mu sync.Mutex
	// shown: the bar is on the screen (the cursor is at its end).
	shown bool
	// midLine: the report left the terminal in the middle of a line; the
	// bar waits, since drawing would overwrite that text.
	midLine bool
	stop    chan struct{}
	done    chan struct{}
}

// newProgress returns a bar drawing to out, for total bytes (0 unknown).
// The width is out's terminal width when it is one, else 80.
func newProgress(out io.Writer, total int64) *progress {
	width := 80
	if f := fileOf(out); f != nil {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 20 {
			width = w
		}
	}
	return &progress{out: out, total: total, width: width, start: time.Now(), now: time.Now}
}

// Start redraws the bar every interval until Stop.
func (p *progress) Start(interval time.Duration) {
	p.stop = make(chan struct{})
	p.done = make(chan struct{})
	// Interrupted: the bar is erased before the process exits.
	p.unregister = atInterrupt(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.clearLocked()
	})
	// Drawn at once, so that even a run shorter than one interval shows
	// (and then erases) its bar: the user sees that --progress took effect.
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
func (p *progress) Stop() {
	if p.unregister != nil {
		p.unregister()
		p.unregister = nil
	}
	if p.stop != nil {
		close(p.stop)
		<-p.done
		p.stop = nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

// AddGame counts one game written.
func (p *progress) AddGame() { p.games.Add(1) }

// Counter is what input readers add their bytes to.
func (p *progress) Counter() *atomic.Int64 { return &p.bytes }

func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.midLine {
		return
	}
	line := p.render(p.now().Sub(p.start))
	fmt.Fprint(p.out, "\r"+line+"\x1b[K")
	p.shown = true
}

func (p *progress) clearLocked() {
	if p.shown {
		fmt.Fprint(p.out, "\r\x1b[K")
		p.shown = false
	}
}

// render is the bar's text after elapsed time, fitted to the width: the
// counts first, the bar itself only when there is room.
func (p *progress) render(elapsed time.Duration) string {
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

// terminalShare is the report's writer when the report and the bar go to
// the same terminal: before report text is written the bar is erased, and
// the bar is drawn again only when the report has ended its line, so the
// two never overwrite each other.
type terminalShare struct {
	p *progress
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
