package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"lagscope/cli"
)

// TestMain doubles as the command: with LAGSCOPE_TEST_ARGS set, the test
// binary runs those arguments as lagscope would (same packages, same
// init order), for tests that need a process of their own. The command
// line's own tests are package cli's; these check what only the whole
// program has: Fyne's init and the window's wiring.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("LAGSCOPE_TEST_ARGS"); ok {
		if args == "printenv" {
			fmt.Println(os.Getenv("LANG"))
			os.Exit(0)
		}
		os.Exit(cli.Run(strings.Fields(args), os.Stdout, os.Stderr, openWindow))
	}
	os.Exit(m.Run())
}

// subprocess runs lagscope ARGS in a process of its own under env.
func subprocess(t *testing.T, args string, env ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LAGSCOPE_TEST_ARGS="+args)
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// Under LANG=C.UTF-8, the default of many machines and containers,
// Fyne's lang package logged "Error parsing user locale C" from its init
// on every command. Nothing is printed now, and the user's LANG is back
// in place once every init has run.
func TestNoLocaleErrorUnderCUTF8(t *testing.T) {
	for _, env := range [][]string{{"LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES="}, {"LC_ALL=C.utf8"}, {"LANG=POSIX.UTF-8", "LC_ALL=", "LC_MESSAGES="}} {
		out, errs, code := subprocess(t, "presets", env...)
		if code != 0 || errs != "" || !strings.Contains(out, "default") {
			t.Errorf("%v: exit %d, stderr %q", env, code, errs)
		}
	}
	if out, _, _ := subprocess(t, "printenv", "LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES="); strings.TrimSpace(out) != "C.UTF-8" {
		t.Errorf("LANG after start-up is %q, want the user's C.UTF-8", out)
	}
}

// The whole program, Fyne linked in, still refuses to open the window
// without a display in one line, never a GLFW panic.
func TestNoDisplayIsOneLine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the display check is for Linux and the BSDs")
	}
	_, errs, code := subprocess(t, "", "DISPLAY=", "WAYLAND_DISPLAY=")
	if code != 1 || !strings.HasPrefix(errs, "lagscope: no display") || strings.Count(errs, "\n") != 1 {
		t.Errorf("no display: exit %d: %s", code, errs)
	}
}
