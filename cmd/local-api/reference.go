package main

import (
	"embed"
	"io/fs"
	"net/http"

	intake "github.com/clinicplatform/intake"
)

// reference holds the API reference page: our index.html and init.js, and
// Swagger UI vendored from npm (swagger-ui-dist, version and licence in
// reference/swagger-ui; scripts/vendor-swagger-ui.sh refreshes it). Only the
// local API embeds it.
//
//go:embed reference
var reference embed.FS

// Paths of the reference page and of the document it renders.
const (
	pathDocs    = "/docs"
	pathOpenAPI = "/openapi.yaml"
)

// withReference serves the reference page at /docs and openapi.yaml at
// /openapi.yaml beside the API, which answers everything else.
func withReference(api http.Handler) http.Handler {
	files, err := fs.Sub(reference, "reference")
	if err != nil {
		panic(err) // the embedded folder is there by construction
	}
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) {
		setStaticHeaders(w)
		http.ServeFileFS(w, r, files, "index.html")
	}
	mux.HandleFunc("GET "+pathDocs, page)
	mux.HandleFunc("GET "+pathDocs+"/{$}", page)
	assets := http.StripPrefix(pathDocs+"/", http.FileServerFS(files))
	mux.Handle("GET "+pathDocs+"/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setStaticHeaders(w)
		assets.ServeHTTP(w, r)
	}))
	mux.HandleFunc("GET "+pathOpenAPI, func(w http.ResponseWriter, r *http.Request) {
		setStaticHeaders(w)
		w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
		w.Write(intake.OpenAPI)
	})
	mux.Handle("/", api)
	return mux
}

func setStaticHeaders(w http.ResponseWriter) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-cache")
}
