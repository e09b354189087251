package webserve

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// The wasm goes gzipped to a client that takes gzip, as application/wasm,
// and as it is to one that does not; nothing outside the folder is served.
func TestServesTheGzippedWasm(t *testing.T) {
	dir := t.TempDir()
	wasm := []byte("\x00asm-the-module")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	for name, data := range map[string][]byte{"lagscope.wasm": wasm, "lagscope.wasm.gz": gz.Bytes(), "index.html": []byte("<p>page")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(filepath.Dir(dir), "secret"), []byte("x"), 0o644)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	get := func(path, enc string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc) // set: the transport leaves the body compressed
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, body := get("/lagscope.wasm", "gzip, br")
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" || !bytes.Equal(body, gz.Bytes()) {
		t.Errorf("gzip client: encoding %q type %q, %d bytes; want the .gz as application/wasm",
			res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), len(body))
	}
	res, body = get("/lagscope.wasm", "identity")
	if res.Header.Get("Content-Encoding") != "" || res.Header.Get("Content-Type") != "application/wasm" || !bytes.Equal(body, wasm) {
		t.Errorf("plain client: encoding %q type %q body %q", res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), body)
	}
	if res, _ := get("/../secret", "gzip"); res.StatusCode == http.StatusOK {
		t.Error("served a file outside the folder")
	}
	if res, body := get("/", "gzip"); res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("<p>page")) {
		t.Errorf("index: %d %q", res.StatusCode, body)
	}
}
