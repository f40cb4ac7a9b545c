// Package tape reads and writes recordings of a run: the input every tick
// saw, with the state hash every few ticks, which is all it takes to play
// a deterministic run again bit for bit and to notice the first tick where
// it stops matching.
//
// A recording is a header (magic, version, scene, seed, tick rate, hash
// interval, platform, and every other setting that changes the
// simulation), then per tick either a run of ticks whose input
// repeats the last one's held state or the fields that changed, a
// checkpoint with the state hash at every multiple of the interval, and an
// end record with the tick count and the final hash. Checksums (CRC-32C)
// close the header, every checkpoint and the end, each one chained from the
// one before, so damage anywhere is found and located between two of them,
// and a recording cut short or spliced is told apart from a finished one.
// The encoding is described in format.go.
//
// Recordings are read as a stream (NewPlayer): a few KiB of one are held at
// a time and no record is longer than a few hundred bytes, so any input (a
// pipe, /dev/zero, gigabytes of garbage) is read in bounded memory and
// garbage is refused within its first bytes. What one costs in time is
// bounded by its size as the recorder writes it: fewer than 4 ticks a
// byte, a state hash at least every 60 ticks (see format.go).
package tape

import (
	"errors"
	"fmt"
)

// Version is the format version this package writes. Version 6 records
// who is in each slot (engine.Member: a player who left a session), in a
// record of its own only where that changes, and checks the state hash
// that mixes a game's own hash with its world's (host.Loop.StateHash);
// earlier versions kept their XOR, which replays of them still compare
// (host.Loop.XORStateHash). Version 5 writes
// pointer coordinates as their change in quarter units (the one Input
// encoding the netplay wire uses too, engine/internal/inputcodec), and
// its header always holds the number of players (0: one input a tick, as
// a game without slots sees it). Version 4 added the number of players to
// the header (Header.Players), whose inputs each tick holds in slot
// order; version 3, without it, numbers keys as SDL's scancodes and
// records typed text and game controllers; version 2 added the settings
// list to the header. Versions 3 to 5 are still read and replayed.
// Older recordings cannot be: their keys mean other keys, or they do not
// say how their run was set up.
const Version = 6

// Versions this package reads besides Version: one input a tick
// (Header.Players 0), and with players; both with 8-byte pointer
// coordinates.
const (
	versionOnePlayer = 3
	versionPlayers   = 4
	versionQuarter   = 5 // pointer coordinates in quarter units; no members; hashes XORed
	versionMixedHash = 6 // hashes mixed (host.Loop.StateHash)
)

// DefaultInterval is the number of ticks between state hashes when a
// Header leaves it zero: one a second at 60 ticks per second.
const DefaultInterval = 60

// Errors a FormatError wraps, to test with errors.Is.
var (
	ErrNotTape   = errors.New("not a lockstep recording")
	ErrVersion   = errors.New("unsupported recording version")
	ErrTruncated = errors.New("recording is cut short")
	ErrCorrupt   = errors.New("recording is damaged")
)

// FormatError reports a recording that cannot be read, and where: the
// first damaged byte lies from Offset to End (inclusive), which run from
// just after the last checksum that matched to the last byte read before
// the damage was noticed. For a recording cut short (ErrTruncated), End is
// its length: the first byte missing.
type FormatError struct {
	Offset, End int64  // the damaged bytes' first and last offsets
	Err         error  // ErrNotTape, ErrVersion, ErrTruncated or ErrCorrupt
	Detail      string // what was wrong
}

// Error says what was wrong and in which bytes.
func (e *FormatError) Error() string {
	where := fmt.Sprintf("at byte %d", e.Offset)
	if e.End > e.Offset {
		where = fmt.Sprintf("in bytes %d to %d", e.Offset, e.End)
	}
	return fmt.Sprintf("tape: %v %s: %s", e.Err, where, e.Detail)
}

// Unwrap returns Err, for errors.Is.
func (e *FormatError) Unwrap() error { return e.Err }
