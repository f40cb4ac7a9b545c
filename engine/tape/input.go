package tape

import (
	"encoding/binary"
	"math"
	"unicode/utf8"

	"github.com/lockstep-engine/lockstep/engine"
)

// maxWindowSide is the largest window side a recording may hold, in pixels.
const maxWindowSide = 1 << 16

// input decodes an input record's fields over the baseline. Its error is
// the decoder's.
func (d *decoder) input(v *engine.Input, start int64) {
	*v = baseline(d.prev())
	m := d.uvarint("an input's field mask")
	if m == 0 || m&^fAll != 0 {
		d.fail(ErrCorrupt, "input record at byte %d: field mask %#x (want 1 to %#x)", start, m, fAll)
		return
	}
	for i, k := range [...]*engine.KeySet{&v.Down, &v.Pressed, &v.Released} {
		if m&(fDown<<i) != 0 {
			d.keys(k, start)
		}
	}
	for i, b := range [...]*engine.ButtonSet{&v.Buttons, &v.ButtonsPressed, &v.ButtonsReleased} {
		if m&(fButtons<<i) != 0 {
			*b = d.buttons(start)
		}
	}
	for i, f := range [...]*float64{&v.MouseX, &v.MouseY} {
		if m&(fMouseX<<i) != 0 {
			*f = d.coordinate(start)
		}
	}
	for i, w := range [...]*int32{&v.WheelX, &v.WheelY} {
		if m&(fWheelX<<i) != 0 {
			*w = d.bounded("wheel clicks", math.MinInt32, math.MaxInt32, start)
		}
	}
	for i, w := range [...]*int32{&v.WindowWidth, &v.WindowHeight} {
		if m&(fWindowWidth<<i) != 0 {
			*w = d.bounded("a window size", 0, maxWindowSide, start)
		}
	}
	if m&fText != 0 {
		d.text1(&v.Text, start)
	}
	for i := range v.Pads {
		if m&fPad(i) != 0 {
			d.pad(&v.Pads[i], i, start)
		}
	}
}

func (d *decoder) buttons(start int64) engine.ButtonSet {
	c := d.byte1("a button set")
	if c&^buttonMask != 0 {
		d.fail(ErrCorrupt, "input record at byte %d: button set %#x names no button", start, c)
	}
	return engine.ButtonSet(c)
}

func (d *decoder) coordinate(start int64) float64 {
	f := math.Float64frombits(d.fixed64("a pointer coordinate"))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		d.fail(ErrCorrupt, "input record at byte %d: pointer coordinate %v", start, f)
	}
	return f
}

// bounded reads a zigzag varint that must lie in [lo, hi]: wheel clicks or
// a window side, as what says.
func (d *decoder) bounded(what string, lo, hi int64, start int64) int32 {
	n := d.varint(what)
	switch {
	case n >= lo && n <= hi:
	case hi == maxWindowSide:
		d.fail(ErrCorrupt, "input record at byte %d: window side of %d pixels (want 0 to %d)", start, n, maxWindowSide)
	default:
		d.fail(ErrCorrupt, "input record at byte %d: %d %s", start, n, what)
	}
	return int32(n)
}

// text1 reads a tick's typed text.
func (d *decoder) text1(t *engine.Text, start int64) {
	n := d.byte1("typed text")
	if n == 0 || n > engine.MaxText {
		d.fail(ErrCorrupt, "input record at byte %d: %d bytes of typed text (want 1 to %d)", start, n, engine.MaxText)
	}
	b := d.take(int(n), "typed text")
	if d.err == nil && (!utf8.Valid(b) || !t.Append(b)) {
		d.fail(ErrCorrupt, "input record at byte %d: typed text %q is not UTF-8", start, b)
	}
}

// pad reads the fields of pad i that differ from its baseline in *p.
func (d *decoder) pad(p *engine.Pad, i int, start int64) {
	m := d.uvarint("a pad's field mask")
	if m == 0 || m&^pAll != 0 {
		d.fail(ErrCorrupt, "input record at byte %d: pad %d's field mask %#x (want 1 to %#x)", start, i, m, pAll)
		return
	}
	for a := range p.Axes {
		if m&(pAxis0<<a) != 0 {
			if b := d.take(2, "a pad's axis"); b != nil {
				p.Axes[a] = int16(binary.LittleEndian.Uint16(b))
			}
		}
	}
	if m&pConnected != 0 {
		p.Connected = !p.Connected
	}
	for j, s := range [...]*engine.PadButtonSet{&p.Buttons, &p.Pressed, &p.Released} {
		if m&(pButtons<<j) != 0 {
			u := d.uvarint("a pad's button set")
			if u&^padButtonMask != 0 {
				d.fail(ErrCorrupt, "input record at byte %d: pad %d's button set %#x names no button", start, i, u)
			}
			*s = engine.PadButtonSet(u)
		}
	}
}

func (d *decoder) keys(k *engine.KeySet, start int64) {
	present := d.byte1("a key set")
	*k = engine.KeySet{}
	for i := range k {
		if present&(1<<i) == 0 {
			continue
		}
		if k[i] = d.uvarint("a key set"); k[i] == 0 {
			d.fail(ErrCorrupt, "input record at byte %d: an empty key word marked present", start)
		}
	}
}
