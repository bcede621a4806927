package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// TestNotationTable reads every row of the table of accepted forms in
// docs/notation-books.md and checks that the text as printed is read as
// the SAN the row gives, so that the page cannot drift from the reader.
func TestNotationTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "notation-books.md"))
	if err != nil {
		t.Fatal(err)
	}
	rp := replay.New(replay.Config{Steps: true})
	rows := 0
	inTable := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| form | as printed | SAN | from |") {
			inTable = true
			continue
		}
		if !inTable {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 4 || strings.HasPrefix(cells[0], "---") {
			continue
		}
		unquote := func(s string) string { return strings.Trim(strings.TrimSpace(s), "`") }
		form, moves, want, from := strings.TrimSpace(cells[0]), unquote(cells[1]), unquote(cells[2]), unquote(cells[3])
		notation := record.DescriptiveNotation
		if i := strings.Index(form, "("); i >= 0 && strings.HasSuffix(form, ")") {
			n, _, err := grammar.ParseNotation(form[i+1 : len(form)-1])
			if err == nil {
				notation = n
			}
		}
		if strings.HasPrefix(form, "figurines") {
			notation = record.Figurine
		}
		if strings.HasPrefix(form, "Russian") {
			notation = record.Russian
		}
		text := "[Result \"*\"]\n"
		if from != "start" {
			text += "[SetUp \"1\"]\n[FEN \"" + from + "\"]\n"
		}
		text += "\n" + moves + " *\n"
		r := grammar.NewReader(strings.NewReader(text), "row.pgn")
		r.SetNotation(notation)
		r.SetGuess(false)
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		rows++
		if se := g.SyntaxError(); se != nil {
			t.Errorf("row %q (%s): %s", form, notation, se.Message)
			continue
		}
		var got []string
		pl := rp.Game(g, "", 1).Played
		for i := 0; i < pl.Len(); i++ {
			got = append(got, pl.SAN(i))
		}
		if s := strings.Join(got, " "); s != want {
			t.Errorf("row %q (%s): %q reads as %q, the page says %q", form, notation, moves, s, want)
		}
	}
	if rows < 50 {
		t.Errorf("only %d rows read from the table", rows)
	}
}
