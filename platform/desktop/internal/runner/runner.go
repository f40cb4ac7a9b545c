// Package runner is what every desktop run has around its game's frames,
// as the loop's hooks: the hotkeys (F11 and Alt+Enter, F12, and the
// developer's with -debug), the HUD, a session's overlay, screenshots,
// the HUD's phase times and the frame watch (package framewatch), and the
// last frame kept for the final screenshot. It does not wrap the game.
package runner

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/framewatch"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Keys says which of the keys a run takes before the game are on. The
// zero Keys is a shipped game's: F11, Alt+Enter and F12 on, the
// developer's keys off.
type Keys struct {
	NoFullscreen bool // F11 and Alt+Enter are the game's
	NoScreenshot bool // F12 is the game's
	Debug        bool // the developer's keys are on (-debug)
}

// Help lists the keys, each with what it does, as -h says them: the
// player's unless freed, then the developer's, said to be on or off.
func (k Keys) Help() [][2]string {
	var keys [][2]string
	if !k.NoFullscreen {
		keys = append(keys, [2]string{"F11, Alt+Enter", "toggle fullscreen"})
	}
	if !k.NoScreenshot {
		keys = append(keys, [2]string{"F12", "save a screenshot as NAME-N.png"})
	}
	debug := [][2]string{
		{"Esc", "quit"},
		{"V", "next power mode (vsync, cap, uncapped)"},
		{"I", "interpolation on or off"},
		{"P", "pause; . runs one tick while paused"},
		{"+, -", "double or halve the time scale"},
		{"F1", "debug HUD on or off"},
	}
	state := "off: -debug turns them on"
	if k.Debug {
		state = "on"
	}
	keys = append(keys, [2]string{"debug keys", state})
	for _, d := range debug {
		keys = append(keys, [2]string{"  " + d[0], d[1]})
	}
	return keys
}

// Options are what a Runner works with. Draw, Win and Log must be set
// before the loop calls the Runner's hooks.
type Options struct {
	Draw  func(*engine.Frame) error // the game's Draw, for the final screenshot
	Win   *sdl2.Window              // the run's window, whose keys and frames the hooks see
	Name  string                    // the game's: screenshots are NAME-N.png ("": -N.png)
	Log   *slog.Logger              // where the hotkeys' effects and screenshots are said
	Keys  Keys                      // the keys the run takes; zero: a shipped game's
	HUD   bool                      // the HUD is shown from the start (-hud); false: not until F1 (-debug)
	Feed  func()                    // tops the sound device up; nil: no sound
	Watch *framewatch.Watch         // -frames-out and -hitch; nil without them
}

// Runner is what a run has around its frames: its methods are the
// loop's hooks.
type Runner struct {
	draw func(*engine.Frame) error // the game's Draw, for the final screenshot
	win  *sdl2.Window
	name string
	log  *slog.Logger

	keys     Keys
	hud      bool
	graph    []time.Duration
	shotReq  bool
	last     engine.Frame
	drawn    bool
	panicked bool                 // the run ended in a panic: the game is not called again
	quit     func()               // set in a netplay session: Esc ends every peer on one tick
	overlay  func(c *sdl2.Canvas) // set in a netplay session: says which player it waits for
	feed     func()
	watch    *framewatch.Watch // -frames-out and -hitch; nil without them

	// phaseAvg is each phase's wall and CPU time a frame, smoothed over
	// recent frames, for the HUD; hitches counts the frames -hitch caught.
	phaseAvg [host.NumPhases]sdl2.HUDPhase
	hitches  int
}

// phaseSmoothing is the weight of the newest frame in the HUD's phase
// times: about the last 30 frames count.
const phaseSmoothing = 1.0 / 32

// AfterFrame takes each frame's record (the loop's AfterFrame hook): the
// HUD's phase times, -frames-out and -hitch. It allocates nothing.
func (r *Runner) AfterFrame(rec *host.FrameRecord) {
	for p := range r.phaseAvg {
		a := &r.phaseAvg[p]
		a.Wall += time.Duration(float64(rec.Wall[p]-a.Wall) * phaseSmoothing)
		a.CPU += time.Duration(float64(rec.CPU[p]-a.CPU) * phaseSmoothing)
	}
	if r.watch != nil && r.watch.Frame(rec) {
		r.hitches++
	}
}

