//go:build linux && !nox11

package sdl2

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/internal/xvfb"
)

// lostChild names the environment variable that makes TestHelperLostDisplay
// the child process of TestX11LostDisplayEndsTheWindowNotTheProcess; its
// value is the case to run.
const lostChild = "LOCKSTEP_LOST_DISPLAY_CHILD"

// How long a child may take to open its window and draw, and to notice
// the loss and check everything after it: both take well under a second
// here, and a hang is what the limits are there to catch.
const (
	childStartLimit = time.Minute
	childEndLimit   = time.Minute
)

// The cases of TestX11LostDisplayEndsTheWindowNotTheProcess, as the child
// knows them.
const (
	lostOpenGL   = "window, default renderer"
	lostSoftware = "window, software renderer"
	lostRunning  = "Run, hidden window"
)

// Each case runs a child process that opens a window on a private X
// server and draws until the server is killed under it, then checks what
// the window says and does: the process must live through it.
func TestX11LostDisplayEndsTheWindowNotTheProcess(t *testing.T) {
	for _, name := range []string{lostOpenGL, lostSoftware, lostRunning} {
		t.Run(name, func(t *testing.T) {
			srv := xvfb.Start(t)
			child := startChild(t, "TestHelperLostDisplay", lostChild+"="+name, "DISPLAY="+srv.Display)
			if err := srv.Kill(); err != nil {
				t.Fatal(err)
			}
			child.survives(t, "the display was lost")
		})
	}
}

// child is a test binary run as a child process that draws in a window
// on a private X server.
type child struct {
	cmd    *exec.Cmd
	out    *lineWatch
	stderr bytes.Buffer
	done   chan error
}

// startChild runs test (a TestHelper... function) as a child process with
// env added to this one's, and returns once the child prints "ready"
// (it has drawn); it fails t when the child ends or takes longer than
// childStartLimit first.
func startChild(t *testing.T, test string, env ...string) *child {
	t.Helper()
	c := &child{out: newLineWatch("ready"), done: make(chan error, 1)}
	c.cmd = exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.v")
	c.cmd.Env = append(append(os.Environ(), "SDL_VIDEODRIVER=x11"), env...)
	c.cmd.Stdout, c.cmd.Stderr = c.out, &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	select {
	case <-c.out.seen:
	case err := <-c.done:
		t.Fatalf("child ended before drawing (%v):\n%s%s", err, c.out, c.stderr.String())
	case <-time.After(childStartLimit):
		c.cmd.Process.Kill()
		<-c.done
		t.Fatalf("child did not draw within %v:\n%s%s", childStartLimit, c.out, c.stderr.String())
	}
	return c
}

// survives fails t unless the child, after what happened, ends with
// status 0 within childEndLimit having printed "survived".
func (c *child) survives(t *testing.T, what string) {
	t.Helper()
	var err error
	select {
	case err = <-c.done:
	case <-time.After(childEndLimit):
		c.cmd.Process.Kill()
		<-c.done
		t.Fatalf("child hung after %s:\n%s%s", what, c.out, c.stderr.String())
	}
	if err != nil || !strings.Contains(c.out.String(), "\nsurvived\n") {
		t.Fatalf("child: %v; want exit 0 after it printed survived:\n%s%s", err, c.out, c.stderr.String())
	}
}

// lineWatch is a child's stdout: it keeps what it is given, and closes
// seen once a whole line equals want.
type lineWatch struct {
	mu   sync.Mutex
	out  bytes.Buffer
	want string
	seen chan struct{}
}

func newLineWatch(want string) *lineWatch {
	return &lineWatch{want: want, seen: make(chan struct{})}
}

func (l *lineWatch) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.out.Write(p)
	if l.want != "" && strings.Contains("\n"+l.out.String(), "\n"+l.want+"\n") {
		close(l.seen)
		l.want = ""
	}
	return len(p), nil
}

func (l *lineWatch) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.out.String()
}

// TestHelperLostDisplay is the child of
// TestX11LostDisplayEndsTheWindowNotTheProcess, and does nothing unless
// started as one.
func TestHelperLostDisplay(t *testing.T) {
	switch os.Getenv(lostChild) {
	case lostOpenGL:
		loseWindow(t, false)
	case lostSoftware:
		loseWindow(t, true)
	case lostRunning:
		loseRun(t)
	default:
		return
	}
	os.Stdout.WriteString("survived\n")
}

