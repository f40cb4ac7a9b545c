package sdl2

import (
	"errors"
	"fmt"
	"image"
	"os"
	"time"
	"unsafe"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/veandco/go-sdl2/sdl"
)

// Options configure Open. The zero value opens a resizable 1280×720 window
// titled "lockstep" on the display if there is one. Vsync starts off: the
// loop turns it on for engine.ModeVSync (engine.Config.Mode decides it).
type Options struct {
	Title         string // window title; default "lockstep" (platform/desktop: the game's name)
	Width, Height int    // window size in screen coordinates; default 1280×720

	// Fixed keeps the player from resizing the window; the zero value lets
	// them. SetSize and fullscreen still change its size.
	Fixed bool

	// MinWidth×MinHeight is the smallest size the player can shrink the
	// window to, in screen coordinates; 0×0, the zero value, is SDL's
	// own limit.
	MinWidth, MinHeight int

	// Headless hides the window and uses SDL's offscreen driver. It is
	// chosen automatically on Unix when neither DISPLAY nor WAYLAND_DISPLAY
	// is set, and whenever SDL ends up on its offscreen or dummy driver
	// (see Window.HeadlessReason). An SDL_VIDEODRIVER environment variable
	// overrides the driver.
	Headless bool

	Software bool // use SDL's software renderer instead of the GPU

	// Fullscreen starts in desktop fullscreen: borderless, the size of the
	// display (see SetFullscreen). A headless window ignores it.
	Fullscreen bool

	// LogicalWidth×LogicalHeight, when set, is the canvas's size in the
	// game's own units whatever the window's size, scaled to fit and
	// letterboxed; IntegerScale scales by whole numbers only (see
	// SetLogicalSize).
	LogicalWidth, LogicalHeight int
	IntegerScale                bool

	Icon          image.Image // the window's icon; nil leaves the system's
	HideCursor    bool        // hide the mouse cursor (see SetCursorVisible)
	RelativeMouse bool        // capture the mouse for relative motion (see SetRelativeMouse); not headless
}

// The oldest SDL that has everything used here: SDL_RenderGeometry and
// SDL_RenderSetVSync arrived in 2.0.18.
const minMajor, minMinor, minPatch = 2, 0, 18

// The interfaces host.Run looks for.
var (
	_ host.Platform        = (*Window)(nil)
	_ host.VSyncer         = (*Window)(nil)
	_ host.RefreshRater    = (*Window)(nil)
	_ host.Headless        = (*Window)(nil)
	_ host.MainThreadBound = loopPlatform{}
)

// Window is an SDL window and its renderer. It implements host.Platform,
// host.VSyncer and host.RefreshRater. Call its methods on the main OS
// thread. Several may be open at once; they share the first one's video
// driver.
type Window struct {
	wrapper EventWrapper // SetEventWrapper's; nil: events go straight to the loop
	// onFull are OnFullscreen's functions; wasFull the state they last
	// heard of.
	onFull  []func(on bool)
	wasFull bool
	// held are the keys PollEvents reported down, and resync says their
	// release may have been missed (fullscreen changed).
	held     engine.KeySet
	resync   bool
	win      *sdl.Window
	ren      *sdl.Renderer
	id       uint32
	canvas   *Canvas
	driver   string // SDL video driver, e.g. "x11" or "offscreen"
	headless bool
	why      string // why the window is headless
	software bool   // the renderer in use is SDL's software one
	vsync    bool
	rendName string
	maxTex   int32 // the renderer's largest texture side; 0 when unknown

	state                engine.WindowState
	windowedW, windowedH int32   // size to return to when fullscreen ends
	pxPerPoint           float64 // drawable pixels per window coordinate (high DPI)
	refresh              time.Duration
	refreshOK            bool // refresh holds the current display's period
	closed               bool
	pads                 pads        // game controllers (controller.go)
	display              displayConn // X11: the connection, watched for its loss (lost.go)
	lostErr              error       // what Err returns once the display is lost

	// SDL's renderer calls that can fail, as fields so that tests can
	// make them fail: sdl.CreateRenderer and (*sdl.Renderer).RenderSetVSync.
	sdlCreateRenderer func(win *sdl.Window, index int, flags uint32) (*sdl.Renderer, error)
	sdlSetVSync       func(ren *sdl.Renderer, on bool) error

	// A pixel read back before each headless present (see Present). It
	// lives apart from the Window because cgo may not be handed a pointer
	// into memory that holds Go pointers.
	sync *pixelSync
}

type pixelSync struct {
	rect  sdl.Rect
	pixel [4]byte
}

