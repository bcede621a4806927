package report

// Report writers for `validate` (docs/cli.md, "Findings"; docs/ci.md,
// "Report formats"). Each format is one Writer registered by name, so
// that new formats (sarif, github, junit) plug in without touching the
// command: Register from an init function in their own file.

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ashtapada/ashtapada/replay"
)

// Writer writes validate's results. Game is called once per game in
// input order; Close once at the end, with the tally when --summary asked
// for one (nil otherwise).
type Writer interface {
	Game(r *replay.Result) error
	Close(t *replay.Tally) error
}

// KeepsResults reports whether rw may keep a result it is given, or what
// the result points to, past its Game call: a writer registered by a
// caller may. This package's writers do not (what they need later, they
// copy or write at once), so validate may use a result's storage again
// for a later game.
func KeepsResults(rw Writer) bool {
	switch rw.(type) {
	case *textReport, *jsonlReport, *jsonReport, *sarifReport, *githubReport, *htmlReport, *junitReport:
		return false
	}
	return true
}

// WantsMoves reports whether a writer shows the moves of a game (it
// has a method WantsMoves returning true): validate then keeps the main
// line's moves as written in its one walk (replay.Config.Moves).
func WantsMoves(rw Writer) bool {
	s, ok := rw.(interface{ WantsMoves() bool })
	return ok && s.WantsMoves()
}

// Options are what every format may need to know.
type Options struct {
	// Verbose text output also prints a line for each valid game.
	Verbose bool
	// Run is what a report that names its run (HTML) says at its top.
	Run RunInfo
	// Baseline, when set, is the baseline the findings were compared with
	// (--baseline): the games it is given carry only the new findings, and
	// the summaries say how many it knew (Baseline.Known).
	Baseline *Baseline
}

// RunInfo names a run of validate for a person reading its report later.
type RunInfo struct {
	// Inputs are the arguments as given ("-": standard input, named
	// StdinName when set).
	Inputs    []string
	StdinName string
	// Date is when the report was made (SOURCE_DATE_EPOCH's when set,
	// for reproducible output); zero: not said.
	Date time.Time
	// Version is the tool's version, as `ashtapada version` prints it.
	Version string
	// BaselineFile is the --baseline file; WroteBaseline the
	// --write-baseline file.
	BaselineFile, WroteBaseline string
}

// keyedReport is a report that names games by their players and event
// (HTML).
type keyedReport interface{ nextGameKey(GameKey) }

// NextGameKey gives a report that names games by their players and event
// (HTML) the identity tags of the game it is given next; validate calls it
// before each Writer.Game.
func NextGameKey(rw Writer, k GameKey) {
	if g, ok := rw.(keyedReport); ok {
		g.nextGameKey(k)
	}
}

// WantsGameKeys reports whether rw reads the games' identity tags
// (NextGameKey): the other formats do not, and reading them for every game
// is a cost a validation spares when nothing else needs them.
func WantsGameKeys(rw Writer) bool {
	_, ok := rw.(keyedReport)
	return ok
}

// RunTotals gives a report that says the run's counts at its top (HTML)
// the run's tally, which counts every game checked, those --max-errors
// kept out of the report included, so that it says the counts the text
// report's summary line says (SummaryLine of the same tally), and note,
// what --max-errors left out (LeftOutNote; "" for nothing); validate
// calls it before Writer.Close. The other reports are not told: the
// note goes to standard error.
func RunTotals(rw Writer, t *replay.Tally, note string) {
	if r, ok := rw.(interface{ runTotals(*replay.Tally, string) }); ok {
		r.runTotals(t, note)
	}
}

// NewFunc builds a writer on w.
type NewFunc func(w io.Writer, opt Options) Writer

var (
	registryMu sync.Mutex
	registry   = map[string]NewFunc{}
)

// Register makes a report format available by name.
func Register(name string, f NewFunc) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[name] = f
}

// Formats lists the registered format names, sorted.
func Formats() []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	out := make([]string, 0, len(registry))
	for k := range registry {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// New returns the writer of the named format.
func New(name string, w io.Writer, opt Options) (Writer, error) {
	registryMu.Lock()
	f, ok := registry[name]
	registryMu.Unlock()
	if !ok {
		return nil, fmt.Errorf("unknown report format %q; known formats: %s", name, strings.Join(Formats(), ", "))
	}
	return f(w, opt), nil
}

// sortedCounts renders a count map as "key n, key n" by descending count,
// then key, so that summaries are stable.
func sortedCounts(m map[string]int) []countEntry {
	out := make([]countEntry, 0, len(m))
	for k, v := range m {
		out = append(out, countEntry{k, v})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		return out[i].key < out[j].key
	})
	return out
}

type countEntry struct {
	key string
	n   int
}
