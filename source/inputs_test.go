package source

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/ashtapada/ashtapada/internal/compresstest"
)

const sampleGame = "[Event \"x\"]\n\n1. e4 e5 *\n"

func TestExpandInputsSortedAndFiltered(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.pgn", "a.pgn.gz", "notes.txt", "sub/c.pgn.zst", "sub/d.PGN"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	got, err := Expand([]string{dir}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(dir, "a.pgn.gz"), filepath.Join(dir, "b.pgn"),
		filepath.Join(dir, "sub/c.pgn.zst"), filepath.Join(dir, "sub/d.PGN"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if _, err := Expand([]string{filepath.Join(dir, "missing.pgn")}, io.Discard); err == nil {
		t.Fatal("a missing file gave no error")
	}
	if got, _ := Expand(nil, io.Discard); !reflect.DeepEqual(got, []string{"-"}) {
		t.Fatalf("no argument: %v, want standard input", got)
	}
}

// Every compression is read by its first bytes, whatever the name: a gzip
// stream named .pgn, an xz file named .pgn.gz are read as what they are.
func TestOpenInputDecompresses(t *testing.T) {
	dir := t.TempDir()
	gz := compresstest.Gzip(t, []byte(sampleGame))
	os.WriteFile(filepath.Join(dir, "g.pgn.gz"), gz, 0o644)
	os.WriteFile(filepath.Join(dir, "gzip-named.pgn"), gz, 0o644)
	x := compresstest.XZ(t, []byte(sampleGame), 0)
	os.WriteFile(filepath.Join(dir, "g.pgn.xz"), x, 0o644)
	os.WriteFile(filepath.Join(dir, "xz-named.pgn.gz"), x, 0o644)

	var zs bytes.Buffer
	enc, _ := zstd.NewWriter(&zs)
	enc.Write([]byte(sampleGame))
	enc.Close()
	os.WriteFile(filepath.Join(dir, "g.pgn.zst"), zs.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "g.pgn"), []byte(sampleGame), 0o644)

	names := map[string]string{"g.pgn": "", "g.pgn.gz": "gzip", "gzip-named.pgn": "gzip", "g.pgn.xz": "xz", "xz-named.pgn.gz": "xz", "g.pgn.zst": "zstd"}
	if bz, err := exec.LookPath("bzip2"); err == nil {
		os.WriteFile(filepath.Join(dir, "h.pgn"), []byte(sampleGame), 0o644)
		if err := exec.Command(bz, filepath.Join(dir, "h.pgn")).Run(); err == nil {
			names["h.pgn.bz2"] = "bzip2"
		}
	} else {
		t.Log("bzip2 not installed: .pgn.bz2 not checked")
	}
	for name, compression := range names {
		path := filepath.Join(dir, name)
		in, err := Options{}.Open(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(in)
		in.Close()
		if err != nil || string(got) != sampleGame {
			t.Errorf("%s: read %q, %v", name, got, err)
		}
		if in.Compression != compression || in.Name != path {
			t.Errorf("%s: compression %q, name %q; want %q, %q", name, in.Compression, in.Name, compression, path)
		}
		if c, err := FileCompression(path); c != compression || err != nil {
			t.Errorf("FileCompression(%s) = %q, %v; want %q", name, c, err, compression)
		}
	}
}

// Archives and other binary formats are refused by name, and a file
// whose name says a compression its bytes are not is an error.
func TestOpenRefusesUnreadable(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ data, want string }{
		"a.pgn":    {"PK\x03\x04rest", "reading DIR/a.pgn: a zip archive: not read (ashtapada reads PGN text, plain or compressed with gzip, bzip2, zstd or xz)"},
		"b.pgn.gz": {sampleGame, "reading DIR/b.pgn.gz: the name says .gz, but the content is not in that format"},
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(c.data), 0o644)
		_, err := Options{}.Open(path)
		if want := strings.ReplaceAll(c.want, "DIR", dir); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", name, err, want)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, bad := range []string{"", "1", "0/3", "4/3", "a/b", "1/0", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	if sh, err := ParseShard("3/7"); err != nil || sh != (Shard{K: 2, N: 7}) {
		t.Errorf("ParseShard(3/7) = %v, %v", sh, err)
	}
}

// A compressed file goes whole to one shard, known by its bytes: a gzip
// stream named .pgn is not cut, plain text named .pgn is.
func TestPlanKeepsCompressedWhole(t *testing.T) {
	dir := t.TempDir()
	plain := compresstest.Records(10_000)
	gz := filepath.Join(dir, "a.pgn")
	os.WriteFile(gz, compresstest.Gzip(t, plain), 0o644)
	txt := filepath.Join(dir, "b.pgn")
	os.WriteFile(txt, plain, 0o644)
	for _, f := range []string{gz, txt} {
		owners := 0
		for k := range 8 {
			parts, err := Plan([]string{f}, Shard{K: k, N: 8}, nil)
			if err != nil {
				t.Fatal(err)
			}
			owners += len(parts)
		}
		if want := map[string]int{gz: 1, txt: 8}[f]; owners != want {
			t.Errorf("%s: in %d of 8 shards, want %d", filepath.Base(f), owners, want)
		}
	}
}

// errorOnce gives its text, then its error once, then the end: as a
// decoder may answer the read after its error.
type errorOnce struct {
	r   io.Reader
	err error
}

func (e *errorOnce) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF && e.err != nil {
		err, e.err = e.err, nil
	}
	return n, err
}

// A read error in the middle of an input reaches whoever reads on, even
// after a look ahead took it first (bufio's Peek keeps an error to
// itself) from a reader that answers the read after its error with the
// end: read with a look ahead first, the input gives what it gives when
// read straight through, the same bytes, then the same error.
func TestReadErrorIsKept(t *testing.T) {
	text := strings.Repeat(sampleGame, 200)
	boom := errors.New("the disk is on fire")
	open := func() io.Reader {
		in, err := Options{}.Reader(io.NopCloser(&errorOnce{strings.NewReader(text), boom}), "damaged.pgn")
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	want, werr := io.ReadAll(open())
	if !errors.Is(werr, boom) || string(want) != text {
		t.Fatalf("read straight through: %d bytes and %v", len(want), werr)
	}
	br := bufio.NewReaderSize(open(), 1<<16)
	if _, err := br.Peek(1 << 16); !errors.Is(err, boom) {
		t.Fatalf("peeking past the end: %v", err)
	}
	got, err := io.ReadAll(br)
	if !errors.Is(err, boom) || !bytes.Equal(got, want) {
		t.Errorf("after a look ahead: %d bytes and %v; read straight through: %d bytes and %v", len(got), err, len(want), werr)
	}
}
