package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestConvertCompactReadsBack: the compact JSON keeps what UCI writes (the
// tags and the main line), so for every file whose games all play, UCI of
// the compact form read back is UCI of the file, in both JSON and JSONL.
// For a file with a game that stops, the compact form has the moves before
// the stop and says why in "stopped", which is not read back: its UCI is
// the file's but for the stop comments (and so for where lines wrap).
// Outputs stream to files and digests: the test process must stay small
// (runAshDigest). The fast tier reads every file of the corpus and a
// sample of the external data (recordFiles); the long tier every file.
//
// UCI runs once per file, which sorts the files by its exit status; the
// files whose games all play go through the compact forms and back
// together, a run of each command for all of them (UCI of many files is
// UCI of each in turn), and each file with a game that stops alone, its
// exit status its own. A difference in the run of all is then looked for
// file by file, to name the file.
func TestConvertCompactReadsBack(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	tmp := t.TempDir()
	files := recordFiles(t, tmp, "", filepath.Join(root, "corpus"), testenv.Limit(3, 0))
	if shared := filepath.Join(testenv.SharedPath(), "data"); !fileExists(shared) {
		t.Logf("the external data is absent (%s): the curated corpus only", shared)
	} else if testenv.IsLong() {
		files = append(files, testenv.RecordFiles(t, shared)...)
	} else {
		files = append(files, recordFiles(t, tmp, "", shared, partedSample)...)
	}
	runs := make([]uciRun, len(files))
	inParallel(t, files, func(t *testing.T, i int, f string) {
		r := uciRun{file: f, out: filepath.Join(tmp, "uci-"+strconv.Itoa(i))}
		out, err := os.Create(r.out)
		if err != nil {
			t.Fatal(err)
		}
		r.code = runAshStreams(t, root, "", out, "convert", "--to", "uci", f)
		out.Close()
		if r.code > 1 {
			t.Fatalf("%s: --to uci: exit %d", f, r.code)
		}
		runs[i] = r
	})
	if t.Failed() {
		return
	}
	var whole, stopped []uciRun
	for _, r := range runs {
		if r.code == 0 {
			whole = append(whole, r)
		} else {
			stopped = append(stopped, r)
		}
	}
	t.Run("whole", func(t *testing.T) {
		t.Parallel()
		msg := compactReadsBack(t, root, tmp, "whole", whole, 0)
		if msg == "" {
			return
		}
		for i, r := range whole {
			if one := compactReadsBack(t, root, tmp, "whole-"+strconv.Itoa(i), []uciRun{r}, 0); one != "" {
				t.Error(one)
			}
		}
		if !t.Failed() {
			t.Error(msg)
		}
	})
	inParallel(t, func() (names []string) {
		for _, r := range stopped {
			names = append(names, r.file)
		}
		return names
	}(), func(t *testing.T, i int, _ string) {
		if msg := compactReadsBack(t, root, tmp, "stopped-"+strconv.Itoa(i), stopped[i:i+1], stopped[i].code); msg != "" {
			t.Error(msg)
		}
	})
	if len(whole) < testenv.Limit(8, 30) || len(files) < testenv.Limit(20, 60) {
		t.Fatalf("%d files, %d of which play whole: the test checks too little", len(files), len(whole))
	}
	t.Logf("%d files (%d byte for byte, the others but for stop comments): UCI of the compact form read back is UCI of the file", len(files), len(whole))
}

// uciRun is convert --to uci of one file: its exit status and the file
// its output was written to.
type uciRun struct {
	file, out string
	code      int
}

// compactReadsBack converts the files of runs, whose UCI exited with
// uciCode, to the compact JSON and JSONL in one run each, reads each back
// to UCI and compares it with the files' UCI: byte for byte when uciCode
// is 0, but for the stop comments otherwise. It returns what differs, ""
// when nothing does, and stops the test when the UCI written cannot be
// read.
func compactReadsBack(t *testing.T, root, tmp, name string, runs []uciRun, uciCode int) string {
	t.Helper()
	var uci uciDigest
	var files []string
	for _, r := range runs {
		f, err := os.Open(r.out)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(&uci, f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, r.file)
	}
	what := files[0]
	if len(files) > 1 {
		what = strconv.Itoa(len(files)) + " files together"
	}
	compactFile := filepath.Join(tmp, "compact-"+name)
	for _, form := range []string{"json", "jsonl"} {
		out, err := os.Create(compactFile)
		if err != nil {
			t.Fatal(err)
		}
		code := runAshStreams(t, root, "", out, append([]string{"convert", "--to", form, "--compact"}, files...)...)
		out.Close()
		if code != uciCode {
			return fmt.Sprintf("%s: --to %s --compact: exit %d, --to uci %d", what, form, code, uciCode)
		}
		var back uciDigest
		code = runAshStreams(t, root, compactFile, &back, "convert", "--from", form, "--to", "uci")
		// The exit status of the read back may be 0 where the file's is
		// 1: what the replay found wrong (a wrong check mark, a move past
		// the stop) is not in the canonical SAN of the moves played.
		if code > uciCode {
			return fmt.Sprintf("%s: --to %s --compact read back: exit %d, --to uci %d", what, form, code, uciCode)
		}
		if uciCode == 0 && !bytes.Equal(back.exactSum(), uci.exactSum()) {
			return fmt.Sprintf("%s: UCI of the compact %s read back differs from UCI of the file", what, form)
		}
		if !bytes.Equal(back.loose(), uci.loose()) {
			return fmt.Sprintf("%s: UCI of the compact %s read back differs from UCI of the file, stop comments left out", what, form)
		}
	}
	return ""
}

// runAshStreams runs the built binary in dir with standard input from the
// file stdin ("" for none) and standard output to out, and returns its
// exit status (its standard error is left out).
func runAshStreams(t *testing.T, dir, stdin string, out io.Writer, args ...string) int {
	t.Helper()
	cmd := exec.Command(ashBinary, args...)
	cmd.Dir, cmd.Stdout = dir, out
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0
}

// uciDigest hashes UCI output as it streams: exact, every byte; loose,
// its tokens outside braces (UCI's only comments are its stop comments)
// one space apart, so that two outputs compare but for those comments and
// the line breaks they move.
type uciDigest struct {
	exactH, looseH hash.Hash
	inComment      bool
	tok            []byte
}

func (d *uciDigest) init() {
	if d.exactH == nil {
		d.exactH, d.looseH = sha256.New(), sha256.New()
	}
}

func (d *uciDigest) Write(p []byte) (int, error) {
	d.init()
	d.exactH.Write(p)
	for _, c := range p {
		switch {
		case c == '{':
			d.inComment = true
		case c == '}':
			d.inComment = false
		case d.inComment:
		case c == ' ' || c == '\n':
			d.flush()
		default:
			d.tok = append(d.tok, c)
		}
	}
	return len(p), nil
}

func (d *uciDigest) flush() {
	if len(d.tok) > 0 {
		d.looseH.Write(append(d.tok, ' '))
		d.tok = d.tok[:0]
	}
}

func (d *uciDigest) exactSum() []byte { d.init(); return d.exactH.Sum(nil) }

func (d *uciDigest) loose() []byte {
	d.init()
	d.flush()
	return d.looseH.Sum(nil)
}

// TestConvertCompactStopped: a game that stops has the moves before the
// stop and "stopped" in UCI's words, a syntax error in its movetext too
// (the moves before it are kept); a game that could not be read (its
// tags) has no moves and "error"; read back, it is again a game that was
// not read, of which UCI writes nothing, and validate says why.
func TestConvertCompactStopped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := "[Event \"x\"]\n[White]\n\n1. e4 *\n\n[Event \"y\"]\n\n1. e4 { unclosed\n\n[Event \"z\"]\n[Event \"again\"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n"
	if err := os.WriteFile(filepath.Join(dir, "s.pgn"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runAsh(t, dir, "", "convert", "--to", "jsonl", "--compact", "s.pgn")
	want := `{"game":1,"tags":{},"moves":[],"error":"2:7: found ` + "`]`" + `, expected a tag value in double quotes"}
{"game":2,"tags":{"Event":"y"},"moves":["e4"],"stopped":"ply 2 ({) could not be played; the record goes on from there in PGN only"}
{"game":3,"tags":{"Event":"z"},"moves":["e4","e5"],"result":"1-0","stopped":"ply 3 (Ke3) could not be played; the record goes on from there in PGN only"}
`
	if code != 1 || out != want || !strings.Contains(errOut, "s.pgn:2:7: error:") || !strings.Contains(errOut, "s.pgn:8:7: error:") || !strings.Contains(errOut, "[illegal-move]") {
		t.Fatalf("exit %d, want 1; got\n%s\nwant\n%s\nstderr\n%s", code, out, want, errOut)
	}
	uci, _, _ := runAsh(t, dir, "", "convert", "--to", "uci", "s.pgn")
	if !strings.Contains(uci, "{ply 3 (Ke3) could not be played; the record goes on from there in PGN only}") {
		t.Fatalf("UCI's stop comment is not compact's \"stopped\":\n%s", uci)
	}
	back, errOut, code := runAsh(t, dir, out, "convert", "--from", "jsonl", "--to", "uci")
	if code != 1 || back != "[Event \"y\"]\n\ne2e4 *\n\n[Event \"z\"]\n\ne2e4 e7e5 1-0\n\n" || !strings.Contains(errOut, "<stdin>:2:7: error: found `]`") || !strings.Contains(errOut, "game 1") {
		t.Fatalf("read back: exit %d, want 1\n%s\nstderr\n%s", code, back, errOut)
	}
}

// TestConvertCompactUsage: --compact is the JSON formats' only: with any
// other target it is a usage error (exit 2), like --plain.
func TestConvertCompactUsage(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	for _, to := range []string{"pgn", "uci", "fen", "svg"} {
		out, errOut, code := runAsh(t, root, "", "convert", "--to", to, "--compact", filepath.Join("corpus", "fide"))
		if code != 2 || out != "" || !strings.Contains(errOut, "--compact applies to --to json and jsonl only") {
			t.Errorf("--to %s --compact: exit %d, want 2; stdout %.100q; stderr %s", to, code, out, errOut)
		}
	}
}
