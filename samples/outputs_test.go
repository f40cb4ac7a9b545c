package samples_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// start starts the sample name with args in dir on the offscreen driver.
func start(t *testing.T, name, dir string, stdout, stderr *bytes.Buffer, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(binary(t, name), args...)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// A terminal closed under a run (SIGHUP) ends it as SIGINT does: exit 0,
// every output complete.
func TestSIGHUPEndsARunCleanlyWithItsOutputs(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := start(t, "tumble", dir, &stdout, &stderr, "-headless", "-mode", "cap", "-duration", "60s",
		"-stats-json", "sum.json", "-record", "run.tape", "-trace", "trace.out")
	waitTicking(t, cmd, dir, "run.tape", &stderr)
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if err != nil {
		t.Fatalf("after SIGHUP: %v; stderr:\n%s", err, stderr.String())
	}
	var sum map[string]any
	b, err := os.ReadFile(filepath.Join(dir, "sum.json"))
	if err == nil {
		err = json.Unmarshal(b, &sum)
	}
	if err != nil {
		t.Fatalf("summary after SIGHUP: %v", err)
	}
	if _, err := tape.ReadFile(filepath.Join(dir, "run.tape")); err != nil {
		t.Errorf("recording after SIGHUP: %v", err)
	}
}

// waitTicking returns once the run cmd started in dir has written the
// first checkpoint of its recording record, in its first tick: the
// signal handlers were installed before the loop started, so a signal
// now is the run's to handle, however slowly the machine started it.
// Until the run ends, the recording grows in a temporary file beside its
// path. It gives up after a minute.
func waitTicking(t *testing.T, cmd *exec.Cmd, dir, record string, stderr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(patience(time.Minute))
	for {
		tmps, _ := filepath.Glob(filepath.Join(dir, "."+record+".*.tmp"))
		if len(tmps) == 1 {
			if fi, err := os.Stat(tmps[0]); err == nil && fi.Size() > 40 {
				return
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the run never started ticking:\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A reader that goes away (-stats | head -c 10) does not kill the run: it
// ends by itself, exit 0, and writes its files.
func TestClosedStdoutNeverKillsTheRun(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary(t, "tumble"), "-headless", "-mode", "uncapped", "-ticks", "30", "-stats", "-stats-json", "sum.json")
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	cmd.Dir = dir
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody reads: every write to stdout is EPIPE
	cmd.Stdout = w
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	w.Close()
	if err != nil {
		t.Fatalf("with a closed stdout: %v (a SIGPIPE death is 'signal: broken pipe'); stderr:\n%s", err, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "sum.json")); err != nil {
		t.Errorf("summary: %v", err)
	}
}

// -stats-json /dev/stdout prints the JSON instead of replacing the link.
func TestStatsJSONToStdoutPrints(t *testing.T) {
	var stdout, stderr bytes.Buffer
	cmd := start(t, "tumble", t.TempDir(), &stdout, &stderr, "-headless", "-mode", "uncapped", "-ticks", "5", "-stats-json", "/dev/stdout")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v; stderr:\n%s", err, stderr.String())
	}
	var sum map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil || sum["ticks"] != 5.0 {
		t.Fatalf("stdout is not the summary of 5 ticks: %v\n%s", err, stdout.String())
	}
	if fi, err := os.Lstat("/dev/stdout"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("/dev/stdout is no longer a link: %v %v", fi, err)
	}
}

// Outputs that fail are named and make the run fail; one file named by
// two flags, or the recording a replay reads, is refused before anything
// is written; an older good file survives a failed run.
func TestFailedOrCollidingOutputsAreNamedAndOldFilesSurvive(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "cpu.pprof")
	if err := os.WriteFile(old, []byte("an older good profile"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-cpuprofile", "/dev/full"}, 1, "-cpuprofile"},
		{[]string{"-trace", "/dev/full"}, 1, "-trace"},
		{[]string{"-stats-json", "/dev/full"}, 1, "-stats-json"},
		{[]string{"-cpuprofile", "x", "-trace", "./x"}, 2, "-cpuprofile and -trace"},
		{[]string{"-record", "t.tape", "-stats-json", "../" + filepath.Base(dir) + "/t.tape"}, 2, "-record and -stats-json"},
		{[]string{"-cpuprofile", old, "-pprof", "localhost:99999"}, 2, "-pprof"},
		{[]string{"-pprof", "0.0.0.0:6060"}, 2, "loopback"},
	} {
		res := runIn(t, dir, "tumble", append([]string{"-headless", "-ticks", "3", "-mode", "uncapped"}, tc.args...)...)
		if res.code != tc.code || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d naming %q", tc.args, res.code, res.stderr, tc.code, tc.want)
		}
	}
	if b, err := os.ReadFile(old); err != nil || string(b) != "an older good profile" {
		t.Errorf("the older profile after a refused run: %q, %v", b, err)
	}
}

// runIn runs a sample in dir and returns how it ended.
func runIn(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	// Built before the deadline starts: the first run builds every
	// sample, minutes on a cold cache and a busy machine, and a deadline
	// for the run that counted the build failed the first test for it.
	bin := binary(t, name)
	ctx, cancel := context.WithTimeout(context.Background(), patience(2*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %s: did not end within %v; stderr:\n%s", name, strings.Join(args, " "), patience(2*time.Minute), stderr.String())
	}
	res := result{stderr: stderr.String()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		res.code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return res
}

// A recording keeps the scene's own flags: replaying it needs none of
// them, and a flag that contradicts it is refused by name.
func TestReplayTakesSceneFlagsFromTheRecording(t *testing.T) {
	dir := t.TempDir()
	if res := runIn(t, dir, "stress", "-headless", "-mode", "uncapped", "-ticks", "90", "-bodies", "50", "-seed", "3", "-record", "s.tape"); res.code != 0 {
		t.Fatalf("record: exit %d: %s", res.code, res.stderr)
	}
	if res := runIn(t, dir, "stress", "-headless", "-replay", "s.tape"); res.code != 0 {
		t.Fatalf("replay with no flags: exit %d: %s", res.code, res.stderr)
	}
	res := runIn(t, dir, "stress", "-headless", "-replay", "s.tape", "-bodies", "60")
	if res.code != 2 || !strings.Contains(res.stderr, "-bodies 60 contradicts the recording's -bodies 50") {
		t.Fatalf("replay with another -bodies: exit %d, %q; want 2 naming the flag", res.code, res.stderr)
	}
}

// A display that cannot be opened (DISPLAY=:77, no X server there) is an
// error a player sees: exit 1, saying what to check. It used to fall back
// to a headless run that went unseen and exited 0; headless is now only
// asked for (-headless) or taken when no display is named.
func TestADeadDisplayIsAnErrorUnlessHeadlessIsAsked(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		cmd := exec.Command(binary(t, "chain"), args...)
		cmd.Env = append(os.Environ(), "DISPLAY=:77", "SDL_VIDEODRIVER=")
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(patience(60 * time.Second)):
			cmd.Process.Kill()
			<-done
			t.Fatalf("DISPLAY=:77 %v: still running after %v", args, patience(60*time.Second))
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	code, stderr := run("-stats-json", "sum.json")
	if code != 1 || !strings.Contains(stderr, "DISPLAY=:77 could not be opened") || !strings.Contains(stderr, "check that the display server runs") {
		t.Fatalf("DISPLAY=:77: exit %d, stderr:\n%s\nwant 1 saying what to check", code, stderr)
	}
	code, stderr = run("-headless", "-frames", "3", "-stats-json", "sum.json")
	var sum struct {
		Headless       bool   `json:"headless"`
		HeadlessReason string `json:"headless_reason"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "sum.json"))
	if err == nil {
		err = json.Unmarshal(b, &sum)
	}
	if code != 0 || err != nil || !sum.Headless || !strings.Contains(sum.HeadlessReason, "asked for") {
		t.Fatalf("-headless with DISPLAY=:77: exit %d (%s), summary %+v (%v); want 0, headless as asked", code, stderr, sum, err)
	}
	// The engine is a setting like any other: a replay on another one is
	// refused, naming it.
	if backend.Box2D.Available() == nil {
		if res := runIn(t, dir, "stress", "-headless", "-mode", "uncapped", "-ticks", "30", "-bodies", "20", "-physics", "box2d", "-record", "b.tape"); res.code != 0 {
			t.Fatalf("record on box2d: exit %d: %s", res.code, res.stderr)
		}
		res := runIn(t, dir, "stress", "-headless", "-replay", "b.tape", "-physics", "chipmunk")
		if res.code != 2 || !strings.Contains(res.stderr, "-physics chipmunk contradicts the recording's -physics box2d") {
			t.Fatalf("replay of a box2d recording on chipmunk: exit %d, %q; want 2 naming -physics", res.code, res.stderr)
		}
		if res := runIn(t, dir, "stress", "-headless", "-replay", "b.tape"); res.code != 0 {
			t.Fatalf("replay of a box2d recording: exit %d: %s", res.code, res.stderr)
		}
	}
}
