package tape

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// Tape is a recording checked from end to end before any of it is played.
type Tape struct {
	Header
	Ticks uint64         // ticks recorded
	Final physics.Digest // state hash after the last tick
	// Version is the format version the recording was written in, 3 to
	// the package's Version; 0 for a Tape not read from a recording.
	Version int
	open    func() (io.ReadCloser, error)
}

// Read checks the recording in b, every checksum and record of it, and
// returns it ready to play. Errors are *FormatError. The Tape keeps b.
func Read(b []byte) (*Tape, error) {
	open := func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	return scan(bytes.NewReader(b), open)
}

// maxPiped is the longest recording ReadFile takes from a pipe or device,
// which can be read only once and so is kept in memory; NewPlayer streams
// one of any length.
const maxPiped = 16 << 20

// ReadFile checks the recording at path from end to end, streaming it, and
// returns it ready to play: a Player of it opens path again. A path that
// is not a regular file (a pipe, /dev/stdin) is read once and kept in
// memory, up to 16 MiB.
func ReadFile(path string) (*Tape, error) { return readFile(path, maxPiped) }

func readFile(path string, maxPiped int) (*Tape, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tape: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("tape: %w", err)
	}
	var t *Tape
	switch {
	case fi.IsDir():
		return nil, fmt.Errorf("tape: %s is a directory: give the recording's file", path)
	case fi.Mode().IsRegular():
		t, err = scan(f, func() (io.ReadCloser, error) { return os.Open(path) })
	default:
		kept := &cappedBuffer{max: maxPiped}
		t, err = scan(io.TeeReader(f, kept), func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(kept.b)), nil
		})
		if errors.Is(err, errTooLong) {
			err = fmt.Errorf("tape: a recording longer than %d bytes read from a pipe or device: save it to a file first, or stream it with NewPlayer", maxPiped)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// scan reads the recording r streams from end to end.
func scan(r io.Reader, open func() (io.ReadCloser, error)) (*Tape, error) {
	p, err := NewPlayer(r)
	if err != nil {
		return nil, err
	}
	var in engine.Input
	for {
		if _, _, err := p.Next(&in); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		p.skipSame()
	}
	t := &Tape{Header: p.Header, Version: p.Version(), open: open}
	t.Ticks, t.Final, _ = p.End()
	t.Ticks /= uint64(max(t.Players, 1)) // the end counts every player's input
	return t, nil
}

// Play starts a Player at the first tick. When the Tape came from a file,
// the Player opens it at its first Next and reports there if that fails or
// the file has changed since.
func (t *Tape) Play() *Player { return &Player{Header: t.Header, open: t.open} }

// Checkpoints returns the state hashes the recording holds, by tick. When
// the recording can no longer be read, it returns those before the damage.
func (t *Tape) Checkpoints() (ticks []uint64, digests []physics.Digest) {
	p := t.Play()
	defer p.Close()
	var in engine.Input
	for {
		want, check, err := p.Next(&in)
		if check {
			at := p.Ran() // the checkpoint's tick, unless one came after it
			if err == nil {
				at--
			}
			ticks, digests = append(ticks, at/uint64(max(t.Players, 1))), append(digests, want)
		}
		if err != nil {
			return ticks, digests
		}
		p.skipSame()
	}
}

var errTooLong = errors.New("tape: too long to keep")

// cappedBuffer keeps what is written to it, refusing more than max bytes.
type cappedBuffer struct {
	b   []byte
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if len(c.b)+len(p) > c.max {
		return 0, errTooLong
	}
	c.b = append(c.b, p...)
	return len(p), nil
}
