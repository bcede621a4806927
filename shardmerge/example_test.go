package shardmerge_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/shardmerge"
)

// Two parts of `validate --format jsonl --summary --shard K/2`, joined
// into what one run writes: the games in order, one summary line last.
func Example() {
	dir, err := os.MkdirTemp("", "shardmerge")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	texts := []string{
		`{"kind":"game","game":1}` + "\n" + `{"kind":"summary","games":1,"valid":1,"invalid":0,"errors":0,"warnings":0,"profiles":{"fide":1},"rules":{},"outcomes":{},"results":{}}` + "\n",
		`{"kind":"game","game":2}` + "\n" + `{"kind":"summary","games":1,"valid":1,"invalid":0,"errors":0,"warnings":0,"profiles":{"fide":1},"rules":{},"outcomes":{},"results":{}}` + "\n",
	}
	var paths []string
	for i, s := range texts {
		p := filepath.Join(dir, fmt.Sprintf("part-%d.jsonl", i+1))
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			log.Fatal(err)
		}
		paths = append(paths, p)
	}
	parts, err := shardmerge.Check(paths)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(parts.Kind())
	if err := parts.Write(os.Stdout, gametable.WriterOptions{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// JSON lines
	// {"kind":"game","game":1}
	// {"kind":"game","game":2}
	// {"kind":"summary","games":2,"valid":2,"invalid":0,"errors":0,"warnings":0,"profiles":{"fide":2},"rules":{},"outcomes":{},"results":{}}
}
