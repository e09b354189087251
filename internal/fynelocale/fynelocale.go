// Package fynelocale keeps Fyne from logging "Error parsing user locale C"
// at start-up under LANG=C.UTF-8, the default of many machines and
// containers.
//
// Fyne's lang package reads the locale in its init, through
// jeandeaual/go-locale: that library treats "C" and "POSIX" as "no
// locale", but cuts "C.UTF-8" at the dot to the tag "C", which
// golang.org/x/text/language rejects, so Fyne logs an error (and falls
// back to English anyway). This package's init runs before Fyne's lang
// package (Go initialises packages in import-path order among those whose
// imports are ready: "lagscope/..." sorts before "log" and
// "text/template", which Fyne's lang needs, and this package needs only
// "os"), and shows the C locale to go-locale in the spelling it knows.
// Restore, called from main's init after every package's init has run,
// puts the environment back, so libc and child processes see the user's
// own setting.
package fynelocale

import "os"

// restore undoes init's change; nil when nothing was changed.
var restore func()

func init() {
	// go-locale reads the first of these that is set, as gettext does.
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		if c, ok := plainC(v); ok {
			os.Setenv(k, c)
			restore = func() { os.Setenv(k, v) }
		}
		return
	}
}

// plainC maps a C or POSIX locale with an encoding or modifier
// ("C.UTF-8", "C.utf8", "POSIX@euro") to its bare name.
func plainC(v string) (string, bool) {
	for _, name := range []string{"C", "POSIX"} {
		if len(v) > len(name) && v[:len(name)] == name && (v[len(name)] == '.' || v[len(name)] == '@') {
			return name, true
		}
	}
	return "", false
}

// Restore puts back the locale variable init changed. Call it from
// main's init, which runs after Fyne's.
func Restore() {
	if restore != nil {
		restore()
		restore = nil
	}
}
