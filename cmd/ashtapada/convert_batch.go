package main

import (
	"fmt"
	"sync"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// convertBatches runs convert on validate's machinery (readGames, vjob):
// one reader splits the inputs into batches of games, jobs workers parse
// and replay them, and the calling goroutine writes each game in input
// order, so the output does not depend on jobs. The first error (an
// unreadable input, a game too large, a write error) stops the run after
// the games before it were written, as a run on one core would.
func (cv *converter) convertBatches(files []string, jobs int) error {
	if jobs < 1 {
		jobs = 1
	}
	// Shorter queues than validate's: a converted batch holds its records
	// and every position of its games until it is written, and peak
	// memory grows with the batches in flight.
	work := make(chan *vjob, jobs)
	order := make(chan *vjob, 4*jobs)
	done := make(chan struct{})
	var (
		mu       sync.Mutex
		firstErr error
	)
	noteErr := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}
	failedSoFar := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return firstErr != nil
	}
	go func() {
		defer close(work)
		defer close(order)
		for _, path := range files {
			if !readGames(path, cv.from, grammar.DefaultLimits(), work, order, done, noteErr, nil) || failedSoFar() {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := replay.New(cv.cfg)
			for j := range work {
				n := j.len()
				res := make([]*replay.Result, n)
				j.parsed = make([]*record.Game, n)
				for i := 0; i < n; i++ {
					res[i] = convertOne(r, j, i, noteErr)
				}
				j.out <- res
			}
		}()
	}
	var writeErr error
	stopped := false
	for j := range order {
		if stopped {
			// Drain without waiting: a batch queued after the stop may
			// never reach a worker.
			continue
		}
		results := <-j.out
		for i, res := range results {
			cv.n++
			if res == nil {
				continue
			}
			// Workers number games within their file; convert numbers
			// them over all inputs.
			res.Summary.Game = cv.n
			for k := range res.Findings {
				res.Findings[k].Game = cv.n
			}
			if res.Played != nil && res.Played.Stop != nil {
				res.Played.Stop.Game = cv.n
			}
			if writeErr = cv.game(j.parsed[i], j.file, res); writeErr != nil {
				stopped = true
				close(done)
				break
			}
		}
	}
	wg.Wait()
	if writeErr != nil {
		return writeErr
	}
	return firstErr
}

// convertOne reads and replays game i of a batch, keeping the record for
// the writer. A panic is a bug of this program, never the record's fault:
// it is reported as a failure of the tool (exit 2), the game is left out
// (a nil result) and the other games are still converted.
func convertOne(r *replay.Replayer, j *vjob, i int, noteErr func(error)) (res *replay.Result) {
	index := j.index + i
	defer func() {
		if p := recover(); p != nil {
			noteErr(fmt.Errorf("%s: game %d: internal error (please report it): %v", j.file, index, p))
			res = nil
		}
	}()
	var g *record.Game
	if j.games != nil {
		g = j.games[i]
	} else {
		g = grammar.ParseChunk(j.chunks[i], j.file)
	}
	j.parsed[i] = g
	if g.Truncated {
		// Not replayed: the writer refuses it (converter.game).
		return &replay.Result{}
	}
	return r.Game(g, j.file, index)
}
