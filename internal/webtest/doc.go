// Package webtest opens the browser build (make web) in headless
// Chromium and drives it: its one test runs when LAGSCOPE_WEB names the
// built site, as `make test` sets it, and is skipped otherwise.
package webtest
