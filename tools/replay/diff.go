package main

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics"
)

// diff compares two recordings of one run (the tapes two netplay peers
// wrote, or a run and its replay) and says where they first differ: the
// header, a tick's input (which player, which fields) or a state hash,
// which brackets the tick the simulations parted in. It returns whether
// they are the same.
func diff(pathA, pathB string, stdout io.Writer) (same bool, err error) {
	a, err := tape.ReadFile(pathA)
	if err != nil {
		return false, err
	}
	b, err := tape.ReadFile(pathB)
	if err != nil {
		return false, err
	}
	if d := headerDiff(&a.Header, &b.Header); d != "" {
		fmt.Fprintf(stdout, "differ: %s\n", d)
		return false, nil
	}
	msg, err := walk(recording{a, pathA}, recording{b, pathB})
	if err != nil || msg != "" {
		if msg != "" {
			fmt.Fprintf(stdout, "differ: %s\n", msg)
		}
		return false, err
	}
	fmt.Fprintf(stdout, "same: %d ticks of %s, every input and state hash, final %v\n", a.Ticks, a.Scene, a.Final)
	return true, nil
}

func headerDiff(a, b *tape.Header) string {
	switch {
	case a.Scene != b.Scene:
		return fmt.Sprintf("scene %q and %q", a.Scene, b.Scene)
	case a.Seed != b.Seed || a.TPS != b.TPS || a.Players != b.Players || a.Interval != b.Interval:
		return fmt.Sprintf("seed %d/%d, tps %d/%d, players %d/%d, hash interval %d/%d", a.Seed, b.Seed, a.TPS, b.TPS, a.Players, b.Players, a.Interval, b.Interval)
	case a.Platform != b.Platform:
		return fmt.Sprintf("made on %s and %s: floating point may differ", a.Platform, b.Platform)
	}
	for _, s := range a.Settings {
		if v, ok := b.Setting(s.Name); !ok || v != s.Value {
			return fmt.Sprintf("setting -%s %s and %q", s.Name, s.Value, v)
		}
	}
	if len(a.Settings) != len(b.Settings) {
		return fmt.Sprintf("%d settings and %d", len(a.Settings), len(b.Settings))
	}
	return ""
}

// walk reads both recordings input by input and returns the first
// difference, "" when there is none.
func walk(a, b recording) (string, error) {
	per := uint64(max(a.Players, 1))
	pa, pb := a.Play(), b.Play()
	defer pa.Close()
	defer pb.Close()
	var lastMatch uint64 // 1 + the tick of the last hash both had and matched
	for unit := uint64(0); ; unit++ {
		tick, slot := unit/per, unit%per
		var ia, ib engine.Input
		wa, ca, ea := pa.Next(&ia)
		wb, cb, eb := pb.Next(&ib)
		if ea != nil || eb != nil {
			return ends(a, b, end{ea, wa, ca}, end{eb, wb, cb}, tick, lastMatch)
		}
		if ca && cb {
			if wa != wb {
				return hashDiff(tick, lastMatch, wa, wb), nil
			}
			lastMatch = tick + 1
		}
		if ia != ib {
			who := "the input"
			if a.Players > 0 {
				who = fmt.Sprintf("player %d's input", slot)
			}
			return fmt.Sprintf("tick %d: %s differs in %s", tick, who, fields(&ia, &ib)), nil
		}
	}
}

func hashDiff(tick, lastMatch uint64, a, b physics.Digest) string {
	since := "from the start"
	if lastMatch > 0 {
		since = fmt.Sprintf("after tick %d, whose hash matched", lastMatch-1)
	}
	return fmt.Sprintf("state hash before tick %d: %v and %v, with the same input: the simulations parted %s (bodies or the game's own state: the hash covers both)", tick, a, b, since)
}

// recording is a tape and the file it came from.
type recording struct {
	*tape.Tape
	path string
}

// end is what Next said at the unit where a recording may have ended.
type end struct {
	err   error
	want  physics.Digest
	check bool
}

// ends compares how the recordings end once either does at tick: both
// at once, or one while the other goes on (a peer that stopped a tick
// before the other). The one that ended holds the state before tick as
// its final hash; the other may hold the same state as a checkpoint.
func ends(a, b recording, ea, eb end, tick, lastMatch uint64) (string, error) {
	for _, e := range [...]error{ea.err, eb.err} {
		if e != nil && !errors.Is(e, io.EOF) {
			return "", e
		}
	}
	switch {
	case ea.err != nil && eb.err != nil:
		if a.Ticks != b.Ticks {
			return fmt.Sprintf("one recording ends after %d ticks, the other after %d; they agree up to tick %d", a.Ticks, b.Ticks, min(a.Ticks, b.Ticks)), nil
		}
		if a.Final != b.Final {
			return hashDiff(tick, lastMatch, a.Final, b.Final) + " (the final hashes)", nil
		}
		return "", nil
	case ea.err != nil && eb.check && a.Final != eb.want:
		return hashDiff(tick, lastMatch, a.Final, eb.want) + fmt.Sprintf(" (%s ended there)", a.path), nil
	case eb.err != nil && ea.check && b.Final != ea.want:
		return hashDiff(tick, lastMatch, ea.want, b.Final) + fmt.Sprintf(" (%s ended there)", b.path), nil
	}
	short, long := a, b
	if eb.err != nil {
		short, long = b, a
	}
	return fmt.Sprintf("%s ends after %d ticks, %s goes on to %d: every input and hash before tick %d agree", short.path, tick, long.path, long.Ticks, tick), nil
}

// fields names the fields of two inputs that differ, every field of
// engine.Input by its Go name: found by reflection, so a field added to
// Input is named without a change here.
func fields(a, b *engine.Input) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	var f []string
	for i := range va.NumField() {
		if !va.Field(i).Equal(vb.Field(i)) {
			f = append(f, va.Type().Field(i).Name)
		}
	}
	return strings.Join(f, ", ")
}
