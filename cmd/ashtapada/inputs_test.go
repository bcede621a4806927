package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/klauspost/compress/zstd"
)

const sampleGame = "[Event \"x\"]\n\n1. e4 e5 *\n"

func TestExpandInputsSortedAndFiltered(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.pgn", "a.pgn.gz", "notes.txt", "sub/c.pgn.zst", "sub/d.PGN"} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	got, err := expandInputs([]string{dir}, io.Discard)
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
	if _, err := expandInputs([]string{filepath.Join(dir, "missing.pgn")}, io.Discard); err == nil {
		t.Fatal("a missing file gave no error")
	}
	if got, _ := expandInputs(nil, io.Discard); !reflect.DeepEqual(got, []string{"-"}) {
		t.Fatalf("no argument: %v, want standard input", got)
	}
}

func TestOpenInputDecompresses(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(sampleGame))
	zw.Close()
	os.WriteFile(filepath.Join(dir, "g.pgn.gz"), gz.Bytes(), 0o644)

	var zs bytes.Buffer
	enc, _ := zstd.NewWriter(&zs)
	enc.Write([]byte(sampleGame))
	enc.Close()
	os.WriteFile(filepath.Join(dir, "g.pgn.zst"), zs.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "g.pgn"), []byte(sampleGame), 0o644)

	names := []string{"g.pgn", "g.pgn.gz", "g.pgn.zst"}
	if bz, err := exec.LookPath("bzip2"); err == nil {
		os.WriteFile(filepath.Join(dir, "h.pgn"), []byte(sampleGame), 0o644)
		if err := exec.Command(bz, filepath.Join(dir, "h.pgn")).Run(); err == nil {
			names = append(names, "h.pgn.bz2")
		}
	} else {
		t.Log("bzip2 not installed: .pgn.bz2 not checked")
	}
	for _, name := range names {
		rc, _, err := openInput(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(rc)
		rc.Close()
		if err != nil || string(got) != sampleGame {
			t.Fatalf("%s: read %q, %v", name, got, err)
		}
	}
}
