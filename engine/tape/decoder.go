package tape

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
	"github.com/lockstep-engine/lockstep/physics"
)

type event uint8

const (
	evTick event = iota
	evCheck
	evEnd
	evMembers // a slot's presence changed (d.who)
)

// decoder walks a recording as it streams in. It never panics on any
// input: every count is limited and every field is at most a few hundred
// bytes, so it holds no more than its stream's window.
//
// It keeps the first error it meets (err) instead of returning one from
// every read: once it has failed, reads return zero values and consume
// nothing, and later failures are dropped, so a record's fields read as a
// straight list with one check at its end, and the error (and its range)
// is the one the first bad field gave.
//
// Where a recording is damaged is reported as a range that always holds
// the first damaged byte: it starts after the last checksum that matched
// (every byte before is vouched for) and ends at the last byte the decoder
// looked at, since until the damage is looked at the decoder does exactly
// what it would on the sound recording.
type decoder struct {
	s      stream
	ver    int   // the recording's format version
	sealed int64 // offset just past the last checksum that matched
	err    error // the first error; sticky

	interval  uint64
	ticks     uint64                        // ticks decoded
	checkedAt uint64                        // tick of the last checkpoint, +1 (0: none yet)
	same      uint64                        // ticks left in the current same run
	per       uint64                        // inputs a tick: the players, or 1
	prevs     [host.MaxPlayers]engine.Input // the last input of each slot
	digest    physics.Digest
	done      bool
	codec     inputcodec.Decoder
	members   bool                           // members records may come (version 6)
	who       [host.MaxPlayers]engine.Member // every slot's place as of the next tick
}

// stop keeps err unless the decoder failed before, and returns the first.
func (d *decoder) stop(err error) error {
	if d.err == nil {
		d.err = err
	}
	return d.err
}

// fail reports damage noticed at the last byte consumed.
func (d *decoder) fail(kind error, format string, args ...any) error {
	if d.err != nil {
		return d.err
	}
	return d.stop(&FormatError{Offset: d.sealed, End: max(d.s.off-1, d.sealed), Err: kind, Detail: fmt.Sprintf(format, args...)})
}

// short reports that the input ended (or failed) in the middle of what.
// Such a file is either cut short or damaged in a length or a record type
// that made the decoder expect more: the message says both unless the
// file ends exactly where a killed recorder's would, after a checkpoint.
func (d *decoder) short(what string) error {
	switch {
	case d.err != nil:
		return d.err
	case d.s.err != nil:
		return d.stop(fmt.Errorf("tape: reading %s at byte %d: %w", what, d.s.off, d.s.err))
	}
	d.s.rest()
	fe := &FormatError{Offset: d.sealed, End: d.s.off, Err: ErrTruncated}
	switch {
	case d.s.off == d.sealed && d.sealed > 0 && d.interval > 0:
		fe.Detail = fmt.Sprintf("the recording stops after %d ticks with no end record: the recording process was killed, or the file cut; everything up to byte %d checked out",
			d.ticks, d.sealed)
	case d.interval == 0:
		fe.Detail = fmt.Sprintf("the file ends in the middle of %s: it was cut short (a full disk, an interrupted copy) or a length in the header is damaged",
			what)
	default:
		fe.Detail = fmt.Sprintf("the file ends in the middle of %s after %d ticks: it was cut short (a killed recording, a full disk, an interrupted copy) or a byte after %d is damaged; everything before checked out",
			what, d.ticks, d.sealed)
	}
	return d.stop(fe)
}

// take consumes the next n bytes and returns them, or fails (as the
// middle of what) and returns nil if fewer than n are left.
func (d *decoder) take(n int, what string) []byte {
	if d.err != nil {
		return nil
	}
	b := d.s.peek(n)
	if len(b) < n {
		d.short(what)
		return nil
	}
	d.s.consume(b)
	return b
}

func (d *decoder) byte1(what string) byte {
	if b := d.take(1, what); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) fixed64(what string) uint64 {
	if b := d.take(8, what); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (d *decoder) uvarint(what string) uint64 {
	return readVarint(d, what, binary.Uvarint, binary.ReadUvarint)
}

// readVarint decodes a varint in one go from the buffered bytes when they
// hold the longest one (playing is half as fast byte by byte), and else a
// byte at a time, reading no further than its end: the recorder may still
// be writing the rest.
func readVarint[T uint64](d *decoder, what string, decode func([]byte) (T, int), read func(io.ByteReader) (T, error)) T {
	if d.err != nil {
		return 0
	}
	if b := d.s.buffered(); len(b) >= binary.MaxVarintLen64 {
		v, n := decode(b)
		if n > 0 {
			d.s.consume(b[:n])
			return v
		}
		// n ≤ 0: it overflows, which shows at its tenth byte, as the
		// slow path finds.
		d.s.consume(b[:binary.MaxVarintLen64])
		d.varintErr(errOverflow, what)
		return 0
	}
	v, err := read(&d.s)
	d.varintErr(err, what)
	return v
}

var errOverflow = errors.New("varint overflows 64 bits")

func (d *decoder) varintErr(err error, what string) {
	switch {
	case err == nil:
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || d.s.err != nil:
		d.short(what)
	default:
		d.fail(ErrCorrupt, "%s: varint overflows 64 bits", what) // the bytes read are consumed
	}
}

// seal reads a checksum field and compares it with the bytes before it.
// what is a constant or, for a checkpoint (tick ≥ 0), made on failure.
func (d *decoder) seal(what string, tick int64) {
	if tick >= 0 {
		what = "a checkpoint"
	}
	if d.err != nil {
		return
	}
	want := d.s.crc
	b := d.s.peek(4)
	if len(b) < 4 {
		d.short("the checksum of " + what) // made only here: it allocates
		return
	}
	d.s.consume(b)
	d.s.crc = want // checksums are not themselves checked (see Writer.seal)
	if binary.LittleEndian.Uint32(b) != want {
		if tick >= 0 {
			what = fmt.Sprintf("ticks up to %d", tick)
		}
		d.fail(ErrCorrupt, "the checksum of %s does not match its bytes: the recording was changed or damaged in this range", what)
		return
	}
	d.sealed = d.s.off
}

// text reads a name: a length, then that many bytes of printable text
// (of setting-name bytes when name is set).
func (d *decoder) text(what string, limit uint64, name bool) string {
	lenAt := d.s.off
	n := d.uvarint(what)
	if n > limit {
		d.fail(ErrCorrupt, "%s is %d bytes long: at most %d is allowed", what, n, limit)
	}
	if d.err != nil {
		return ""
	}
	b := d.s.peek(int(n))
	bad := badTextByte(b)
	if name {
		bad = badNameByte(b)
	}
	if bad >= 0 {
		// Most often the length at lenAt is what is damaged, and these
		// bytes are the varints and checksum that follow the name.
		d.s.consume(b[:bad+1])
		d.fail(ErrCorrupt, "%s of %d bytes (length at byte %d) holds byte %#x at byte %d, which no name holds", what, n, lenAt, b[bad], d.s.off-1)
		return ""
	}
	s := string(d.take(int(n), what))
	if !isText(s) {
		d.fail(ErrCorrupt, "%s %q is not printable UTF-8 text", what, s)
	}
	return s
}

// prev is the last input of the slot the next input is for: each slot's
// input is coded against its own.
func (d *decoder) prev() *engine.Input { return &d.prevs[d.ticks%max(d.per, 1)] }