// Open initialises SDL's video subsystem and opens a high-DPI aware
// window with a renderer, as opts say. Close it when done.
func Open(opts Options) (*Window, error) {
	mustMain("Open")
	if err := checkOptions(&opts); err != nil {
		return nil, err
	}
	driver, headless, why, err := initVideo(opts.Headless)
	if err != nil {
		return nil, err
	}
	w := &Window{pxPerPoint: 1, sync: &pixelSync{}, driver: driver, headless: headless, why: why,
		sdlCreateRenderer: sdl.CreateRenderer, sdlSetVSync: (*sdl.Renderer).RenderSetVSync}
	win, err := sdl.CreateWindow(opts.Title, sdl.WINDOWPOS_CENTERED, sdl.WINDOWPOS_CENTERED,
		int32(opts.Width), int32(opts.Height), windowFlags(&opts, headless))
	if err != nil {
		quitVideo()
		return nil, fmt.Errorf("sdl2: create a %d×%d window on video driver %q: %w", opts.Width, opts.Height, w.driver, err)
	}
	w.win = win
	w.id, _ = win.GetID()
	w.windowedW, w.windowedH = int32(opts.Width), int32(opts.Height)
	w.display = watchDisplay(win)
	if err := w.createRenderer(opts.Software, false); err != nil {
		w.Close()
		return nil, err
	}
	w.canvas = newCanvas(w.ren)
	w.canvas.maxTex = w.maxTex
	w.state.Focused = win.GetFlags()&sdl.WINDOW_INPUT_FOCUS != 0
	w.updateSize()
	if err := w.applyOptions(opts); err != nil {
		w.Close()
		return nil, err
	}
	w.pads.open(w.headless)
	return w, nil
}

// checkOptions fills the zero fields of opts and refuses what cannot
// open: an SDL too old, a lost display, a bad logical size.
func checkOptions(opts *Options) error {
	if opts.Title == "" {
		opts.Title = "lockstep"
	}
	if opts.Width <= 0 {
		opts.Width = 1280
	}
	if opts.Height <= 0 {
		opts.Height = 720
	}
	var v sdl.Version
	sdl.GetVersion(&v)
	if !versionAtLeast(v, minMajor, minMinor, minPatch) {
		return fmt.Errorf("sdl2: SDL %d.%d.%d is too old: lockstep needs %d.%d.%d or newer (for RenderGeometry and RenderSetVSync); install a newer libSDL2",
			v.Major, v.Minor, v.Patch, minMajor, minMinor, minPatch)
	}
	if err := videoLost(); err != nil {
		return err
	}
	if err := checkLogicalSize(opts.LogicalWidth, opts.LogicalHeight); err != nil {
		return fmt.Errorf("sdl2: Options.LogicalWidth/Height: %w", err)
	}
	if err := checkSize(opts.Width, opts.Height); err != nil {
		return fmt.Errorf("sdl2: Options.Width/Height: %w", err)
	}
	if opts.MinWidth != 0 || opts.MinHeight != 0 {
		if err := checkSize(opts.MinWidth, opts.MinHeight); err != nil {
			return fmt.Errorf("sdl2: Options.MinWidth/MinHeight: %w (or 0×0 for SDL's own)", err)
		}
	}
	return nil
}

// initVideo starts SDL's video subsystem on the driver asked for, or the
// offscreen one when asked or when there is no display, and returns the
// driver it got and whether (and why) windows on it are headless.
func initVideo(askHeadless bool) (driver string, headless bool, why string, err error) {
	headless, why = headlessAsked(askHeadless)
	// Normal priority: an SDL_VIDEODRIVER environment variable wins. SDL
	// keeps hints until it quits, so a window for a display clears what an
	// earlier headless one in this process asked for.
	if headless {
		d, err := headlessDriver()
		if err != nil {
			return "", false, "", err
		}
		sdl.SetHint(sdl.HINT_VIDEODRIVER, d)
	} else {
		sdl.SetHint(sdl.HINT_VIDEODRIVER, "")
	}
	// Choosing a renderer explicitly turns batching off unless asked for.
	sdl.SetHint(sdl.HINT_RENDER_BATCHING, "1")
	if err := sdl.InitSubSystem(sdl.INIT_VIDEO); err != nil {
		return "", false, "", fmt.Errorf("sdl2: no video device (SDL_VIDEODRIVER=%q): %w; run with a display, or without one set SDL_VIDEODRIVER=offscreen (or set Options.Headless)",
			os.Getenv("SDL_VIDEODRIVER"), err)
	}
	driver, _ = sdl.GetCurrentVideoDriver()
	if !headless && drawsOffscreen(driver) {
		if os.Getenv("SDL_VIDEODRIVER") == "" {
			// A display was named and did not answer: a player would see
			// nothing while the game ran, so it is an error.
			sdl.QuitSubSystem(sdl.INIT_VIDEO)
			return "", false, "", fmt.Errorf("%w: %s", ErrNoDisplay, fellBack(driver))
		}
		headless, why = true, fellBack(driver)
	}
	if headless {
		limitSoftwareRasterizer()
	}
	// SDL starts with text input on: typed keys would also arrive as text
	// and an input method could take keys a game uses. A game turns it on
	// for a text field (SetTextInput), and hotkeys stand aside meanwhile.
	sdl.StopTextInput()
	// Drops allocate a Go string per event in go-sdl2 and nothing uses them.
	for _, t := range []uint32{sdl.DROPFILE, sdl.DROPTEXT, sdl.DROPBEGIN, sdl.DROPCOMPLETE} {
		sdl.EventState(t, sdl.DISABLE)
	}
	return driver, headless, why, nil
}

