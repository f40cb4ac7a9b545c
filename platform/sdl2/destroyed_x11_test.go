//go:build linux && !nox11

package sdl2

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/internal/xvfb"
)

// destroyedChild makes TestHelperDestroyedWindow the child of
// TestX11WindowDestroyedByAnotherClientEndsTheWindowNotTheProcess; its
// value is the window's title.
const destroyedChild = "LOCKSTEP_DESTROYED_WINDOW_CHILD"

// xdotool windowclose (XDestroyWindow) on a game's window: Xlib's default
// error handler ended the process with status 1 at the next request on
// it, and every output of the run was lost.
func TestX11WindowDestroyedByAnotherClientEndsTheWindowNotTheProcess(t *testing.T) {
	xdotool, err := exec.LookPath("xdotool")
	if err != nil {
		t.Fatalf("%v: install xdotool (make deps-test)", err)
	}
	for _, software := range []bool{true, false} {
		title := "lockstep destroyed window"
		if software {
			title += " software"
		}
		t.Run(title, func(t *testing.T) {
			srv := xvfb.Start(t)
			child := startChild(t, "TestHelperDestroyedWindow", destroyedChild+"="+title, "DISPLAY="+srv.Display)
			find := exec.Command(xdotool, "search", "--name", "^"+title+"$")
			find.Env = append(os.Environ(), "DISPLAY="+srv.Display)
			ids, err := find.Output()
			if err != nil || len(strings.Fields(string(ids))) != 1 {
				t.Fatalf("xdotool search: %q, %v; want the child's one window", ids, err)
			}
			closeIt := exec.Command(xdotool, "windowclose", strings.TrimSpace(string(ids)))
			closeIt.Env = find.Env
			if b, err := closeIt.CombinedOutput(); err != nil {
				t.Fatalf("xdotool windowclose: %v: %s", err, b)
			}
			child.survives(t, "its window was destroyed")
		})
	}
}

// TestHelperDestroyedWindow is the child of
// TestX11WindowDestroyedByAnotherClientEndsTheWindowNotTheProcess, and
// does nothing unless started as one: it draws until PollEvents asks to
// quit, then checks the window says why.
func TestHelperDestroyedWindow(t *testing.T) {
	title := os.Getenv(destroyedChild)
	if title == "" {
		return
	}
	var w *Window
	var err error
	onMain(func() {
		w, err = Open(Options{Title: title, Width: 320, Height: 240, Software: strings.HasSuffix(title, "software")})
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	var in sink
	deadline := time.Now().Add(childEndLimit)
	for frames := 1; !in.quit && time.Now().Before(deadline); frames++ {
		onMain(func() {
			w.PollEvents(&in)
			drawScene(w.Canvas())
			_ = w.Present()
		})
		if frames == 10 {
			os.Stdout.WriteString("ready\n")
		}
		time.Sleep(time.Millisecond)
	}
	if !in.quit {
		t.Fatalf("PollEvents did not ask to quit within %v", childEndLimit)
	}
	if err := onMain1(w.Err); !errors.Is(err, ErrWindowLost) || !errors.Is(err, ErrDisplayLost) {
		t.Fatalf("Err() = %v, want ErrWindowLost, which is an ErrDisplayLost", err)
	}
	onMain(func() { err = w.Close() })
	if err != nil {
		t.Errorf("Close after the window was destroyed: %v, want nil", err)
	}
	os.Stdout.WriteString("survived\n")
}
