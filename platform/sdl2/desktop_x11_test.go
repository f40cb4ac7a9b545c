package sdl2

import (
	"fmt"
	"image"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// openX11 opens a window on the display, closed when the test ends.
func openX11(t *testing.T, opts Options) *Window {
	t.Helper()
	needDisplay(t)
	var w *Window
	var err error
	onMain(func() { w, err = Open(opts) })
	if err != nil {
		t.Fatalf("Open(%+v): %v", opts, err)
	}
	t.Cleanup(func() { onMain(func() { w.Close() }) })
	if onMain1(w.Headless) {
		t.Fatalf("with DISPLAY set the window is headless: %s", onMain1(w.HeadlessReason))
	}
	return w
}

// waitForSize polls events until the drawable is width×height: X11 resizes
// asynchronously, and a loaded Xvfb can take a while.
func waitForSize(t *testing.T, w *Window, width, height int) {
	t.Helper()
	var in sink
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		onMain(func() { w.PollEvents(&in) })
		if ww, wh := onMain2(w.Size); ww == width && wh == height {
			return
		}
	}
	ww, wh := onMain2(w.Size)
	t.Fatalf("the drawable stayed %d×%d, want %d×%d", ww, wh, width, height)
}

func TestX11FullscreenCoversTheScreenAndComesBack(t *testing.T) {
	// Desktop fullscreen asks the window manager (_NET_WM_STATE_FULLSCREEN)
	// and SDL reports the display's size at once. Xvfb runs no window
	// manager, so there the X window itself keeps its size (xwininfo says
	// 320×240) and pixels drawn while fullscreen cannot be checked; what a
	// game sees can, and so can the way back, which SetFullscreen(false)
	// restores itself where no window manager does.
	const title = "lockstep fullscreen test"
	w := openX11(t, Options{Title: title, Width: 320, Height: 240, LogicalWidth: 160, LogicalHeight: 90, IntegerScale: true})
	id := xwindow(t, title)
	var err error
	onMain(func() { err = w.SetFullscreen(true) })
	if err != nil {
		t.Fatalf("SetFullscreen(true): %v", err)
	}
	waitForSize(t, w, 1280, 720) // the Makefile's Xvfb screen
	if !onMain1(w.Fullscreen) {
		t.Error("Fullscreen() = false after SetFullscreen(true)")
	}
	if ww, wh := onMain2(w.WindowSize); ww != 1280 || wh != 720 || onMain1(onMain1(w.Canvas).PixelScale) != 8 {
		t.Errorf("fullscreen: window %d×%d, canvas scale %v; want 1280×720, and 160×90 at 8×", ww, wh, onMain1(onMain1(w.Canvas).PixelScale))
	}
	onMain(func() { err = w.SetFullscreen(false) })
	if err != nil {
		t.Fatalf("SetFullscreen(false): %v", err)
	}
	waitForSize(t, w, 320, 240)
	if onMain1(w.Fullscreen) || onMain1(onMain1(w.Canvas).PixelScale) != 2 {
		t.Errorf("after SetFullscreen(false): Fullscreen() %v, canvas scale %v; want windowed at 2×", onMain1(w.Fullscreen), onMain1(onMain1(w.Canvas).PixelScale))
	}
	out, err := exec.Command("xwininfo", "-id", id).Output()
	if err != nil || !strings.Contains(string(out), "-geometry 320x240") {
		t.Errorf("xwininfo after fullscreen: %v\n%s\nwant the X window at 320×240", err, out)
	}
	// The first frame after a resize may go to the old buffer: draw one.
	drawAndRead(t, w, drawLogicalScene)
	onMain(func() { w.Present() })
	img := drawAndRead(t, w, drawLogicalScene)
	checkPixels(t, img, 0, []pixelWant{
		{"the square at the corner", 5, 40, red}, {"the circle at the centre", 160, 120, green},
		{"the canvas's last unit", 318, 208, blue}, {"the bar below", 160, 235, black},
	})
	saveForReview(t, w, "x11-after-fullscreen.png")
}

