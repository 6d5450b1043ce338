package testutil

import (
	"testing"

	"github.com/acme/fetchd/internal/config"
)

// Config is a configuration in a temporary folder.
func Config(t *testing.T) *config.Config {
	return &config.Config{Addr: "127.0.0.1:0", CacheDir: t.TempDir()}
}

// Expect fails the test when ok is false.
func Expect(t *testing.T, ok bool) {
	t.Helper()
	if !ok {
		t.Fatal("expectation failed")
	}
}
