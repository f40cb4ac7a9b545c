package tape

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unicode/utf8"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

type event uint8

const (
	evTick event = iota
	evCheck
	evEnd
)

// decoder walks a recording as it streams in. It never panics on any
// input: every count is limited and every field is at most a few hundred
// bytes, so it holds no more than its stream's window.
//
// Where a recording is damaged is reported as a range that always holds
// the first damaged byte: it starts after the last checksum that matched
// (every byte before is vouched for) and ends at the last byte the decoder
// looked at, since until the damage is looked at the decoder does exactly
// what it would on the sound recording.
type decoder struct {
	s      stream
	sealed int64 // offset just past the last checksum that matched

	interval  uint64
	ticks     uint64 // ticks decoded
	checkedAt uint64 // tick of the last checkpoint, +1 (0: none yet)
	same      uint64 // ticks left in the current same run
	prev      engine.Input
	digest    physics.Digest
	done      bool
}

// fail reports damage noticed at the last byte consumed.
func (d *decoder) fail(kind error, format string, args ...any) error {
	return &FormatError{Offset: d.sealed, End: max(d.s.off-1, d.sealed), Err: kind, Detail: fmt.Sprintf(format, args...)}
}

// short reports that the input ended (or failed) in the middle of what.
// Such a file is either cut short or damaged in a length or a record type
// that made the decoder expect more: the message says both unless the
// file ends exactly where a killed recorder's would, after a checkpoint.
func (d *decoder) short(what string) error {
	if d.s.err != nil {
		return fmt.Errorf("tape: reading %s at byte %d: %w", what, d.s.off, d.s.err)
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
	return fe
}

func (d *decoder) byte1(what string) (byte, error) {
	c, err := d.s.ReadByte()
	if err != nil {
		return 0, d.short(what)
	}
	return c, nil
}

func (d *decoder) uvarint(what string) (uint64, error) {
	return readVarint(d, what, binary.Uvarint, binary.ReadUvarint)
}

func (d *decoder) varint(what string) (int64, error) {
	return readVarint(d, what, binary.Varint, binary.ReadVarint)
}

// readVarint decodes a varint in one go from the buffered bytes when they
// hold the longest one (playing is half as fast byte by byte), and else a
// byte at a time, reading no further than its end: the recorder may still
// be writing the rest.
func readVarint[T uint64 | int64](d *decoder, what string, decode func([]byte) (T, int), read func(io.ByteReader) (T, error)) (T, error) {
	if b := d.s.buffered(); len(b) >= binary.MaxVarintLen64 {
		v, n := decode(b)
		if n > 0 {
			d.s.consume(b[:n])
			return v, nil
		}
		// n ≤ 0: it overflows, which shows at its tenth byte, as the
		// slow path finds.
		d.s.consume(b[:binary.MaxVarintLen64])
		return 0, d.varintErr(errOverflow, what)
	}
	v, err := read(&d.s)
	return v, d.varintErr(err, what)
}

var errOverflow = errors.New("varint overflows 64 bits")

func (d *decoder) varintErr(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || d.s.err != nil:
		return d.short(what)
	}
	return d.fail(ErrCorrupt, "%s: varint overflows 64 bits", what) // the bytes read are consumed
}

func (d *decoder) fixed64(what string) (uint64, error) {
	b := d.s.peek(8)
	if len(b) < 8 {
		return 0, d.short(what)
	}
	v := binary.LittleEndian.Uint64(b)
	d.s.consume(b)
	return v, nil
}

// seal reads a checksum field and compares it with the bytes before it.
// what is a constant or, for a checkpoint (tick ≥ 0), made on failure.
func (d *decoder) seal(what string, tick int64) error {
	if tick >= 0 {
		what = "a checkpoint"
	}
	want := d.s.crc
	b := d.s.peek(4)
	if len(b) < 4 {
		return d.short("the checksum of " + what)
	}
	got := binary.LittleEndian.Uint32(b)
	d.s.consume(b)
	d.s.crc = want // checksums are not themselves checked (see Writer.seal)
	if got != want {
		if tick >= 0 {
			what = fmt.Sprintf("ticks up to %d", tick)
		}
		return d.fail(ErrCorrupt, "the checksum of %s does not match its bytes: the recording was changed or damaged in this range", what)
	}
	d.sealed = d.s.off
	return nil
}

