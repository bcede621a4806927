package report

// `validate --format junit`: JUnit XML as CI servers read it (Jenkins,
// GitLab, Azure DevOps, the JUnit reporters of GitHub Actions). Each input
// file is a <testsuite>, each game a <testcase> named after its number,
// each error finding a <failure> of that test case (type = rule id), and
// warnings go to the test case's <system-out>, since they do not fail it.
//
// JUnit puts counts in the opening tags (tests, failures) before the test
// cases, but validate streams games of any number. So test cases are
// spooled to a temporary file as they come, with the counts of each suite
// kept aside, and the document is assembled at Close: memory stays bounded
// by the number of files, not of games.

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ashtapada/ashtapada/internal/tempfile"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	Register("junit", func(w io.Writer, _ Options) Writer { return &junitReport{out: w} })
}

// JUnitTestSuites and the types below are the document, exported so that
// tests and other programs can read it back with encoding/xml.
type JUnitTestSuites struct {
	XMLName  xml.Name         `xml:"testsuites"`
	Name     string           `xml:"name,attr"`
	Tests    int              `xml:"tests,attr"`
	Failures int              `xml:"failures,attr"`
	Errors   int              `xml:"errors,attr"`
	Suites   []JUnitTestSuite `xml:"testsuite"`
}

// JUnitTestSuite is one input file.
type JUnitTestSuite struct {
	Name     string          `xml:"name,attr"`
	Tests    int             `xml:"tests,attr"`
	Failures int             `xml:"failures,attr"`
	Errors   int             `xml:"errors,attr"`
	Cases    []JUnitTestCase `xml:"testcase"`
}

// JUnitTestCase is one game.
type JUnitTestCase struct {
	XMLName   xml.Name       `xml:"testcase"`
	Name      string         `xml:"name,attr"`
	ClassName string         `xml:"classname,attr"`
	Failures  []JUnitFailure `xml:"failure"`
	SystemOut string         `xml:"system-out,omitempty"`
}

// JUnitFailure is one error finding.
type JUnitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSuite struct {
	name            string
	tests, failures int
	start, end      int64 // the suite's test cases in the spool
}

type junitReport struct {
	out    io.Writer
	spool  *os.File
	sw     *bufio.Writer
	offset int64
	suites []*junitSuite
	tests  int
	failed int
}

func (j *junitReport) Game(r *replay.Result) error {
	if j.spool == nil {
		f, err := tempfile.Anonymous("ashtapada-junit-*")
		if err != nil {
			return fmt.Errorf("junit report: %w", err)
		}
		j.spool, j.sw = f, bufio.NewWriterSize(f, 1<<16)
	}
	r = fileNames(r)
	file := r.Summary.File
	var cur *junitSuite
	if n := len(j.suites); n > 0 && j.suites[n-1].name == file {
		cur = j.suites[n-1]
	} else {
		cur = &junitSuite{name: file, start: j.offset, end: j.offset}
		j.suites = append(j.suites, cur)
	}
	tc := JUnitTestCase{Name: junitCaseName(&r.Summary), ClassName: file}
	var out strings.Builder
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.IsError() {
			tc.Failures = append(tc.Failures, JUnitFailure{Message: f.Message, Type: f.Rule, Text: junitDetail(f)})
			continue
		}
		out.WriteString("warning: " + f.Message + " [" + f.Rule + "]\n" + junitDetail(f) + "\n")
	}
	tc.SystemOut = out.String()
	data, err := xml.MarshalIndent(tc, "    ", "  ")
	if err != nil {
		return fmt.Errorf("junit report: %w", err)
	}
	data = append(data, '\n')
	if _, err := j.sw.Write(data); err != nil {
		return fmt.Errorf("junit report: %w", err)
	}
	j.offset += int64(len(data))
	cur.end = j.offset
	cur.tests++
	j.tests++
	if len(tc.Failures) > 0 {
		cur.failures++
		j.failed++
	}
	return nil
}

// junitCaseName names a game's test case: its number in the file and,
// where the report knows them, the profile and the number of plies.
func junitCaseName(s *replay.Summary) string {
	if s.Game == 0 {
		return "the file"
	}
	name := "game " + strconv.Itoa(s.Game)
	if s.Profile != "" {
		name += " (" + s.Profile + ")"
	}
	return name
}

// junitDetail is the text under a failure: position, move and profile.
func junitDetail(f *replay.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: game %d", f.File, f.Line, f.Column, f.Game)
	if f.Ply > 0 {
		fmt.Fprintf(&b, ", ply %d (%s)", f.Ply, f.SAN)
	}
	if len(f.Variation) > 0 {
		fmt.Fprintf(&b, ", variation %s", VariationPath(f.Variation))
	}
	if f.Profile != "" {
		fmt.Fprintf(&b, ", profile %s", f.Profile)
	}
	if f.FEN != "" {
		fmt.Fprintf(&b, ", FEN %s", f.FEN)
	}
	if len(f.Legal) > 0 {
		fmt.Fprintf(&b, "; legal: %s", strings.Join(f.Legal, " "))
	}
	return b.String()
}

func (j *junitReport) Close(_ *replay.Tally) (err error) {
	defer func() {
		if j.spool != nil {
			j.spool.Close()
			os.Remove(j.spool.Name())
			j.spool = nil
		}
	}()
	w := bufio.NewWriter(j.out)
	w.WriteString(xml.Header)
	fmt.Fprintf(w, "<testsuites name=\"ashtapada\" tests=\"%d\" failures=\"%d\" errors=\"0\">\n", j.tests, j.failed)
	if j.spool != nil {
		if err := j.sw.Flush(); err != nil {
			return fmt.Errorf("junit report: %w", err)
		}
	}
	for _, s := range j.suites {
		fmt.Fprintf(w, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\">\n", xmlAttr(s.name), s.tests, s.failures)
		if _, err := io.Copy(w, io.NewSectionReader(j.spool, s.start, s.end-s.start)); err != nil {
			return fmt.Errorf("junit report: %w", err)
		}
		w.WriteString("  </testsuite>\n")
	}
	w.WriteString("</testsuites>\n")
	return w.Flush()
}

func xmlAttr(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // escapes quotes too
	return b.String()
}
