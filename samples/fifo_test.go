//go:build linux

package samples_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waitsInFIFOOpen reports whether a thread of process pid comes to sleep
// in a FIFO's open (waiting for its other end) within d.
func waitsInFIFOOpen(pid int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		wchans, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "wchan"))
		for _, w := range wchans {
			if b, _ := os.ReadFile(w); string(b) == "wait_for_partner" {
				return true
			}
		}
	}
	return false
}

// A FIFO nobody opens, as any output or as the replayed recording, does
// not hang a run deaf to signals: it waits in open, and SIGINT, SIGTERM
// or SIGHUP ends it, saying which file was not written or read.
func TestAFIFOWithNoPartnerNeverHangsARun(t *testing.T) {
	dir := t.TempDir()
	if res := runIn(t, dir, "tumble", "-headless", "-mode", "uncapped", "-ticks", "30", "-record", "run.tape"); res.code != 0 {
		t.Fatalf("recording: exit %d: %s", res.code, res.stderr)
	}
	sigs := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}
	for i, flag := range []string{"-record", "-stats-json", "-audio-out", "-screenshot", "-cpuprofile", "-memprofile", "-trace", "-replay"} {
		sig := sigs[i%len(sigs)]
		t.Run(flag[1:]+"-"+sig.String(), func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := start(t, "tumble", dir, &stdout, &stderr, "-headless", "-mode", "uncapped", "-ticks", "30", flag, fifo)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			if !waitsInFIFOOpen(cmd.Process.Pid, patience(time.Minute)) {
				cmd.Process.Kill()
				<-done
				t.Fatalf("the run never waited in the FIFO's open; stderr:\n%s", stderr.String())
			}
			cmd.Process.Signal(sig)
			select {
			case err := <-done:
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() == 0 || !strings.Contains(stderr.String(), flag) || !strings.Contains(stderr.String(), "FIFO") {
					t.Errorf("after %v: %v; stderr:\n%s\nwant a failure naming %s and the FIFO", sig, err, stderr.String(), flag)
				}
			case <-time.After(patience(30 * time.Second)):
				cmd.Process.Kill()
				<-done
				t.Fatalf("%v left the run waiting for the FIFO's other end; stderr:\n%s", sig, stderr.String())
			}
		})
	}
}

// A recording read from a pipe is read once: "cat t | game -replay
// /dev/stdin" and "game -replay <(cat t)" replay it (the settings were
// read from it first, and the replay found it empty).
func TestAReplayFromAPipeIsReadOnce(t *testing.T) {
	dir := t.TempDir()
	if res := runIn(t, dir, "tumble", "-headless", "-mode", "uncapped", "-ticks", "30", "-record", "run.tape"); res.code != 0 {
		t.Fatalf("recording: exit %d: %s", res.code, res.stderr)
	}
	recorded, err := os.ReadFile(filepath.Join(dir, "run.tape"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/dev/stdin", "/dev/fd/3"} {
		t.Run(path, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(binary(t, "tumble"), "-headless", "-replay", path)
			cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
			cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
			if path == "/dev/stdin" {
				cmd.Stdin = r
			} else {
				cmd.ExtraFiles = []*os.File{r} // descriptor 3, as bash's <(...) gives one
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r.Close()
			go func() { w.Write(recorded); w.Close() }()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil || !strings.Contains(stderr.String(), "replay matched every hash") {
					t.Errorf("replay from %s: %v; stderr:\n%s", path, err, stderr.String())
				}
			case <-time.After(patience(2 * time.Minute)):
				cmd.Process.Kill()
				<-done
				t.Fatalf("replay from %s still running after 2 minutes", path)
			}
		})
	}
}
