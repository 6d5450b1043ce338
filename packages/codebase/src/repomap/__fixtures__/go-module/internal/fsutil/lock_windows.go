//go:build windows

package fsutil

import (
	"os"
	"path/filepath"
)

// Lock takes an exclusive lock on dir's lock file.
func Lock(dir string) error {
	_, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_EXCL, 0o600)
	return err
}
