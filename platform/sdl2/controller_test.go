package sdl2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/sdl2/internal/virtualpad"
	"github.com/veandco/go-sdl2/sdl"
)

// attach plugs in a virtual controller on the main thread, unplugged when
// the test ends if it is still in.
func attach(t *testing.T, name string, rumble bool) *virtualpad.Pad {
	t.Helper()
	var p *virtualpad.Pad
	var err error
	onMain(func() { p, err = virtualpad.Attach(name, rumble) })
	if err != nil {
		t.Fatalf("attaching a virtual controller: %v", err)
	}
	t.Cleanup(func() { onMain(func() { p.Detach() }) })
	return p
}

// poll polls w into s on the main thread, first running f there.
func poll(w *Window, s *sink, f func() error) error {
	var err error
	onMain(func() {
		if f != nil {
			err = f()
		}
		w.PollEvents(s)
	})
	return err
}

func TestAControllerConnectsReportsButtonsAndAxesAndDisconnects(t *testing.T) {
	w := openHeadless(t, Options{})
	var s sink
	poll(w, &s, nil)
	if s.in.Pads[0].Connected {
		t.Fatal("a pad is connected before any was plugged in")
	}
	p := attach(t, "lockstep test pad", true)
	poll(w, &s, nil)
	if got := s.pads(); !slices.Equal(got, []padEvent{{pad: 0, button: -1, axis: -1, on: true}}) {
		t.Fatalf("plugging a controller in reported %+v, want pad 0 connected", got)
	}
	if name := onMain1(func() string { return w.PadName(0) }); name != "lockstep test pad" {
		t.Errorf("PadName(0) = %q, want the controller's", name)
	}

	s = sink{in: s.in.Held()}
	err := poll(w, &s, func() error {
		return errors.Join(
			p.SetButton(int(sdl.CONTROLLER_BUTTON_A), true),
			p.SetButton(int(sdl.CONTROLLER_BUTTON_DPAD_LEFT), true),
			p.SetAxis(int(sdl.CONTROLLER_AXIS_LEFTX), 20000),
			p.SetAxis(int(sdl.CONTROLLER_AXIS_LEFTY), -32768),
			p.SetAxis(int(sdl.CONTROLLER_AXIS_TRIGGERRIGHT), 32767), // fully pressed
		)
	})
	if err != nil {
		t.Fatal(err)
	}
	pad := s.in.Pads[0]
	held := gamepad.ButtonSet(1)<<gamepad.A | gamepad.ButtonSet(1)<<gamepad.Left
	if pad.Buttons != held || pad.Pressed != held {
		t.Errorf("buttons %b pressed %b, want A and d-pad left (%b)", pad.Buttons, pad.Pressed, held)
	}
	if want := [gamepad.NumAxes]int16{20000, -32768, 0, 0, 0, 32767}; pad.Axes != want {
		t.Errorf("axes %v, want %v", pad.Axes, want)
	}
	if x, y, tr := pad.Axis(gamepad.LeftX), pad.Axis(gamepad.LeftY), pad.Axis(gamepad.RightTrigger); x <= 0.4 || x >= 0.6 || y != -1 || tr != 1 {
		t.Errorf("Axis: left stick %v, %v, right trigger %v; want about 0.48, -1 and 1", x, y, tr)
	}

	// Unplugged while held: SDL releases what it held, then it goes.
	s = sink{in: s.in.Held()}
	if err := poll(w, &s, p.Detach); err != nil {
		t.Fatal(err)
	}
	checkUnplugged(t, w, &s, held)
}

// checkUnplugged checks pad 0 after its controller, holding held, was
// unplugged: s saw it released and disconnected, and w neither rumbles
// it nor names it.
func checkUnplugged(t *testing.T, w *Window, s *sink, held gamepad.ButtonSet) {
	t.Helper()
	if pad := s.in.Pads[0]; pad.Connected || pad.Buttons != 0 || pad.Released != held || pad.Axes != ([gamepad.NumAxes]int16{}) {
		t.Errorf("after unplugging: %+v, want disconnected with A and left released", pad)
	}
	if ev := s.pads(); len(ev) == 0 || ev[len(ev)-1] != (padEvent{pad: 0, button: -1, axis: -1, on: false}) {
		t.Errorf("unplugging reported %+v, ending without pad 0 disconnected", ev)
	}
	if err := onMain1(func() error { return w.Rumble(0, 1, 1, time.Second) }); err == nil || !strings.Contains(err.Error(), "pad 0: no controller is connected there") {
		t.Errorf("Rumble of an unplugged pad: %v, want it to say none is connected", err)
	}
	if name := onMain1(func() string { return w.PadName(0) }); name != "" {
		t.Errorf("PadName of an unplugged pad: %q, want none", name)
	}
}

