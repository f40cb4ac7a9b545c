package tape

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// The format's bits and limits (engine/internal/inputcodec's), which
// these tests build records of by hand.
const (
	buttonMask    = inputcodec.ButtonMask
	padButtonMask = inputcodec.PadButtonMask
	maxWindowSide = inputcodec.MaxWindowSide
	fText         = 1 << 6
	fAll          = inputcodec.MaxFieldMask
	pPressed      = 1 << 8
	pAll          = 1<<10 - 1
)

func fPad(i int) uint64 {
	if i == 0 {
		return 1 << 5
	}
	return 1 << (14 + i - 1)
}

func text(s string) engine.Text {
	var t engine.Text
	if !t.Append([]byte(s)) {
		panic("text too long: " + s)
	}
	return t
}

// everything is an input whose every field is as long as it gets.
func everything() engine.Input {
	var in engine.Input
	for k := range engine.Key(engine.NumKeys) {
		in.Down.Add(k)
		in.Pressed.Add(k)
		in.Released.Add(k)
	}
	in.Buttons, in.ButtonsPressed, in.ButtonsReleased = buttonMask, buttonMask, buttonMask
	in.MouseX, in.MouseY = -1e300, 1e300
	in.WheelX, in.WheelY = -1<<31, 1<<31-1
	in.WindowWidth, in.WindowHeight = maxWindowSide, maxWindowSide
	in.Text = text(strings.Repeat("🎮", inputcodec.MaxText/4))
	for i := range in.Pads {
		in.Pads[i] = gamepad.State{Connected: true, Buttons: padButtonMask, Pressed: padButtonMask, Released: padButtonMask,
			Axes: [gamepad.NumAxes]int16{-32768, 32767, -1, 1, 32767, -32768}}
	}
	return in
}

