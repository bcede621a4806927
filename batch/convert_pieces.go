package batch

// The pieces of a conversion's output that the workers render and the sink
// joins (convert.go): their buffers, reused from game to game, and a huge
// game's piece, written to a file as it is rendered rather than held.

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/internal/tempfile"
)

// pieces holds the buffers of rendered games between the sink, which
// joins a piece and gives its buffer back, and the workers, which render
// into them: a buffer per game, grown by doubling to a JSON game's 25 KB,
// cost a tenth of convert --to json (a sync.Pool drops its buffers at
// every collection). It holds at most the games of a few batches.
var pieces = make(chan []byte, 4*BatchGames)

// maxPooledPiece is the largest buffer pieces keeps: a huge game's piece
// (hundreds of MB of FEN lines) is not kept for the rest of the run.
const maxPooledPiece = 1 << 20

// pieceBuffer is a buffer for a game's piece, reused when one is free.
func pieceBuffer() []byte {
	select {
	case b := <-pieces:
		return b
	default:
		return nil
	}
}

// releasePiece gives the buffer of a piece joined back to pieces.
func releasePiece(b []byte) {
	if cap(b) <= maxPooledPiece {
		select {
		case pieces <- b[:0]:
		default: // enough are free
		}
	}
}

// DefaultSpillBytes is how much of a huge game's converted piece is held
// before it is written to a file (spillPiece; Conversion.SpillBytes).
const DefaultSpillBytes = 4 << 20

// spillPiece writes b, the start of a huge game's piece (nil: none yet),
// to f, a file made for it when it is nil, and returns f. The file has
// no name (tempfile.Anonymous): nothing of it is left when the run ends,
// however it ends.
func spillPiece(f *os.File, b []byte) (*os.File, error) {
	if b == nil {
		return f, nil
	}
	if f == nil {
		var err error
		if f, err = tempfile.Anonymous("ashtapada-piece-*"); err != nil {
			return nil, fmt.Errorf("a file for a huge game's output: %w", err)
		}
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, fmt.Errorf("a file for a huge game's output: %w", err)
	}
	return f, nil
}

// joinSpilled joins a piece whose start is in f (spillPiece) and closes f.
func joinSpilled(j formats.GameJoiner, f *os.File, rest []byte) error {
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("reading back a huge game's output: %w", err)
	}
	start := bufio.NewReaderSize(f, 1<<20)
	if sj, ok := j.(formats.SpillJoiner); ok {
		return sj.JoinSpilled(start, rest)
	}
	// A joiner that takes only whole pieces gets the piece whole.
	b, err := io.ReadAll(start)
	if err != nil {
		return fmt.Errorf("reading back a huge game's output: %w", err)
	}
	return j.Join(append(b, rest...))
}

// gateWriter passes writes on, or drops them while closed: a writer
// primed with the game before a shard's part (converter.Prime) writes
// nothing of it.
type gateWriter struct {
	w      io.Writer
	closed bool
}

func (g *gateWriter) Write(p []byte) (int, error) {
	if g.closed {
		return len(p), nil
	}
	return g.w.Write(p)
}
