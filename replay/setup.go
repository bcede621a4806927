package replay

import (
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// Setup resolves the rules a game is judged by and sets up its start
// position, as Game does, for readers that play moves themselves (the LAN
// and UCI readers). The Finding says why when that is not possible.
func (r *Replayer) Setup(g *record.Game) (*rules.Profile, *rules.Position, *Finding) {
	w := &walk{r: r, g: g, res: &Result{}, tags: tagsOf(g)}
	gr, f := r.resolveRules(g, &w.tags)
	if f != nil {
		return gr.profile, nil, f
	}
	w.gr = gr
	ln, ok := w.start(&line{})
	if !ok {
		if len(w.res.Findings) > 0 {
			f := w.res.Findings[0]
			return gr.profile, nil, &f
		}
		return gr.profile, nil, &Finding{Rule: ruleid.BadFEN, Severity: ruleid.SeverityOf(ruleid.BadFEN).String(), Message: "the start position cannot be set up"}
	}
	return gr.profile, ln.pos, nil
}