// windowFlags are SDL's flags for a window with opts.
func windowFlags(opts *Options, headless bool) uint32 {
	flags := uint32(sdl.WINDOW_ALLOW_HIGHDPI)
	if !opts.Fixed {
		flags |= sdl.WINDOW_RESIZABLE
	}
	if headless {
		return flags | sdl.WINDOW_HIDDEN
	}
	flags |= sdl.WINDOW_SHOWN
	if opts.Fullscreen {
		flags |= sdl.WINDOW_FULLSCREEN_DESKTOP
	}
	return flags
}

// applyOptions sets what Options ask for beyond the window and renderer.
func (w *Window) applyOptions(opts Options) error {
	w.wasFull = w.win.GetFlags()&sdl.WINDOW_FULLSCREEN_DESKTOP != 0
	if opts.MinWidth > 0 {
		w.win.SetMinimumSize(int32(opts.MinWidth), int32(opts.MinHeight))
	}
	if opts.LogicalWidth > 0 {
		if err := w.SetLogicalSize(opts.LogicalWidth, opts.LogicalHeight, opts.IntegerScale); err != nil {
			return err
		}
	}
	if opts.Icon != nil {
		if err := w.SetIcon(opts.Icon); err != nil {
			return err
		}
	}
	if w.headless {
		return nil // no pointer to hide or capture
	}
	if opts.HideCursor {
		if err := w.SetCursorVisible(false); err != nil {
			return err
		}
	}
	if opts.RelativeMouse {
		if err := w.SetRelativeMouse(true); err != nil {
			return err
		}
	}
	return nil
}

// limitSoftwareRasterizer makes Mesa's llvmpipe, the OpenGL that
// headless runs get without a GPU, rasterize on the thread that draws
// unless the user chose otherwise (LP_NUM_THREADS=0). By default it starts
// a thread per CPU, which rasterize the last frame while the loop sleeps
// towards its next deadline: on a small machine the loop's wake-up then
// waits for a CPU (2 CPUs, tumble, cap 60, 10 s: lateness p99 12.8 ms,
// 56.2 fps). One such thread fixed that (0.64 ms, 60.0 fps), but Mesa
// 22.3's writes to freed memory from it while a frame is read back (a
// headless present reads one pixel) hung or aborted 2 runs in 110 under
// load; on the drawing thread alone it cannot, and costs nothing more
// (same machine and run: lateness p99 40 and 58 µs against 74 and 127 µs
// with one thread, 2.9 and 3.1 s of CPU against 3.1 and 3.2 s). GPU
// drivers ignore it.
func limitSoftwareRasterizer() {
	if _, set := os.LookupEnv("LP_NUM_THREADS"); !set {
		_ = os.Setenv("LP_NUM_THREADS", "0") // read by Mesa when the renderer starts
	}
}

// versionAtLeast reports whether v is major.minor.patch or newer.
func versionAtLeast(v sdl.Version, major, minor, patch uint8) bool {
	if v.Major != major {
		return v.Major > major
	}
	if v.Minor != minor {
		return v.Minor > minor
	}
	return v.Patch >= patch
}

// Close destroys the renderer, then the window, and quits SDL once no other
// Window uses it. Calling it again does nothing, and so does calling it
// once the display is lost (see ErrDisplayLost).
func (w *Window) Close() error {
	mustMain("Window.Close")
	if w == nil || w.closed {
		return nil
	}
	w.closed = true
	if w.Err() != nil {
		return nil // leave SDL alone (see ErrDisplayLost)
	}
	var errs []error
	if w.canvas != nil {
		w.canvas.release()
		w.canvas.setRenderer(nil, 0)
	}
	// The renderer must go before its window: the other order crashed.
	if w.ren != nil {
		errs = append(errs, w.ren.Destroy())
		w.ren = nil
	}
	if w.win != nil {
		errs = append(errs, w.win.Destroy())
		w.win = nil
	}
	w.pads.close()
	quitVideo()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("sdl2: close window: %w", err)
	}
	return nil
}

