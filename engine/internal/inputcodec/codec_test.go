package inputcodec

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
)

// script is a player's input over n ticks: keys, buttons, the pointer,
// the wheel, the window, typing and controllers, each now and then.
func script(n int, seed uint64) []engine.Input {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]engine.Input, n)
	var held engine.Input
	for i := range out {
		in := held.Held()
		switch r.IntN(12) {
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
			in.Buttons ^= 1 << r.IntN(5)
			in.ButtonsPressed = in.Buttons &^ held.Buttons
			in.ButtonsReleased = held.Buttons &^ in.Buttons
		case 2, 3, 4:
			in.MouseX, in.MouseY = float64(r.IntN(1280))+0.25, float64(r.IntN(720))
			if r.IntN(4) == 0 { // scaled by a ratio: no whole quarters
				in.MouseX = float64(r.IntN(1280)) / 3
			}
		case 5:
			in.WheelX, in.WheelY = int32(r.IntN(3)-1), int32(r.IntN(7)-3)
		case 6:
			in.WindowWidth, in.WindowHeight = int32(r.IntN(MaxWindowSide+1)), int32(640+r.IntN(1080))
		case 7:
			in.Text.Append([]byte([]string{"a", "é", "日本", "🎮", "hello "}[r.IntN(5)]))
		case 8, 9:
			p := &in.Pads[r.IntN(gamepad.Max)]
			p.Connected = true
			p.Axes[r.IntN(gamepad.NumAxes)] = int16(r.IntN(65536) - 32768)
			b := gamepad.ButtonSet(1) << r.IntN(gamepad.NumButtons)
			p.Buttons ^= b
		}
		out[i], held = in, in
	}
	return out
}

func TestScriptsRoundTripOver50Seeds(t *testing.T) {
	var d Decoder
	for seed := range uint64(50) {
		ins := script(400, seed)
		var b []byte
		prev := engine.Input{}
		for i := range ins {
			b = Append(b, &ins[i], &prev)
			prev = ins[i]
		}
		prev, off := engine.Input{}, 0
		for i := range ins {
			var got engine.Input
			n, err := d.Decode(b[off:], &got, &prev)
			if err != nil || got != ins[i] {
				t.Fatalf("seed %d, input %d: %v; got %+v, want %+v", seed, i, err, got, ins[i])
			}
			off += n
			prev = got
		}
		if off != len(b) {
			t.Fatalf("seed %d: %d of %d bytes read", seed, off, len(b))
		}
	}
}

func TestTheLongestRecordFitsMaxLen(t *testing.T) {
	var in engine.Input
	for k := range engine.Key(engine.NumKeys) {
		in.Down.Add(k)
		in.Pressed.Add(k)
		in.Released.Add(k)
	}
	in.Buttons, in.ButtonsPressed, in.ButtonsReleased = ButtonMask, ButtonMask, ButtonMask
	in.MouseX, in.MouseY = -1e300, 1e300
	in.WheelX, in.WheelY = -1<<31, 1<<31-1
	in.WindowWidth, in.WindowHeight = MaxWindowSide, MaxWindowSide
	in.Text.Append([]byte(strings.Repeat("🎮", MaxText/4)))
	for i := range in.Pads {
		in.Pads[i] = gamepad.State{Connected: true, Buttons: PadButtonMask, Pressed: PadButtonMask, Released: PadButtonMask,
			Axes: [gamepad.NumAxes]int16{-32768, 32767, -1, 1, 32767, -32768}}
	}
	if n := len(Append(nil, &in, &engine.Input{})); n > MaxLen {
		t.Fatalf("a record of every field takes %d bytes, MaxLen is %d", n, MaxLen)
	}
}

// A record holds exactly as much typed text as an engine.Text: no more,
// which a decoded input could not hold, nor less, which a tick would see
// and its recording drop.
func TestATextHoldsWhatARecordHolds(t *testing.T) {
	var text engine.Text
	for i := 0; i < 1000 && text.Append([]byte("a")); i++ {
	}
	if text.Len() != MaxText {
		t.Fatalf("an engine.Text holds %d bytes, a record %d (MaxText)", text.Len(), MaxText)
	}
}

// Every prefix of a record is short, never damage: a stream reader asks
// for more bytes.
func TestACutRecordIsShort(t *testing.T) {
	ins := script(60, 3)
	var d Decoder
	prev := engine.Input{}
	for i := range ins {
		b := Append(nil, &ins[i], &prev)
		for k := range len(b) {
			var got engine.Input
			_, err := d.Decode(b[:k], &got, &prev)
			var e *Error
			if !errors.As(err, &e) || !e.Short || e.At != k {
				t.Fatalf("input %d cut to %d of %d bytes: %v, want short at %d", i, k, len(b), err, k)
			}
		}
		prev = ins[i]
	}
}