func TestControllersTakeTheFirstFreeSlotAndAFifthWaitsForOne(t *testing.T) {
	w := openHeadless(t, Options{})
	var s sink
	poll(w, &s, nil)
	var ps []*virtualpad.Pad
	for i := range gamepad.Max + 1 {
		ps = append(ps, attach(t, fmt.Sprintf("pad %d", i), false))
	}
	poll(w, &s, nil)
	for i := range gamepad.Max {
		if !s.in.Pads[i].Connected || onMain1(func() string { return w.PadName(i) }) != fmt.Sprintf("pad %d", i) {
			t.Fatalf("slot %d: connected %v, controller %q; want pad %d", i, s.in.Pads[i].Connected, w.PadName(i), i)
		}
	}
	// The fifth has no slot: its buttons reach nothing.
	s = sink{in: s.in.Held()}
	poll(w, &s, func() error { return ps[4].SetButton(int(sdl.CONTROLLER_BUTTON_B), true) })
	if s.npad != 0 {
		t.Fatalf("a controller with no slot reported %+v", s.pads())
	}
	// Pad 1 goes: the fifth takes its slot, holding B.
	poll(w, &s, ps[1].Detach)
	if onMain1(func() string { return w.PadName(1) }) != "pad 4" || !s.in.Pads[1].Connected {
		t.Fatalf("after pad 1 went, slot 1 holds %q (connected %v), want pad 4", w.PadName(1), s.in.Pads[1].Connected)
	}
	s = sink{in: s.in.Held()}
	poll(w, &s, func() error { return ps[4].SetButton(int(sdl.CONTROLLER_BUTTON_X), true) })
	if got := s.pads(); !slices.Contains(got, padEvent{pad: 1, button: int(gamepad.X), axis: -1, on: true}) {
		t.Errorf("pad 4's X in slot 1: reported %+v", got)
	}
}

func TestRumbleReachesTheMotorsOrSaysThereAreNone(t *testing.T) {
	w := openHeadless(t, Options{})
	var s sink
	poll(w, &s, nil)
	motors := attach(t, "rumbler", true)
	attach(t, "no motors", false)
	poll(w, &s, nil)
	var err error
	onMain(func() { err = w.Rumble(0, 0.5, 1, 200*time.Millisecond) })
	if err != nil {
		t.Fatalf("Rumble: %v", err)
	}
	if calls, low, high := motors.Rumble(); calls != 1 || low != 32768 || high != 65535 {
		t.Errorf("the motors got %d calls, last %d and %d; want 1 call of 32768 and 65535", calls, low, high)
	}
	onMain(func() { err = w.Rumble(0, 0, 0, 0) })
	if calls, low, high := motors.Rumble(); err != nil || calls != 2 || low != 0 || high != 0 {
		t.Errorf("stopping: %v; the motors got %d calls, last %d and %d; want them stopped", err, calls, low, high)
	}
	onMain(func() { err = w.Rumble(1, 1, 1, time.Second) })
	if !errors.Is(err, ErrNoRumble) || !strings.Contains(err.Error(), "no motors") {
		t.Errorf("Rumble of a pad without motors: %v, want ErrNoRumble naming the controller", err)
	}
	for _, pad := range []int{-1, gamepad.Max} {
		onMain(func() { err = w.Rumble(pad, 1, 1, time.Second) })
		if err == nil || !strings.Contains(err.Error(), "want 0 to 3") {
			t.Errorf("Rumble(%d): %v, want an error naming the slots", pad, err)
		}
	}
}

