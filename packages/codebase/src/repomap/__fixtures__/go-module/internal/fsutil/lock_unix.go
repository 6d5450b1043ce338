//go:build unix

package fsutil

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Lock takes an exclusive lock on dir's lock file.
func Lock(dir string) error {
	f, err := os.Create(filepath.Join(dir, ".lock"))
	if err != nil {
		return err
	}
	return unix.Flock(int(f.Fd()), unix.LOCK_EX)
}
