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

// put appends b whole, or marks w full and appends nothing.
func (w *writer) put(b []byte) {
	if cap(w.buf)-len(w.buf) < len(b) {
		w.full = true
		return
	}
	w.buf = append(w.buf, b...)
}

func (w *writer) byte(b byte) { w.put([]byte{b}) }

func (w *writer) uvarint(v uint64) {
	var tmp [binary.MaxVarintLen64]byte
	w.put(binary.AppendUvarint(tmp[:0], v))
}

// varint writes v zigzag-coded: small differences either way take a byte.
func (w *writer) varint(v int64) {
	var tmp [binary.MaxVarintLen64]byte
	w.put(binary.AppendVarint(tmp[:0], v))
}

// uvarintFits reports whether v fits in what is left of w.
func (w *writer) uvarintFits(v uint64) bool {
	n := 1
	for ; v >= 0x80; v >>= 7 {
		n++
	}
	return cap(w.buf)-len(w.buf) >= n
}

func (w *writer) u64(v uint64) {
	var tmp [8]byte
	w.put(binary.LittleEndian.AppendUint64(tmp[:0], v))
}

func (w *writer) bytes(b []byte) { w.put(b) }

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
	r.took(n)
	return v
}

// varint reads what writer.varint writes.
func (r *reader) varint() int64 {
	v, n := binary.Varint(r.buf)
	r.took(n)
	return v
}

// took consumes a varint of n bytes as encoding/binary reports it: 0 or
// less is a cut or overlong one, which fails.
func (r *reader) took(n int) {
	if n <= 0 {
		r.fail()
		return
	}
	r.buf = r.buf[n:]
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
