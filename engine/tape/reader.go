package tape

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// Tape is a recording read whole and checked from end to end.
type Tape struct {
	Header
	Ticks uint64         // ticks recorded
	Final physics.Digest // state hash after the last tick
	data  []byte
	body  int // offset of the first record
}

// ReadFile reads and checks the recording at path.
func ReadFile(path string) (*Tape, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tape: %w", err)
	}
	t, err := Read(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read checks the recording in b, every checksum and record of it, and
// returns it ready to play. Errors are *FormatError. The Tape keeps b.
func Read(b []byte) (*Tape, error) {
	d := decoder{b: b, verify: true}
	t := &Tape{data: b}
	if err := d.header(&t.Header); err != nil {
		return nil, err
	}
	t.body = d.off
	var in engine.Input
	for {
		ev, err := d.next(&in)
		if err != nil {
			return nil, err
		}
		if ev == evEnd {
			t.Ticks, t.Final = d.ticks, d.digest
			return t, nil
		}
	}
}

// Checkpoints returns the state hashes the recording holds, by tick.
func (t *Tape) Checkpoints() (ticks []uint64, digests []physics.Digest) {
	d := decoder{b: t.data, off: t.body, interval: uint64(t.Interval)}
	var in engine.Input
	for {
		ev, err := d.next(&in)
		if err != nil || ev == evEnd {
			return ticks, digests
		}
		if ev == evCheck {
			ticks, digests = append(ticks, d.ticks), append(digests, d.digest)
		}
	}
}

// Player hands out a Tape's ticks in order without allocating.
type Player struct {
	d    decoder
	tape *Tape
	in   engine.Input
	ran  uint64
}

// Play starts at the first tick.
func (t *Tape) Play() *Player {
	return &Player{d: decoder{b: t.data, off: t.body, interval: uint64(t.Interval)}, tape: t}
}

// Next writes the next tick's input into in. When that tick starts at a
// checkpoint, check is true and want is the hash the state must have
// before it runs. After the last tick it returns io.EOF.
func (p *Player) Next(in *engine.Input) (want physics.Digest, check bool, err error) {
	for {
		ev, err := p.d.next(&p.in)
		switch {
		case err != nil:
			return want, check, err
		case ev == evEnd:
			return want, check, io.EOF
		case ev == evCheck:
			want, check = p.d.digest, true
		case ev == evTick:
			*in = p.in
			p.ran++
			return want, check, nil
		}
	}
}

// Ran returns how many ticks Next has handed out.
func (p *Player) Ran() uint64 { return p.ran }

type event uint8

const (
	evTick event = iota
	evCheck
	evEnd
)

// decoder walks a recording. It never panics on any input: every read is
// bounds-checked and every count limited.
type decoder struct {
	b      []byte
	off    int
	verify bool
	sealed int    // offset just past the last checksum that matched
	crc    uint32 // CRC-32C of b[:crcAt]
	crcAt  int

	interval  uint64
	ticks     uint64 // ticks decoded
	checkedAt uint64 // tick of the last checkpoint, +1 (0: none yet)
	same      uint64 // ticks left in the current same run
	prev      engine.Input
	digest    physics.Digest
	done      bool
}

func (d *decoder) fail(kind error, format string, args ...any) error {
	end := int64(d.off)
	if end >= int64(len(d.b)) && kind == ErrCorrupt {
		end = int64(len(d.b)) - 1
	}
	return &FormatError{Offset: int64(d.sealed), End: max(end, int64(d.sealed)), Err: kind, Detail: fmt.Sprintf(format, args...)}
}

func (d *decoder) truncated(what string) error {
	return &FormatError{Offset: int64(len(d.b)), End: int64(len(d.b)), Err: ErrTruncated,
		Detail: fmt.Sprintf("the file ends in the middle of %s after %d ticks: was the recording process killed, or the file cut? everything up to byte %d checked out",
			what, d.ticks, d.sealed)}
}

func (d *decoder) byte1(what string) (byte, error) {
	if d.off >= len(d.b) {
		return 0, d.truncated(what)
	}
	c := d.b[d.off]
	d.off++
	return c, nil
}

func (d *decoder) uvarint(what string) (uint64, error) { return readVarint(d, what, binary.Uvarint) }

func (d *decoder) varint(what string) (int64, error) { return readVarint(d, what, binary.Varint) }

// readVarint decodes one varint with decode (binary.Uvarint or Varint).
func readVarint[T uint64 | int64](d *decoder, what string, decode func([]byte) (T, int)) (T, error) {
	v, n := decode(d.b[d.off:])
	switch {
	case n == 0:
		return 0, d.truncated(what)
	case n < 0:
		return 0, d.fail(ErrCorrupt, "%s: varint overflows 64 bits", what)
	}
	d.off += n
	return v, nil
}

func (d *decoder) fixed64(what string) (uint64, error) {
	if len(d.b)-d.off < 8 {
		return 0, d.truncated(what)
	}
	v := binary.LittleEndian.Uint64(d.b[d.off:])
	d.off += 8
	return v, nil
}

// seal reads a checksum field and compares it with the bytes before it.
func (d *decoder) seal(what string) error {
	at := d.off
	if len(d.b)-at < 4 {
		d.off = len(d.b)
		return d.truncated(what + " checksum")
	}
	got := binary.LittleEndian.Uint32(d.b[at:])
	d.off += 4
	if d.verify {
		d.crc = crc32.Update(d.crc, castagnoli, d.b[d.crcAt:at])
		if got != d.crc {
			d.off--
			return d.fail(ErrCorrupt, "the checksum of %s does not match its bytes: the recording was changed or damaged in this range", what)
		}
		d.crc = crc32.Update(d.crc, castagnoli, d.b[at:d.off])
		d.crcAt = d.off
	}
	d.sealed = d.off
	return nil
}

func (d *decoder) name(what string) (string, error) {
	n, err := d.uvarint(what)
	if err != nil {
		return "", err
	}
	if n > maxName {
		return "", d.fail(ErrCorrupt, "%s is %d bytes long: at most %d is allowed", what, n, maxName)
	}
	if uint64(len(d.b)-d.off) < n {
		d.off = len(d.b)
		return "", d.truncated(what)
	}
	s := string(d.b[d.off : d.off+int(n)])
	d.off += int(n)
	return s, nil
}

func (d *decoder) header(h *Header) error {
	if len(d.b) < len(magic) || string(d.b[:len(magic)]) != magic {
		n := min(len(d.b), len(magic))
		if n < len(magic) && string(d.b[:n]) == magic[:n] {
			d.off = n
			return d.truncated("the header")
		}
		return &FormatError{End: int64(len(magic) - 1), Err: ErrNotTape,
			Detail: fmt.Sprintf("it does not start with %q", magic)}
	}
	d.off = len(magic)
	v, err := d.uvarint("version")
	if err != nil {
		return err
	}
	if v != Version {
		return &FormatError{Offset: int64(len(magic)), End: int64(d.off - 1), Err: ErrVersion,
			Detail: fmt.Sprintf("version %d; this build reads version %d only (a newer lockstep made it, or the byte is damaged)", v, Version)}
	}
	if h.Scene, err = d.name("scene name"); err != nil {
		return err
	}
	if h.Seed, err = d.uvarint("seed"); err != nil {
		return err
	}
	tps, err := d.uvarint("tps")
	if err != nil {
		return err
	}
	iv, err := d.uvarint("hash interval")
	if err != nil {
		return err
	}
	if h.Platform, err = d.name("platform"); err != nil {
		return err
	}
	if err := d.seal("the header"); err != nil {
		return err
	}
	// Range checks come after the checksum so damage reads as damage.
	h.TPS, h.Interval = int(min(tps, math.MaxInt32)), int(min(iv, math.MaxInt32))
	if err := h.check(); err != nil {
		return d.fail(ErrCorrupt, "header: %v", err)
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
	if d.ticks%d.interval == 0 && d.checkedAt != d.ticks+1 {
		// A checkpoint or the end must come next.
		if d.off < len(d.b) && d.b[d.off] != tagCheck && d.b[d.off] != tagEnd {
			return 0, d.fail(ErrCorrupt, "tick %d has no checkpoint before it (one is due every %d ticks)", d.ticks, d.interval)
		}
	}
	start := d.off
	tag, err := d.byte1("a record")
	if err != nil {
		return 0, err
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
		if err := d.seal(fmt.Sprintf("ticks up to %d", d.ticks)); err != nil {
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
		if err := d.seal("the end"); err != nil {
			return 0, err
		}
		if d.off != len(d.b) {
			return 0, &FormatError{Offset: int64(d.off), End: int64(len(d.b) - 1), Err: ErrCorrupt,
				Detail: fmt.Sprintf("%d bytes follow the end record", len(d.b)-d.off)}
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
func (d *decoder) input(v *engine.Input, start int) error {
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
	return nil
}

func (d *decoder) keys(k *engine.KeySet, start int) error {
	present, err := d.byte1("a key set")
	if err != nil {
		return err
	}
	if present&^0xf != 0 {
		return d.fail(ErrCorrupt, "input record at byte %d: key set header %#x", start, present)
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
