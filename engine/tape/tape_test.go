package tape

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/physics"
)

// script makes n ticks of input as a player would: keys held for a while,
// buttons dragged, the pointer moving, now and then the wheel, typing, and
// controllers plugged in, pressed, pushed and unplugged.
func script(n int, seed uint64) []engine.Input {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]engine.Input, n)
	var held engine.Input
	for i := range out {
		in := held.Held()
		switch r.IntN(18) {
		case 0:
			k := engine.Key(1 + r.IntN(engine.NumKeys-1))
			if in.Down.Has(k) {
				in.Down.Remove(k)
				in.Released.Add(k)
			} else {
				in.Down.Add(k)
				in.Pressed.Add(k)
			}
		case 1:
			b := mouse.Button(r.IntN(3))
			bit := mouse.ButtonSet(1) << b
			if in.Buttons.Has(b) {
				in.Buttons &^= bit
				in.ButtonsReleased |= bit
			} else {
				in.Buttons |= bit
				in.ButtonsPressed |= bit
			}
		case 2, 3, 4:
			in.MouseX, in.MouseY = float64(r.IntN(1280)), float64(r.IntN(720))
		case 5:
			in.WheelY = int32(r.IntN(7) - 3)
		case 6:
			in.WindowWidth, in.WindowHeight = int32(640+r.IntN(1920)), int32(360+r.IntN(1080))
		case 7:
			words := []string{"a", "Zz", "é", "日本", "🎮", "hello ", "0123456789abcdef0123456789abcdef!"}
			for range 1 + r.IntN(3) {
				in.Text.Append([]byte(words[r.IntN(len(words))]))
			}
		case 8:
			p := &in.Pads[r.IntN(gamepad.Max)]
			if p.Connected {
				p.Released, p.Buttons, p.Axes = p.Buttons, 0, [gamepad.NumAxes]int16{}
			}
			p.Connected = !p.Connected
		case 9, 10:
			p := &in.Pads[r.IntN(2)]
			if !p.Connected {
				break
			}
			bit := gamepad.ButtonSet(1) << r.IntN(gamepad.NumButtons)
			if p.Buttons&bit != 0 {
				p.Buttons &^= bit
				p.Released |= bit
			} else {
				p.Buttons |= bit
				p.Pressed |= bit
			}
		case 11, 12, 13:
			p := &in.Pads[r.IntN(2)]
			if p.Connected {
				for range 1 + r.IntN(2) {
					p.Axes[r.IntN(gamepad.NumAxes)] = int16(r.IntN(65536) - 32768)
				}
			}
		}
		out[i], held = in, in
	}
	return out
}

