package server

import (
	"testing"

	"github.com/acme/fetchd/internal/testutil"
)

func TestServe(t *testing.T) {
	srv := New(testutil.Config(t))
	defer srv.Close()
	testutil.Expect(t, srv.cache.Len() == 0)
}
