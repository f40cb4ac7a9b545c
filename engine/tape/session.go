package tape

import (
	"errors"
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics"
)

// ErrDiverged marks a replay whose state stopped matching the recording.
var ErrDiverged = errors.New("replay diverged from the recording")

// Recorder is a host.Tape that writes every tick's input, and the
// state hash at each checkpoint, to a Writer.
type Recorder struct {
	w       *Writer
	players bool // Header.Players > 0: TickPlayers, not Tick
	// who is every slot's presence as last written (TickMembers).
	who [host.MaxPlayers]engine.Presence
}

var _ host.Tape = (*Recorder)(nil)

// NewRecorder starts a recording described by h on out.
func NewRecorder(out io.Writer, h Header) (*Recorder, error) {
	w, err := NewWriter(out, h)
	if err != nil {
		return nil, err
	}
	return &Recorder{w: w, players: h.Players > 0}, nil
}

// Tick writes the checkpoint due before tick n, then the tick's input.
func (r *Recorder) Tick(n uint64, in *engine.Input, state engine.StateHasher) error {
	if r.players {
		return fmt.Errorf("tape: tick %d has one input: the recording was started for %d players (Header.Players)", n, r.w.per)
	}
	if r.w.Due() {
		if err := r.w.Check(physics.Digest(state.StateHash())); err != nil {
			return err
		}
	}
	return r.w.Tick(in)
}

// Ticks returns how many ticks were recorded.
func (r *Recorder) Ticks() uint64 { return r.w.Ticks() / r.w.per }

// Close ends the recording with the hash of the state after its last tick.
func (r *Recorder) Close(final uint64) error { return r.w.Close(physics.Digest(final)) }

// Replayer is a host.Tape that feeds a recording's input to the ticks
// in place of the user's, and checks the state against the recording's
// hashes: the run fails at the first checkpoint that differs, with
// ErrDiverged. When the recording is over it ends the run with
// engine.ErrQuit.
type Replayer struct {
	tape      *Tape
	play      *Player
	lastMatch uint64             // tick of the last checkpoint that matched, +1
	state     engine.StateHasher // what the last tick hashed, for Close
}

// xorStateHasher is the state hash as recordings before version 6 kept
// it (host.Loop.XORStateHash).
type xorStateHasher interface {
	XORStateHash() uint64
}

// hash returns state's hash as the recording's version computed it.
func (r *Replayer) hash(state engine.StateHasher) uint64 {
	r.state = state
	if x, ok := r.xor(); ok {
		return x.XORStateHash()
	}
	return state.StateHash()
}

// xor returns the state hashed the old way when the recording predates
// version 6 and the state can.
func (r *Replayer) xor() (xorStateHasher, bool) {
	x, ok := r.state.(xorStateHasher)
	return x, ok && r.tape.Version < versionMixedHash
}

var _ host.Tape = (*Replayer)(nil)

// NewReplayer plays t from its first tick.
func NewReplayer(t *Tape) *Replayer { return &Replayer{tape: t, play: t.Play()} }

// Tick replaces *in with the recorded input of tick n, checking the state
// first when the recording has a hash there.
func (r *Replayer) Tick(n uint64, in *engine.Input, state engine.StateHasher) error {
	if r.tape.Players > 0 {
		return fmt.Errorf("tape: the recording holds %d players' input a tick: replay it with the game that made it, which has player slots", r.tape.Players)
	}
	want, check, err := r.play.Next(in)
	if check {
		if err := r.match(n, want, r.hash(state)); err != nil {
			return err
		}
	}
	if err == io.EOF {
		return engine.ErrQuit
	}
	return err
}

// Ran returns how many recorded ticks were fed.
func (r *Replayer) Ran() uint64 { return r.play.Ran() / uint64(max(r.tape.Players, 1)) }

// Close checks the state after the last tick against the recording's final
// hash when every recorded tick ran; a replay stopped early has nothing to
// check and returns nil.
func (r *Replayer) Close(final uint64) error {
	if r.Ran() < r.tape.Ticks {
		return nil
	}
	if x, ok := r.xor(); ok {
		final = x.XORStateHash() // the state after the last tick, hashed as it was recorded
	}
	return r.match(r.tape.Ticks, r.tape.Final, final)
}

// match compares the state before tick n with the recorded hash.
func (r *Replayer) match(n uint64, want physics.Digest, got uint64) error {
	if physics.Digest(got) == want {
		r.lastMatch = n + 1
		return nil
	}
	since := "the run was set up differently (other flags, or another version of the game or physics)"
	switch last := r.lastMatch - 1; {
	case r.lastMatch == 0:
	case last == 0:
		since = fmt.Sprintf("it matched only at the start, so one of ticks 0 to %d went differently", n-1)
	default:
		since = fmt.Sprintf("it last matched at tick %d, so one of ticks %d to %d went differently", last, last, n-1)
	}
	msg := fmt.Sprintf("%v at tick %d: state hash %v, recorded %v; %s", ErrDiverged, n, physics.Digest(got), want, since)
	if p := ThisPlatform(); p != r.tape.Platform {
		msg += fmt.Sprintf("; the recording was made on %s, this is %s", r.tape.Platform, p)
	}
	return &divergedError{msg}
}

type divergedError struct{ msg string }

func (e *divergedError) Error() string { return e.msg }
func (e *divergedError) Unwrap() error { return ErrDiverged }