// loseWindow draws and presents until PollEvents asks to quit, as the loop
// would, saying "ready" after a few frames for the parent to kill the
// server, then checks every method that needs the server.
func loseWindow(t *testing.T, software bool) {
	var w *Window
	var err error
	onMain(func() {
		w, err = Open(Options{Title: "lockstep lost display", Width: 320, Height: 240, Software: software})
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if onMain1(w.Driver) != "x11" || onMain1(w.Err) != nil {
		t.Fatalf("driver %q, Err %v; want x11 and nil", onMain1(w.Driver), onMain1(w.Err))
	}
	t.Logf("renderer %s", onMain1(w.Renderer))
	var in sink
	var presentErr error
	deadline := time.Now().Add(childEndLimit)
	for frames := 1; !in.quit && time.Now().Before(deadline); frames++ {
		onMain(func() {
			w.PollEvents(&in)
			drawScene(w.Canvas())
			presentErr = w.Present()
		})
		if frames == 10 {
			os.Stdout.WriteString("ready\n")
		}
		if presentErr != nil && !errors.Is(presentErr, ErrDisplayLost) {
			t.Fatalf("Present in frame %d: %v", frames, presentErr)
		}
	}
	if !in.quit {
		t.Fatalf("PollEvents did not ask to quit within %v", childEndLimit)
	}
	if !errors.Is(presentErr, ErrDisplayLost) {
		t.Errorf("Present after the loss: %v, want ErrDisplayLost", presentErr)
	}
	if err := onMain1(w.Err); !errors.Is(err, ErrDisplayLost) || !strings.Contains(err.Error(), "X server "+os.Getenv("DISPLAY")) {
		t.Errorf("Err() = %v, want ErrDisplayLost naming DISPLAY=%s", err, os.Getenv("DISPLAY"))
	}
	var imgErr, vsyncErr error
	onMain(func() {
		_, imgErr = w.Image()
		vsyncErr = w.SetVSync(!w.VSync())
		err = w.Close()
	})
	if !errors.Is(imgErr, ErrDisplayLost) || !errors.Is(vsyncErr, ErrDisplayLost) {
		t.Errorf("after the loss: Image %v, SetVSync %v; want ErrDisplayLost from both", imgErr, vsyncErr)
	}
	if err != nil {
		t.Errorf("Close after the loss: %v, want nil", err)
	}
	// SDL still holds the dead connection, where a new window would wait
	// forever to be mapped: Open refuses.
	var w2 *Window
	onMain(func() { w2, err = Open(Options{Width: 64, Height: 64}) })
	if !errors.Is(err, ErrDisplayLost) || w2 != nil {
		t.Errorf("Open after the loss: %v, %v; want ErrDisplayLost and no window", w2, err)
	}
}

// loseRun runs a game whose window hides itself and says "ready" once the
// loop sees it hidden: with nothing presented, Run must still end with
// the loss.
func loseRun(t *testing.T) {
	var rep host.Report
	var err error
	onMain(func() {
		rep, err = runIn(context.Background(), Options{Width: 160, Height: 120}, engine.Config{Mode: engine.ModeCap, FPS: 60}, host.Wiring{}, &hider{})
	})
	if !errors.Is(err, ErrDisplayLost) || rep.Ticks == 0 {
		t.Errorf("Run: %v after %d ticks; want ErrDisplayLost, after some ticks", err, rep.Ticks)
	}
}

// hider hides its window in the tenth frame's Draw and says "ready" in the
// Update of the first frame that sees it hidden.
type hider struct {
	frames int
	said   bool
}

func (*hider) Tick(*engine.Tick) error { return nil }

func (h *hider) Update(f *engine.Frame) error {
	if f.Window.Hidden && !h.said {
		h.said = true
		os.Stdout.WriteString("ready\n")
	}
	return nil
}

func (h *hider) Draw(c *Canvas, _ *engine.Frame) error {
	if h.frames++; h.frames == 10 {
		win, err := c.ren.GetWindow()
		if err != nil {
			return err
		}
		win.Hide()
	}
	return nil
}

// Watching the display adds a check of Xlib's flag to PollEvents and
// Present: one cgo call each, and no allocation.
func TestX11WatchedWindowPollsAndPresentsWithoutAllocating(t *testing.T) {
	needDisplay(t)
	var w *Window
	var err error
	onMain(func() { w, err = Open(Options{Width: 160, Height: 120}) })
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer onMain(func() { w.Close() })
	if onMain1(w.Driver) == "x11" && w.display.dpy == nil {
		t.Fatal("a window on the x11 driver is not watched")
	}
	var in sink
	var allocs float64
	onMain(func() {
		w.PollEvents(&in)
		err = w.Present()
		allocs = testing.AllocsPerRun(100, func() {
			w.PollEvents(&in)
			if perr := w.Present(); perr != nil {
				err = perr
			}
		})
	})
	if err != nil || in.quit {
		t.Fatalf("Present: %v, quit %v; want a live window", err, in.quit)
	}
	if allocs != 0 {
		t.Errorf("PollEvents and Present on a watched window allocated %v times a frame, want 0", allocs)
	}
}

// BenchmarkX11DisplayCheck measures what watching costs each call of
// PollEvents and Present.
func BenchmarkX11DisplayCheck(b *testing.B) {
	needDisplay(b)
	var w *Window
	var err error
	onMain(func() { w, err = Open(Options{Width: 160, Height: 120}) })
	if err != nil {
		b.Fatalf("Open: %v", err)
	}
	defer onMain(func() { w.Close() })
	onMain(func() {
		for b.Loop() {
			err = w.Err()
		}
	})
	if err != nil {
		b.Fatal(err)
	}
}
