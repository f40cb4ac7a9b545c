package inputcodec

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// Fields of an engine.Input, as mask bits: those that change most often
// first, so that most records' masks fit the first byte of their varint.
const (
	fMouseX = 1 << iota
	fMouseY
	fDown
	fPressed
	fReleased
	fPad0
	fText
	fWheelX
	fWheelY
	fButtons
	fButtonsPressed
	fButtonsReleased
	fWindowWidth
	fWindowHeight
	fPad1 // then fPad1<<1 and fPad1<<2 for pads 2 and 3
	fAll  = fPad1<<(gamepad.Max-1) - 1
)

// fPad returns the mask bit of pad i.
func fPad(i int) uint64 {
	if i == 0 {
		return fPad0
	}
	return fPad1 << (i - 1)
}

// Bits of a pad's mask.
const (
	pAxis0     = 1 << iota // then pAxis0<<1 to pAxis0<<5
	pConnected = pAxis0 << gamepad.NumAxes
	pButtons   = pConnected << 1
	pPressed   = pConnected << 2
	pReleased  = pConnected << 3
	pAll       = pReleased<<1 - 1
)

// Limits of what a record holds.
const (
	// MaxWindowSide is the largest window side an input may hold, in
	// pixels.
	MaxWindowSide = 1 << 16
	// ButtonMask holds every mouse.Button, PadButtonMask every
	// gamepad.Button.
	ButtonMask    = 1<<(mouse.X2+1) - 1
	PadButtonMask = 1<<gamepad.NumButtons - 1
	// MaxFieldMask is the largest record mask: every field differs.
	MaxFieldMask = fAll
	// MaxText is the most bytes of typed text a record holds: what an
	// engine.Text holds, one tick's typing. The format's own number, so
	// that a Text that grew would not change what recordings hold
	// unnoticed: a test holds the two equal.
	MaxText = 32

	maxPad = 2 + 2*gamepad.NumAxes + 3*binary.MaxVarintLen32
	// MaxLen is the longest record: a mask, three key sets of a byte and
	// eight 10-byte words, three buttons, two coordinates of 9 bytes, two wheels,
	// the window, the text and four pads of a mask, six axes and three
	// button sets.
	MaxLen = 3 + 3*(1+len(engine.KeySet{})*binary.MaxVarintLen64) + 3 + 2*(1+8) + 4*binary.MaxVarintLen32 +
		1 + MaxText + gamepad.Max*maxPad
)

// Check refuses what a record cannot hold, and so no platform produces:
// button sets naming no button, a pointer that is not a finite number, a
// window side beyond 0 to MaxWindowSide pixels.
func Check(in *engine.Input) error {
	for _, b := range [...]mouse.ButtonSet{in.Buttons, in.ButtonsPressed, in.ButtonsReleased} {
		if b&^ButtonMask != 0 {
			return fmt.Errorf("button set %#x names no button", uint64(b))
		}
	}
	for i := range in.Pads {
		p := &in.Pads[i]
		for _, b := range [...]gamepad.ButtonSet{p.Buttons, p.Pressed, p.Released} {
			if b&^PadButtonMask != 0 {
				return fmt.Errorf("pad %d: button set %#x names no button", i, uint64(b))
			}
		}
	}
	for _, f := range [...]float64{in.MouseX, in.MouseY} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("pointer coordinate %v", f)
		}
	}
	for _, n := range [...]int32{in.WindowWidth, in.WindowHeight} {
		if n < 0 || n > MaxWindowSide {
			return fmt.Errorf("window side of %d pixels: want 0 to %d", n, MaxWindowSide)
		}
	}
	return nil
}

