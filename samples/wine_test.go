//go:build wine

// The Windows builds of the samples (make windows), run under Wine and
// Xvfb beside Linux builds of the same source: make test-windows runs
// these with the wine tag, LOCKSTEP_WINE_BIN naming bin/windows and
// WINEPREFIX the prefix tools/windows/winetest prepared. Without Wine, an
// exe or a display they fail saying what is missing.

package samples_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// wineTimeout bounds one Wine run: starting Wine on a machine several
// times oversubscribed takes tens of seconds.
const wineTimeout = 4 * time.Minute

// wineExe returns bin/windows/name.exe, failing when Wine, the exe or the
// display is missing.
func wineExe(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("wine"); err != nil {
		t.Fatalf("%v: install wine and wine64 (make deps-windows)", err)
	}
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("DISPLAY is unset: the Windows builds draw in a real window, so run this under xvfb-run -a (make test-windows)")
	}
	dir := os.Getenv("LOCKSTEP_WINE_BIN")
	if dir == "" {
		t.Fatal("LOCKSTEP_WINE_BIN is unset: name the directory make windows fills (bin/windows)")
	}
	exe := filepath.Join(dir, name+".exe")
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("%v: make windows (and for test/, make windows-tests) builds it", err)
	}
	return exe
}

// wineCmd is exe with args under Wine, run in dir (outputs named relative
// to it land there: Wine maps the Linux directory onto a drive), through
// exitcode.exe (tools/windows/exitcode, built by exitcodeExe), which
// prints the program's own exit status; wineExit reads it.
func wineCmd(ctx context.Context, exitcode, exe, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "wine", append([]string{exitcode, winePath(exe)}, args...)...)
	cmd.Dir = dir
	// Windows' SDL has no offscreen driver: the exe opens its window on
	// Xvfb. Wine's own chatter stays off.
	cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "SDL_VIDEODRIVER=") || strings.HasPrefix(kv, "WINEDEBUG=")
	}), "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=;bcryptprimitives=n")
	return cmd
}

