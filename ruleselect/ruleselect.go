// Package ruleselect chooses which findings a report keeps by their rule
// ids, as ruff's select and ignore options choose its rules: a selector is
// a rule id, a prefix of ids that ends at a dash or at a word's end
// (`promotion` is promotion-missing, promotion-wrong-piece and
// promotion-unavailable), or ALL. Where a select and an ignore both match
// an id, the more specific selector (the longer) wins, and ignore wins
// between equals.
//
// An error whose rule stops the replay (ruleid.Stops: the moves after it
// are not judged) is always kept: ignoring it would pass a game nobody
// checked to its end. Such an id that may also be given as a warning
// (ruleid's AlsoWarning: move-after-end inside a variation) can still be
// ignored, and then only its warnings go. The package owns the choice; the registry of ids is
// ruleid's, and applying the choice to a report is the caller's.
package ruleselect

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/internal/suggest"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

// All is the selector of every rule id.
const All = "ALL"

// Choice is a choice of rule ids: layers of selects and ignores, each
// over the ones before it as ruff stacks a configuration file and the
// command line (Then). Its zero value (and nil) keeps every finding.
type Choice struct {
	layers []layer
}

// layer is one source's selects and ignores: with selects, it decides
// every id anew; with ignores only, it drops what they match.
type layer struct {
	selects, ignores []string
}

// New reads the selectors of --select and --ignore (each may hold several
// separated by commas). An error names the flag and the selector: one that
// matches no id, or an ignore that matches only ids that stop the replay
// and have no warning form.
func New(selects, ignores []string) (*Choice, error) {
	return (*Choice)(nil).Then("--select", selects, "--ignore", ignores)
}

// Then returns the choice of c with one more layer over it, read from
// selects and ignores (whose errors name them selectName and ignoreName:
// a flag, or a file and its key). A layer with selects decides every id
// anew, as the command line's --select replaces a file's select; one with
// ignores only drops what they match from what c keeps.
func (c *Choice) Then(selectName string, selects []string, ignoreName string, ignores []string) (*Choice, error) {
	var l layer
	var err error
	if l.selects, err = parse(selectName, selects, false); err != nil {
		return nil, err
	}
	if l.ignores, err = parse(ignoreName, ignores, true); err != nil {
		return nil, err
	}
	out := &Choice{}
	if c != nil {
		out.layers = append(out.layers, c.layers...)
	}
	if len(l.selects)+len(l.ignores) > 0 {
		out.layers = append(out.layers, l)
	}
	return out, nil
}

func parse(flag string, values []string, ignoring bool) ([]string, error) {
	var out []string
	for _, v := range values {
		for _, sel := range strings.Split(v, ",") {
			sel = strings.TrimSpace(sel)
			if sel == "" {
				continue
			}
			ids := matching(sel)
			if len(ids) == 0 {
				return nil, fmt.Errorf("%s %s: no rule id is or starts with %q%s (ashtapada rules ids lists them)", flag, sel, sel, suggest.Phrase(sel, ruleid.IDs()))
			}
			if ignoring && sel != All && allStop(ids) {
				return nil, fmt.Errorf("%s %s: %s the replay, and a game whose replay stopped was not checked to its end: it cannot be ignored", flag, sel, stopWord(ids))
			}
			out = append(out, sel)
		}
	}
	return out, nil
}

func stopWord(ids []string) string {
	if len(ids) == 1 {
		return ids[0] + " stops"
	}
	return "each of " + strings.Join(ids, ", ") + " stops"
}

// allStop reports whether every id stops the replay and is never a
// warning, so that ignoring them could drop nothing.
func allStop(ids []string) bool {
	for _, id := range ids {
		if !ruleid.Stops(id) || ruleid.AlsoWarning(id) {
			return false
		}
	}
	return true
}

// matching lists the ids sel matches.
func matching(sel string) []string {
	var ids []string
	for _, id := range ruleid.IDs() {
		if matches(sel, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// matches reports whether sel matches id: ALL, the id itself, or a
// prefix ending at a dash of the id.
func matches(sel, id string) bool {
	switch {
	case sel == All, sel == id:
		return true
	case strings.HasSuffix(sel, "-"):
		return strings.HasPrefix(id, sel)
	}
	return strings.HasPrefix(id, sel+"-")
}

// specificity is how much of an id a selector names: ALL the least.
func specificity(sel string) int {
	if sel == All {
		return 0
	}
	return len(strings.TrimSuffix(sel, "-"))
}

// Keeps reports whether findings of rule id and severity sev are kept.
func (c *Choice) Keeps(id string, sev ruleid.Severity) bool {
	if c == nil || (sev == ruleid.Error && ruleid.Stops(id)) {
		return true
	}
	keep := true
	for _, l := range c.layers {
		keep = l.keeps(id, keep)
	}
	return keep
}

// keeps is the layer's verdict on id, given the verdict of the layers
// under it: within the layer, the most specific selector that matches
// decides, an ignore between equals.
func (l layer) keeps(id string, under bool) bool {
	best, keep := -1, under
	if len(l.selects) > 0 {
		keep = false // the layer's selects decide every id anew
	}
	for _, sel := range l.selects {
		if matches(sel, id) && specificity(sel) > best {
			best, keep = specificity(sel), true
		}
	}
	for _, sel := range l.ignores {
		if matches(sel, id) && specificity(sel) >= best {
			best, keep = specificity(sel), false
		}
	}
	return keep
}

// Everything reports whether c keeps every finding.
func (c *Choice) Everything() bool {
	return c == nil || len(c.layers) == 0
}

// Apply returns r with only the findings c keeps, its summary's counts
// those of the findings kept and its game valid when none of them is an
// error; r itself when c keeps them all.
func (c *Choice) Apply(r *replay.Result) *replay.Result {
	if c.Everything() {
		return r
	}
	out := *r
	out.Findings = nil
	out.Summary.Errors, out.Summary.Warnings = 0, 0
	for i := range r.Findings {
		f := &r.Findings[i]
		sev := ruleid.Warning
		if f.IsError() && !f.Raised {
			sev = ruleid.Error
		}
		if !c.Keeps(f.Rule, sev) {
			continue
		}
		out.Findings = append(out.Findings, *f)
		if f.IsError() {
			out.Summary.Errors++
		} else {
			out.Summary.Warnings++
		}
	}
	if r.IsGame() {
		out.Summary.Valid = out.Summary.Errors == 0
	}
	return &out
}
