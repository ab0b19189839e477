package api

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
)

// protocolsCacheControl lets browsers and CDNs keep the catalogue briefly;
// a new deployment changes the ETag.
const protocolsCacheControl = "public, max-age=300"

// handleGetProtocols serves the catalogue bytes prepared at init, with an
// ETag so clients can revalidate for a 304 instead of a new download.
func (s *server) handleGetProtocols() http.Handler {
	body := s.deps.Protocols
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	etagHeader, cacheControl := []string{etag}, []string{protocolsCacheControl}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Etag"] = etagHeader
		h["Cache-Control"] = cacheControl
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		writeJSONBytes(w, http.StatusOK, body)
	})
}

// etagMatches implements If-None-Match's weak comparison over a list.
func etagMatches(header, etag string) bool {
	for _, candidate := range strings.Split(header, ",") {
		c := strings.TrimSpace(candidate)
		if c == "*" || strings.TrimPrefix(c, "W/") == etag {
			return true
		}
	}
	return false
}
