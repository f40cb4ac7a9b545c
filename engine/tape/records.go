package tape

import (
	"fmt"
	"math"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// header decodes and checks a recording's header into h.
func (d *decoder) header(h *Header) error {
	d.magic()
	v := d.version()
	h.Scene = d.text("the scene name", maxName, false)
	h.Seed = d.uvarint("the seed")
	tps := d.uvarint("the tps")
	iv := d.uvarint("the hash interval")
	var players uint64
	if v != versionOnePlayer {
		players = d.uvarint("the number of players")
	}
	d.codec.Fixed = v < versionQuarter // 8-byte pointer coordinates
	d.members = v >= Version
	d.ver = int(v)
	h.Platform = d.text("the platform", maxName, false)
	h.Settings = d.settings()
	d.seal("the header", -1)
	if d.err != nil {
		return d.err
	}
	// Range checks come after the checksum so damage reads as damage;
	// what fails them was written so.
	h.TPS, h.Interval = int(min(tps, math.MaxInt32)), int(min(iv, math.MaxInt32))
	h.Players = int(min(players, math.MaxInt32))
	if err := h.check(); err != nil {
		return d.stop(&FormatError{Offset: int64(len(magic)), End: d.s.off - 1, Err: ErrCorrupt, Detail: "header: " + err.Error()})
	}
	d.interval = uint64(h.Interval)
	d.per = uint64(max(h.Players, 1))
	return nil
}

// magic reads the magic bytes, or says what the file is not.
func (d *decoder) magic() {
	b := d.s.peek(len(magic))
	switch {
	case string(b) == magic:
		d.s.consume(b)
	case len(b) < len(magic) && string(b) == magic[:len(b)]:
		d.short("the header")
	case d.s.err != nil:
		d.stop(fmt.Errorf("tape: reading the header: %w", d.s.err))
	default:
		first := 0 // the first byte unlike the magic's
		for first < len(b) && b[first] == magic[first] {
			first++
		}
		d.stop(&FormatError{End: int64(first), Err: ErrNotTape, Detail: fmt.Sprintf("it does not start with %q", magic)})
	}
}

// version reads the format version and refuses any but this one and the
// older ones down to versionOnePlayer, saying what an older one lacks.
func (d *decoder) version() uint64 {
	v := d.uvarint("the version")
	if d.err != nil || v >= versionOnePlayer && v <= Version {
		return v
	}
	detail := fmt.Sprintf("version %d; this build reads versions %d to %d: a newer lockstep made it, or the byte is damaged", v, versionOnePlayer, Version)
	switch {
	case v == 2:
		detail = fmt.Sprintf("version 2, from an older lockstep, numbers keys differently and holds no text or controllers; this build reads versions %d to %d: record the run again", versionOnePlayer, Version)
	case v < 2:
		detail = fmt.Sprintf("version %d, from an older lockstep, does not record every setting of its run; this build reads versions %d to %d: record the run again", v, versionOnePlayer, Version)
	}
	d.stop(&FormatError{Offset: int64(len(magic)), End: d.s.off - 1, Err: ErrVersion, Detail: detail})
	return v
}

// settings reads the header's list of settings.
func (d *decoder) settings() []Setting {
	n := d.uvarint("the number of settings")
	if n > maxSettings {
		d.fail(ErrCorrupt, "%d settings: at most %d are allowed", n, maxSettings)
	}
	if d.err != nil || n == 0 {
		return nil
	}
	ss := make([]Setting, n)
	for i := range ss {
		ss[i].Name = d.text("a setting's name", maxSettingName, true)
		ss[i].Value = d.text("a setting's value", maxName, false)
	}
	return ss
}

// next decodes up to the next event: a tick's input into in, a checkpoint
// (d.digest) or the end (d.digest is the final hash).
func (d *decoder) next(in *engine.Input) (event, error) {
	switch {
	case d.err != nil:
		return 0, d.err
	case d.same > 0:
		d.same--
		return d.tick(in, baseline(d.prev()))
	case d.done:
		return evEnd, nil
	}
	start := d.s.off
	tag := d.byte1("a record")
	if (tag == tagSame || tag == tagInput) && d.ticks%d.interval == 0 && d.checkedAt != d.ticks+1 {
		d.fail(ErrCorrupt, "tick %d has no checkpoint before it (one is due every %d ticks)", d.ticks, d.interval)
	}
	if d.err != nil {
		return 0, d.err
	}
	switch tag {
	case tagSame:
		return d.sameRun(in, start)
	case tagInput:
		var v engine.Input
		if d.input(&v, start); d.err != nil {
			return 0, d.err
		}
		return d.tick(in, v)
	case tagCheck:
		return d.check(start)
	case tagEnd:
		return d.end(start)
	case tagMembers:
		return d.member(start)
	}
	return 0, d.fail(ErrCorrupt, "unknown record type %#x at byte %d", tag, start)
}

// sameRun starts a run of ticks that repeat the baseline, at most up to
// the next checkpoint, and hands out its first.
func (d *decoder) sameRun(in *engine.Input, start int64) (event, error) {
	n := d.uvarint("a run of ticks")
	next := d.interval - d.ticks%d.interval // ticks to the next checkpoint
	if n == 0 || n > next || n > maxTicks-d.ticks {
		d.fail(ErrCorrupt, "record at byte %d: a run of %d ticks from tick %d: want 1 to %d (runs stop at checkpoints)", start, n, d.ticks, next)
	}
	if d.err != nil {
		return 0, d.err
	}
	d.same = n - 1
	return d.tick(in, baseline(d.prev()))
}

// skipSame passes over what is left of a run of ticks that repeat the
// baseline, and returns how many ticks that was: checking a recording then
// costs its bytes, not its ticks.
func (d *decoder) skipSame() uint64 {
	n := d.same
	d.ticks += n
	d.same = 0
	return n
}

// check reads a checkpoint record.
func (d *decoder) check(start int64) (event, error) {
	n := d.uvarint("a checkpoint's tick")
	if n != d.ticks || n%d.interval != 0 || d.checkedAt == d.ticks+1 {
		d.fail(ErrCorrupt, "record at byte %d: a checkpoint for tick %d where tick %d comes next (one every %d ticks)", start, n, d.ticks, d.interval)
	}
	dg := d.fixed64("a checkpoint's hash")
	d.seal("", int64(d.ticks))
	if d.err != nil {
		return 0, d.err
	}
	d.digest, d.checkedAt = physics.Digest(dg), d.ticks+1
	return evCheck, nil
}

// end reads the end record, and makes sure nothing follows it.
func (d *decoder) end(start int64) (event, error) {
	n := d.uvarint("the end record's tick count")
	if n != d.ticks {
		d.fail(ErrCorrupt, "end record at byte %d says %d ticks, the recording holds %d", start, n, d.ticks)
	}
	dg := d.fixed64("the final hash")
	d.seal("the end", -1)
	if d.err != nil {
		return 0, d.err
	}
	if b := d.s.peek(1); len(b) > 0 {
		d.s.consume(b)
		return 0, d.fail(ErrCorrupt, "bytes follow the end record, from byte %d on: two recordings joined, or one appended to", d.s.off-1)
	}
	if d.s.err != nil {
		return 0, d.stop(fmt.Errorf("tape: reading past the end record at byte %d: %w", d.s.off, d.s.err))
	}
	d.digest, d.done = physics.Digest(dg), true
	return evEnd, nil
}

// member reads a members record: slot's presence from the next tick on.
func (d *decoder) member(start int64) (event, error) {
	slot := d.uvarint("a members record's slot")
	p := engine.Presence(d.byte1("a members record's presence"))
	switch {
	case d.err != nil:
		return 0, d.err
	case !d.members:
		return 0, d.fail(ErrCorrupt, "a members record at byte %d: version 5 and older have none", start)
	case slot >= d.per || d.ticks%d.per != 0:
		return 0, d.fail(ErrCorrupt, "a members record at byte %d for slot %d inside tick %d of %d slots", start, slot, d.ticks/d.per, d.per)
	case p > engine.Gone:
		return 0, d.fail(ErrCorrupt, "a members record at byte %d: unknown presence %d", start, p)
	}
	d.who[slot] = engine.Member{Presence: p, Since: d.ticks / d.per}
	return evMembers, nil
}

func (d *decoder) tick(in *engine.Input, v engine.Input) (event, error) {
	if d.ticks >= maxTicks {
		return 0, d.fail(ErrCorrupt, "more than %d ticks", uint64(maxTicks))
	}
	*in, *d.prev() = v, v
	d.ticks++
	return evTick, nil
}
