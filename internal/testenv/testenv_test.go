package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestSample(t *testing.T) {
	t.Setenv(LongVar, "")
	list := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, c := range []struct {
		n    int
		want []int
	}{
		{0, list}, {1, []int{0}}, {2, []int{0, 9}}, {4, []int{0, 3, 6, 9}}, {10, list}, {20, list},
	} {
		if got := Sample(list, c.n); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Sample(%d) = %v, want %v", c.n, got, c.want)
		}
	}
	t.Setenv(LongVar, "1")
	if got := Sample(list, 2); !reflect.DeepEqual(got, list) {
		t.Errorf("long run: Sample(2) = %v, want the whole list", got)
	}
	if Limit(3, 100) != 100 {
		t.Error("long run: Limit is not the maximum")
	}
}

func TestRepoRoot(t *testing.T) {
	if _, err := os.Stat(filepath.Join(RepoRoot(), "go.mod")); err != nil {
		t.Fatalf("RepoRoot %s holds no go.mod: %v", RepoRoot(), err)
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the failure and stops
// the calling goroutine, as the real one does.
type fatalRecorder struct {
	testing.TB
	failed string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// recordFilesOf runs RecordFiles in a goroutine of its own (Fatalf ends
// it) and returns what it listed and the failure, if any.
func recordFilesOf(t *testing.T, dirs ...string) ([]string, string) {
	f := &fatalRecorder{TB: t}
	var files []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		files = RecordFiles(f, dirs...)
	}()
	<-done
	return files, f.failed
}

func TestRecordFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.pgn", "a/c.pgn", "a/notes.txt", "d.PGN.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, failed := recordFilesOf(t, dir)
	want := []string{filepath.Join(dir, "a", "c.pgn"), filepath.Join(dir, "b.pgn")}
	if failed != "" || !reflect.DeepEqual(files, want) {
		t.Errorf("RecordFiles = %q (failure %q), want %q", files, failed, want)
	}
	if _, failed := recordFilesOf(t, dir, filepath.Join(dir, "absent")); !strings.Contains(failed, "absent") {
		t.Errorf("a missing folder: failure %q, want one naming it", failed)
	}
	empty := filepath.Join(dir, "e")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, failed := recordFilesOf(t, empty); !strings.Contains(failed, "no record files") {
		t.Errorf("a folder without records: failure %q", failed)
	}
}