func TestRecordsNoEncoderWritesAreRefusedSayingWhat(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
		msg  string
	}{
		{"a mask beyond the pads", []byte{0x80, 0x80, 0x08}, "field mask 0x20000"},
		{"a mask in a longer form", []byte{0x80, 0x00}, "longer form"},
		{"a button beyond the last", []byte{0x80, 0x04, 0x20}, "button set 0x20 names no button"},
		{"a flagged field equal to the baseline", []byte{0x80, 0x04, 0x00}, "holds the value it had"},
		{"empty text", []byte{fText, 0}, "0 bytes of typed text (want 1 to 32)"},
		{"text that is not UTF-8", []byte{fText, 2, 'a', 0xff}, `typed text "a\xff" is not UTF-8`},
		{"a pad mask of nothing", []byte{fPad0, 0}, "pad 0's field mask 0x0"},
		{"an empty key word", []byte{fDown, 1, 0}, "an empty key word marked present"},
		{"a window too wide", append([]byte{0x80, 0x20}, 0x82, 0x80, 0x08), "window side of 65537 pixels"},
		{"a NaN pointer", []byte{fMouseX, 2, 1, 0, 0, 0, 0, 0, 0xf8, 0x7f}, "pointer coordinate NaN"},
		{"a quarter pointer as 8 bytes", []byte{fMouseY, 2, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f}, "longer form"},
		{"an odd pointer change", []byte{fMouseX, 6}, "pointer coordinate change 3"},
		{"a pointer far beyond", []byte{fMouseX, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, "pointer coordinate change"},
	}
	var d Decoder
	for _, tt := range tests {
		var in engine.Input
		_, err := d.Decode(tt.b, &in, &engine.Input{})
		var e *Error
		if !errors.As(err, &e) || e.Short || !strings.Contains(err.Error(), tt.msg) || e.At >= len(tt.b) {
			t.Errorf("%s: %v, want damage within the record saying %q", tt.name, err, tt.msg)
		}
	}
}

func TestEncodingAndDecodingAllocateNothing(t *testing.T) {
	ins := script(256, 9)
	buf := make([]byte, 0, MaxLen)
	var d Decoder
	var got engine.Input
	bad, beyond := []byte{0xff, 0xff, 0xff}, []byte{0x80, 0x80, 0x08}
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		in, prev := &ins[i%len(ins)], &ins[(i+len(ins)-1)%len(ins)]
		b := Append(buf[:0], in, prev)
		if _, err := d.Decode(b, &got, prev); err != nil {
			t.Fatal(err)
		}
		_, _ = d.Decode(bad, &got, prev)    // refused: short
		_, _ = d.Decode(beyond, &got, prev) // refused: a mask beyond the fields
		i++
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per record, want 0", allocs)
	}
}

// FuzzDecode: any bytes decode without a panic to an error or an input
// Check allows, and a record that decodes encodes again to the same
// bytes.
func FuzzDecode(f *testing.F) {
	ins := script(40, 1)
	prev := engine.Input{}
	for i := range ins {
		f.Add(Append(nil, &ins[i], &prev), uint8(i))
		prev = ins[i]
	}
	f.Fuzz(func(t *testing.T, b []byte, k uint8) {
		prev := &ins[int(k)%len(ins)]
		// Tape versions 3 and 4's form, which only decodes.
		d := Decoder{Fixed: true}
		var in engine.Input
		if n, err := d.Decode(b, &in, prev); n < 0 || n > len(b) || err == nil && Check(&in) != nil {
			t.Fatalf("fixed form: read %d of %d bytes (%v), decoded %+v", n, len(b), err, in)
		}
		d = Decoder{}
		n, err := d.Decode(b, &in, prev)
		if n < 0 || n > len(b) {
			t.Fatalf("read %d of %d bytes", n, len(b))
		}
		if err != nil {
			return
		}
		if err := Check(&in); err != nil {
			t.Fatalf("decoded an input Check refuses: %v", err)
		}
		if again := Append(nil, &in, prev); !bytes.Equal(again, b[:n]) {
			t.Fatalf("% x decodes and encodes again to % x", b[:n], again)
		}
	})
}

func BenchmarkAppend(b *testing.B) {
	ins := script(1024, 5)
	buf := make([]byte, 0, MaxLen)
	i, size := 0, 0
	for b.Loop() {
		size += len(Append(buf[:0], &ins[i%1024], &ins[(i+1023)%1024]))
		i++
	}
	b.ReportMetric(float64(size)/float64(i), "B/record")
}

func BenchmarkDecode(b *testing.B) {
	ins := script(1024, 5)
	recs := make([][]byte, len(ins))
	for i := range ins {
		recs[i] = Append(nil, &ins[i], &ins[(i+1023)%1024])
	}
	var d Decoder
	var got engine.Input
	i := 0
	for b.Loop() {
		if _, err := d.Decode(recs[i%1024], &got, &ins[(i+1023)%1024]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
