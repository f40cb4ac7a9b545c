// Package tape reads and writes recordings of a run: the input every tick
// saw, with the state hash every few ticks, which is all it takes to play
// a deterministic run again bit for bit and to notice the first tick where
// it stops matching.
//
// A recording is a header (magic, version, scene, seed, tick rate, hash
// interval, platform), then per tick either a run of ticks whose input
// repeats the last one's held state or the fields that changed, a
// checkpoint with the state hash at every multiple of the interval, and an
// end record with the tick count and the final hash. Checksums (CRC-32C)
// close the header, every checkpoint and the end, each one chained from the
// one before, so damage anywhere is found and located between two of them,
// and a recording cut short or spliced is told apart from a finished one.
// The encoding is described in format.go.
package tape

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/lockstep-engine/lockstep/engine"
)

// Version is the format version this package writes and reads.
const Version = 1

// DefaultInterval is the number of ticks between state hashes when a
// Header leaves it zero: one a second at 60 ticks per second.
const DefaultInterval = 60

// Header describes the run a recording holds: what must be the same for a
// replay to reproduce it.
type Header struct {
	Scene    string // scene name, at most 255 bytes
	Seed     uint64 // scene randomness
	TPS      int    // fixed ticks per second
	Interval int    // ticks between state hashes; 0 means DefaultInterval
	// Platform is where the recording was made (see ThisPlatform).
	// Floating point results, and so hashes, are exact only on the same
	// architecture and instruction level.
	Platform string
}

// Limits on header fields; beyond them a header is damaged.
const (
	maxName     = 255
	maxInterval = 1 << 20
)

func (h *Header) check() error {
	switch {
	case len(h.Scene) > maxName:
		return fmt.Errorf("scene name is %d bytes: want at most %d", len(h.Scene), maxName)
	case len(h.Platform) > maxName:
		return fmt.Errorf("platform is %d bytes: want at most %d", len(h.Platform), maxName)
	case h.TPS < 1 || h.TPS > engine.MaxTPS:
		return fmt.Errorf("tps %d out of range: want 1 to %d", h.TPS, engine.MaxTPS)
	case h.Interval < 1 || h.Interval > maxInterval:
		return fmt.Errorf("hash interval %d out of range: want 1 to %d ticks", h.Interval, maxInterval)
	}
	return nil
}

// ThisPlatform names the architecture and instruction level of this
// binary, such as "amd64 v1": recordings replay exactly only where it is
// the same (FMA on amd64 v3 and arm64 changes results).
func ThisPlatform() string {
	p := runtime.GOARCH
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "GO"+upper(runtime.GOARCH) && s.Value != "" {
				return p + " " + s.Value
			}
		}
	}
	if runtime.GOARCH == "amd64" {
		return p + " v1"
	}
	return p
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// Errors a FormatError wraps, to test with errors.Is.
var (
	ErrNotTape   = errors.New("not a lockstep recording")
	ErrVersion   = errors.New("unsupported recording version")
	ErrTruncated = errors.New("recording is cut short")
	ErrCorrupt   = errors.New("recording is damaged")
)

// FormatError reports a recording that cannot be read, and where: the
// damage lies in the bytes from Offset to End (inclusive), which are those
// after the last checksum that matched up to where the damage was noticed.
type FormatError struct {
	Offset, End int64
	Err         error  // ErrNotTape, ErrVersion, ErrTruncated or ErrCorrupt
	Detail      string // what was wrong
}

func (e *FormatError) Error() string {
	where := fmt.Sprintf("at byte %d", e.Offset)
	if e.End > e.Offset {
		where = fmt.Sprintf("in bytes %d to %d", e.Offset, e.End)
	}
	return fmt.Sprintf("tape: %v %s: %s", e.Err, where, e.Detail)
}

func (e *FormatError) Unwrap() error { return e.Err }