// record writes a recording of inputs, with made-up hashes derived from
// the tick number.
func record(t testing.TB, h Header, inputs []engine.Input) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for i := range inputs {
		if w.Due() {
			if err := w.Check(fakeHash(uint64(i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Tick(&inputs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(fakeHash(uint64(len(inputs)))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func fakeHash(n uint64) physics.Digest { return physics.Digest(n*0x9e3779b97f4a7c15 + 1) }

var testHeader = Header{Scene: "tumble", Seed: 7, TPS: 60, Interval: 10, Platform: "amd64 v1",
	Settings: []Setting{{"physics", "chipmunk"}, {"bodies", "50"}, {"tps", "60"}}}

func TestRoundTripReproducesEveryTickAndCheckpoint(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 11, 100, 1000} {
		inputs := script(n, uint64(n))
		b := record(t, testHeader, inputs)
		tp, err := Read(b)
		if err != nil {
			t.Fatalf("%d ticks: Read: %v", n, err)
		}
		if !tp.Header.equal(&testHeader) || tp.Ticks != uint64(n) || tp.Final != fakeHash(uint64(n)) {
			t.Fatalf("%d ticks: read %+v, %d ticks, final %v", n, tp.Header, tp.Ticks, tp.Final)
		}
		p := tp.Play()
		var in engine.Input
		for i := range inputs {
			want, check, err := p.Next(&in)
			if err != nil {
				t.Fatalf("%d ticks: tick %d: %v", n, i, err)
			}
			if in != inputs[i] {
				t.Fatalf("%d ticks: tick %d input %+v, want %+v", n, i, in, inputs[i])
			}
			if check != (i%testHeader.Interval == 0) || (check && want != fakeHash(uint64(i))) {
				t.Fatalf("%d ticks: tick %d: check %v hash %v", n, i, check, want)
			}
		}
		if _, _, err := p.Next(&in); err != io.EOF {
			t.Fatalf("%d ticks: after the last tick: %v, want io.EOF", n, err)
		}
	}
}

func TestIdleTicksCostAlmostNothing(t *testing.T) {
	// An hour at 60 tps with nobody touching anything: runs of same.
	h := testHeader
	h.Interval = 60
	b := record(t, h, make([]engine.Input, 60*60*60))
	if len(b) > 60*60*20 {
		t.Fatalf("an idle hour takes %d bytes, want at most 20 a second", len(b))
	}
}

func TestWriterRefusesMisuse(t *testing.T) {
	if _, err := NewWriter(io.Discard, Header{Scene: "x", TPS: 0}); err == nil {
		t.Error("NewWriter with tps 0: no error")
	}
	w, err := NewWriter(io.Discard, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	if err := w.Tick(&in); err == nil {
		t.Error("Tick 0 without its checkpoint: no error")
	}
	if err := w.Check(1); err != nil {
		t.Fatal(err)
	}
	if err := w.Check(1); err == nil {
		t.Error("two checkpoints before tick 0: no error")
	}
}

func TestCheckpointsListsEveryHashByTick(t *testing.T) {
	tp, err := Read(record(t, testHeader, script(35, 8)))
	if err != nil {
		t.Fatal(err)
	}
	ticks, digests := tp.Checkpoints()
	want := []uint64{0, 10, 20, 30}
	if !slices.Equal(ticks, want) || len(digests) != len(want) {
		t.Fatalf("checkpoints at ticks %v, want %v", ticks, want)
	}
	for i, n := range ticks {
		if digests[i] != fakeHash(n) {
			t.Fatalf("checkpoint at tick %d: hash %v, want %v", n, digests[i], fakeHash(n))
		}
	}
}

func TestCheckpointJustBeforeTheEndIsListedAtItsTick(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	for i := range 10 {
		if w.Due() {
			if err := w.Check(fakeHash(uint64(i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Tick(&in); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Check(fakeHash(10)); err != nil { // due before tick 10, which never runs
		t.Fatal(err)
	}
	if err := w.Close(fakeHash(10)); err != nil {
		t.Fatal(err)
	}
	tp, err := Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if ticks, _ := tp.Checkpoints(); !slices.Equal(ticks, []uint64{0, 10}) {
		t.Fatalf("checkpoints at ticks %v, want [0 10]", ticks)
	}
}

func TestWriterRefusesInputARecordingCannotHold(t *testing.T) {
	tests := []struct {
		name string
		in   engine.Input
		msg  string
	}{
		{"NaN pointer", engine.Input{MouseX: math.NaN()}, "pointer coordinate NaN"},
		{"infinite pointer", engine.Input{MouseY: math.Inf(-1)}, "pointer coordinate -Inf"},
		{"a button beyond the last", engine.Input{ButtonsPressed: 1 << 7}, "names no button"},
		{"a pad button beyond the last", engine.Input{Pads: [gamepad.Max]gamepad.State{2: {Connected: true, Buttons: 1 << gamepad.NumButtons}}},
			"pad 2: button set 0x200000 names no button"},
		{"negative window", engine.Input{WindowWidth: -1}, "window side of -1 pixels"},
		{"huge window", engine.Input{WindowHeight: maxWindowSide + 1}, "window side of 65537 pixels"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		w, err := NewWriter(&buf, testHeader)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Check(1); err != nil {
			t.Fatal(err)
		}
		if err := w.Tick(&tt.in); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Tick = %v, want an error saying %q", tt.name, err, tt.msg)
		}
		// The refused tick is not recorded: what was written still reads.
		if err := w.Close(2); err != nil {
			t.Fatal(err)
		}
		if tp, err := Read(buf.Bytes()); err != nil || tp.Ticks != 0 {
			t.Errorf("%s: the recording around a refused tick: %v", tt.name, err)
		}
	}
}