// text reads a name: a length, then that many bytes of printable text
// (of setting-name bytes when name is set).
func (d *decoder) text(what string, limit uint64, name bool) (string, error) {
	lenAt := d.s.off
	n, err := d.uvarint(what)
	if err != nil {
		return "", err
	}
	if n > limit {
		return "", d.fail(ErrCorrupt, "%s is %d bytes long: at most %d is allowed", what, n, limit)
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
		return "", d.fail(ErrCorrupt, "%s of %d bytes (length at byte %d) holds byte %#x at byte %d, which no name holds", what, n, lenAt, b[bad], d.s.off-1)
	}
	if len(b) < int(n) {
		return "", d.short(what)
	}
	s := string(b)
	d.s.consume(b)
	if !isText(s) {
		return "", d.fail(ErrCorrupt, "%s %q is not printable UTF-8 text", what, s)
	}
	return s, nil
}

func (d *decoder) header(h *Header) error {
	b := d.s.peek(len(magic))
	if string(b) != magic {
		if len(b) < len(magic) && string(b) == magic[:len(b)] {
			return d.short("the header")
		}
		if d.s.err != nil {
			return fmt.Errorf("tape: reading the header: %w", d.s.err)
		}
		first := 0 // the first byte unlike the magic's
		for first < len(b) && b[first] == magic[first] {
			first++
		}
		return &FormatError{End: int64(first), Err: ErrNotTape,
			Detail: fmt.Sprintf("it does not start with %q", magic)}
	}
	d.s.consume(b)
	v, err := d.uvarint("the version")
	if err != nil {
		return err
	}
	if v != Version {
		detail := fmt.Sprintf("version %d; this build reads version %d only: a newer lockstep made it, or the byte is damaged", v, Version)
		switch {
		case v == 2:
			detail = fmt.Sprintf("version 2, from an older lockstep, numbers keys differently and holds no text or controllers; this build reads version %d only: record the run again", Version)
		case v < 2:
			detail = fmt.Sprintf("version %d, from an older lockstep, does not record every setting of its run; this build reads version %d only: record the run again", v, Version)
		}
		return &FormatError{Offset: int64(len(magic)), End: d.s.off - 1, Err: ErrVersion, Detail: detail}
	}
	if h.Scene, err = d.text("the scene name", maxName, false); err != nil {
		return err
	}
	if h.Seed, err = d.uvarint("the seed"); err != nil {
		return err
	}
	tps, err := d.uvarint("the tps")
	if err != nil {
		return err
	}
	iv, err := d.uvarint("the hash interval")
	if err != nil {
		return err
	}
	if h.Platform, err = d.text("the platform", maxName, false); err != nil {
		return err
	}
	n, err := d.uvarint("the number of settings")
	if err != nil {
		return err
	}
	if n > maxSettings {
		return d.fail(ErrCorrupt, "%d settings: at most %d are allowed", n, maxSettings)
	}
	h.Settings = nil
	if n > 0 {
		h.Settings = make([]Setting, n)
	}
	for i := range h.Settings {
		s := &h.Settings[i]
		if s.Name, err = d.text("a setting's name", maxSettingName, true); err != nil {
			return err
		}
		if s.Value, err = d.text("a setting's value", maxName, false); err != nil {
			return err
		}
	}
	if err := d.seal("the header", -1); err != nil {
		return err
	}
	// Range checks come after the checksum so damage reads as damage;
	// what fails them was written so.
	h.TPS, h.Interval = int(min(tps, math.MaxInt32)), int(min(iv, math.MaxInt32))
	if err := h.check(); err != nil {
		return &FormatError{Offset: int64(len(magic)), End: d.s.off - 1, Err: ErrCorrupt, Detail: "header: " + err.Error()}
	}
	d.interval = uint64(h.Interval)
	return nil
}

