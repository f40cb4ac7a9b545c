//go:build wine

// The Windows builds of the samples (make windows), run under Wine and
// Xvfb beside Linux builds of the same source: make test-windows runs
// these with the wine tag, LOCKSTEP_WINE_BIN naming bin/windows and
// WINEPREFIX the prefix tools/windows/winetest prepared. Without Wine, an
// exe or a display they fail saying what is missing. TestWinePeerPlaysALinuxPeer
// cannot pass on Debian 12's Wine 8.0, which opens no UDP socket for Go
// (the Makefile's WINDOWS_WINE8_GAPS says why): make
// test-windows-wine8-gaps runs it, for a newer Wine.

package samples_test

import (
	"bytes"
	"context"
	"encoding/json"
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
		t.Fatalf("%v: make windows builds it", err)
	}
	return exe
}

// wineCmd is exe with args under Wine, run in dir (outputs named relative
// to it land there: Wine maps the Linux directory onto a drive).
func wineCmd(ctx context.Context, exe, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "wine", append([]string{exe}, args...)...)
	cmd.Dir = dir
	// Windows' SDL has no offscreen driver: the exe opens its window on
	// Xvfb. Wine's own chatter stays off.
	cmd.Env = append(slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "SDL_VIDEODRIVER=") || strings.HasPrefix(kv, "WINEDEBUG=")
	}), "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=;bcryptprimitives=n")
	return cmd
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
	cmd := wineCmd(ctx, exe, dir, append(args, "-stats-json", "sum.json")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
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
}

var hostListens = regexp.MustCompile(`netplay: hosting[^\n]*addr=(127\.0\.0\.1:\d+)`)

// TestWinePeerPlaysALinuxPeer plays versus between a Linux host and a
// Windows joiner over loopback, bots on both sides: both end on the same
// tick with the same state.
func TestWinePeerPlaysALinuxPeer(t *testing.T) {
	exe := wineExe(t, "versus")
	const ticks = 300
	ctx, cancel := context.WithTimeout(t.Context(), wineTimeout)
	defer cancel()
	dir := t.TempDir()
	host := exec.CommandContext(ctx, linuxExe(t, "versus"), "-host", "127.0.0.1:0", "-code", "wine-test-code", "-bot", "11",
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
	joiner := wineCmd(ctx, exe, dir, "-join", addr, "-code", "wine-test-code", "-bot", "22", "-mode", "cap",
		"-net-timeout", "2m", "-stats-json", "joiner.json")
	var joinLog syncLog
	joiner.Stdout, joiner.Stderr = &joinLog, &joinLog
	jerr := joiner.Run()
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
