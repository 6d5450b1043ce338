package server

import (
	"net/http"
	"strings"
)

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	key := strings.TrimPrefix(r.URL.Path, "/")
	body, ok := s.cache.Get(key)
	if !ok {
		http.NotFound(w, r)
		return
	}
	writeBody(w, body)
}

func writeBody(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/octet-stream")
	_, _ = w.Write(body)
}
