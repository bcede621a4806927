package jsongame

import (
	"fmt"
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// The set that repeatedTag uses for a game of many tags says what the scan
// of the tags before says, for every tag.
func TestRepeatedTagSetAgreesWithScan(t *testing.T) {
	var tags []record.Tag
	for i := 0; i < 3*manyTags; i++ {
		tags = append(tags, record.Tag{Name: fmt.Sprintf("T%d", i%(manyTags+5)), Value: fmt.Sprint(i)})
	}
	seen := map[string]struct{}{}
	repeats := 0
	for i := range tags {
		scan, set := repeatedTag(tags, i, nil), repeatedTag(tags, i, seen)
		if scan != set {
			t.Fatalf("tag %d (%s): scan says %v, set says %v", i, tags[i].Name, scan, set)
		}
		if scan {
			repeats++
		}
	}
	if want := len(tags) - (manyTags + 5); repeats != want {
		t.Errorf("%d repeats, want %d", repeats, want)
	}
}
