// Package webserve serves the browser build (dist/web) as `make serve`
// and the browser test do: the folder's files, and for a client that
// takes gzip the wasm's gzipped copy beside it (lagscope.wasm.gz), a
// quarter of its size over a class's Wi-Fi.
package webserve

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Handler serves dir. A request for a file with a NAME.gz beside it, from
// a client that accepts gzip, gets the .gz with Content-Encoding: gzip
// and the original's type (application/wasm, which the page's streaming
// compile needs).
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache") // a rebuilt site is seen at the next load
		name := path.Clean("/" + r.URL.Path)
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && strings.HasSuffix(name, ".wasm") {
			gz := filepath.Join(dir, filepath.FromSlash(name)+".gz")
			if f, err := os.Open(gz); err == nil {
				defer f.Close()
				if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
					w.Header().Set("Content-Encoding", "gzip")
					w.Header().Set("Content-Type", "application/wasm")
					w.Header().Add("Vary", "Accept-Encoding")
					http.ServeContent(w, r, name, st.ModTime(), f)
					return
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}
