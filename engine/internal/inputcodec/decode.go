package inputcodec

import (
	"encoding/binary"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// Decoder decodes records. It holds the error of its last Decode, so that
// decoding allocates nothing even when the record is refused (a netplay
// peer may send any bytes). The zero Decoder is ready to use.
type Decoder struct {
	// Fixed reads the records of tape format versions 3 and 4, whose
	// pointer coordinates are their 8 IEEE-754 bytes. Append no longer
	// writes them.
	Fixed bool

	err Error
	b   []byte
	off int
}

// Error says why a record was refused. It is the Decoder's: valid until
// its next Decode, and while the bytes decoded are unchanged.
type Error struct {
	// At is the offset of the last byte read when the record went wrong:
	// the damage is at or before it.
	At int
	// Short says the bytes ended inside the record: more may complete it.
	Short bool
	kind  kind
	pad   int    // the pad the field belongs to, or -1
	value uint64 // the field's value, as its kind says
	text  []byte // the refused text
}

type kind uint8

const (
	kShort kind = iota
	kMask
	kPadMask
	kButtons
	kPadButtons
	kKeyWord
	kCoord
	kCoordForm
	kWheel
	kWindow
	kTextLen
	kText
	kSame
	kLong
)

func (e *Error) Error() string {
	switch e.kind {
	case kShort:
		return "the record ends early"
	case kMask:
		return fmt.Sprintf("field mask %#x has bits beyond the fields' (at most %#x)", e.value, uint64(fAll))
	case kPadMask:
		return fmt.Sprintf("pad %d's field mask %#x (want 1 to %#x)", e.pad, e.value, uint64(pAll))
	case kButtons:
		return fmt.Sprintf("button set %#x names no button", e.value)
	case kPadButtons:
		return fmt.Sprintf("pad %d's button set %#x names no button", e.pad, e.value)
	case kKeyWord:
		return "an empty key word marked present"
	case kCoord:
		return fmt.Sprintf("pointer coordinate %v", math.Float64frombits(e.value))
	case kCoordForm:
		return fmt.Sprintf("pointer coordinate change %d: not a change this encoding writes", int64(e.value))
	case kWheel:
		return fmt.Sprintf("%d wheel clicks", int64(e.value))
	case kWindow:
		return fmt.Sprintf("window side of %d pixels (want 0 to %d)", int64(e.value), MaxWindowSide)
	case kTextLen:
		return fmt.Sprintf("%d bytes of typed text (want 1 to %d)", e.value, MaxText)
	case kText:
		return fmt.Sprintf("typed text %q is not UTF-8", e.text)
	case kSame:
		return "a field marked changed holds the value it had: no encoder writes that"
	}
	return "a number in a longer form than its shortest: no encoder writes that"
}

// fail records a failure of kind k at the last byte read.
func (d *Decoder) fail(k kind, pad int, v uint64) {
	if d.err.At >= 0 {
		return // the first failure stays
	}
	d.err = Error{At: max(d.off-1, 0), kind: k, pad: pad, value: v}
}

func (d *Decoder) short() {
	if d.err.At < 0 {
		d.err = Error{At: len(d.b), Short: true}
	}
	d.off = len(d.b)
}

func (d *Decoder) failed() bool { return d.err.At >= 0 }

// Decode decodes the record at the start of b, coded against prev, into in
// (which may be prev), and returns its length. On failure in holds
// nothing useful, and the error is an *Error. It allocates nothing.
func (d *Decoder) Decode(b []byte, in, prev *engine.Input) (int, error) {
	d.b, d.off, d.err = b, 0, Error{At: -1}
	*in = prev.Held() // the baseline: each field decoded must differ from it
	m := d.uvarint()
	if m > fAll {
		d.fail(kMask, -1, m)
	}
	for i, k := range [...]*engine.KeySet{&in.Down, &in.Pressed, &in.Released} {
		if m&(fDown<<i) != 0 {
			d.keys(k)
		}
	}
	for i, s := range [...]*mouse.ButtonSet{&in.Buttons, &in.ButtonsPressed, &in.ButtonsReleased} {
		if m&(fButtons<<i) != 0 {
			c := uint64(d.byte())
			d.check(c&^ButtonMask == 0, kButtons, -1, c)
			d.check(mouse.ButtonSet(c) != *s, kSame, -1, 0)
			*s = mouse.ButtonSet(c)
		}
	}
	for i, f := range [...]*float64{&in.MouseX, &in.MouseY} {
		if m&(fMouseX<<i) != 0 {
			v := d.coord(*f)
			d.check(math.Float64bits(v) != math.Float64bits(*f), kSame, -1, 0)
			*f = v
		}
	}
	for i, w := range [...]*int32{&in.WheelX, &in.WheelY} {
		if m&(fWheelX<<i) != 0 {
			v := d.varint()
			d.check(v == int64(int32(v)), kWheel, -1, uint64(v))
			d.check(int32(v) != *w, kSame, -1, 0)
			*w = int32(v)
		}
	}
	for i, w := range [...]*int32{&in.WindowWidth, &in.WindowHeight} {
		if m&(fWindowWidth<<i) != 0 {
			v := d.varint()
			d.check(v >= 0 && v <= MaxWindowSide, kWindow, -1, uint64(v))
			d.check(int32(v) != *w, kSame, -1, 0)
			*w = int32(v)
		}
	}
	if m&fText != 0 {
		d.text(&in.Text)
	}
	for i := range in.Pads {
		if m&fPad(i) != 0 {
			d.pad(&in.Pads[i], i)
		}
	}
	if d.failed() {
		return d.off, &d.err
	}
	return d.off, nil
}

func (d *Decoder) check(ok bool, k kind, pad int, v uint64) {
	if !ok {
		d.fail(k, pad, v)
	}
}

func (d *Decoder) byte() byte {
	if d.failed() || d.off >= len(d.b) {
		d.short()
		return 0
	}
	d.off++
	return d.b[d.off-1]
}

func (d *Decoder) fixed(n int) uint64 {
	if d.failed() || len(d.b)-d.off < n {
		d.short()
		return 0
	}
	var v uint64
	for i := range n {
		v |= uint64(d.b[d.off+i]) << (8 * i)
	}
	d.off += n
	return v
}

// uvarint reads a varint in its shortest form.
func (d *Decoder) uvarint() uint64 {
	if d.failed() {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	var tmp [binary.MaxVarintLen64]byte
	d.took(n, len(binary.AppendUvarint(tmp[:0], v)))
	return v
}

// varint reads a zigzag varint in its shortest form.
func (d *Decoder) varint() int64 {
	if d.failed() {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	var tmp [binary.MaxVarintLen64]byte
	d.took(n, len(binary.AppendVarint(tmp[:0], v)))
	return v
}

// took consumes a varint of n bytes as encoding/binary reports them (0:
// cut short; below 0: longer than 64 bits), refusing one longer than
// shortest, its value's shortest form: the encoder writes no other.
func (d *Decoder) took(n, shortest int) {
	switch {
	case n == 0:
		d.short()
	case n < 0:
		d.off -= n
		d.fail(kLong, -1, 0)
	default:
		d.off += n
		if n != shortest {
			d.fail(kLong, -1, 0)
		}
	}
}

// keys reads a key set over its baseline in *k.
func (d *Decoder) keys(k *engine.KeySet) {
	base := *k
	present := d.byte()
	*k = engine.KeySet{}
	for i := range k {
		if present&(1<<i) == 0 {
			continue
		}
		k[i] = d.uvarint()
		d.check(k[i] != 0, kKeyWord, -1, 0)
	}
	d.check(*k != base, kSame, -1, 0)
}

// text reads typed text; its baseline is always empty (Held drops it), so
// any text differs from it.
func (d *Decoder) text(t *engine.Text) {
	n := d.byte()
	d.check(n >= 1 && n <= MaxText, kTextLen, -1, uint64(n))
	if d.failed() {
		return
	}
	if len(d.b)-d.off < int(n) {
		d.short()
		return
	}
	b := d.b[d.off : d.off+int(n)]
	d.off += int(n)
	t.Reset()
	if !utf8.Valid(b) || !t.Append(b) {
		d.fail(kText, -1, 0)
		d.err.text = b
	}
}

// pad reads the fields of pad i that differ from its baseline in *p.
func (d *Decoder) pad(p *gamepad.State, i int) {
	base := *p
	m := d.uvarint()
	d.check(m != 0 && m <= pAll, kPadMask, i, m)
	for a := range p.Axes {
		if m&(pAxis0<<a) != 0 {
			p.Axes[a] = int16(d.fixed(2))
		}
	}
	if m&pConnected != 0 {
		p.Connected = !p.Connected
	}
	for j, s := range [...]*gamepad.ButtonSet{&p.Buttons, &p.Pressed, &p.Released} {
		if m&(pButtons<<j) != 0 {
			u := d.uvarint()
			d.check(u&^PadButtonMask == 0, kPadButtons, i, u)
			*s = gamepad.ButtonSet(u)
		}
	}
	if !d.failed() && padDiff(p, &base) != m {
		d.fail(kSame, i, 0)
	}
}
