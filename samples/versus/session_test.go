package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waitLog waits until p's log matches want, for at most 30 s.
func waitLog(t *testing.T, p *peerRun, want string) {
	t.Helper()
	for range 300 {
		if strings.Contains(p.stderr.String(), want) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the log never said %q:\n%s", want, p.stderr.String())
}

// exitStatus is a finished process's exit status.
func exitStatus(err error) int {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

func TestOneInterruptedPeerEndsEveryPeerOnOneTickWithStatusZero(t *testing.T) {
	t.Parallel() // sleeps through real-time sessions: runs beside the others (Makefile: VERSUS_PARALLEL)
	bin := build(t)
	for _, tc := range []struct {
		name string
		sig  os.Signal
		host bool // the host is interrupted; else the joiner
	}{
		{"SIGINT to the joiner", os.Interrupt, false},
		{"SIGTERM to the host", syscall.SIGTERM, true},
		{"SIGHUP to the joiner", syscall.SIGHUP, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			const code = "signal-test-code"
			dir := t.TempDir()
			tapes := [2]string{filepath.Join(dir, "host.tape"), filepath.Join(dir, "joiner.tape")}
			host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "100000", "-bot", "1", "-record", tapes[0])
			joiner := startPeer(ctx, t, bin, "-join", waitHost(t, host).String(), "-code", code, "-bot", "2", "-record", tapes[1])
			waitLog(t, joiner, "netplay: session started")
			time.Sleep(time.Second) // a second of play
			target := joiner
			if tc.host {
				target = host
			}
			if err := target.cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
			if exitStatus(herr) != 0 || exitStatus(jerr) != 0 {
				t.Fatalf("host: %v, joiner: %v: want both to exit 0\nhost:\n%s\njoiner:\n%s", herr, jerr, host.stderr.String(), joiner.stderr.String())
			}
			hs, js := host.summary(t), joiner.summary(t)
			if hs.Ticks == 0 || hs.Ticks != js.Ticks || hs.StateHash != js.StateHash {
				t.Fatalf("host ended after %d ticks at %s, joiner after %d at %s: want one tick and one state", hs.Ticks, hs.StateHash, js.Ticks, js.StateHash)
			}
			for _, s := range []string{hs.Netplay.End, js.Netplay.End} {
				if s != "ended" {
					t.Fatalf("a peer's session ended %q: want ended", s)
				}
			}
			// Every output written: each tape replays alone to the end.
			for _, tp := range tapes {
				rp := startPeer(ctx, t, bin, "-replay", tp)
				if err := rp.cmd.Wait(); err != nil {
					t.Fatalf("replay %s: %v\n%s", tp, err, rp.stderr.String())
				}
				if rs := rp.summary(t); rs.Ticks != hs.Ticks || rs.StateHash != hs.StateHash {
					t.Fatalf("replay of %s: %d ticks at %s, want %d at %s", tp, rs.Ticks, rs.StateHash, hs.Ticks, hs.StateHash)
				}
			}
		})
	}
}

func TestAHostInterruptedWhileWaitingExitsZeroHavingShownItsWindow(t *testing.T) {
	t.Parallel() // starts processes of its own only: runs beside the others (Makefile: VERSUS_PARALLEL)
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	shot := filepath.Join(t.TempDir(), "waiting.png")
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", "waiting-test-code", "-screenshot", shot)
	waitHost(t, host)
	if err := host.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := host.cmd.Wait(); err != nil {
		t.Fatalf("a host interrupted while waiting: %v, want exit status 0\n%s", err, host.stderr.String())
	}
	if s := host.summary(t); s.Error != "" || s.Netplay != nil {
		t.Fatalf("summary: error %q, netplay %+v: want a clean end before any session", s.Error, s.Netplay)
	}
	if b, err := os.ReadFile(shot); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Fatalf("the waiting window's screenshot: %v (%d bytes): want a PNG of it", err, len(b))
	}
}

