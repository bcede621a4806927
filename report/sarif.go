package report

// `validate --format sarif`: SARIF 2.1.0 (OASIS), the format code-scanning
// tools read (GitHub code scanning, VS Code's SARIF viewer, Azure DevOps).
// One run; the driver lists one reportingDescriptor per rule id with its
// documentation page as help text and help URI; each finding is a result
// with a physical location and the game, ply, move and profile as
// properties. The document is streamed: the tool and its rules are known
// before the first game, results are written as games come, and the
// closing brackets (and the summary, with --summary) at Close.

import (
	"bufio"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/internal/jsonenc"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/ruleid"
)

func init() {
	Register("sarif", func(w io.Writer, _ Options) Writer { return &sarifReport{w: bufio.NewWriter(w)} })
}

// SARIFSchemaURI is the schema a SARIF log names in "$schema".
const SARIFSchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// informationURI is where people learn about the tool.
const informationURI = "https://github.com/ashtapada/ashtapada"

type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifDescriptor struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifMessage       `json:"shortDescription"`
	FullDescription      *sarifMessage      `json:"fullDescription,omitempty"`
	Help                 *sarifMessage      `json:"help,omitempty"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           map[string]any     `json:"properties,omitempty"`
}

type sarifDriver struct {
	Name           string            `json:"name"`
	Version        string            `json:"version,omitempty"`
	InformationURI string            `json:"informationUri"`
	Rules          []sarifDescriptor `json:"rules"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex *int            `json:"ruleIndex,omitempty"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// PartialFingerprints lets code scanning follow a finding across
	// commits that move it (the baseline's fingerprint).
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Properties          map[string]any    `json:"properties"`
}

type sarifReport struct {
	w     *bufio.Writer
	begun bool
	n     int
}

// sarifDescriptors builds one reportingDescriptor per registered rule id,
// in registry order (a finding's ruleIndex is its id's place there).
func sarifDescriptors() []sarifDescriptor {
	all := ruleid.All()
	out := make([]sarifDescriptor, 0, len(all))
	for _, r := range all {
		d := sarifDescriptor{
			ID:                   r.ID,
			Name:                 ruleName(r.ID),
			ShortDescription:     sarifMessage{Text: r.ID},
			HelpURI:              docs.RuleURL(r.ID),
			DefaultConfiguration: sarifConfiguration{Level: sarifLevel(r.Severity.String())},
			Properties:           map[string]any{"stopsReplay": r.Stops},
		}
		if s := docs.RuleSummary(r.ID); s != "" {
			d.ShortDescription.Text = firstSentence(s)
			d.FullDescription = &sarifMessage{Text: s}
		}
		if page, ok := docs.RulePage(r.ID); ok {
			text := d.ShortDescription.Text
			if d.FullDescription != nil {
				text = d.FullDescription.Text
			}
			d.Help = &sarifMessage{Text: text + " See " + d.HelpURI, Markdown: page}
		}
		out = append(out, d)
	}
	return out
}

// firstSentence is the text up to its first full stop: SARIF wants a
// short description of one sentence, the rest goes to fullDescription.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// ruleName is the id in the PascalCase SARIF suggests for names:
// "king-leap-unavailable" becomes "KingLeapUnavailable".
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func sarifLevel(severity string) string {
	if severity == replay.SeverityWarning {
		return "warning"
	}
	return "error"
}

// sarifURI turns a file name as reports give it into a URI reference:
// relative paths stay relative (code scanning resolves them against the
// repository root), absolute ones become file: URIs, and characters that
// URIs do not allow are escaped.
func sarifURI(file string) string {
	p := filepath.ToSlash(file)
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	esc := strings.Join(parts, "/")
	if filepath.IsAbs(file) || strings.HasPrefix(p, "/") {
		return "file://" + esc
	}
	return esc
}

// toolVersion is the module version of the running binary, empty when it
// is not known (a test binary).
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return ""
}

func (s *sarifReport) begin() error {
	if s.begun {
		return nil
	}
	s.begun = true
	tool, err := jsonenc.Marshal(sarifTool{Driver: sarifDriver{
		Name: "ashtapada", Version: toolVersion(), InformationURI: informationURI, Rules: sarifDescriptors(),
	}})
	if err != nil {
		return err
	}
	s.w.WriteString(`{"$schema":"` + SARIFSchemaURI + `","version":"2.1.0","runs":[{"tool":`)
	s.w.Write(tool)
	s.w.WriteString(`,"columnKind":"unicodeCodePoints","results":[`)
	return nil
}

func (s *sarifReport) Game(r *replay.Result) error {
	if err := s.begin(); err != nil {
		return err
	}
	for i := range r.Findings {
		data, err := jsonenc.Marshal(sarifResultOf(&r.Findings[i]))
		if err != nil {
			return err
		}
		if s.n > 0 {
			s.w.WriteByte(',')
		}
		s.w.WriteByte('\n')
		s.w.Write(data)
		s.n++
	}
	return s.w.Flush()
}

func sarifResultOf(f *replay.Finding) sarifResult {
	res := sarifResult{
		RuleID:  f.Rule,
		Level:   sarifLevel(f.Severity),
		Message: sarifMessage{Text: f.Message},
		Properties: map[string]any{
			"game":    f.Game,
			"profile": f.Profile,
		},
	}
	// A finding read back from a JSON record may carry an id this build
	// does not know: it gets no index rather than a wrong one.
	if i := ruleid.Index(f.Rule); i >= 0 {
		res.RuleIndex = &i
	}
	loc := sarifPhysicalLocation{ArtifactLocation: sarifArtifactLocation{URI: sarifURI(f.File)}}
	// SARIF lines and columns start at 1; a finding without a position
	// (none today, but the schema would reject 0) points at the file.
	if f.Line > 0 {
		loc.Region = &sarifRegion{StartLine: f.Line}
		if f.Column > 0 {
			loc.Region.StartColumn = f.Column
		}
	}
	res.Locations = []sarifLocation{{PhysicalLocation: loc}}
	if f.Fingerprint != "" {
		res.PartialFingerprints = map[string]string{"ashtapadaFinding/v2": f.Fingerprint}
	}
	if f.Ply > 0 {
		res.Properties["ply"] = f.Ply
		res.Properties["moveNumber"] = f.MoveNumber
		res.Properties["side"] = f.Side
		res.Properties["san"] = f.SAN
	}
	if f.FEN != "" {
		res.Properties["fen"] = f.FEN
	}
	if len(f.Legal) > 0 {
		res.Properties["legal"] = f.Legal
	}
	if len(f.Variation) > 0 {
		res.Properties["variation"] = f.Variation
	}
	return res
}

func (s *sarifReport) Close(t *replay.Tally) error {
	if err := s.begin(); err != nil {
		return err
	}
	s.w.WriteString("\n],\"invocations\":[{\"executionSuccessful\":true}]")
	if t != nil {
		data, err := jsonenc.Marshal(map[string]any{"summary": t})
		if err != nil {
			return err
		}
		s.w.WriteString(",\"properties\":")
		s.w.Write(data)
	}
	s.w.WriteString("}]}\n")
	return s.w.Flush()
}