// next decodes up to the next event: a tick's input into in, a checkpoint
// (d.digest) or the end (d.digest is the final hash).
func (d *decoder) next(in *engine.Input) (event, error) {
	if d.same > 0 {
		d.same--
		return d.tick(in, baseline(&d.prev))
	}
	if d.done {
		return evEnd, nil
	}
	start := d.s.off
	tag, err := d.byte1("a record")
	if err != nil {
		return 0, err
	}
	if (tag == tagSame || tag == tagInput) && d.ticks%d.interval == 0 && d.checkedAt != d.ticks+1 {
		return 0, d.fail(ErrCorrupt, "tick %d has no checkpoint before it (one is due every %d ticks)", d.ticks, d.interval)
	}
	switch tag {
	case tagSame:
		n, err := d.uvarint("a run of ticks")
		if err != nil {
			return 0, err
		}
		next := d.interval - d.ticks%d.interval // ticks to the next checkpoint
		if n == 0 || n > next || n > maxTicks-d.ticks {
			return 0, d.fail(ErrCorrupt, "record at byte %d: a run of %d ticks from tick %d: want 1 to %d (runs stop at checkpoints)", start, n, d.ticks, next)
		}
		d.same = n - 1
		return d.tick(in, baseline(&d.prev))
	case tagInput:
		var v engine.Input
		if err := d.input(&v, start); err != nil {
			return 0, err
		}
		return d.tick(in, v)
	case tagCheck:
		n, err := d.uvarint("a checkpoint's tick")
		if err != nil {
			return 0, err
		}
		if n != d.ticks || n%d.interval != 0 || d.checkedAt == d.ticks+1 {
			return 0, d.fail(ErrCorrupt, "record at byte %d: a checkpoint for tick %d where tick %d comes next (one every %d ticks)", start, n, d.ticks, d.interval)
		}
		dg, err := d.fixed64("a checkpoint's hash")
		if err != nil {
			return 0, err
		}
		if err := d.seal("", int64(d.ticks)); err != nil {
			return 0, err
		}
		d.digest, d.checkedAt = physics.Digest(dg), d.ticks+1
		return evCheck, nil
	case tagEnd:
		n, err := d.uvarint("the end record's tick count")
		if err != nil {
			return 0, err
		}
		if n != d.ticks {
			return 0, d.fail(ErrCorrupt, "end record at byte %d says %d ticks, the recording holds %d", start, n, d.ticks)
		}
		dg, err := d.fixed64("the final hash")
		if err != nil {
			return 0, err
		}
		if err := d.seal("the end", -1); err != nil {
			return 0, err
		}
		if b := d.s.peek(1); len(b) > 0 {
			d.s.consume(b)
			return 0, d.fail(ErrCorrupt, "bytes follow the end record, from byte %d on: two recordings joined, or one appended to", d.s.off-1)
		}
		if d.s.err != nil {
			return 0, fmt.Errorf("tape: reading past the end record at byte %d: %w", d.s.off, d.s.err)
		}
		d.digest, d.done = physics.Digest(dg), true
		return evEnd, nil
	}
	return 0, d.fail(ErrCorrupt, "unknown record type %#x at byte %d", tag, start)
}

func (d *decoder) tick(in *engine.Input, v engine.Input) (event, error) {
	if d.ticks >= maxTicks {
		return 0, d.fail(ErrCorrupt, "more than %d ticks", uint64(maxTicks))
	}
	*in, d.prev = v, v
	d.ticks++
	return evTick, nil
}

// maxWindowSide is the largest window side a recording may hold, in pixels.
const maxWindowSide = 1 << 16

