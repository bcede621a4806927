package report

import (
	"testing"

	"github.com/ashtapada/ashtapada/record"
)

// TestGameKeyOf: the key holds the first tag of each of the six names, as
// record.Game.Tag reads it, whatever the order and the other tags around
// them; a missing tag is empty.
func TestGameKeyOf(t *testing.T) {
	g := &record.Game{Tags: []record.Tag{
		{Name: "Black", Value: "B"}, {Name: "event", Value: "lower case"},
		{Name: "Event", Value: "E"}, {Name: "Round", Value: ""},
		{Name: "Annotator", Value: "A"}, {Name: "White", Value: "W"},
		{Name: "Round", Value: "later"}, {Name: "Event", Value: "again"},
		{Name: "Date", Value: "1851.??.??"},
	}}
	want := GameKey{}
	for _, f := range []struct {
		to   *string
		name string
	}{{&want.Event, "Event"}, {&want.Site, "Site"}, {&want.Date, "Date"}, {&want.Round, "Round"}, {&want.White, "White"}, {&want.Black, "Black"}} {
		*f.to, _ = g.Tag(f.name)
	}
	if want.Event != "E" || want.Round != "" || want.Site != "" {
		t.Fatalf("record.Game.Tag reads otherwise than this test expects: %+v", want)
	}
	if got := GameKeyOf(g); got != want {
		t.Errorf("GameKeyOf = %+v, want %+v", got, want)
	}
	if got := GameKeyOf(nil); got != (GameKey{}) {
		t.Errorf("GameKeyOf(nil) = %+v, want the zero key", got)
	}
}
