// Command serve serves the browser build on this machine for a class:
// go run ./web/serve [-addr 127.0.0.1:8033] [-dir dist/web]. Listen on
// :8033 to let the room's laptops in.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"

	"lagscope/internal/webserve"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8033", "address to listen on (:8033 for every interface)")
	dir := flag.String("dir", "dist/web", "the site `make web` built")
	flag.Parse()
	if st, err := os.Stat(*dir + "/index.html"); err != nil || !st.Mode().IsRegular() {
		fmt.Fprintf(os.Stderr, "serve: no %s/index.html: run make web first\n", *dir)
		os.Exit(2)
	}
	fmt.Printf("lagscope: http://%s/ (Ctrl-C stops)\n", *addr)
	if err := http.ListenAndServe(*addr, webserve.Handler(*dir)); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}
