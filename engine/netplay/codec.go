package netplay

import (
	"encoding/binary"
	"errors"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
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

// varint writes v zigzag-coded: small differences either way take a byte.
func (w *writer) varint(v int64) { w.uvarint(uint64(v<<1) ^ uint64(v>>63)) }

// uvarintFits reports whether v fits in what is left of w.
func (w *writer) uvarintFits(v uint64) bool {
	n := 1
	for ; v >= 0x80; v >>= 7 {
		n++
	}
	return cap(w.buf)-len(w.buf) >= n
}

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

// varint reads what writer.varint writes.
func (r *reader) varint() int64 {
	u := r.uvarint()
	return int64(u>>1) ^ -int64(u&1)
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

func (r *reader) u64() uint64 {
	if len(r.buf) < 8 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(r.buf)
	r.buf = r.buf[8:]
	return v
}

// putInput writes the record of in coded against prev (engine's one
// Input codec, engine/internal/inputcodec), through scratch (room for
// inputcodec.MaxLen bytes), when it fits; it reports whether it did.
func putInput(w *writer, in, prev *engine.Input, scratch []byte) bool {
	rec := inputcodec.Append(scratch[:0], in, prev)
	if cap(w.buf)-len(w.buf) < len(rec) {
		return false
	}
	w.bytes(rec)
	return true
}

// getInput reads a record coded against prev into in. The codec accepts
// only what it writes for an input inputcodec.Check allows, so a peer
// that decodes a record and encodes it again (the host relaying) sends
// the same bytes on.
func getInput(r *reader, dec *inputcodec.Decoder, in, prev *engine.Input) {
	if r.err != nil {
		return
	}
	n, err := dec.Decode(r.buf, in, prev)
	if err != nil {
		r.fail()
		return
	}
	r.buf = r.buf[n:]
}