// New makes the runner of o.
func New(o Options) *Runner {
	feed := o.Feed
	if feed == nil {
		feed = func() {}
	}
	r := &Runner{draw: o.Draw, win: o.Win, name: o.Name, log: o.Log, keys: o.Keys, hud: o.HUD, feed: feed, watch: o.Watch,
		graph: make([]time.Duration, 0, 256)}
	for p := range r.phaseAvg {
		r.phaseAvg[p].Name = host.Phase(p).String()
	}
	return r
}

// InSession sets what a netplay session changes: quit ends every peer on
// one tick (Esc with -debug), and overlay says over the game which player
// it waits for.
func (r *Runner) InSession(quit func(), overlay func(*sdl2.Canvas)) {
	r.quit, r.overlay = quit, overlay
}

// Panicked notes that the run ended in a panic: the game is not called
// again, not for the final screenshot either.
func (r *Runner) Panicked() { r.panicked = true }

// The hotkeys a run takes before the game (see Keys).
const (
	keyQuit      = engine.KeyEscape
	keyMode      = engine.KeyV
	keyInterp    = engine.KeyI
	keyPause     = engine.KeyP
	keyStep      = engine.KeyPeriod
	keyHUD       = engine.KeyF1
	keyShot      = engine.KeyF12
	keyFull      = engine.KeyF11
	keyFaster    = engine.KeyEquals
	keySlower    = engine.KeyMinus
	keyFasterPad = engine.KeyKeypadPlus
	keySlowerPad = engine.KeyKeypadMinus
)

// BeforeUpdate handles the hotkeys Keys leaves on, unless text input is
// on (a player typing "p" into a name field must not pause the loop),
// before the game's own Update.
func (r *Runner) BeforeUpdate(f *engine.Frame) error {
	if !f.Window.Visible() {
		r.feed() // no Draw this frame: keep the device fed
	}
	if r.win.TextInput() {
		return nil
	}
	return r.hotkey(f)
}

// hotkey acts on the first hotkey pressed in this frame: F11 or Alt+Enter
// fullscreen, F12 screenshot, and with Keys.Debug Esc quit, V power mode,
// I interpolation, P pause, . one tick while paused, + and - time scale,
// F1 HUD.
func (r *Runner) hotkey(f *engine.Frame) error {
	in := &f.Input
	// Alt counts when held, or pressed in this frame (a quick chord can
	// press and release both keys between two frames).
	alt := in.Down.Has(engine.KeyLeftAlt) || in.Down.Has(engine.KeyRightAlt) ||
		in.Pressed.Has(engine.KeyLeftAlt) || in.Pressed.Has(engine.KeyRightAlt)
	switch {
	case r.keys.NoFullscreen:
	case in.Pressed.Has(keyFull), alt && in.Pressed.Has(engine.KeyEnter):
		if err := r.win.SetFullscreen(!r.win.Fullscreen()); err != nil {
			r.log.Warn("fullscreen", "err", err)
		}
		return nil
	}
	if !r.keys.NoScreenshot && in.Pressed.Has(keyShot) {
		r.shotReq = true
	}
	if r.keys.Debug {
		return r.debugKey(in, host.LoopOf(f))
	}
	return nil
}

// debugKey acts on the developer's hotkeys.
func (r *Runner) debugKey(in *engine.Input, l *host.Loop) error {
	switch {
	case in.Pressed.Has(keyQuit):
		if r.quit != nil { // a session ends every peer on one tick
			r.quit()
			return nil
		}
		return engine.ErrQuit
	case in.Pressed.Has(keyMode):
		_ = l.SetMode(l.Mode().Next()) // Next is always a valid mode
		r.log.Info("power mode", "mode", l.Mode())
	case in.Pressed.Has(keyInterp):
		l.SetInterpolation(!l.Interpolating())
	case in.Pressed.Has(keyPause):
		l.SetPaused(!l.Paused())
	case in.Pressed.Has(keyStep):
		l.StepOnce()
	case in.Pressed.Has(keyFaster), in.Pressed.Has(keyFasterPad):
		_ = l.SetTimeScale(min(l.TimeScale()*2, host.MaxTimeScale))
	case in.Pressed.Has(keySlower), in.Pressed.Has(keySlowerPad):
		_ = l.SetTimeScale(max(l.TimeScale()/2, host.MinTimeScale))
	case in.Pressed.Has(keyHUD):
		r.hud = !r.hud
	}
	return nil
}

