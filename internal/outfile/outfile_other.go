//go:build !unix

package outfile

import (
	"io/fs"
	"os"
)

func hardLinks(fs.FileInfo) int             { return 1 }
func writable(string) bool                  { return true }
func keepOwner(*os.File, fs.FileInfo) error { return nil }
