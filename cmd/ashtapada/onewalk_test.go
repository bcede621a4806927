package main

// One walk, one verdict (docs/replay.md): what validate judges is what
// convert, show and diff write. These tests run the built binary.

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// A compound turn under fide, where a turn is one move: one turn of two
// moves. Every command gives the same verdict (exit 1, the finding at 2:7
// with its rule id), and no output goes past the first move as if the turn
// were valid.
func TestOneVerdictCompoundTurn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "x.pgn")
	if err := os.WriteFile(path, []byte("[Event \"x\"]\n1. e4,d4 e5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const where = "x.pgn:2:7: error: "
	out, _, code := runAsh(t, dir, "", "validate", "x.pgn")
	if code != 1 || !strings.Contains(out, where) || !strings.Contains(out, "[compound-turn]") {
		t.Fatalf("validate: exit %d, want 1 and the compound turn:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"--to", "pgn"}, {"--to", "pgn", "--plain"}, {"--to", "json"}, {"--to", "jsonl"},
		{"--to", "lan"}, {"--to", "uci"}, {"--to", "fen"}, {"--to", "svg"},
	} {
		name := strings.Join(args, " ")
		out, errOut, code := runAsh(t, dir, "", append(append([]string{"convert"}, args...), "x.pgn")...)
		if code != 1 {
			t.Errorf("convert %s: exit %d, want 1; stderr %s", name, code, errOut)
		}
		if !strings.Contains(errOut, where) || !strings.Contains(errOut, "[compound-turn]") {
			t.Errorf("convert %s: stderr lacks the finding with its place and rule id:\n%s", name, errOut)
		}
		// Derived output stops before d4: no move of the bad turn is
		// written as played.
		switch args[1] {
		case "uci", "lan":
			if strings.Contains(out, "d2d4") || strings.Contains(out, "d2-d4") || strings.Contains(out, "e7e5") || strings.Contains(out, "e7-e5") {
				t.Errorf("convert %s writes moves past the stop:\n%s", name, out)
			}
		case "fen":
			if rows := strings.Split(strings.TrimSpace(out), "\n"); len(rows) != 2 || !strings.Contains(rows[1], "\te4\t") {
				t.Errorf("convert --to fen: want the start and the position after e4, got\n%s", out)
			}
		case "json", "jsonl":
			if strings.Contains(out, `"d2d4"`) || strings.Count(out, `"played"`) != 1 {
				t.Errorf("convert %s: want the played fields of e4 only:\n%s", name, out)
			}
		}
		if name == "--to pgn --plain" && (strings.Contains(out, "d4 ") || !strings.Contains(out, "[compound-turn]")) {
			t.Errorf("convert --to pgn --plain writes the bad turn as valid:\n%s", out)
		}
	}
	out, _, code = runAsh(t, dir, "", "show", "x.pgn")
	if code != 1 || !strings.Contains(out, "d4 cannot be played here") || !strings.Contains(out, "[compound-turn]") {
		t.Errorf("show: exit %d\n%s", code, out)
	}
	out, _, code = runAsh(t, dir, "", "diff", "--rules", "fide", "x.pgn")
	if code != 1 || !strings.Contains(out, "[compound-turn]") {
		t.Errorf("diff --rules fide: exit %d\n%s", code, out)
	}
	out, _, code = runAsh(t, dir, "", "diff", "--rules", "fide", "--against", "fide", "--against-set", "opening=triple", "x.pgn")
	if code != 1 || !strings.Contains(out, "[compound-turn]") || !strings.Contains(out, "first difference at ply 2") {
		t.Errorf("diff --against: exit %d\n%s", code, out)
	}
}

// unxz decompresses an xz file into the test's temporary directory ("" and
// a log line when xz is not installed).
func unxz(t *testing.T, path string) string {
	t.Helper()
	xz, err := exec.LookPath("xz")
	if err != nil {
		t.Logf("xz not installed: %s skipped", path)
		return ""
	}
	out := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(path), ".xz"))
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(xz, "-dc", path)
	cmd.Stdout = f
	if err := cmd.Run(); err != nil {
		t.Fatalf("xz -dc %s: %v", path, err)
	}
	return out
}