// AfterDraw runs after the game (or its predicted copy) drew the frame:
// the mixed ticks are heard, the HUD and overlays go over the game, and
// a screenshot asked for is saved.
func (r *Runner) AfterDraw(f *engine.Frame) error {
	r.feed() // the frame's ticks are mixed: hear them now
	r.last, r.drawn = *f, true
	r.overlays(r.win.Canvas(), f)
	if r.shotReq {
		r.shotReq = false
		path, err := r.saveNumbered()
		if err != nil {
			r.log.Error("screenshot", "err", err)
		} else {
			r.log.Info("screenshot saved", "file", path)
		}
	}
	return nil
}

// overlays draws the HUD and a session's overlay over the game.
func (r *Runner) overlays(c *sdl2.Canvas, f *engine.Frame) {
	if r.hud {
		r.drawHUD(c, f)
	}
	if r.overlay != nil {
		r.overlay(c)
	}
}

// saveNumbered saves the window as NAME-N.png in the working directory
// with the first N that no file has yet, so earlier screenshots are kept,
// and returns its absolute path.
func (r *Runner) saveNumbered() (string, error) {
	img, err := r.win.Image()
	if err != nil {
		return "", err
	}
	for n := 1; n < 100000; n++ {
		path, err := filepath.Abs(fmt.Sprintf("%s-%d.png", r.name, n))
		if err != nil {
			return "", err
		}
		err = savePNGNew(path, img)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return path, err
	}
	return "", fmt.Errorf("screenshot: %s-1.png to %s-99999.png all exist: move some away", r.name, r.name)
}

// FinalScreenshot draws the last frame again, exactly as it was drawn, and
// saves it: what a present leaves behind is undefined in SDL.
func (r *Runner) FinalScreenshot(ctx context.Context, path string) (err error) {
	switch {
	case r.panicked:
		return fmt.Errorf("screenshot %s: not taken: the game panicked, so its last frame cannot be drawn again", path)
	case !r.drawn:
		return fmt.Errorf("screenshot %s: no frame was drawn", path)
	case r.win.Err() != nil:
		return fmt.Errorf("screenshot %s: not taken: %w", path, r.win.Err())
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("screenshot %s: drawing the last frame again panicked: %v", path, p)
		}
	}()
	c := r.win.Canvas()
	if err := r.draw(&r.last); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	r.overlays(c, &r.last)
	if err := c.Flush(); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	img, err := r.win.Image()
	if err != nil {
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	return WritePNG(ctx, path, img)
}

// hudBudget is the frame time the HUD's graph marks: 60 frames a second.
const hudBudget = time.Second / 60

func (r *Runner) drawHUD(c *sdl2.Canvas, f *engine.Frame) {
	l := host.LoopOf(f)
	st := l.Stats()
	r.graph = st.Recent(r.graph[:0])
	var fps float64
	if n := len(r.graph); n > 0 {
		var sum time.Duration
		for _, d := range r.graph {
			sum += d
		}
		if sum > 0 {
			fps = float64(n) / sum.Seconds()
		}
	}
	c.DrawHUD(sdl2.HUD{
		FPS: fps, TPS: float64(l.TPS()) * l.TimeScale(), TicksPerFrame: st.LastSteps,
		Bailouts: st.Bailouts, Mode: l.EffectiveMode(), Alpha: f.Alpha,
		Paused: l.Paused(), NoInterp: !l.Interpolating(), TimeScale: l.TimeScale(),
		FrameTimes: r.graph, FrameBudget: hudBudget,
		Ahead: l.Prediction().Depth, Rollback: l.Prediction().Rollback,
		Phases: r.phaseAvg[:], Hitches: r.hitches,
	})
}

// WritePNG writes img to path as -screenshot's PNG, whole or not at all
// (the final frame's, or the waiting screen's when the run ended before
// its session started). A FIFO with no reader is waited for until ctx is
// done (see output.CreateContext).
func WritePNG(ctx context.Context, path string, img image.Image) error {
	f, err := output.CreateContext(ctx, path)
	if err != nil {
		return fmt.Errorf("-screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Abort()
		return fmt.Errorf("-screenshot %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("-screenshot: %w", err)
	}
	return nil
}

// savePNGNew writes img to path only if no file is there: otherwise it
// fails with an error wrapping fs.ErrExist and leaves that file alone.
func savePNGNew(path string, img image.Image) error {
	f, err := output.CreateNew(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		return errors.Join(err, f.Abort())
	}
	return f.Commit()
}
