package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteKeepsOriginalOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(path, []byte("original"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := Write(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "half of the new"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error = %v, want it to wrap %v", err, boom)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "original" {
		t.Fatalf("target changed after a failed write: %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary file left behind: %v", entries)
	}
}

func TestWriteKeepsPermissions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode = %v, want 0640", fi.Mode().Perm())
	}
	got, _ := os.ReadFile(path)
	if string(got) != "new" {
		t.Fatalf("content = %q", got)
	}
}

func TestWriteReplacesALinkRewriteFollowsIt(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.pgn")
	link := filepath.Join(dir, "link.pgn")
	if err := os.WriteFile(target, []byte("target"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := Rewrite(link, func(w io.Writer) (bool, error) {
		_, err := io.WriteString(w, "rewritten")
		return true, err
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "rewritten" {
		t.Errorf("Rewrite through a link: the target holds %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("Rewrite: the link is no longer a link (%v)", err)
	}
	if err := Write(link, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "rewritten" {
		t.Errorf("Write followed the link: the target holds %q", got)
	}
	if fi, err := os.Lstat(link); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("Write: the link was not replaced by a file (%v)", err)
	}
}

func TestWriteDeclined(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.json")
	empty := errors.New("no game")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "[]")
		return Declined(empty)
	})
	if !errors.Is(err, empty) || err.Error() != "not writing "+path+": no game" {
		t.Errorf("error = %v, want it to say the file is not written and wrap %v", err, empty)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a declined write left %v", entries)
	}
}

func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	readOnly := filepath.Join(dir, "ro.pgn")
	if err := os.WriteFile(readOnly, []byte("kept"), 0o444); err != nil {
		t.Fatal(err)
	}
	linked := filepath.Join(dir, "linked.pgn")
	if err := os.WriteFile(linked, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(linked, filepath.Join(dir, "other.pgn")); err != nil {
		t.Skip(err)
	}
	for path, want := range map[string]string{
		readOnly: "read-only",
		linked:   "2 hard links",
		dir:      "not a regular file",
	} {
		err := Write(path, func(w io.Writer) error {
			_, err := io.WriteString(w, "new")
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "not writing "+path+": ") || !strings.Contains(err.Error(), want) {
			t.Errorf("Write(%s) = %v, want a refusal saying %q", filepath.Base(path), err, want)
		}
	}
	if os.Getuid() != 0 {
		if got, _ := os.ReadFile(readOnly); string(got) != "kept" {
			t.Errorf("the read-only file holds %q", got)
		}
	}
}

func TestFileCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.pgn")
	dropped := filepath.Join(dir, "dropped.pgn")
	if err := os.WriteFile(kept, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := Create(kept)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Create(dropped)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(a, "new")
	io.WriteString(b, "never seen")
	if got, _ := os.ReadFile(kept); string(got) != "old" {
		t.Errorf("before Commit the file holds %q", got)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	a.Abort() // in place: nothing to remove
	b.Abort()
	if got, _ := os.ReadFile(kept); string(got) != "new" {
		t.Errorf("after Commit the file holds %q", got)
	}
	if fi, err := os.Stat(kept); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("after Commit: %v, %v; want mode 0600", fi, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %v, want kept.pgn alone", entries)
	}
	if len(unfinished) != 0 {
		t.Errorf("still counted as unfinished: %v", unfinished)
	}
}
