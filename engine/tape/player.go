package tape

import (
	"fmt"
	"io"
	"slices"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// Player hands out a recording's ticks in order as it reads them. It holds
// 16 KiB of the recording at a time and allocates nothing per tick.
//
// A tick is handed out before the checksum that vouches for it has been
// read (the next checkpoint's): damage is reported at the latest there,
// by Next returning a *FormatError instead of that checkpoint's hash, so a
// replay never compares its state with a damaged hash. Read or ReadFile
// check a whole recording before any of it is played.
type Player struct {
	Header
	d    decoder
	in   engine.Input
	ran  uint64
	err  error // sticky: the first error, or io.EOF after the end
	open func() (io.ReadCloser, error)
	c    io.Closer
}

// Version returns the format version of the recording, 3 to the
// package's Version.
func (p *Player) Version() int { return p.d.ver }

// NewPlayer reads and checks the header of the recording r streams, and
// returns a Player for its ticks. r is read through a buffer and never
// closed; it may be a pipe.
func NewPlayer(r io.Reader) (*Player, error) {
	p := &Player{d: decoder{s: newStream(r)}}
	if err := p.d.header(&p.Header); err != nil {
		return nil, err
	}
	return p, nil
}

// Next writes the next tick's input into in. When that tick starts at a
// checkpoint, check is true and want is the hash the state must have
// before it runs. After the last tick it returns io.EOF (End then holds
// the final hash); after any other error it keeps returning that error.
func (p *Player) Next(in *engine.Input) (want physics.Digest, check bool, err error) {
	if p.err != nil {
		return want, check, p.err
	}
	if p.open != nil {
		if err := p.start(); err != nil {
			return want, check, p.stop(err)
		}
	}
	for {
		ev, err := p.d.next(&p.in)
		switch {
		case err != nil:
			return want, check, p.stop(err)
		case ev == evEnd:
			return want, check, p.stop(io.EOF)
		case ev == evCheck:
			want, check = p.d.digest, true
		case ev == evTick:
			*in = p.in
			p.ran++
			return want, check, nil
		}
	}
}

// start opens the recording of a Tape for its Player, and checks that it
// is still the one the Tape read.
func (p *Player) start() error {
	open := p.open
	p.open = nil
	rc, err := open()
	if err != nil {
		return fmt.Errorf("tape: %w", err)
	}
	p.c = rc
	p.d = decoder{s: newStream(rc)}
	var h Header
	if err := p.d.header(&h); err != nil {
		return err
	}
	if !h.equal(&p.Header) {
		return fmt.Errorf("tape: the recording changed since it was read: its header is now %+v", h)
	}
	return nil
}

// stop makes err sticky and closes what the Player opened.
func (p *Player) stop(err error) error {
	p.err = err
	if cerr := p.Close(); cerr != nil && err == io.EOF {
		p.err = cerr
	}
	return p.err
}

// skipSame passes over the rest of a run of ticks that repeat the one
// before, as if Next had handed them out: a reader that wants no input
// (Read, Checkpoints) then costs a recording's bytes, not its ticks.
func (p *Player) skipSame() { p.ran += p.d.skipSame() }

// Ran returns how many ticks Next has handed out.
func (p *Player) Ran() uint64 { return p.ran }

// End returns the tick count and the hash of the final state that the
// recording's end record holds, once Next has returned io.EOF.
func (p *Player) End() (ticks uint64, final physics.Digest, ok bool) {
	if !p.d.done {
		return 0, 0, false
	}
	return p.d.ticks, p.d.digest, true
}

// Close closes the file a Tape's Player opened; Next does so itself at
// the end and on errors. It never closes the reader given to NewPlayer.
func (p *Player) Close() error {
	c := p.c
	p.c = nil
	if c == nil {
		return nil
	}
	return c.Close()
}

func (h *Header) equal(o *Header) bool {
	return h.Scene == o.Scene && h.Seed == o.Seed && h.TPS == o.TPS && h.Interval == o.Interval &&
		h.Platform == o.Platform && slices.Equal(h.Settings, o.Settings)
}