func TestStrengthMapsZeroToOneOntoTheMotorsRange(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want uint16
	}{{0, 0}, {-1, 0}, {0.5, 32768}, {1, 65535}, {7, 65535}, {math.NaN(), 0}} {
		if got := strength(tt.in); got != tt.want {
			t.Errorf("strength(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestPollEventsOfControllerEventsAllocatesNothing(t *testing.T) {
	w := openHeadless(t, Options{})
	var s sink
	poll(w, &s, nil)
	p := attach(t, "pad", false)
	poll(w, &s, nil)
	i := 0
	move := func() {
		i++
		p.SetAxis(int(sdl.CONTROLLER_AXIS_LEFTX), int16(i))
		p.SetAxis(int(sdl.CONTROLLER_AXIS_RIGHTY), int16(-i))
		p.SetButton(int(sdl.CONTROLLER_BUTTON_START), i%2 == 0)
	}
	var moveOnly, movePoll float64
	var before int
	onMain(func() {
		moveOnly = testing.AllocsPerRun(100, move)
		w.PollEvents(&s)
		before = s.npad
		movePoll = testing.AllocsPerRun(100, func() {
			move()
			w.PollEvents(&s)
		})
	})
	if got := s.npad - before; got < 300 {
		t.Fatalf("101 polls reported %d pad events, want at least 300: the controller did not reach them", got)
	}
	if movePoll-moveOnly != 0 {
		t.Errorf("PollEvents of controller events allocated %v times, want 0", movePoll-moveOnly)
	}
}

// padSession is a game played with a virtual controller that its Update
// drives (when drive is set): plugged in, the stick swept, A pressed on
// and off. Its state is what its ticks saw of the pad.
type padSession struct {
	drive              bool
	pad                *virtualpad.Pad
	err                error
	h                  uint64
	connected, presses int
}

func (g *padSession) Update(f *engine.Frame) error {
	switch {
	case !g.drive || g.err != nil:
	case f.N == 2:
		g.pad, g.err = virtualpad.Attach("session pad", false)
	case g.pad != nil && f.N%5 == 0:
		g.err = errors.Join(
			g.pad.SetButton(int(sdl.CONTROLLER_BUTTON_A), f.N%10 == 0),
			g.pad.SetAxis(int(sdl.CONTROLLER_AXIS_LEFTX), int16(f.N*37)),
		)
	}
	return g.err
}

func (g *padSession) Tick(t *engine.Tick) error {
	p := &t.Input.Pads[0]
	for _, v := range []uint64{uint64(p.Pressed), uint64(p.Released), uint64(p.Buttons), uint64(uint16(p.Axes[0]))} {
		g.h = (g.h ^ v) * 0x100000001b3
	}
	if p.Connected {
		g.connected++
	}
	if p.Pressed != 0 {
		g.presses++
	}
	return nil
}

func (g *padSession) Draw(*Canvas, *engine.Frame) error { return nil }
func (g *padSession) StateHash() uint64                 { return g.h }

func TestAControllerSessionRecordedThroughTheWindowReplaysToItsHashes(t *testing.T) {
	var buf bytes.Buffer
	rec, err := tape.NewRecorder(&buf, tape.Header{Scene: "pad session", TPS: 600, Interval: 60, Platform: tape.ThisPlatform()})
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.Config{Mode: engine.ModeUncapped, TPS: 600, Ticks: 300}
	played := &padSession{drive: true}
	onMain(func() {
		_, err = runIn(context.Background(), Options{Headless: true, Width: 64, Height: 64}, cfg, host.Wiring{Tape: rec}, played)
		if played.pad != nil {
			err = errors.Join(err, played.pad.Detach())
		}
	})
	if err != nil {
		t.Fatalf("the played session: %v", err)
	}
	if err := rec.Close(played.StateHash()); err != nil {
		t.Fatal(err)
	}
	if played.connected == 0 || played.presses == 0 {
		t.Fatalf("the ticks saw the pad connected %d times and pressed %d: the session never reached them", played.connected, played.presses)
	}
	tp, err := tape.Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	replayed := &padSession{}
	rp := tape.NewReplayer(tp)
	onMain(func() {
		_, err = runIn(context.Background(), Options{Headless: true, Width: 64, Height: 64}, cfg, host.Wiring{Tape: rp}, replayed)
	})
	if err != nil {
		t.Fatalf("the replay: %v", err)
	}
	if err := rp.Close(replayed.StateHash()); err != nil || rp.Ran() != 300 {
		t.Fatalf("the replay ran %d ticks and ended with %v, want 300 matching the recording", rp.Ran(), err)
	}
	if replayed.connected != played.connected || replayed.presses != played.presses {
		t.Errorf("the replay saw the pad connected %d times and pressed %d, the session %d and %d",
			replayed.connected, replayed.presses, played.connected, played.presses)
	}
}
