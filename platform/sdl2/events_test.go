package sdl2

import (
	"testing"
	"unsafe"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/veandco/go-sdl2/sdl"
)

// full copies ev into a buffer the size of an SDL_Event. go-sdl2's
// PushEvent passes SDL a pointer to the Go struct and SDL copies a whole
// SDL_Event (56 bytes) from it, reading past the end of smaller structs;
// -race's checkptr rejects that, rightly.
func full[T any](ev T) *T {
	p := (*T)(unsafe.Pointer(new(sdl.CEvent)))
	*p = ev
	return p
}

// push queues events on the main thread; it reports the first failure.
func push(events ...sdl.Event) error {
	for _, e := range events {
		if _, err := sdl.PushEvent(e); err != nil {
			return err
		}
	}
	return nil
}

func TestPollEventsTranslatesEvents(t *testing.T) {
	w := openHeadless(t, Options{})
	var in sink
	var err error
	onMain(func() {
		var drain sink
		w.PollEvents(&drain) // whatever opening the window queued
		err = push(
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_A}}),
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_SPACE}}),
			full(sdl.KeyboardEvent{Type: sdl.KEYUP, WindowID: w.id, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_SPACE}}),
			// A repeat after the release must not press the key again.
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, Repeat: 1, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_SPACE}}),
			full(sdl.MouseButtonEvent{Type: sdl.MOUSEBUTTONDOWN, WindowID: w.id, Button: sdl.BUTTON_RIGHT, State: sdl.PRESSED, X: 10, Y: 20}),
			full(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, WindowID: w.id, X: 30, Y: 40}),
			full(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, WindowID: w.id, Y: 2}),
			full(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, WindowID: w.id, Y: 1, Direction: sdl.MOUSEWHEEL_FLIPPED}),
			full(sdl.TextInputEvent{Type: sdl.TEXTINPUT, WindowID: w.id, Text: [32]byte{'h', 'i'}}),
			full(sdl.WindowEvent{Type: sdl.WINDOWEVENT, WindowID: w.id, Event: sdl.WINDOWEVENT_FOCUS_GAINED}),
			full(sdl.WindowEvent{Type: sdl.WINDOWEVENT, WindowID: w.id, Event: sdl.WINDOWEVENT_MINIMIZED}),
			full(sdl.WindowEvent{Type: sdl.WINDOWEVENT, WindowID: w.id, Event: sdl.WINDOWEVENT_CLOSE}),
		)
		w.PollEvents(&in)
	})
	if err != nil {
		t.Fatalf("PushEvent: %v", err)
	}
	if !in.in.Down.Has(engine.KeyA) || !in.in.Pressed.Has(engine.KeyA) {
		t.Error("A: want held and pressed this frame")
	}
	if in.in.Down.Has(engine.KeySpace) || !in.in.Pressed.Has(engine.KeySpace) || !in.in.Released.Has(engine.KeySpace) {
		t.Error("Space: want pressed and released this frame, not held (the repeat is ignored)")
	}
	if !in.in.Buttons.Has(mouse.Right) || !in.in.ButtonsPressed.Has(mouse.Right) {
		t.Error("right button: want held and pressed")
	}
	if x, y := in.in.Mouse(); x != 30 || y != 40 {
		t.Errorf("Mouse() = %v, %v; want 30, 40", x, y)
	}
	if dy := in.in.WheelY; dy != 1 {
		t.Errorf("wheel dy = %d, want 2 - 1 (flipped)", dy)
	}
	if got := in.typed(); got != "hi" {
		t.Errorf("Text() = %q, want %q", got, "hi")
	}
	ws := in.window
	if ws.Width != 320 || ws.Height != 240 || !ws.Focused || !ws.Minimized {
		t.Errorf("Window() = %+v, want 320×240, focused, minimised", ws)
	}
	if !in.quit {
		t.Error("closing the window did not request quit")
	}
}

func TestPollEventsQuitEventRequestsQuit(t *testing.T) {
	w := openHeadless(t, Options{})
	var in sink
	var err error
	onMain(func() {
		err = push(full(sdl.QuitEvent{Type: sdl.QUIT}))
		w.PollEvents(&in)
	})
	if err != nil {
		t.Fatalf("PushEvent: %v", err)
	}
	if !in.quit {
		t.Error("SDL_QUIT did not request quit")
	}
}

func TestPollEventsHeadlessWindowCountsAsVisible(t *testing.T) {
	w := openHeadless(t, Options{})
	var in sink
	onMain(func() { w.PollEvents(&in) })
	if ws := in.window; !ws.Visible() || ws.Width != 320 || ws.Height != 240 {
		t.Errorf("Window() = %+v, want visible 320×240 (a headless window is drawn and read back)", ws)
	}
}