// diff returns the mask of fields where in differs from prev.Held(), the
// baseline. Held is spelled out here field by field, so that encoding
// copies no Input; the round trips against inputs with every field set
// (shape_test.go) fail if the two ever disagree.
func diff(in, prev *engine.Input) uint64 {
	var m uint64
	set := func(bit uint64, differ bool) {
		if differ {
			m |= bit
		}
	}
	set(fDown, in.Down != prev.Down) // 64-byte sets: the bulk of the cost
	set(fPressed, !in.Pressed.Empty())
	set(fReleased, !in.Released.Empty())
	set(fButtons, in.Buttons != prev.Buttons)
	set(fButtonsPressed, in.ButtonsPressed != 0)
	set(fButtonsReleased, in.ButtonsReleased != 0)
	set(fMouseX, math.Float64bits(in.MouseX) != math.Float64bits(prev.MouseX))
	set(fMouseY, math.Float64bits(in.MouseY) != math.Float64bits(prev.MouseY))
	set(fWheelX, in.WheelX != 0)
	set(fWheelY, in.WheelY != 0)
	set(fWindowWidth, in.WindowWidth != prev.WindowWidth)
	set(fWindowHeight, in.WindowHeight != prev.WindowHeight)
	set(fText, in.Text.Len() != 0)
	for i := range in.Pads {
		base := heldPad(&prev.Pads[i])
		set(fPad(i), in.Pads[i] != base)
	}
	return m
}

// heldPad is p as Input.Held keeps it.
func heldPad(p *gamepad.State) gamepad.State {
	return gamepad.State{Connected: p.Connected, Buttons: p.Buttons, Axes: p.Axes}
}

// padDiff returns the pad mask of p against base.
func padDiff(p, base *gamepad.State) uint64 {
	var m uint64
	for i := range p.Axes {
		if p.Axes[i] != base.Axes[i] {
			m |= pAxis0 << i
		}
	}
	for i, differ := range [...]bool{p.Connected != base.Connected, p.Buttons != base.Buttons, p.Pressed != base.Pressed, p.Released != base.Released} {
		if differ {
			m |= pConnected << i
		}
	}
	return m
}

// Append appends the record of in, coded against prev (the input before
// it in the stream, or the zero Input), to b and returns the extended
// slice. It writes at most MaxLen bytes, and allocates nothing when b has
// room for them. In must pass Check, or a decoder refuses the record.
func Append(b []byte, in, prev *engine.Input) []byte {
	m := diff(in, prev)
	b = binary.AppendUvarint(b, m)
	for i, k := range [...]*engine.KeySet{&in.Down, &in.Pressed, &in.Released} {
		if m&(fDown<<i) != 0 {
			b = appendKeys(b, k)
		}
	}
	for i, s := range [...]mouse.ButtonSet{in.Buttons, in.ButtonsPressed, in.ButtonsReleased} {
		if m&(fButtons<<i) != 0 {
			b = append(b, byte(s))
		}
	}
	for i, f := range [...]float64{in.MouseX, in.MouseY} {
		if m&(fMouseX<<i) != 0 {
			b = appendCoord(b, f, [...]float64{prev.MouseX, prev.MouseY}[i])
		}
	}
	for i, v := range [...]int32{in.WheelX, in.WheelY} {
		if m&(fWheelX<<i) != 0 {
			b = binary.AppendVarint(b, int64(v))
		}
	}
	for i, v := range [...]int32{in.WindowWidth, in.WindowHeight} {
		if m&(fWindowWidth<<i) != 0 {
			b = binary.AppendVarint(b, int64(v))
		}
	}
	if m&fText != 0 {
		b = append(b, byte(in.Text.Len()))
		b = append(b, in.Text.Bytes()...)
	}
	for i := range in.Pads {
		if m&fPad(i) != 0 {
			base := heldPad(&prev.Pads[i])
			b = appendPad(b, &in.Pads[i], &base)
		}
	}
	return b
}

func appendPad(b []byte, p, base *gamepad.State) []byte {
	m := padDiff(p, base)
	b = binary.AppendUvarint(b, m)
	for i, v := range p.Axes {
		if m&(pAxis0<<i) != 0 {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	for i, s := range [...]gamepad.ButtonSet{p.Buttons, p.Pressed, p.Released} {
		if m&(pButtons<<i) != 0 {
			b = binary.AppendUvarint(b, uint64(s))
		}
	}
	return b
}

func appendKeys(b []byte, k *engine.KeySet) []byte {
	var present byte
	for i, w := range k {
		if w != 0 {
			present |= 1 << i
		}
	}
	b = append(b, present)
	for _, w := range k {
		if w != 0 {
			b = binary.AppendUvarint(b, w)
		}
	}
	return b
}
