// Package showgame reads the one game a user chose of a file and builds
// the view of the board at a ply of it: the work of the show command.
//
// It owns finding the game (Chosen: the first of a file, in any record
// format or a table, that a selection chooses, the games before it only
// split from the text and their tags read), and replaying it for the
// view (View: one walk, whose positions and findings the view shows). A
// huge game is read and played in parts (grammar.SourceOf), and only
// what the view needs of the parts before the last is kept as they go
// by, so that it is never held whole.
//
// It leaves to others: what the view holds and how it is written or
// drawn (picture.ShowView), the replay (package replay), opening the
// file (package source, through the caller's options), and the flags,
// the output and the exit status (the command).
package showgame

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

// Game is a game Chosen found, not yet parsed.
type Game struct {
	// Chunk is its text; Record the game itself instead, for a format
	// read otherwise than as text (not nil then).
	Chunk  grammar.Chunk
	Record *record.Game
	// Path is the file as given, Name as the reader names it, Index the
	// game's number in the file, from 1.
	Path, Name string
	Index      int
	// Parts says from which size the game is read and played in parts.
	Parts grammar.ReadOptions
}

// At is where a view stands: after Ply (0: the start), or after the move
// Move names (14w, 14b; 14 is white's); neither (nil): the end of the main
// line, or the position before the first move that cannot be played.
type At struct {
	Ply  *int
	Move *string
}

// View replays g with rp (its configuration's Steps on) and builds the view
// at at. A huge game is read and played in parts; while it is, the
// collector's soft limit follows it, as a run's does for such a game.
func View(rp *replay.Replayer, g Game, at At) (*picture.ShowView, error) {
	if g.Record == nil && g.Parts.InParts(g.Chunk) {
		// What is live is then bounded (the text and a part), so a soft
		// memory limit keeps the collector from letting the heap grow to
		// GOGC's multiple of it.
		batch.LimitMemory(batch.ValidateMemoryLimit)
		defer batch.HoldGameMemory(len(g.Chunk.Data), batch.PartedPerGameByte)()
		return view(rp, grammar.SourceOf(g.Chunk, g.Name, new(grammar.Scratch), g.Parts), g.Name, g.Index, at)
	}
	rec := g.Record
	if rec == nil {
		rec = grammar.ParseChunk(g.Chunk, g.Name)
	}
	return view(rp, record.Whole(rec), g.Path, g.Index, at)
}

// view is the view of the game of src at at, from one walk: the positions
// shown and the findings come from it. The steps of a part are let go
// after it (a huge game is never held whole), so what the view needs of a
// part before the last is kept as it goes by: the position and step of
// the ply asked for (--ply, or the last ply --move names seen so far) and
// the start for --ply 0 (the step the end's position follows is the
// replay's, Played.Prev). The last part's steps are the result's (all of
// them for a record held whole, its one part); the findings are the
// game's.
func view(rp *replay.Replayer, src *record.Source, file string, index int, at At) (*picture.ShowView, error) {
	want := -1 // the ply asked for by --ply
	if at.Ply != nil {
		want = *at.Ply
	}
	var spec picture.MoveSpec
	var specErr error
	byMove := at.Ply == nil && at.Move != nil
	if byMove {
		spec, specErr = picture.ParseMoveSpec(*at.Move)
		byMove = specErr == nil
	}
	found := -1 // the ply of the last step --move names so far
	var target picture.ShownPly
	first := true
	res := rp.Replay(src, file, index, replay.Each{Part: func(_ []record.Node, pl *replay.Played) {
		switch {
		case want == 0 && first:
			target, _ = picture.KeepPly(pl, 0, true)
		case want > pl.PliesBefore && want <= pl.PliesBefore+pl.Len():
			target, _ = picture.KeepPly(pl, want, true)
		}
		first = false
		if byMove {
			if f := spec.Find(pl); f >= 0 {
				found = f
				target, _ = picture.KeepPly(pl, f, true)
			}
		}
	}})
	pl := res.Played
	if pl.Start == nil {
		return nil, fmt.Errorf("game %d cannot be replayed: %s [%s]", index, pl.Stop.Message, pl.Stop.Rule)
	}
	ply := -1
	switch {
	case at.Ply != nil:
		ply = want
		if ply < 0 {
			return nil, fmt.Errorf("--ply %d: want 0 or more", ply)
		}
	case at.Move != nil:
		if specErr != nil {
			return nil, specErr
		}
		if f := spec.Find(pl); f >= 0 {
			found = f
		}
		var err error
		if ply, err = spec.PlyIn(pl, found); err != nil {
			return nil, err
		}
	}
	var kept []picture.ShownPly
	if target.Pos != nil || target.Step != nil {
		kept = append(kept, target)
	}
	return picture.BuildShow(src.Head, res, ply, fmt.Sprintf("game %d", index), kept...)
}

// Chosen is the first game of a file in any input format that sel
// chooses, not parsed; src opens the file, stdinName, when set, names
// standard input for the reader, and parts says from which size the game
// is read in parts (Game.Parts). The games before it are split from the
// text, as a run splits them, and only their tags are read: showing the
// last game of a large file costs a read of the file.
func Chosen(path string, sel *selection.Selection, stdinName string, src source.Options, parts grammar.ReadOptions) (Game, error) {
	var next batch.Games
	var name string
	if tablegames.IsTable(path, "") {
		// A table's rows, a huge game's as its chunk.
		n, closer, err := tablegames.Chunks(path, batch.Notation{}, grammar.DefaultLimits(), parts)
		if err != nil {
			return Game{}, err
		}
		defer closer.Close()
		next, name = n, source.Name(path)
	} else {
		rc, err := src.Open(path)
		if err != nil {
			return Game{}, err
		}
		defer rc.Close()
		n := rc.Name
		br := bufio.NewReaderSize(rc, 1<<16)
		named := path
		if path == "-" && stdinName != "" {
			named, n = stdinName, stdinName
		}
		next, name = batch.GamesOf(batch.RecordFormat(br, named, ""), br, n, grammar.DefaultLimits(), batch.Notation{}), n
	}
	for i := 0; ; {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			if sel.All() {
				return Game{}, fmt.Errorf("%s has no game", path)
			}
			return Game{}, fmt.Errorf("%s: no game chosen: %s has %s", sel, path, english.Count(i, "game", "games"))
		}
		if err == nil && sel.Past(i+1) {
			return Game{}, fmt.Errorf("%s: no game chosen among the first %s of %s", sel, english.Count(i, "game", "games"), path)
		}
		if err != nil {
			return Game{}, err
		}
		if g == nil && !ch.IsGame() {
			continue // comments before the first game or between games
		}
		i++
		if !sel.Number(i) {
			continue
		}
		if (g != nil && sel.Tags(g)) || (g == nil && sel.ChunkTags(ch, name)) {
			return Game{Chunk: ch, Record: g, Path: path, Name: name, Index: i, Parts: parts}, nil
		}
	}
}
