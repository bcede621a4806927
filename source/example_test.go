package source_test

import (
	"compress/gzip"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/ashtapada/ashtapada/source"
)

// An input is opened as its bytes say: here a gzip stream whose name does
// not say so.
func Example() {
	dir, err := os.MkdirTemp("", "source-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "games.pgn")
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	io.WriteString(zw, "[Event \"example\"]\n\n1. e4 e5 *\n")
	zw.Close()
	f.Close()

	files, err := source.Expand([]string{dir}, os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	in, err := source.Options{}.Open(files[0])
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	text, err := io.ReadAll(in)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s (%s):\n%s", filepath.Base(in.Name), in.Compression, text)
	// Output:
	// games.pgn (gzip):
	// [Event "example"]
	//
	// 1. e4 e5 *
}