// input decodes an input record's fields over the baseline.
func (d *decoder) input(v *engine.Input, start int64) error {
	*v = baseline(&d.prev)
	m, err := d.uvarint("an input's field mask")
	if err != nil {
		return err
	}
	if m == 0 || m&^fAll != 0 {
		return d.fail(ErrCorrupt, "input record at byte %d: field mask %#x (want 1 to %#x)", start, m, fAll)
	}
	keys := [...]*engine.KeySet{&v.Down, &v.Pressed, &v.Released}
	for i, k := range keys {
		if m&(fDown<<i) != 0 {
			if err := d.keys(k, start); err != nil {
				return err
			}
		}
	}
	buttons := [...]*engine.ButtonSet{&v.Buttons, &v.ButtonsPressed, &v.ButtonsReleased}
	for i, b := range buttons {
		if m&(fButtons<<i) != 0 {
			c, err := d.byte1("a button set")
			if err != nil {
				return err
			}
			if c&^buttonMask != 0 {
				return d.fail(ErrCorrupt, "input record at byte %d: button set %#x names no button", start, c)
			}
			*b = engine.ButtonSet(c)
		}
	}
	mouse := [...]*float64{&v.MouseX, &v.MouseY}
	for i, f := range mouse {
		if m&(fMouseX<<i) != 0 {
			u, err := d.fixed64("a pointer coordinate")
			if err != nil {
				return err
			}
			*f = math.Float64frombits(u)
			if math.IsNaN(*f) || math.IsInf(*f, 0) {
				return d.fail(ErrCorrupt, "input record at byte %d: pointer coordinate %v", start, *f)
			}
		}
	}
	wheel := [...]*int32{&v.WheelX, &v.WheelY}
	for i, w := range wheel {
		if m&(fWheelX<<i) != 0 {
			n, err := d.varint("wheel clicks")
			if err != nil {
				return err
			}
			if n < math.MinInt32 || n > math.MaxInt32 {
				return d.fail(ErrCorrupt, "input record at byte %d: %d wheel clicks", start, n)
			}
			*w = int32(n)
		}
	}
	size := [...]*int32{&v.WindowWidth, &v.WindowHeight}
	for i, w := range size {
		if m&(fWindowWidth<<i) != 0 {
			n, err := d.varint("a window size")
			if err != nil {
				return err
			}
			if n < 0 || n > maxWindowSide {
				return d.fail(ErrCorrupt, "input record at byte %d: window side of %d pixels (want 0 to %d)", start, n, maxWindowSide)
			}
			*w = int32(n)
		}
	}
	if m&fText != 0 {
		if err := d.text1(&v.Text, start); err != nil {
			return err
		}
	}
	for i := range v.Pads {
		if m&fPad(i) != 0 {
			if err := d.pad(&v.Pads[i], i, start); err != nil {
				return err
			}
		}
	}
	return nil
}

// text1 reads a tick's typed text.
func (d *decoder) text1(t *engine.Text, start int64) error {
	n, err := d.byte1("typed text")
	if err != nil {
		return err
	}
	if n == 0 || n > engine.MaxText {
		return d.fail(ErrCorrupt, "input record at byte %d: %d bytes of typed text (want 1 to %d)", start, n, engine.MaxText)
	}
	b := d.s.peek(int(n))
	if len(b) < int(n) {
		return d.short("typed text")
	}
	d.s.consume(b)
	if !utf8.Valid(b) || !t.Append(b) {
		return d.fail(ErrCorrupt, "input record at byte %d: typed text %q is not UTF-8", start, b)
	}
	return nil
}

// pad reads the fields of pad i that differ from its baseline in *p.
func (d *decoder) pad(p *engine.Pad, i int, start int64) error {
	m, err := d.uvarint("a pad's field mask")
	if err != nil {
		return err
	}
	if m == 0 || m&^pAll != 0 {
		return d.fail(ErrCorrupt, "input record at byte %d: pad %d's field mask %#x (want 1 to %#x)", start, i, m, pAll)
	}
	for a := range p.Axes {
		if m&(pAxis0<<a) != 0 {
			b := d.s.peek(2)
			if len(b) < 2 {
				return d.short("a pad's axis")
			}
			p.Axes[a] = int16(binary.LittleEndian.Uint16(b))
			d.s.consume(b)
		}
	}
	if m&pConnected != 0 {
		p.Connected = !p.Connected
	}
	for j, s := range [...]*engine.PadButtonSet{&p.Buttons, &p.Pressed, &p.Released} {
		if m&(pButtons<<j) != 0 {
			u, err := d.uvarint("a pad's button set")
			if err != nil {
				return err
			}
			if u&^padButtonMask != 0 {
				return d.fail(ErrCorrupt, "input record at byte %d: pad %d's button set %#x names no button", start, i, u)
			}
			*s = engine.PadButtonSet(u)
		}
	}
	return nil
}

func (d *decoder) keys(k *engine.KeySet, start int64) error {
	present, err := d.byte1("a key set")
	if err != nil {
		return err
	}
	*k = engine.KeySet{}
	for i := range k {
		if present&(1<<i) == 0 {
			continue
		}
		if k[i], err = d.uvarint("a key set"); err != nil {
			return err
		}
		if k[i] == 0 {
			return d.fail(ErrCorrupt, "input record at byte %d: an empty key word marked present", start)
		}
	}
	return nil
}
