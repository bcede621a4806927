//go:build unix

package outfile

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// hardLinks is the number of names a file has.
func hardLinks(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Nlink)
	}
	return 1
}

// writable reports whether this process may write the file (root may
// write a file without write bits; target refuses those itself).
func writable(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}

// keepOwner gives the new file the owner and group of the file it
// replaces, or says why it cannot.
func keepOwner(f *os.File, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	nst, err := f.Stat()
	if err != nil {
		return err
	}
	if n, ok := nst.Sys().(*syscall.Stat_t); ok && n.Uid == st.Uid && n.Gid == st.Gid {
		return nil
	}
	if err := f.Chown(int(st.Uid), int(st.Gid)); err != nil {
		return fmt.Errorf("the file belongs to user %d, group %d, and the rewritten file could not keep them (%v)", st.Uid, st.Gid, err)
	}
	return nil
}