func TestX11WindowAndDrawableSizes(t *testing.T) {
	// X11 has no high-DPI scaling: window coordinates are pixels, and the
	// pointer maps straight into a canvas without a logical size.
	w := openX11(t, Options{Width: 320, Height: 240})
	ww, wh := onMain2(w.WindowSize)
	dw, dh := onMain2(w.Size)
	if ww != 320 || wh != 240 || dw != 320 || dh != 240 {
		t.Errorf("window %d×%d, drawable %d×%d; want both 320×240", ww, wh, dw, dh)
	}
	if x, y := onMain2(func() (float64, float64) { return w.PointerToCanvas(10.5, 20) }); x != 10.5 || y != 20 {
		t.Errorf("PointerToCanvas(10.5, 20) = (%v, %v) without a logical size", x, y)
	}
	var err error
	onMain(func() { err = w.SetLogicalSize(640, 480, false) })
	if err != nil {
		t.Fatal(err)
	}
	if x, y := onMain2(func() (float64, float64) { return w.PointerToCanvas(10.5, 20) }); x != 21 || y != 40 {
		t.Errorf("PointerToCanvas(10.5, 20) = (%v, %v) at a logical 640×480, want (21, 40)", x, y)
	}
}

// xwindow finds the X window titled title with xdotool.
func xwindow(t *testing.T, title string) string {
	t.Helper()
	var out []byte
	var err error
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if out, err = exec.Command("xdotool", "search", "--name", "^"+title+"$").Output(); err == nil && len(out) > 0 {
			return strings.Fields(string(out))[0]
		}
	}
	t.Fatalf("xdotool search --name %q: %v (%q)", title, err, out)
	return ""
}

func TestX11TitleAndIconReachTheServer(t *testing.T) {
	w := openX11(t, Options{Title: "lockstep title before", Width: 200, Height: 100})
	title := fmt.Sprintf("lockstep title after %d", time.Now().UnixNano())
	var err error
	onMain(func() {
		w.SetTitle(title)
		err = w.SetIcon(quadImage())
	})
	if err != nil {
		t.Fatalf("SetIcon: %v", err)
	}
	id := xwindow(t, title)
	out, err := exec.Command("xprop", "-id", id, "-f", "_NET_WM_ICON", "32c", " = $0+\n", "_NET_WM_ICON").Output()
	if err != nil {
		t.Fatalf("xprop: %v", err)
	}
	// Width, height, then ARGB texels by rows: red, red, green, green, ...
	want := "= 4, 4, 4294901760, 4294901760, 4278255360, 4278255360,"
	if !strings.Contains(string(out), want) {
		t.Errorf("the window's _NET_WM_ICON is %q, want it to start %q", out, want)
	}
}

func TestX11CursorAndRelativeMouse(t *testing.T) {
	w := openX11(t, Options{Width: 200, Height: 100, HideCursor: true})
	var hidden, relOn, relOff, shown bool
	var errOn, errOff, errShow error
	onMain(func() {
		hidden = !w.CursorVisible()
		errOn = w.SetRelativeMouse(true)
		relOn = w.RelativeMouse()
		errOff = w.SetRelativeMouse(false)
		relOff = w.RelativeMouse()
		errShow = w.SetCursorVisible(true)
		shown = w.CursorVisible()
	})
	if !hidden || errShow != nil || !shown {
		t.Errorf("Options.HideCursor: hidden %v; SetCursorVisible(true) = %v, shown %v", hidden, errShow, shown)
	}
	if errOn != nil || !relOn || errOff != nil || relOff {
		t.Errorf("SetRelativeMouse(true) = %v (on %v), SetRelativeMouse(false) = %v (on %v)", errOn, relOn, errOff, relOff)
	}
}

func TestX11SpritesAndText(t *testing.T) {
	w := openX11(t, Options{Width: 320, Height: 240})
	tex := newTexture(t, w, quadImage(), TextureOptions{})
	f := newFace(t, w, goRegular(t), 24)
	img := drawAndRead(t, w, func(c *Canvas) {
		c.Clear(black)
		c.SetTransform(Camera{Zoom: 1}.Transform(c.Size()))
		s := quad
		s.Texture = tex
		c.DrawSprite(s, mgl64.Vec2{}, 0)
		c.DrawText(f, 10, 200, "X11", white)
	})
	checkPixels(t, img, 2, []pixelWant{{"top left", 140, 100, red}, {"bottom right", 180, 140, white}})
	if n := litPixels(img, image.Rect(0, 190, 320, 240)); n < 50 {
		t.Errorf("text: %d lit pixels, want the glyphs of \"X11\"", n)
	}
}
