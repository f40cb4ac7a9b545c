package scene

import (
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"io"
	"log/slog"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// lab is a test scene: a box on a floor under a stack, that a scripted
// user grabs, drags, pushes and types at through real SDL events, and
// that can be told to fail in the ways the runner must survive.
type lab struct {
	grab   Grab
	script func(frame int) []sdl.Event // events to push after drawing a frame

	hashes  []physics.Digest // state after every tick
	clicks  int              // ticks that saw a button or key pressed
	frame   int
	buf     []physics.BodyState
	box     physics.BodyID
	nudgeAt int64 // tick at which to push the box by hand (-1: never)

	panicTick, panicDraw int64 // -1: never
	divergeAt            int64 // tick at which to send the box to infinity (-1: never)
}

func newLab() *lab { return &lab{nudgeAt: -1, panicTick: -1, panicDraw: -1, divergeAt: -1} }

func (*lab) Name() string { return "lab" }

func (l *lab) Build(w physics.World, seed uint64) (View, error) {
	floor := physics.SegmentShape(mgl64.Vec2{-8, -0.5}, mgl64.Vec2{8, -0.5}, 0.1)
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{floor}}); err != nil {
		return View{}, err
	}
	var err error
	l.box, err = w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
	if err != nil {
		return View{}, err
	}
	for i := range 6 {
		_, err := w.AddBody(physics.BodyDef{Mass: 1, Pos: mgl64.Vec2{1.5 + 0.1*float64(i), 1.2 * float64(i+1)},
			Shapes: []physics.Shape{physics.CircleShape(0.4)}})
		if err != nil {
			return View{}, err
		}
	}
	return View{Camera: sdl2.Camera{Zoom: 50}}, nil
}

func (l *lab) Tick(w physics.World, t *engine.Tick, v *View) error {
	// The state before the tick, as the tape hashes it.
	l.buf = w.Snapshot(l.buf[:0])
	l.hashes = append(l.hashes, physics.Hash(l.buf))
	n := int64(t.N)
	if n == l.panicTick {
		panic("lab: boom in tick")
	}
	if n == l.divergeAt {
		// The worlds refuse a velocity that would diverge at once; a
		// spring far too stiff for the step blows up within a few.
		if _, err := w.AddJoint(physics.JointDef{Kind: physics.Spring, B: l.box, AnchorA: mgl64.Vec2{10, 0}, Stiffness: 1e15}); err != nil {
			return err
		}
	}
	if n == l.nudgeAt {
		if err := w.ApplyImpulse(l.box, mgl64.Vec2{0.5, 0}, mgl64.Vec2{}); err != nil {
			return err
		}
	}
	in := &t.Input
	if in.ButtonsPressed != 0 || !in.Pressed.Empty() || in.Buttons != 0 {
		l.clicks++
	}
	return l.grab.Tick(w, t, v)
}

func (l *lab) Draw(c *sdl2.Canvas, f *engine.Frame) {
	if int64(f.N) == l.panicDraw {
		panic("lab: boom in draw")
	}
	if l.script != nil {
		for _, e := range l.script(l.frame) {
			_, _ = sdl.PushEvent(e)
		}
	}
	l.frame++
}

// A user: grab the box at the window's centre, drag it up and right,
// let go, press space, push with the right button, scroll.
func userScript(frame int) []sdl.Event {
	const cx, cy = 640, 360
	motion := func(x, y int32) sdl.Event { return padded(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, X: x, Y: y}) }
	button := func(b uint8, down bool, x, y int32) sdl.Event {
		typ, state := uint32(sdl.MOUSEBUTTONUP), uint8(sdl.RELEASED)
		if down {
			typ, state = sdl.MOUSEBUTTONDOWN, sdl.PRESSED
		}
		return padded(sdl.MouseButtonEvent{Type: typ, Button: b, State: state, X: x, Y: y})
	}
	key := func(down bool) sdl.Event {
		typ, state := uint32(sdl.KEYUP), uint8(sdl.RELEASED)
		if down {
			typ, state = sdl.KEYDOWN, sdl.PRESSED
		}
		return padded(sdl.KeyboardEvent{Type: typ, State: state, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_SPACE}})
	}
	switch {
	case frame == 2:
		return []sdl.Event{motion(cx, cy)}
	case frame == 3:
		return []sdl.Event{button(sdl.BUTTON_LEFT, true, cx, cy)}
	case frame > 3 && frame < 15:
		d := int32(frame-3) * 12
		return []sdl.Event{motion(cx+d, cy-d)}
	case frame == 15:
		return []sdl.Event{button(sdl.BUTTON_LEFT, false, cx+150, cy-150)}
	case frame == 17:
		return []sdl.Event{key(true)}
	case frame == 18:
		return []sdl.Event{key(false), button(sdl.BUTTON_RIGHT, true, cx+60, cy+20)}
	case frame == 23:
		return []sdl.Event{button(sdl.BUTTON_RIGHT, false, cx+60, cy+20)}
	case frame == 25:
		return []sdl.Event{padded(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, Y: 2})}
	}
	return nil
}

// padded allocates e with room to spare: sdl.PushEvent reads a whole C
// SDL_Event (56 bytes) through the pointer, which is larger than most Go
// event structs, and -race's pointer checks reject that.
func padded[T any](e T) *T {
	p := &struct {
		e T
		_ [64]byte
	}{e: e}
	return &p.e
}

// otherUser clicks and drags elsewhere: a replay must not see it.
func otherUser(frame int) []sdl.Event {
	if frame%4 == 1 {
		return []sdl.Event{padded(sdl.MouseButtonEvent{Type: sdl.MOUSEBUTTONDOWN, Button: sdl.BUTTON_LEFT, State: sdl.PRESSED, X: 660, Y: 380})}
	}
	if frame%4 == 3 {
		return []sdl.Event{padded(sdl.MouseButtonEvent{Type: sdl.MOUSEBUTTONUP, Button: sdl.BUTTON_LEFT, State: sdl.RELEASED, X: 900, Y: 100})}
	}
	return nil
}

// quickOptions is a headless run of n ticks in a window on a clock that
// never waits, with the log discarded.
func quickOptions(n uint64) desktop.Config {
	return desktop.Config{
		Loop:   engine.Config{Mode: engine.ModeUncapped, Ticks: n},
		Clock:  host.NewFastClock(time.Second / 60 / 4),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Window: sdl2.Options{Headless: true},
		Output: desktop.Output{StatsOut: io.Discard},
		Seed:   1,
	}
}