// quitVideo releases this window's hold on SDL's video subsystem, which SDL
// counts, and quits SDL when nothing else holds any part of it.
func quitVideo() {
	sdl.QuitSubSystem(sdl.INIT_VIDEO)
	if sdl.WasInit(sdl.INIT_VIDEO) == 0 {
		unwatchDisplays()
	}
	if sdl.WasInit(0) == 0 {
		sdl.Quit()
	}
}

// Canvas returns the window's canvas, valid until Close.
func (w *Window) Canvas() *Canvas {
	mustMain("Window.Canvas")
	return w.canvas
}

// Driver returns the SDL video driver in use, such as "x11", "wayland" or
// "offscreen".
func (w *Window) Driver() string {
	mustMain("Window.Driver")
	return w.driver
}

// Renderer returns the name of the SDL render driver in use, such as
// "opengl" or "software".
func (w *Window) Renderer() string {
	mustMain("Window.Renderer")
	return w.rendName
}

// Headless reports whether the window is hidden and drawn offscreen:
// asked for, without a display, or because SDL could only start a driver
// that shows nothing. HeadlessReason says which.
func (w *Window) Headless() bool {
	mustMain("Window.Headless")
	return w.headless
}

// HeadlessReason says why the window is headless, for logs and run
// summaries, such as "asked for (Options.Headless)" or "DISPLAY=:77 could
// not be opened; SDL fell back to its offscreen driver, which shows
// nothing". It is empty for a window on a display.
func (w *Window) HeadlessReason() string {
	mustMain("Window.HeadlessReason")
	return w.why
}

// Size returns the drawable size in pixels, which on a high-DPI display is
// larger than the window's size in screen coordinates.
func (w *Window) Size() (width, height int) {
	mustMain("Window.Size")
	return w.state.Width, w.state.Height
}

// Present draws what the canvas still holds and shows the frame. With vsync
// on it may block until the display takes it.
//
// A headless window reads one pixel back first, which waits until the
// frame is drawn. With no display to pace it, OpenGL on a CPU rasterizer
// (Mesa's llvmpipe) accepts presents long before it has drawn them:
// uncapped, thousands of frames queued up and one present then stalled for
// seconds while they drained (7.3 s in a 10 s run of tumble). Waiting here
// keeps one frame in flight, as a display's swap chain would, so a present
// costs what the frame costs.
func (w *Window) Present() error {
	mustMain("Window.Present")
	if err := w.Err(); err != nil {
		return err
	}
	if w.ren == nil {
		w.canvas.Flush() // drops what was queued
		return ErrNoRenderer
	}
	w.canvas.endTarget()
	err := w.canvas.Flush()
	if w.headless && !w.software {
		p := w.sync
		p.rect = sdl.Rect{W: 1, H: 1}
		if rerr := w.ren.ReadPixels(&p.rect, uint32(sdl.PIXELFORMAT_RGBA32), unsafe.Pointer(&p.pixel[0]), 4); rerr != nil && err == nil {
			err = fmt.Errorf("sdl2: wait for the frame to be drawn: %w", rerr)
		}
	}
	w.ren.Present()
	if lost := w.Err(); lost != nil {
		return lost
	}
	return err
}

// updateSize reads the drawable size in pixels and the high-DPI ratio.
func (w *Window) updateSize() {
	var pw, ph int32
	err := ErrNoRenderer
	if w.ren != nil {
		pw, ph, err = w.ren.GetOutputSize()
	}
	if err != nil {
		pw, ph = w.win.GetSize()
	}
	ww, wh := w.win.GetSize()
	w.state.Width, w.state.Height = int(pw), int(ph)
	w.canvas.setSize(int(pw), int(ph), int(ww), int(wh))
	w.pxPerPoint = w.canvas.pxPerPoint
}

// Platform returns the window as the platform host.Run drives (set it
// as host.Wiring.Platform): the window itself, marked as bound to the
// main OS thread, where SDL wants its calls, so that host.Run refuses to
// run it from another.
func (w *Window) Platform() host.Platform {
	mustMain("Window.Platform")
	return loopPlatform{w}
}

// loopPlatform is a Window as host.Run sees it. The main-thread mark is
// here rather than on Window, whose methods are a game's.
type loopPlatform struct{ *Window }

// MainThreadOnly marks the platform as bound to the main OS thread.
func (loopPlatform) MainThreadOnly() {}

// Flush sends what the canvas has batched to the renderer before
// Present, so that the loop times the engine's batching and flush
// (host.PhaseFlush) apart from the game's Draw and from the present.
// With no renderer, or the display lost, it leaves the error to Present.
func (p loopPlatform) Flush() error {
	mustMain("Window.Flush")
	if p.ren == nil || p.Err() != nil {
		return nil
	}
	return p.canvas.Flush()
}
