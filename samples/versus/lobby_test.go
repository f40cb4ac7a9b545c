package main

import (
	"errors"
	"net"
	"os/exec"
	"strings"
	"testing"
)

func TestALobbyThatIsNotThereEndsTheRunSayingSoAndWhatToTry(t *testing.T) {
	t.Parallel() // starts processes of its own only: runs beside the others (Makefile: VERSUS_PARALLEL)
	bin := build(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	cmd := exec.Command(bin, "-lobby", addr, "-code", "not-there-code", "-headless", "-ticks", "10")
	cmd.Env = append(cmd.Environ(), "SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=dummy")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1\n%s", err, out)
	}
	for _, w := range []string{"the lobby at " + addr + " cannot be reached", "check the lobby address"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("the output does not say %q:\n%s", w, out)
		}
	}
}
