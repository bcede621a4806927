package testenv

import (
	"os"
	"path/filepath"
	"reflect"
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
