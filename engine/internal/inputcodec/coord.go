package inputcodec

import (
	"encoding/binary"
	"math"
)

// Pointer coordinates are nearly always whole numbers of quarter units
// (SDL reports whole pixels, and a logical size scales them by simple
// ratios) and move a little from one tick to the next, so a coordinate
// is written as the change from its baseline in quarter units, a short
// varint, when both are such numbers, and as its IEEE-754 bits otherwise.

// quarterLimit bounds the quarter units a coordinate is written in.
const quarterLimit = 1 << 40

// quarters returns v in quarter units, when v is a whole number of them
// within quarterLimit and not negative zero.
func quarters(v float64) (int64, bool) {
	if !(v > -quarterLimit/4 && v < quarterLimit/4) || math.Float64bits(v) == 1<<63 {
		return 0, false
	}
	q := int64(v * 4)
	return q, float64(q)/4 == v
}

// appendCoord writes v against base: the zigzag varint of twice the
// change in quarter units (an even number), or the varint 1 and v's 8
// bytes.
func appendCoord(b []byte, v, base float64) []byte {
	q, ok := quarters(v)
	qb, okb := quarters(base)
	if ok && okb {
		return binary.AppendVarint(b, (q-qb)<<1)
	}
	b = binary.AppendVarint(b, 1)
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

// coord reads a coordinate written against base: as 8 fixed bytes when
// the decoder reads the fixed form of tape versions 3 and 4, else as
// appendCoord writes it, refusing any other form of the same value.
func (d *Decoder) coord(base float64) float64 {
	if d.Fixed {
		return d.rawCoord()
	}
	k := d.varint()
	qb, okb := quarters(base)
	switch {
	case d.failed():
		return 0
	case k == 1:
		v := d.rawCoord()
		if _, ok := quarters(v); ok && okb && !d.failed() {
			d.fail(kLong, -1, 0)
		}
		return v
	case k&1 != 0 || !okb || k <= -quarterLimit<<2 || k >= quarterLimit<<2:
		d.fail(kCoordForm, -1, uint64(k))
		return 0
	}
	q := qb + k>>1
	if q <= -quarterLimit || q >= quarterLimit {
		d.fail(kCoordForm, -1, uint64(k))
		return 0
	}
	return float64(q) / 4
}

// rawCoord reads a coordinate's 8 bytes; it must be a finite number.
func (d *Decoder) rawCoord() float64 {
	u := d.fixed(8)
	f := math.Float64frombits(u)
	d.check(!math.IsNaN(f) && !math.IsInf(f, 0), kCoord, -1, u)
	return f
}
