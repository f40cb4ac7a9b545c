package netplay

import (
	"encoding/binary"
	"errors"
	"math"
	"unicode/utf8"

	"github.com/lockstep-engine/lockstep/engine"
)

// errMalformed is what every decoding failure wraps: the datagram is
// dropped and counted, nothing of it is used.
var errMalformed = errors.New("netplay: malformed datagram")

// writer appends to a fixed buffer; it never grows it, so encoding
// allocates nothing. Writing past the end marks it full.
type writer struct {
	buf  []byte
	full bool
}

func (w *writer) byte(b byte) {
	if len(w.buf) == cap(w.buf) {
		w.full = true
		return
	}
	w.buf = append(w.buf, b)
}

func (w *writer) uvarint(v uint64) {
	if cap(w.buf)-len(w.buf) < binary.MaxVarintLen64 {
		var tmp [binary.MaxVarintLen64]byte
		n := binary.PutUvarint(tmp[:], v)
		for _, b := range tmp[:n] {
			w.byte(b)
		}
		return
	}
	w.buf = binary.AppendUvarint(w.buf, v)
}

func (w *writer) varint(v int64) { w.uvarint(uint64(v<<1) ^ uint64(v>>63)) }

func (w *writer) u64(v uint64) {
	for i := range 8 {
		w.byte(byte(v >> (8 * i)))
	}
}

func (w *writer) bytes(b []byte) {
	for _, c := range b {
		w.byte(c)
	}
}

// reader consumes a datagram; the first failure sticks, so a decoder
// checks err once at the end of a part.
type reader struct {
	buf []byte
	err error
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = errMalformed
	}
	r.buf = nil
}

func (r *reader) byte() byte {
	if len(r.buf) == 0 {
		r.fail()
		return 0
	}
	b := r.buf[0]
	r.buf = r.buf[1:]
	return b
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.buf)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.buf = r.buf[n:]
	return v
}

// uvarintMax reads a uvarint and fails above limit.
func (r *reader) uvarintMax(limit uint64) uint64 {
	v := r.uvarint()
	if v > limit {
		r.fail()
		return 0
	}
	return v
}