func TestTextPadsAndEveryKeyRoundTrip(t *testing.T) {
	a := gamepad.ButtonSet(1) << gamepad.A
	var high engine.Input
	high.Down.Add(engine.NumKeys - 1)
	high.Pressed.Add(engine.NumKeys - 1)
	inputs := []engine.Input{
		{},
		high,
		{Text: text("a")},
		{Text: text("héllo, 世界 🎮")},
		{Text: text(strings.Repeat("x", inputcodec.MaxText))},
		{Pads: [gamepad.Max]gamepad.State{3: {Connected: true}}},
		{Pads: [gamepad.Max]gamepad.State{3: {Connected: true, Buttons: a, Pressed: a, Axes: [gamepad.NumAxes]int16{gamepad.RightTrigger: 32767}}}},
		{Pads: [gamepad.Max]gamepad.State{3: {Connected: true, Buttons: a, Axes: [gamepad.NumAxes]int16{gamepad.RightTrigger: 32767}}}},
		{Pads: [gamepad.Max]gamepad.State{3: {Released: a}}}, // unplugged
		everything(),
		{}, // from everything to nothing
		{Pads: [gamepad.Max]gamepad.State{0: {Connected: true, Axes: [gamepad.NumAxes]int16{-32768}}}},
	}
	b := record(t, testHeader, inputs)
	tp, err := Read(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := playAll(tp.Play())
	if len(got) != len(inputs) {
		t.Fatalf("played %d ticks (%v), want %d", len(got), err, len(inputs))
	}
	for i := range inputs {
		if got[i] != inputs[i] {
			t.Errorf("tick %d: played %+v, want %+v", i, got[i], inputs[i])
		}
	}
}

func TestTheLongestInputRecordFitsTheWritersBuffer(t *testing.T) {
	in, none := everything(), engine.Input{}
	// Against a baseline that differs in every field as well.
	base := none.Held()
	base.Pads[0].Connected = false
	n := len(inputcodec.Append([]byte{tagInput}, &in, &base))
	if n > maxInputRecord {
		t.Fatalf("an input record of every field takes %d bytes, the writer's buffer %d", n, maxInputRecord)
	}
	t.Logf("longest input record: %d bytes of %d", n, maxInputRecord)
}

// recordOf returns a recording's header and first checkpoint, then rec,
// unsealed: what a decoder reads before it meets rec.
func recordOf(rec ...byte) []byte {
	h := appendHeader(nil, &testHeader)
	check := binary.LittleEndian.AppendUint64([]byte{tagCheck, 0}, 1)
	// Each checksum covers the bytes before it but the checksums.
	crc := crc32.Update(crc32.Checksum(h, castagnoli), castagnoli, check)
	b := append(appendSeal(h), check...)
	b = binary.LittleEndian.AppendUint32(b, crc)
	return append(b, rec...)
}

func TestTextAndPadFieldsNoRecorderWritesAreDamage(t *testing.T) {
	uv := func(v uint64) []byte { return binary.AppendUvarint(nil, v) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	in := []byte{tagInput}
	tests := []struct {
		name string
		rec  []byte
		msg  string
	}{
		{"empty text", cat(in, uv(fText), []byte{0}), "0 bytes of typed text (want 1 to 32)"},
		{"text longer than MaxText", cat(in, uv(fText), []byte{33}, bytes.Repeat([]byte("a"), 33)), "33 bytes of typed text"},
		{"text that is not UTF-8", cat(in, uv(fText), []byte{2, 'a', 0xff}), `typed text "a\xff" is not UTF-8`},
		{"text cut inside a character", cat(in, uv(fText), []byte{2, 'a', 0xe6}), "is not UTF-8"},
		{"a pad mask of nothing", cat(in, uv(fPad(0)), uv(0)), "pad 0's field mask 0x0"},
		{"a pad mask beyond its fields", cat(in, uv(fPad(2)), uv(pAll+1)), "pad 2's field mask 0x400"},
		{"a pad button beyond the last", cat(in, uv(fPad(3)), uv(pPressed), uv(1<<gamepad.NumButtons)), "pad 3's button set 0x200000 names no button"},
		{"a mask beyond the pads", cat(in, uv(fAll+1)), "field mask 0x20000"},
	}
	for _, tt := range tests {
		_, err := Read(append(recordOf(tt.rec...), bytes.Repeat([]byte{0}, 64)...))
		var fe *FormatError
		if !errors.Is(err, ErrCorrupt) || !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, want damage saying %q", tt.name, err, tt.msg)
			continue
		}
		if start := int64(len(recordOf())); fe.Offset > start || fe.End < start {
			t.Errorf("%s: damage in bytes %d to %d, want a range holding the record at %d", tt.name, fe.Offset, fe.End, start)
		}
	}
}

// bytesPerTick records ticks of in (against the tick before), after a
// first tick of first, and returns the bytes each took.
func bytesPerTick(t *testing.T, first engine.Input, next func(i int) engine.Input) float64 {
	t.Helper()
	h := testHeader
	h.Interval = 60
	ins := []engine.Input{first}
	for i := range 600 {
		ins = append(ins, next(i))
	}
	one := record(t, h, ins[:1])
	all := record(t, h, ins)
	return float64(len(all)-len(one)) / 600
}

// The sizes below are what the format costs per tick (checkpoints, 13
// bytes a second, included); the limits keep a change of it honest.
func TestTapeBytesPerTickIdleTypingAndPlayingWithAController(t *testing.T) {
	pad := engine.Input{Pads: [gamepad.Max]gamepad.State{{Connected: true}}}
	tests := []struct {
		name  string
		first engine.Input
		next  func(i int) engine.Input
		max   float64
	}{
		{"idle, a pad plugged in", pad, func(int) engine.Input { return pad }, 0.3},
		{"a stick moving every tick", pad, func(i int) engine.Input {
			in := pad
			in.Pads[0].Axes[gamepad.LeftX] = int16(i * 50)
			return in
		}, 6.5},
		{"both sticks moving every tick", pad, func(i int) engine.Input {
			in := pad
			in.Pads[0].Axes = [gamepad.NumAxes]int16{int16(i * 50), int16(-i * 40), int16(i * 30), int16(i * 20)}
			return in
		}, 12.5},
		{"a button pressed or released every 4th tick, stick still", pad, func(i int) engine.Input {
			in := pad
			if i%8 < 4 {
				in.Pads[0].Buttons = 1 << gamepad.A
			}
			prev := gamepad.ButtonSet(0)
			if (i-1)%8 < 4 && i > 0 {
				prev = 1 << gamepad.A
			}
			in.Pads[0].Pressed = in.Pads[0].Buttons &^ prev
			in.Pads[0].Released = prev &^ in.Pads[0].Buttons
			return in
		}, 2.5},
		{"the pointer moving a few pixels every tick", engine.Input{}, func(i int) engine.Input {
			return engine.Input{MouseX: float64(400 + i%7*3), MouseY: float64(300 - i%5*2)}
		}, 5.5},
		{"a character typed every tick", engine.Input{}, func(i int) engine.Input {
			return engine.Input{Text: text(string(rune('a' + i%26)))}
		}, 5.5},
	}
	for _, tt := range tests {
		n := bytesPerTick(t, tt.first, tt.next)
		t.Logf("%s: %.2f bytes a tick", tt.name, n)
		if n > tt.max {
			t.Errorf("%s: %.2f bytes a tick, want at most %v", tt.name, n, tt.max)
		}
	}
}
