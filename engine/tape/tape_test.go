package tape

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// script makes n ticks of input as a player would: keys held for a while,
// buttons dragged, the pointer moving, now and then the wheel.
func script(n int, seed uint64) []engine.Input {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]engine.Input, n)
	var held engine.Input
	for i := range out {
		in := engine.Input{Down: held.Down, Buttons: held.Buttons, MouseX: held.MouseX, MouseY: held.MouseY,
			WindowWidth: held.WindowWidth, WindowHeight: held.WindowHeight}
		switch r.IntN(13) {
		case 0:
			k := engine.Key(1 + r.IntN(int(engine.KeyF12)))
			if in.Down.Has(k) {
				in.Down.Remove(k)
				in.Released.Add(k)
			} else {
				in.Down.Add(k)
				in.Pressed.Add(k)
			}
		case 1:
			b := engine.MouseButton(r.IntN(3))
			bit := engine.ButtonSet(1) << b
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

var testHeader = Header{Scene: "tumble", Seed: 7, TPS: 60, Interval: 10, Platform: "amd64 v1"}

func TestRoundTripReproducesEveryTickAndCheckpoint(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 11, 100, 1000} {
		inputs := script(n, uint64(n))
		b := record(t, testHeader, inputs)
		tp, err := Read(b)
		if err != nil {
			t.Fatalf("%d ticks: Read: %v", n, err)
		}
		if tp.Header != testHeader || tp.Ticks != uint64(n) || tp.Final != fakeHash(uint64(n)) {
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

func TestEveryOneByteEditIsRejectedWithItsOffset(t *testing.T) {
	b := record(t, testHeader, script(95, 3))
	for i := range b {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			c := bytes.Clone(b)
			c[i] ^= x
			_, err := Read(c)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("byte %d ^ %#x: Read = %v, want a *FormatError", i, x, err)
			}
			if int64(i) < fe.Offset || int64(i) > fe.End {
				t.Fatalf("byte %d ^ %#x: error names bytes %d to %d: %v", i, x, fe.Offset, fe.End, err)
			}
			if fe.End-fe.Offset > 200 {
				t.Fatalf("byte %d ^ %#x: error names %d bytes, want the one chunk", i, x, fe.End-fe.Offset+1)
			}
		}
	}
}

func TestEveryTruncationIsRejectedAsCutShort(t *testing.T) {
	b := record(t, testHeader, script(50, 4))
	for n := range len(b) {
		_, err := Read(b[:n])
		if n == 0 {
			if !errors.Is(err, ErrNotTape) && !errors.Is(err, ErrTruncated) {
				t.Fatalf("empty file: %v", err)
			}
			continue
		}
		if !errors.Is(err, ErrTruncated) {
			t.Fatalf("first %d of %d bytes: Read = %v, want ErrTruncated", n, len(b), err)
		}
	}
}

func TestWrongVersionMagicAndTrailingBytes(t *testing.T) {
	b := record(t, testHeader, script(20, 5))
	v2 := bytes.Clone(b)
	v2[len(magic)] = 2
	tests := []struct {
		name string
		b    []byte
		want error
		msg  string
	}{
		{"version 2", v2, ErrVersion, "version 2; this build reads version 1"},
		{"a PNG", []byte("\x89PNG\r\n\x1a\n...."), ErrNotTape, "does not start with"},
		{"bytes after the end", append(bytes.Clone(b), 0), ErrCorrupt, "follow the end record"},
	}
	for _, tt := range tests {
		_, err := Read(tt.b)
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Read = %v, want %v mentioning %q", tt.name, err, tt.want, tt.msg)
		}
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

func TestRecordingAndPlayingATickAllocateNothing(t *testing.T) {
	inputs := script(600, 6)
	w, err := NewWriter(io.Discard, testHeader)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		if w.Due() {
			_ = w.Check(fakeHash(uint64(i)))
		}
		_ = w.Tick(&inputs[i])
		i++
	})
	if allocs != 0 {
		t.Errorf("recording a tick: %v allocations, want 0", allocs)
	}
	tp, err := Read(record(t, testHeader, inputs))
	if err != nil {
		t.Fatal(err)
	}
	p := tp.Play()
	var in engine.Input
	allocs = testing.AllocsPerRun(500, func() { _, _, _ = p.Next(&in) })
	if allocs != 0 {
		t.Errorf("playing a tick: %v allocations, want 0", allocs)
	}
}

func TestCheckpointsListsEveryHash(t *testing.T) {
	tp, err := Read(record(t, testHeader, script(35, 8)))
	if err != nil {
		t.Fatal(err)
	}
	ticks, digests := tp.Checkpoints()
	if len(ticks) != 4 || ticks[3] != 30 || digests[3] != fakeHash(30) {
		t.Fatalf("checkpoints %v %v, want ticks 0, 10, 20, 30", ticks, digests)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(record(f, testHeader, script(40, 9)))
	f.Add(record(f, testHeader, nil))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, b []byte) {
		tp, err := Read(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.End < fe.Offset || fe.Offset > int64(len(b)) {
				t.Fatalf("Read error %v is not a *FormatError with a sane range", err)
			}
			return
		}
		// Whatever reads must play to the end, and write out again as a
		// recording of the same run.
		var buf bytes.Buffer
		w, err := NewWriter(&buf, tp.Header)
		if err != nil {
			t.Fatalf("header read but not written: %v", err)
		}
		p := tp.Play()
		var in engine.Input
		for {
			want, check, err := p.Next(&in)
			if check {
				if err := w.Check(want); err != nil {
					t.Fatal(err)
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("a checked tape fails to play: %v", err)
			}
			if err := w.Tick(&in); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(tp.Final); err != nil {
			t.Fatal(err)
		}
		again, err := Read(buf.Bytes())
		if err != nil || again.Header != tp.Header || again.Ticks != tp.Ticks || again.Final != tp.Final {
			t.Fatalf("re-encoded recording reads as %+v, %v; want %+v", again, err, tp)
		}
	})
}