func (r *reader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (r *reader) u64() uint64 {
	if len(r.buf) < 8 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(r.buf)
	r.buf = r.buf[8:]
	return v
}

func (r *reader) take(n int) []byte {
	if n > len(r.buf) {
		r.fail()
		return nil
	}
	b := r.buf[:n]
	r.buf = r.buf[n:]
	return b
}

// Which fields of an Input a record carries: those that differ from the
// record before it in the block (the first differs from the zero Input).
const (
	fDown = 1 << iota
	fPressed
	fReleased
	fButtons
	fMouse
	fWheel
	fWindow
	fText
	fQuit
	fPad0 // and the next MaxPads-1 bits
	fAll  = fPad0<<engine.MaxPads - 1
)

// putRecord writes r as the fields that differ from prev.
func putRecord(w *writer, r, prev *record) {
	a, b := &r.in, &prev.in
	var mask uint64
	set := func(bit uint64, differ bool) {
		if differ {
			mask |= bit
		}
	}
	set(fDown, a.Down != b.Down)
	set(fPressed, a.Pressed != b.Pressed)
	set(fReleased, a.Released != b.Released)
	set(fButtons, a.Buttons != b.Buttons || a.ButtonsPressed != b.ButtonsPressed || a.ButtonsReleased != b.ButtonsReleased)
	set(fMouse, math.Float64bits(a.MouseX) != math.Float64bits(b.MouseX) || math.Float64bits(a.MouseY) != math.Float64bits(b.MouseY))
	set(fWheel, a.WheelX != b.WheelX || a.WheelY != b.WheelY)
	set(fWindow, a.WindowWidth != b.WindowWidth || a.WindowHeight != b.WindowHeight)
	set(fText, a.Text != b.Text)
	set(fQuit, r.quit)
	for i := range a.Pads {
		set(fPad0<<i, a.Pads[i] != b.Pads[i])
	}
	w.uvarint(mask)
	if mask&fDown != 0 {
		putKeys(w, &a.Down)
	}
	if mask&fPressed != 0 {
		putKeys(w, &a.Pressed)
	}
	if mask&fReleased != 0 {
		putKeys(w, &a.Released)
	}
	if mask&fButtons != 0 {
		w.byte(byte(a.Buttons))
		w.byte(byte(a.ButtonsPressed))
		w.byte(byte(a.ButtonsReleased))
	}
	if mask&fMouse != 0 {
		putCoord(w, a.MouseX)
		putCoord(w, a.MouseY)
	}
	if mask&fWheel != 0 {
		w.varint(int64(a.WheelX))
		w.varint(int64(a.WheelY))
	}
	if mask&fWindow != 0 {
		w.varint(int64(a.WindowWidth))
		w.varint(int64(a.WindowHeight))
	}
	if mask&fText != 0 {
		t := a.Text.Bytes()
		w.uvarint(uint64(len(t)))
		w.bytes(t)
	}
	for i := range a.Pads {
		if mask&(fPad0<<i) != 0 {
			putPad(w, &a.Pads[i])
		}
	}
}

// getRecord reads a record written against prev into r. It accepts only
// what putRecord writes for a valid Input, so that every peer that
// decodes a record and encodes it again (the host relaying) sends the
// same bytes' meaning on.
func getRecord(rd *reader, r, prev *record) {
	*r = *prev
	r.quit = false
	mask := rd.uvarintMax(fAll)
	a := &r.in
	if mask&fDown != 0 {
		getKeys(rd, &a.Down)
	}
	if mask&fPressed != 0 {
		getKeys(rd, &a.Pressed)
	}
	if mask&fReleased != 0 {
		getKeys(rd, &a.Released)
	}
	if mask&fButtons != 0 {
		a.Buttons, a.ButtonsPressed, a.ButtonsReleased = getButtons(rd), getButtons(rd), getButtons(rd)
	}
	if mask&fMouse != 0 {
		a.MouseX, a.MouseY = getCoord(rd), getCoord(rd)
	}
	if mask&fWheel != 0 {
		a.WheelX, a.WheelY = getInt32(rd), getInt32(rd)
	}
	if mask&fWindow != 0 {
		a.WindowWidth, a.WindowHeight = getInt32(rd), getInt32(rd)
	}
	if mask&fText != 0 {
		getText(rd, &a.Text)
	}
	r.quit = mask&fQuit != 0
	for i := range a.Pads {
		if mask&(fPad0<<i) != 0 {
			getPad(rd, &a.Pads[i])
		}
	}
}

// putKeys writes a key set as the count of its keys and their gaps.
func putKeys(w *writer, s *engine.KeySet) {
	n := 0
	for range s.Keys() {
		n++
	}
	w.uvarint(uint64(n))
	last := -1
	for k := range s.Keys() {
		w.uvarint(uint64(int(k) - last - 1))
		last = int(k)
	}
}

func getKeys(r *reader, s *engine.KeySet) {
	*s = engine.KeySet{}
	n := r.uvarintMax(engine.NumKeys)
	k := -1
	for range n {
		k += int(r.uvarintMax(engine.NumKeys)) + 1
		if k >= engine.NumKeys || r.err != nil {
			r.fail()
			return
		}
		s.Add(engine.Key(k))
	}
}

func getButtons(r *reader) engine.ButtonSet {
	b := r.byte()
	if b >= 1<<(engine.MouseX2+1) {
		r.fail()
	}
	return engine.ButtonSet(b)
}

func getInt32(r *reader) int32 {
	v := r.varint()
	if v != int64(int32(v)) {
		r.fail()
	}
	return int32(v)
}

func getText(r *reader, t *engine.Text) {
	t.Reset()
	b := r.take(int(r.uvarintMax(engine.MaxText)))
	if !utf8.Valid(b) || !t.Append(b) {
		r.fail()
	}
}

func putPad(w *writer, p *engine.Pad) {
	c := byte(0)
	if p.Connected {
		c = 1
	}
	w.byte(c)
	w.uvarint(uint64(p.Buttons))
	w.uvarint(uint64(p.Pressed))
	w.uvarint(uint64(p.Released))
	for _, a := range p.Axes {
		w.varint(int64(a))
	}
}

func getPad(r *reader, p *engine.Pad) {
	const all = 1<<engine.NumPadButtons - 1
	c := r.byte()
	if c > 1 {
		r.fail()
	}
	p.Connected = c == 1
	p.Buttons = engine.PadButtonSet(r.uvarintMax(all))
	p.Pressed = engine.PadButtonSet(r.uvarintMax(all))
	p.Released = engine.PadButtonSet(r.uvarintMax(all))
	for i := range p.Axes {
		v := r.varint()
		if v != int64(int16(v)) {
			r.fail()
		}
		p.Axes[i] = int16(v)
	}
}

// putCoord writes a pointer coordinate, which is nearly always a whole
// number of quarter pixels, as a short varint (quarters times two), and
// any other value as its 8 bytes after the varint 1.
func putCoord(w *writer, v float64) {
	q := int64(v * 4)
	if float64(q)/4 == v && q > -1<<40 && q < 1<<40 && math.Float64bits(v) != 1<<63 {
		w.varint(q << 1)
		return
	}
	w.varint(1)
	w.u64(math.Float64bits(v))
}

func getCoord(r *reader) float64 {
	k := r.varint()
	switch {
	case k == 1:
		v := r.u64()
		f := math.Float64frombits(v)
		if q := int64(f * 4); float64(q)/4 == f && q > -1<<40 && q < 1<<40 && v != 1<<63 {
			r.fail() // not how putCoord writes it
		}
		return f
	case k&1 != 0 || k <= -1<<41 || k >= 1<<41:
		r.fail()
		return 0
	}
	return float64(k>>1) / 4
}