// validateLine is one line of validate's jsonl report.
type validateLine struct {
	Kind      string `json:"kind"`
	File      string `json:"file"`
	Game      int    `json:"game"`
	Ply       int    `json:"ply"`
	Rule      string `json:"rule"`
	FEN       string `json:"fen"`
	Variation []int  `json:"variation"`
	Plies     int    `json:"plies"`
	Valid     bool   `json:"valid"`
}

// TestConvertFENIsWhatValidateJudged: for every game of corpus/ and of the
// shared data, the positions `convert --to fen` writes are the positions
// validate judged: as many as the plies validate counts, each finding's
// position is the one convert writes at that ply, and both exit alike.
func TestConvertFENIsWhatValidateJudged(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	var files []string
	for _, f := range corpusFiles(t, root) {
		files = append(files, filepath.Join(root, f))
	}
	shared := filepath.Join(testenv.SharedPath(), "data")
	if _, err := os.Stat(shared); err != nil {
		t.Logf("shared data not found at %s: only corpus/ is checked", shared)
	} else {
		err := filepath.Walk(shared, func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			name := info.Name()
			switch {
			case info.IsDir():
			case strings.HasSuffix(name, ".pgn.xz") || strings.HasSuffix(name, ".pgn") && info.Size() > 4<<20:
				// The big files only in a long run (ASHTAPADA_LONG=1): the
				// short one keeps the default test run fast.
				if !testenv.IsLong() {
					break
				}
				if strings.HasSuffix(name, ".xz") {
					p = unxz(t, p)
				}
				if p != "" {
					files = append(files, p)
				}
			case strings.HasSuffix(name, ".pgn"):
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// One run of each command over every file: convert numbers the games
	// over all inputs, validate within each file, both in input order.
	vout, verr, vcode := runAsh(t, "", "", append([]string{"validate", "--format", "jsonl"}, files...)...)
	fout, _, fcode := runAsh(t, "", "", append([]string{"convert", "--to", "fen"}, files...)...)
	if vcode != fcode || vcode > 1 {
		t.Errorf("validate exits %d, convert --to fen %d: %.500s", vcode, fcode, verr)
	}
	// rows[game] are the FENs convert wrote, by ply.
	rows := map[int][]string{}
	sc := bufio.NewScanner(strings.NewReader(fout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			t.Fatalf("convert --to fen line %q", sc.Text())
		}
		g, err1 := strconv.Atoi(f[0])
		ply, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || ply != len(rows[g]) {
			t.Fatalf("convert --to fen line %q out of order", sc.Text())
		}
		rows[g] = append(rows[g], f[3])
	}
	games, checked := 0, 0
	var findings []validateLine
	sc = bufio.NewScanner(strings.NewReader(vout))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l validateLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		switch l.Kind {
		case "finding":
			findings = append(findings, l)
			continue
		case "game":
		default:
			continue
		}
		games++ // convert's number of this game
		r := rows[games]
		if len(r) == 0 {
			if l.Valid || l.Plies != 0 {
				t.Errorf("%s game %d: validate judged %d plies (valid %v), convert wrote no position", l.File, l.Game, l.Plies, l.Valid)
			}
		} else if len(r) != l.Plies+1 {
			t.Errorf("%s game %d: validate judged %d plies, convert wrote %d positions", l.File, l.Game, l.Plies, len(r))
		}
		for _, f := range findings {
			if f.FEN == "" || len(f.Variation) > 0 || len(r) == 0 {
				continue
			}
			if f.Game != l.Game || f.File != l.File {
				t.Fatalf("finding of %s game %d reported before game %d's summary", f.File, f.Game, l.Game)
			}
			at := f.Ply - 1 // a move's finding shows the position before it
			if strings.HasPrefix(f.Rule, "result-") {
				at = f.Ply // a result's, the final one
			}
			if at < 0 || at >= len(r) {
				// A turn rejected before its first move was played (four
				// moves in an opening turn): the finding stands past the
				// positions played.
				continue
			}
			checked++
			if r[at] != f.FEN {
				t.Errorf("%s game %d: finding %s at ply %d judged\n  %s\nconvert wrote at ply %d\n  %s", l.File, l.Game, f.Rule, f.Ply, f.FEN, at, r[at])
			}
		}
		findings = findings[:0]
	}
	if games != len(rows) && len(rows) > games {
		t.Errorf("convert wrote positions for %d games, validate judged %d", len(rows), games)
	}
	if games == 0 || checked == 0 {
		t.Fatalf("nothing compared: %d games, %d findings", games, checked)
	}
	t.Logf("%d files, %d games, %d finding positions compared", len(files), games, checked)
}

// TestShowPromotionSameColour: show lists what a pawn may become from the
// rules, square by square. Under andhra (promotion=file-piece,
// promotion-limit=lost-same-colour) white has lost its light-squared
// bishop and kept the dark one (c1): c8, a light square, gives a bishop,
// f8, a dark one, gives nothing. Counting lost men (one bishop lost) would
// offer a bishop on both. Black has lost both bishops: c1 and f1 both
// give one.
func TestShowPromotionSameColour(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rec := "[Event \"b\"]\n[Variant \"andhra\"]\n[SetUp \"1\"]\n[FEN \"r2k3r/pP6/8/8/8/8/Pp6/R1B1K2R w - - 0 1\"]\n\n*\n"
	if err := os.WriteFile(filepath.Join(dir, "b.pgn"), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runAsh(t, dir, "", "show", "b.pgn")
	if code != 0 {
		t.Fatalf("show: exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"promote: white none on a8 f8 h8; N on b8 g8; B on c8; Q on d8 e8",
		"promote: black none on a1 h1; N on b1 g1; B on c1 f1; Q on d1 e1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	// The legal moves agree: b8=N (a knight was lost), no promotion on f8.
	if !strings.Contains(out, " b8=N ") {
		t.Errorf("show's legal moves lack b8=N:\n%s", out)
	}
}

// TestFmtSAN: `fmt --san` and `convert --to pgn --plain` write every move in
// canonical SAN from the replay, so two transcriptions of one game format
// identically; `fmt` alone keeps the moves as written.
func TestFmtSAN(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const tags = "[Event \"t\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
	a := tags + "[Result \"*\"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. 0-0 *\n\n" +
		tags + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1\n"
	b := tags + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n\n" +
		tags + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	for name, text := range map[string]string{"a.pgn": a, "b.pgn": b} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sa, errA, codeA := runAsh(t, dir, "", "fmt", "--san", "a.pgn")
	sb, errB, codeB := runAsh(t, dir, "", "fmt", "--san", "b.pgn")
	if codeA != 0 || codeB != 0 {
		t.Fatalf("fmt --san: exit %d %d: %s %s", codeA, codeB, errA, errB)
	}
	if sa != sb {
		t.Errorf("fmt --san of two transcriptions differs:\n%s\n---\n%s", sa, sb)
	}
	for _, want := range []string{"1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *", "2. g4 Qh4# 0-1"} {
		if !strings.Contains(sa, want) {
			t.Errorf("fmt --san lacks %q:\n%s", want, sa)
		}
	}
	plain, errOut, code := runAsh(t, dir, "", "convert", "--to", "pgn", "--plain", "a.pgn")
	if code != 0 || plain != sb {
		t.Errorf("convert --to pgn --plain: exit %d (%s), output differs from fmt --san:\n%s", code, errOut, plain)
	}
	kept, _, code := runAsh(t, dir, "", "fmt", "a.pgn")
	if code != 0 || !strings.Contains(kept, "1. e2e4 e7e5 2. g1f3") || !strings.Contains(kept, "Qh4+ 0-1") {
		t.Errorf("fmt without --san must keep the moves as written: exit %d\n%s", code, kept)
	}
	// A move the replay cannot play: fmt --san says where, keeps it and
	// what follows as read (the form as written, a piece's letter in
	// English: the German S is N), says so, and exits 1.
	bad := tags + "[Result \"*\"]\n\n1. e2e4 e7e5 2. Ke3 d7d6 3. Sf3 *\n"
	if err := os.WriteFile(filepath.Join(dir, "c.pgn"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runAsh(t, dir, "", "fmt", "--san", "c.pgn")
	if code != 1 || !strings.Contains(out, "1. e4 e5 2. Ke3 d7d6 3. Nf3 *") || !strings.Contains(errOut, "c.pgn:9:17: error:") || !strings.Contains(errOut, "[illegal-move]; the moves from there are not replayed and are written as read, not in canonical SAN") {
		t.Errorf("fmt --san with an illegal move: exit %d\n%s\n%s", code, out, errOut)
	}
}