func TestJoiningAHostThatIsNotThereGivesUpAfterTheJoinTimeout(t *testing.T) {
	t.Parallel() // sleeps through real-time sessions: runs beside the others (Makefile: VERSUS_PARALLEL)
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	nobody := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", "nobody-test-code")
	addr := waitHost(t, nobody).String()
	_ = nobody.cmd.Process.Kill() // the port is free now: nothing answers there
	_ = nobody.cmd.Wait()
	joiner := startPeer(ctx, t, bin, "-join", addr, "-code", "nobody-test-code", "-join-timeout", "1s")
	err := joiner.cmd.Wait()
	if exitStatus(err) != 1 || !strings.Contains(joiner.stderr.String(), "no answer within 1s") {
		t.Fatalf("join of nobody: %v, want exit status 1 after the 1 s -join-timeout\n%s", err, joiner.stderr.String())
	}
}

// A headless joiner with the wrong code ends at once, status 1, saying
// so: it holds no failure screen for a player (which would outlast the
// 30 s this test gives it).
func TestJoiningWithTheWrongCodeEndsAtOnceSayingSo(t *testing.T) {
	t.Parallel() // starts processes of its own only: runs beside the others (Makefile: VERSUS_PARALLEL)
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", "the-hosts-code-1")
	defer func() { _ = host.cmd.Process.Kill(); _ = host.cmd.Wait() }()
	addr := waitHost(t, host).String()
	jctx, jcancel := context.WithTimeout(ctx, 30*time.Second)
	defer jcancel()
	joiner := startPeer(jctx, t, bin, "-join", addr, "-code", "not-the-code-222")
	err := joiner.cmd.Wait()
	if exitStatus(err) != 1 || !strings.Contains(joiner.stderr.String(), "does not know the session code") {
		t.Fatalf("join with the wrong code: %v, want exit status 1 at once, saying the code is wrong\n%s", err, joiner.stderr.String())
	}
}

// copyModule copies this module's source into a new directory outside
// any version control, with edit applied to samples/versus/game.go.
func copyModule(t *testing.T, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", "git -C \"$1\" ls-files -z --cached --others --exclude-standard | (cd \"$1\" && xargs -0 tar -cf -) | tar -xf - -C \"$2\"", "sh", root, dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("copy the module: %v\n%s", err, out)
	}
	game := filepath.Join(dir, "samples", "versus", "game.go")
	b, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(game, []byte(edit(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildIn builds versus in module as a release would be (-trimpath), without
// VCS stamps.
func buildIn(t *testing.T, module string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "versus")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-tags", buildTags, "-o", bin, "./samples/versus")
	cmd.Dir = module
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestPeersBuiltFromDifferentCodeOutsideGitAreRefused(t *testing.T) {
	t.Parallel() // sleeps through real-time sessions: runs beside the others (Makefile: VERSUS_PARALLEL)
	same := func(s string) string { return s }
	faster := func(s string) string {
		return strings.Replace(s, "discSpeed    = 7.0", "discSpeed    = 7.5", 1)
	}
	if faster("discSpeed    = 7.0") == "discSpeed    = 7.0" {
		t.Fatal("the edit changes nothing")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := buildIn(t, root), buildIn(t, copyModule(t, same)), buildIn(t, copyModule(t, faster))
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const code = "build-test-code"
	host := startPeer(ctx, t, a, "-host", "127.0.0.1:0", "-code", code, "-ticks", "120", "-bot", "1")
	addr := waitHost(t, host).String()
	other := startPeer(ctx, t, c, "-join", addr, "-code", code, "-bot", "2")
	if err := other.cmd.Wait(); exitStatus(err) != 1 || !strings.Contains(other.stderr.String(), "refused to let this peer join: this copy of the game differs from the host's") {
		t.Fatalf("a joiner of other code: %v, want it refused naming the build\n%s", err, other.stderr.String())
	}
	twin := startPeer(ctx, t, b, "-join", addr, "-code", code, "-bot", "2")
	if err := twin.cmd.Wait(); err != nil {
		t.Fatalf("a joiner of the same code built elsewhere: %v\n%s", err, twin.stderr.String())
	}
	if err := host.cmd.Wait(); err != nil {
		t.Fatalf("host: %v\n%s", err, host.stderr.String())
	}
}
