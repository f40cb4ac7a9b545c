// Package xvfb starts private X servers for tests that need to take the
// display away from a running program, which the shared display of
// `xvfb-run` cannot be.
package xvfb

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Server is a running Xvfb.
type Server struct {
	Display string // for DISPLAY, such as ":3"
	cmd     *exec.Cmd
	done    chan struct{}
}

// startTimeout bounds how long Xvfb may take to accept connections; a
// loaded 2-CPU machine took about 0.3 s.
const startTimeout = 30 * time.Second

// Start starts Xvfb on a display number nobody uses and stops it when the
// test ends. Without Xvfb on PATH it skips the test, except in the
// Makefile's X11 pass (LOCKSTEP_X11=1), where a skip would hide the very
// path that pass exists to test: there it fails.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("LOCKSTEP_X11") == "1" {
			t.Fatalf("LOCKSTEP_X11=1 but %v: install the xvfb package (make deps-test)", err)
		}
		t.Skipf("%v: install the xvfb package (make deps-test)", err)
	}
	// -displayfd lets the server pick a free number itself and say it
	// once it accepts connections: no race with other servers starting.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// -noreset: an X server resets when its last client leaves, and a
	// client that connects meanwhile is dropped (TestServersDoNotResetBetweenClients).
	cmd := exec.Command(bin, "-displayfd", "3", "-noreset", "-screen", "0", "640x480x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatalf("start Xvfb: %v", err)
	}
	s := &Server{cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		if err := s.Kill(); err != nil {
			t.Error(err)
		}
	})

	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		number <- strings.TrimSpace(line)
	}()
	select {
	case n := <-number:
		if n == "" {
			<-s.done
			t.Fatalf("Xvfb ended before it accepted connections: %s", log.String())
		}
		s.Display = ":" + n
	case <-time.After(startTimeout):
		t.Fatalf("Xvfb did not accept connections within %v", startTimeout)
	}
	return s
}

// stopLimit bounds the wait for the server to exit after a signal.
const stopLimit = 30 * time.Second

// Kill ends the server with SIGKILL, as a crash would, and waits until it
// has exited. Once it has, Kill does nothing.
func (s *Server) Kill() error { return s.Stop(syscall.SIGKILL) }

// Stop sends sig to the server and waits until it has exited. Once it has,
// Stop does nothing.
func (s *Server) Stop(sig syscall.Signal) error {
	select {
	case <-s.done:
		return nil
	default:
	}
	if err := s.cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("xvfb: signal the server on %s: %w", s.Display, err)
	}
	select {
	case <-s.done:
		return nil
	case <-time.After(stopLimit):
		return fmt.Errorf("xvfb: the server on %s is still running %v after %v", s.Display, stopLimit, sig)
	}
}
