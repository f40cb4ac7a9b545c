package host

import (
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// oneTickEvery20ms runs frames of 5 ms then 20 ms at 50 ticks a second:
// frame 0 (which starts the clock) and frame 1 (5 ms) run no tick, every
// later frame runs one.
func oneTickEvery20ms(f int) time.Duration {
	if f == 0 {
		return 5 * time.Millisecond
	}
	return 20 * time.Millisecond
}

func TestTextTypedInAFrameWithoutATickReachesTheNextTickOnce(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	var frameText []string
	g.onUpdate = func(f *engine.Frame) error {
		if string(f.Text) != f.Input.Text.String() {
			t.Errorf("frame %d: Frame.Text %q, Frame.Input.Text %q: want the same", f.N, f.Text, f.Input.Text.String())
		}
		frameText = append(frameText, string(f.Text))
		return nil
	}
	events := func(frame int, in EventSink) {
		switch frame {
		case 1: // no tick
			in.Text([]byte("hé"))
			in.Text([]byte("llo"))
		case 2:
			in.Text([]byte(" 世界"))
		case 4:
			in.Text([]byte("!"))
		}
	}
	runFake(t, engine.Config{TPS: 50, Mode: engine.ModeUncapped, Frames: 6},
		g, &fakePlatform{clock: c, work: oneTickEvery20ms, events: events}, c)
	if g.perFrame[1] != 0 {
		t.Fatalf("frame 1 ran %d ticks, the test needs 0", g.perFrame[1])
	}
	var ticks []string
	for _, in := range g.inputs {
		ticks = append(ticks, in.Text.String())
	}
	// Frame 2's tick sees frames 1 and 2's text; no character twice.
	want := []string{"héllo 世界", "", "!", ""}
	if strings.Join(ticks, "|") != strings.Join(want, "|") {
		t.Errorf("ticks saw %q, want %q", ticks, want)
	}
	wantFrames := []string{"", "héllo", " 世界", "", "!", ""}
	if strings.Join(frameText, "|") != strings.Join(wantFrames, "|") {
		t.Errorf("frames saw %q, want %q", frameText, wantFrames)
	}
}

func TestTextBeyondMaxTextBeforeATickIsCutAtACharacter(t *testing.T) {
	var in inputs
	in.beginFrame()
	in.Text([]byte(strings.Repeat("a", inputcodec.MaxText-1)))
	in.Text([]byte("é")) // 2 bytes: does not fit whole, so it is dropped
	in.Text([]byte("b")) // fits, but would leave a hole: dropped too
	if got := take(&in).Text.String(); got != strings.Repeat("a", inputcodec.MaxText-1) {
		t.Errorf("tick text %q, want %d a's and nothing after", got, inputcodec.MaxText-1)
	}
	in.Text([]byte("c"))
	if got := take(&in).Text.String(); got != "c" {
		t.Errorf("the next tick's text %q, want %q: the cut lasts one tick", got, "c")
	}
	if got := in.text.String(); got != strings.Repeat("a", inputcodec.MaxText-1) {
		t.Errorf("the frame's text %q, want it cut where the tick's was", got)
	}
	in.beginFrame()
	in.Text([]byte("d"))
	if got := in.text.String(); got != "d" {
		t.Errorf("a new frame's text %q, want %q", got, "d")
	}
}

func TestPadEdgesReachExactlyOneTickAndHeldStateIsCurrent(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	events := func(frame int, in EventSink) {
		switch frame {
		case 0:
			in.PadConnected(1, true)
		case 1: // no tick
			in.PadButton(1, gamepad.A, true)
			in.PadButton(1, gamepad.B, true)
			in.PadButton(1, gamepad.B, false)
			in.PadAxis(1, gamepad.LeftX, 12000)
			in.PadAxis(1, gamepad.LeftX, -20000) // the last position counts
		case 4:
			in.PadConnected(1, false) // unplugged holding A and the stick
		}
	}
	runFake(t, engine.Config{TPS: 50, Mode: engine.ModeUncapped, Frames: 6},
		g, &fakePlatform{clock: c, work: oneTickEvery20ms, events: events}, c)
	if g.perFrame[1] != 0 || len(g.inputs) != 4 {
		t.Fatalf("frame 1 ran %d ticks and %d in all, the test needs 0 and 4", g.perFrame[1], len(g.inputs))
	}
	a, b := gamepad.ButtonSet(1)<<gamepad.A, gamepad.ButtonSet(1)<<gamepad.B
	want := []gamepad.State{
		{Connected: true, Buttons: a, Pressed: a | b, Released: b, Axes: [gamepad.NumAxes]int16{gamepad.LeftX: -20000}},
		{Connected: true, Buttons: a, Axes: [gamepad.NumAxes]int16{gamepad.LeftX: -20000}},
		{Released: a},
		{},
	}
	for i, w := range want {
		if got := g.inputs[i].Pads[1]; got != w {
			t.Errorf("tick %d: pad 1 %+v, want %+v", i, got, w)
		}
		for _, p := range []int{0, 2, 3} {
			if g.inputs[i].Pads[p] != (gamepad.State{}) {
				t.Errorf("tick %d: pad %d %+v, want nothing", i, p, g.inputs[i].Pads[p])
			}
		}
	}
}

func TestPadReportsForNoConnectedPadAreDropped(t *testing.T) {
	var in inputs
	in.beginFrame()
	in.PadButton(0, gamepad.A, true) // not connected
	in.PadAxis(0, gamepad.LeftY, 100)
	in.PadConnected(gamepad.Max, true) // no such slot
	in.PadConnected(-1, true)
	in.PadConnected(2, true)
	in.PadButton(2, gamepad.NumButtons, true) // no such button
	in.PadAxis(2, gamepad.NumAxes, 5)         // no such axis
	in.PadButton(2, gamepad.Start, true)
	in.PadButton(2, gamepad.Start, true) // no edge: already down
	in.PadConnected(2, true)             // already connected: nothing
	got := take(&in)
	start := gamepad.ButtonSet(1) << gamepad.Start
	want := [gamepad.Max]gamepad.State{2: {Connected: true, Buttons: start, Pressed: start}}
	if got.Pads != want {
		t.Errorf("pads %+v, want %+v", got.Pads, want)
	}
	if in.frame.Pads != want {
		t.Errorf("the frame's pads %+v, want %+v", in.frame.Pads, want)
	}
}

func TestKeysBeyondTheSetAreDroppedAndTheLastOneKept(t *testing.T) {
	var in inputs
	in.beginFrame()
	in.Key(engine.NumKeys-1, true)
	in.Key(engine.NumKeys, true)
	in.Key(engine.KeyUnknown, true)
	got := take(&in)
	var want engine.KeySet
	want.Add(engine.NumKeys - 1)
	if got.Down != want || got.Pressed != want {
		t.Errorf("down %v pressed %v, want only key %d", got.Down, got.Pressed, engine.NumKeys-1)
	}
}

// eventfulPlatform reports a key, a mouse move, typing and a pad moving
// every frame.
type eventfulPlatform struct {
	fakePlatform
	typed [8]byte
}

func (p *eventfulPlatform) PollEvents(in EventSink) {
	f := p.polls
	p.polls++
	k := engine.KeyA + engine.Key(f%26)
	in.Key(k, f%2 == 0)
	in.Pointer(float64(f), 2)
	p.typed[0] = 'a' + byte(f%26)
	in.Text(p.typed[:1])
	in.PadConnected(0, true)
	in.PadButton(0, gamepad.Button(f%int(gamepad.NumButtons)), f%3 == 0)
	in.PadAxis(0, gamepad.Axis(f%int(gamepad.NumAxes)), int16(f))
}

func TestFrameWithKeysTextAndPadsAllocatesNothingOnceWarm(t *testing.T) {
	c := &fakeClock{}
	p := &eventfulPlatform{fakePlatform: fakePlatform{clock: c, work: every(time.Second / 60)}}
	var sawText, sawPad int
	l := startLoop(t, noopGame{}, engine.Config{}, Wiring{Platform: p, Clock: c}, 60)
	l.game = partsOf(gameFunc(func(tk *engine.Tick) error {
		sawText += tk.Input.Text.Len()
		if tk.Input.Pads[0].Connected {
			sawPad++
		}
		return nil
	}))
	allocs := testing.AllocsPerRun(200, func() {
		if err := l.runFrame(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a frame with events allocates %v times, want 0", allocs)
	}
	if sawText == 0 || sawPad == 0 {
		t.Errorf("the ticks saw %d bytes of text and a pad %d times: the events did not arrive", sawText, sawPad)
	}
}

// gameFunc is a game made of a tick function.
type gameFunc func(*engine.Tick) error

func (f gameFunc) Tick(t *engine.Tick) error { return f(t) }
func (gameFunc) Draw(*engine.Frame) error    { return nil }

// take returns the input of in's next tick.
func take(in *inputs) engine.Input {
	var t engine.Input
	in.takeTick(&t)
	return t
}
