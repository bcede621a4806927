package report

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	Register("jsonl", func(w io.Writer, _ Options) Writer { return &jsonlReport{enc: jsonenc.NewEncoder(w)} })
	Register("json", func(w io.Writer, _ Options) Writer { return &jsonReport{w: w} })
}

// JSONLFinding is one `"kind": "finding"` line of `validate --format jsonl`
// (docs/cli.md): the finding's fields after "kind".
type JSONLFinding struct {
	Kind string `json:"kind"`
	replay.Finding
}

// JSONLGame is the `"kind": "game"` line that ends each game.
type JSONLGame struct {
	Kind string `json:"kind"`
	replay.Summary
}

// JSONLSummary is the last line with --summary, `"kind": "summary"`.
type JSONLSummary struct {
	Kind string `json:"kind"`
	replay.Tally
}

// jsonlReport writes one JSON object per line: each finding, then the game.
type jsonlReport struct {
	enc *json.Encoder
}

func (j *jsonlReport) Game(r *replay.Result) error {
	r = fileNames(r)
	for i := range r.Findings {
		if err := j.enc.Encode(JSONLFinding{Kind: "finding", Finding: r.Findings[i]}); err != nil {
			return err
		}
	}
	if !r.IsGame() {
		return nil // a finding about a file, not a game: no game line
	}
	return j.enc.Encode(JSONLGame{Kind: "game", Summary: r.Summary})
}

func (j *jsonlReport) Close(t *replay.Tally) error {
	if t == nil {
		return nil
	}
	return j.enc.Encode(JSONLSummary{Kind: "summary", Tally: *t})
}

// JSONGame is one element of the "games" array of `--format json`: the
// game's summary fields and its findings.
type JSONGame struct {
	replay.Summary
	Findings []replay.Finding `json:"findings"`
}

// jsonReport writes one JSON document, {"games": [...], "summary": {...}},
// streamed game by game so that memory does not grow with the input.
type jsonReport struct {
	w     io.Writer
	n     int
	bw    *bufio.Writer
	begun bool
}

func (j *jsonReport) begin() {
	if !j.begun {
		j.bw = bufio.NewWriter(j.w)
		j.bw.WriteString("{\"games\": [")
		j.begun = true
	}
}

func (j *jsonReport) Game(r *replay.Result) error {
	r = fileNames(r)
	j.begin()
	if j.n > 0 {
		j.bw.WriteString(",")
	}
	j.bw.WriteString("\n")
	j.n++
	fs := r.Findings
	if fs == nil {
		fs = []replay.Finding{}
	}
	data, err := jsonenc.Marshal(JSONGame{Summary: r.Summary, Findings: fs})
	if err != nil {
		return err
	}
	j.bw.Write(data)
	return j.bw.Flush()
}

func (j *jsonReport) Close(t *replay.Tally) error {
	j.begin()
	j.bw.WriteString("\n]")
	if t != nil {
		data, err := jsonenc.Marshal(t)
		if err != nil {
			return err
		}
		j.bw.WriteString(",\n\"summary\": ")
		j.bw.Write(data)
	}
	j.bw.WriteString("}\n")
	return j.bw.Flush()
}