// winePath names the Linux file path as Windows programs under Wine see
// it: a Wine prefix maps drive Z: to /.
func winePath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return `Z:` + strings.ReplaceAll(path, "/", `\`)
}

// exitcodeExe builds tools/windows/exitcode for Windows into a new
// directory and returns its path.
func exitcodeExe(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "exitcode.exe")
	cmd := exec.Command(goTool(), "build", "-o", exe, "../tools/windows/exitcode")
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building tools/windows/exitcode for Windows: %v\n%s", err, out)
	}
	return exe
}

var exitLine = regexp.MustCompile(`(?m)^exitcode: \S+ exited with (-?\d+)\r?$`)

// wineExit says whether a Windows program run by wineCmd failed: the
// status exitcode.exe printed must be 0, and wine's own, err, nil. One
// other end of wine is the program's success: SIGKILL after the status
// line, while ctx was live. wineserver kills a Wine process that still
// exists about half a second after its last Windows thread ended (Wine
// 8.0's server/process.c), and a loaded machine (the race pass beside
// this one) can keep the Linux side of exitcode.exe's exit that long;
// nothing in these tests sends SIGKILL before ctx ends. The SIGKILL is
// logged.
func wineExit(t *testing.T, ctx context.Context, err error, out string) error {
	t.Helper()
	m := exitLine.FindAllStringSubmatch(out, -1)
	switch {
	case len(m) == 0 && err == nil:
		return errors.New("exitcode.exe printed no exit status")
	case len(m) == 0:
		return err
	case m[len(m)-1][1] != "0":
		return fmt.Errorf("exited with %s (wine: %v)", m[len(m)-1][1], err)
	case err == nil:
		return nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && ctx.Err() == nil {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			t.Logf("the program exited 0; wineserver then killed exitcode.exe's slow exit (%v)", err)
			return nil
		}
	}
	return fmt.Errorf("exited 0, but wine: %w", err)
}

// linuxExe builds the Linux sample name without build tags, as the
// Windows ones are built (Chipmunk only), and returns its path.
func linuxExe(t *testing.T, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command(goTool(), "build", "-o", bin, "./"+name).CombinedOutput(); err != nil {
		t.Fatalf("building %s for Linux: %v\n%s", name, err, out)
	}
	return bin
}

// runWine runs exe under Wine in a new directory and returns the run's
// summary and that directory.
func runWine(t *testing.T, exe string, args ...string) (desktop.Summary, string) {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), wineTimeout)
	defer cancel()
	cmd := wineCmd(ctx, exitcodeExe(t), exe, dir, append(args, "-stats-json", "sum.json")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := wineExit(t, ctx, cmd.Run(), out.String()); err != nil {
		t.Fatalf("wine %s %s: %v (timeout %v)\n%s", filepath.Base(exe), strings.Join(args, " "), err, wineTimeout, out.String())
	}
	return readSummary(t, filepath.Join(dir, "sum.json"), out.String()), dir
}

// runLinux runs the Linux build of name headless in dir and returns its summary.
func runLinux(t *testing.T, name, dir string, args ...string) desktop.Summary {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, linuxExe(t, name), append(args, "-headless", "-stats-json", "linux.json")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s on Linux: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	return readSummary(t, filepath.Join(dir, "linux.json"), out.String())
}

func readSummary(t *testing.T, path, log string) desktop.Summary {
	t.Helper()
	var s desktop.Summary
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		t.Fatalf("summary %s: %v\n%s", path, err, log)
	}
	return s
}

// TestWineBreakoutDrawsItsTitle runs breakout.exe for 60 ticks in a real
// window and checks its last frame holds the title screen: the big gold
// BREAKOUT, the wall's rows in their hues. (Its state is not compared with
// Linux's: the pointer of Xvfb's screen steers the paddle; the tape test
// below compares states, input for input.)
func TestWineBreakoutDrawsItsTitle(t *testing.T) {
	ws, dir := runWine(t, wineExe(t, "breakout"), "-ticks", "60", "-mode", "uncapped", "-interp=false", "-screenshot", "shot.png")
	if ws.Ticks != 60 {
		t.Errorf("%d ticks, want 60", ws.Ticks)
	}
	img := readPNG(t, filepath.Join(dir, "shot.png"))
	b := img.Bounds()
	if b.Dx() < 640 || b.Dy() < 360 {
		t.Fatalf("screenshot is %v, want a window of at least 640×360", b)
	}
	gold := func(c color.RGBA) bool { return c.R > 200 && c.G > 140 && c.B < 120 }
	if n := count(img, image.Rect(0, 0, b.Dx(), b.Dy()/2), gold); n < 10_000 {
		t.Errorf("%d gold pixels in the top half, want the title's 10,000 or more", n)
	}
	// The wall: its red, yellow, green and blue rows each show.
	hues := map[string]func(color.RGBA) bool{
		"red":   func(c color.RGBA) bool { return c.R > 50 && int(c.R) > 2*int(c.G) && int(c.R) > 2*int(c.B) },
		"green": func(c color.RGBA) bool { return c.G > 45 && int(c.G) > int(c.R)*3/2 && int(c.G) > int(c.B)*5/4 },
		"blue":  func(c color.RGBA) bool { return c.B > 60 && int(c.B) > int(c.R)*3/2 && c.B > c.G },
		"yellow": func(c color.RGBA) bool {
			return c.R > 50 && c.G > 50 && int(c.B)*2 < int(c.G) && abs(int(c.R)-int(c.G)) < 20
		},
	}
	for name, ok := range hues {
		if n := count(img, b, ok); n < 2_000 {
			t.Errorf("%d %s pixels, want a row of bricks' 2,000 or more", n, name)
		}
	}
	t.Logf("%v frame from %s/%s", b, ws.VideoDriver, ws.Renderer)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestWineRecordingReplaysOnLinux records tumble under Wine and replays
// the tape with the Linux build: replay checks every hash the tape holds
// and exits non-zero at the first that differs.
func TestWineRecordingReplaysOnLinux(t *testing.T) {
	ws, dir := runWine(t, wineExe(t, "tumble"), "-ticks", "600", "-mode", "uncapped", "-record", "win.tape")
	ls := runLinux(t, "tumble", dir, "-replay", "win.tape")
	if ws.Ticks != 600 || ls.Ticks != ws.Ticks || ls.StateHash != ws.StateHash {
		t.Errorf("Windows recorded %d ticks to %s; Linux replayed %d to %s: want 600 and the same state",
			ws.Ticks, ws.StateHash, ls.Ticks, ls.StateHash)
	}
	t.Logf("Windows recorded %d ticks to %s; Linux replayed them to %s", ws.Ticks, ws.StateHash, ls.StateHash)
}

var hostListens = regexp.MustCompile(`netplay: hosting[^\n]*addr=(127\.0\.0\.1:\d+)`)

// TestWinePeerPlaysALinuxPeer plays versus between a Linux host and a
// Windows joiner over loopback, bots on both sides: both end on the same
// tick with the same state.
func TestWinePeerPlaysALinuxPeer(t *testing.T) {
	wineExe(t, "versus") // Wine and a display are here
	exitcode := exitcodeExe(t)
	linux, exe := committedVersus(t)
	const ticks = 300
	ctx, cancel := context.WithTimeout(t.Context(), wineTimeout)
	defer cancel()
	dir := t.TempDir()
	host := exec.CommandContext(ctx, linux, "-host", "127.0.0.1:0", "-code", "wine-test-code", "-bot", "11",
		"-ticks", strconv.Itoa(ticks), "-headless", "-mode", "cap", "-net-timeout", "2m", "-stats-json", "host.json")
	host.Dir = dir
	host.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen")
	var hostLog syncLog
	host.Stdout, host.Stderr = &hostLog, &hostLog
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	var addr string
	for range 600 {
		if m := hostListens.FindStringSubmatch(hostLog.String()); m != nil {
			addr = m[1]
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if addr == "" {
		_ = host.Process.Kill()
		_ = host.Wait()
		t.Fatalf("the Linux host never said where it listens:\n%s", hostLog.String())
	}
	if _, err := net.ResolveUDPAddr("udp", addr); err != nil {
		t.Fatal(err)
	}
	joiner := wineCmd(ctx, exitcode, exe, dir, "-join", addr, "-code", "wine-test-code", "-bot", "22", "-mode", "cap",
		"-net-timeout", "2m", "-stats-json", "joiner.json")
	var joinLog syncLog
	joiner.Stdout, joiner.Stderr = &joinLog, &joinLog
	jerr := wineExit(t, ctx, joiner.Run(), joinLog.String())
	herr := host.Wait()
	if herr != nil || jerr != nil {
		t.Fatalf("Linux host: %v\n%s\nWindows joiner: %v\n%s", herr, hostLog.String(), jerr, joinLog.String())
	}
	hs := readSummary(t, filepath.Join(dir, "host.json"), hostLog.String())
	js := readSummary(t, filepath.Join(dir, "joiner.json"), joinLog.String())
	if hs.Ticks != ticks || js.Ticks != ticks || hs.StateHash != js.StateHash {
		t.Fatalf("Linux host: %d ticks to %s; Windows joiner: %d ticks to %s: want %d and the same state",
			hs.Ticks, hs.StateHash, js.Ticks, js.StateHash, ticks)
	}
	t.Logf("Linux host and Windows joiner: %d ticks to %s", hs.Ticks, hs.StateHash)
}

// buildTimeout bounds one build of committedVersus: a cold cache
// compiles go-sdl2 with mingw, minutes on a busy machine.
const buildTimeout = 20 * time.Minute

// committedVersus builds versus for Linux and for Windows from a clean
// clone of this checkout's HEAD and returns the two paths. Builds of different systems play each other only when both come
// from one committed source (platform/internal/buildid), which a working
// tree with changes is not; the clone is what a developer ships. The
// Windows build carries the harness's workaround for Wine 8.0's UDP gap
// (tools/windows/winetest overlay): the versus.exe a player gets opens no
// UDP socket under that Wine.
func committedVersus(t *testing.T) (linux, windows string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	run := func(dir string, name string, args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), buildTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	rev := run(root, "git", "rev-parse", "HEAD")
	src, out := filepath.Join(t.TempDir(), "src"), t.TempDir()
	run(root, "git", "clone", "--quiet", "--shared", "--no-checkout", root, src)
	run(src, "git", "checkout", "--quiet", "--detach", rev)
	linux, windows = filepath.Join(out, "versus"), filepath.Join(out, "versus.exe")
	// Linux without -trimpath, as the other tests build (only this
	// module's packages, in another directory, compile again); Windows
	// with it, as make windows and windows-tests build (nothing unchanged
	// compiles again).
	run(filepath.Join(src, "samples"), goTool(), "build", "-o", linux, "./versus")
	overlay := filepath.Join(out, "overlay")
	run(root, filepath.Join(root, "tools", "windows", "winetest"), "overlay", overlay)
	run(filepath.Join(src, "samples"), filepath.Join(root, "tools", "windows", "wingo"),
		"build", "-trimpath", "-overlay", filepath.Join(overlay, "overlay.json"), "-o", windows, "./versus")
	return linux, windows
}

// syncLog collects a process's output while the test reads it.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncLog) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
