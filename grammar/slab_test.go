package grammar_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
)

// TestSlabSpans: the splitter cuts every input alike whether its chunks
// are spans of the reader's slab or copied out of it, whatever sizes the
// input's reads come in, and no chunk changes after it was handed out. The
// inputs are long enough to fill many slabs, so that games, pending lines,
// comments looked ahead through, lines over the size limit, skipped games
// and huge games lie across a slab's end at many places.
func TestSlabSpans(t *testing.T) {
	inputs := map[string][]byte{}
	for i, pad := range []int{0, 1, 4093, 30001} {
		inputs[fmt.Sprintf("built %d", i)] = slabInput(pad)
	}
	var repo bytes.Buffer
	for _, dir := range []string{filepath.Join("..", "testdata"), filepath.Join("..", "corpus")} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			repo.Write(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	inputs["repository's inputs"] = repo.Bytes()
	if testenv.HasShared() {
		if data, err := os.ReadFile(filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-10k.pgn")); err == nil {
			inputs["corpus-10k's first 2 MB"] = data[:min(len(data), 2<<20)]
		}
	}
	for name, data := range inputs {
		for _, maxGame := range []int{grammar.DefaultLimits().MaxGameBytes, 200, 50000} {
			restore := grammar.SetSlabSpans(false)
			want := splitFrom(t, bytes.NewReader(data), maxGame)
			restore()
			readers := map[string]io.Reader{
				"whole":    bytes.NewReader(data),
				"halves":   iotest.HalfReader(bytes.NewReader(data)),
				"data+EOF": iotest.DataErrReader(bytes.NewReader(data)),
				"random":   &randomReads{data: data, rnd: rand.New(rand.NewPCG(uint64(len(data)), uint64(maxGame)))},
			}
			if len(data) < 4<<20 {
				readers["bytes"] = iotest.OneByteReader(bytes.NewReader(data))
			}
			for rname, r := range readers {
				if got := splitFrom(t, r, maxGame); !reflect.DeepEqual(got, want) {
					t.Errorf("%s, read in %s, game limit %d: chunks differ from those copied out of the slab (%d chunks against %d)", name, rname, maxGame, len(got), len(want))
				}
			}
		}
	}
}

// splitFrom is every chunk the splitter cuts r into, its error and its
// residue; it fails t when a chunk handed out has changed by the end.
func splitFrom(t *testing.T, r io.Reader, maxGame int) []any {
	t.Helper()
	sp := grammar.NewSplitter(r)
	l := grammar.DefaultLimits()
	l.MaxGameBytes = maxGame
	sp.SetLimits(l)
	var out []any
	var chunks []grammar.Chunk
	var saved [][]byte
	for {
		c, err := sp.Next()
		if err != nil {
			for i, c := range chunks {
				if !bytes.Equal(c.Data, saved[i]) {
					t.Fatalf("chunk %d at %v changed after it was handed out", i, c.Pos)
				}
			}
			return append(out, err.Error(), string(sp.Residue()), sp.BOM())
		}
		chunks = append(chunks, c)
		saved = append(saved, bytes.Clone(c.Data))
		out = append(out, c)
	}
}

// randomReads reads data in pieces of random sizes, from a byte to more
// than a slab.
type randomReads struct {
	data []byte
	rnd  *rand.Rand
}

func (r *randomReads) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 1+r.rnd.IntN(200<<10))], r.data)
	r.data = r.data[n:]
	return n, nil
}

// slabInput is text of about 2 MB that puts the splitter's hard cases at
// many places of its slabs, after pad bytes of a comment: ordinary games,
// games of 20 to 60 KB (over what a new slab takes over of a game), a game
// of 300 KB, comments holding tag lines closed near and far, lines over
// the game size limits of the test and over the reader's window, games cut
// on a line after their marker, CR and CRLF line ends, escape lines and
// text between games.
func slabInput(pad int) []byte {
	var b bytes.Buffer
	b.WriteString("{" + strings.Repeat("p", pad) + "}\n")
	moves := func(n int) string {
		var m strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&m, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*i-1, 2*i)
			if i%4 == 0 {
				m.WriteString("\n")
			}
		}
		return m.String()
	}
	game := func(event string, body string) {
		fmt.Fprintf(&b, "[Event \"%s\"]\n[Site \"s\"]\n[Result \"*\"]\n\n%s *\n\n", event, body)
	}
	for i := 0; i < 40; i++ {
		for j := 0; j < 20; j++ {
			game(fmt.Sprint("g", i, j), moves(5+j*7))
		}
		switch i % 8 {
		case 0:
			game("mid", moves(20000/60*(1+i%3)))
		case 1:
			game("comment closed", "1. e4 {a\n[Event \"quoted\"]\n"+strings.Repeat("x", 1000*i)+"} e5\n"+moves(3))
		case 2:
			game("comment open", "1. e4 {a\n"+strings.Repeat("y\n", 200)+"[Event \"cut\"]\n"+moves(3)+"\n[Event \"next\"]\n\n1. d4 }")
		case 3:
			game("long line", "1. e4 {"+strings.Repeat("z", 70000+i)+"} e5")
		case 4:
			b.WriteString("1. e4 e5 * 1. d4 d5 *\n1. c4 1-0\n2. Nf3 *\r\n[Event \"crlf\"]\r\n\r\n1. e4 *\r\n")
			b.WriteString("[Event \"cr\"]\r\r1. e4 e5\r2. Nf3 *\r\r")
		case 5:
			b.WriteString("%escape\nnotes between games\n\n")
			game("after notes", moves(4))
		case 6:
			game("huge", moves(300000/60))
		case 7:
			game("big", moves(45000/60))
		}
	}
	return b.Bytes()
}