// hundredEvents returns 100 events to push: key presses and releases,
// motion and wheel, built once so pushing them allocates nothing.
func hundredEvents(id uint32) []sdl.Event {
	evs := make([]sdl.Event, 0, 100)
	for i := range 25 {
		sc := sdl.SCANCODE_A + sdl.Scancode(i%26)
		evs = append(evs,
			full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sc}}),
			full(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, WindowID: id, X: int32(i), Y: int32(2 * i)}),
			full(sdl.MouseWheelEvent{Type: sdl.MOUSEWHEEL, WindowID: id, Y: 1}),
			full(sdl.KeyboardEvent{Type: sdl.KEYUP, WindowID: id, Keysym: sdl.Keysym{Scancode: sc}}),
		)
	}
	return evs
}

func TestPollEventsAllocations(t *testing.T) {
	w := openHeadless(t, Options{})
	evs := hundredEvents(w.id)
	var none, pushOnly, pushPoll float64
	var in sink
	var wheel int32
	onMain(func() {
		w.PollEvents(&in)
		var check sink
		push(evs...)
		w.PollEvents(&check)
		wheel = check.in.WheelY
		none = testing.AllocsPerRun(1000, func() { w.PollEvents(&in) })
		pushOnly = testing.AllocsPerRun(100, func() {
			push(evs...)
			sdl.FlushEvents(sdl.FIRSTEVENT, sdl.LASTEVENT)
		})
		pushPoll = testing.AllocsPerRun(100, func() {
			push(evs...)
			w.PollEvents(&in)
		})
	})
	if wheel != 25 {
		t.Fatalf("one poll of the 100 events scrolled %d clicks, want 25: events were lost", wheel)
	}
	t.Logf("allocations per PollEvents: no events %v; 100 events %v (push+poll %v, push alone %v)",
		none, pushPoll-pushOnly, pushPoll, pushOnly)
	if none != 0 {
		t.Errorf("PollEvents with no events allocated %v times, want 0", none)
	}
	if pushPoll-pushOnly != 0 {
		t.Errorf("PollEvents of 100 events allocated %v times, want 0", pushPoll-pushOnly)
	}
}

// With a logical size the pointer and the window's size reach the game in
// the canvas's units, so a tick maps the pointer the way it draws.
func TestPollEventsReportsThePointerInLogicalUnits(t *testing.T) {
	w := openHeadless(t, Options{Width: 640, Height: 480})
	var in sink
	var err error
	onMain(func() {
		err = w.SetLogicalSize(320, 240, false)
		var drain sink
		w.PollEvents(&drain)
		if err == nil {
			err = push(full(sdl.MouseMotionEvent{Type: sdl.MOUSEMOTION, WindowID: w.id, X: 320, Y: 120}))
		}
		w.PollEvents(&in)
	})
	if err != nil {
		t.Fatal(err)
	}
	if x, y := in.in.Mouse(); x != 160 || y != 60 {
		t.Errorf("pointer at window (320, 120) of 640×480 reported at (%v, %v), want (160, 60) in the 320×240 canvas", x, y)
	}
	if in.window.Width != 320 || in.window.Height != 240 {
		t.Errorf("window size %d×%d, want the canvas's 320×240", in.window.Width, in.window.Height)
	}
}

func TestAnEventWrapperStandsBetweenEventsAndTheLoop(t *testing.T) {
	w := openHeadless(t, Options{})
	var in sink
	var err error
	onMain(func() {
		var drain sink
		w.PollEvents(&drain)
		w.SetEventWrapper(&ab{})
		err = push(full(sdl.KeyboardEvent{Type: sdl.KEYDOWN, WindowID: w.id, State: sdl.PRESSED, Keysym: sdl.Keysym{Scancode: sdl.SCANCODE_A}}))
		w.PollEvents(&in)
		w.SetEventWrapper(nil)
	})
	if err != nil {
		t.Fatalf("PushEvent: %v", err)
	}
	if in.in.Down.Has(engine.KeyA) || !in.in.Down.Has(engine.KeyB) {
		t.Error("through the wrapper A should arrive as B")
	}
}

// ab is a host.EventSink that passes everything on with A as B.
type ab struct{ host.EventSink }

func (a *ab) Wrap(next host.EventSink) host.EventSink { a.EventSink = next; return a }

func (a *ab) Key(k engine.Key, down bool) {
	if k == engine.KeyA {
		k = engine.KeyB
	}
	a.EventSink.Key(k, down)
}
