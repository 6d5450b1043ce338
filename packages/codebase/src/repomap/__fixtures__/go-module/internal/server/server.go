package server

import (
	"net/http"

	"github.com/acme/fetchd/internal/cache"
	"github.com/acme/fetchd/internal/config"
	"github.com/acme/fetchd/internal/fsutil"
)

// Server answers fetch requests from its cache.
type Server struct {
	cfg   *config.Config
	cache *cache.Cache
	http  *http.Server
}

// New builds a server for a configuration.
func New(cfg *config.Config) *Server {
	s := &Server{cfg: cfg, cache: cache.Open(cfg.CacheDir)}
	s.http = &http.Server{Addr: cfg.Addr, Handler: http.HandlerFunc(s.handle)}
	return s
}

func (s *Server) Serve() error {
	if err := fsutil.Lock(s.cfg.CacheDir); err != nil {
		return err
	}
	return s.http.ListenAndServe()
}

func (s *Server) Close() error {
	s.cache.Close()
	return s.http.Close()
}
