package tempfile

import (
	"io"
	"os"
	"runtime"
	"testing"
)

func TestAnonymousLeavesNoName(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	f, err := Anonymous("spool-*")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("held"); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("the spool has a name in %s: %v", dir, entries)
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(f); err != nil || string(b) != "held" {
		t.Errorf("read back %q, %v", b, err)
	}
}
