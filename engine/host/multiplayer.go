package host

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
)

// SeatLocal is how the loop splits the input of one machine into player
// slots when a game has no Seater: slot 0 gets the keyboard, the mouse,
// typed text and controller 0; slot k (k > 0) gets controller k, as its
// Pads[0]. Every slot gets the window size.
func SeatLocal(local *engine.Input, players []engine.Input) {
	if len(players) == 0 {
		return
	}
	players[0] = *local
	for i := 1; i < len(players[0].Pads); i++ {
		players[0].Pads[i] = gamepad.State{}
	}
	for k := 1; k < len(players); k++ {
		p := &players[k]
		*p = engine.Input{WindowWidth: local.WindowWidth, WindowHeight: local.WindowHeight}
		if k < gamepad.Max {
			p.Pads[0] = local.Pads[k]
		}
	}
}

// cmpSeat returns seat, or SeatLocal when it is nil.
func cmpSeat(seat func(*engine.Input, []engine.Input)) func(*engine.Input, []engine.Input) {
	if seat == nil {
		return SeatLocal
	}
	return seat
}

// multiplayer is the loop's part for a game with player slots.
type multiplayer struct {
	players  []engine.Input      // this tick's, one per slot; nil without slots
	members  []engine.Member     // this tick's, one per slot; nil without slots
	conns    []engine.Connection // this frame's, one per slot; nil without a Membership
	member   Membership          // the Lockstep's, when it is one
	mtape    MembersTape         // the tape's, when it is one
	local    engine.Input        // this machine's input as the tick took it
	seat     func(local *engine.Input, players []engine.Input)
	lockstep Lockstep
	tape     PlayersTape
	alive    KeepingAlive  // the Lockstep's, when it is one
	catching CatchingUp    // the Lockstep's, when it is one
	yielding Yielding      // the Lockstep's, when it is one
	linkAt   time.Duration // when the Lockstep was last asked to Frame or KeepAlive
}

// init sets m up for a game that seats its players with seat (nil:
// SeatLocal), refusing a Lockstep or a Tape that cannot serve it.
func (m *multiplayer) init(cfg engine.Config, w *Wiring, seat func(*engine.Input, []engine.Input)) error {
	n := cfg.Players
	if n == 0 {
		if w.Lockstep != nil {
			return fmt.Errorf("engine: Wiring.Lockstep needs a game with player slots: Config.Players is 0")
		}
		return nil
	}
	m.players = make([]engine.Input, n)
	m.members = make([]engine.Member, n)
	m.seat = cmpSeat(seat)
	m.lockstep = w.Lockstep
	// Asserted once here, not each frame: a type assertion to an interface
	// that misses the runtime's cache allocates now and then.
	m.alive, _ = w.Lockstep.(KeepingAlive)
	m.catching, _ = w.Lockstep.(CatchingUp)
	m.yielding, _ = w.Lockstep.(Yielding)
	if ms, ok := w.Lockstep.(Membership); ok {
		m.member, m.conns = ms, make([]engine.Connection, n)
	}
	if w.Tape != nil {
		m.mtape, _ = w.Tape.(MembersTape)
		t, ok := w.Tape.(PlayersTape)
		if !ok {
			return fmt.Errorf("engine: the tape (%T) cannot record a game with %d player slots: it needs a TickPlayers method", w.Tape, n)
		}
		m.tape = t
	}
	return nil
}

// gather fills the tick's players, from the Lockstep or from this
// machine's input, and takes the local input when the tick runs.
func (m *multiplayer) gather(l *Loop) (ready bool, err error) {
	clear(m.players)
	if m.lockstep != nil {
		ready, err = m.lockstep.Inputs(l.tick.N, &l.input.pending, m.players, l)
		if err != nil || !ready {
			return false, err
		}
		l.input.takeTick(&m.local)
	} else {
		l.input.takeTick(&m.local)
		m.seat(&m.local, m.players)
	}
	m.ready(l)
	return true, nil
}

// ready hands tick l.tick.N the players' input and their places, once
// the Lockstep (if any) has made the tick ready.
func (m *multiplayer) ready(l *Loop) {
	if m.member != nil {
		m.member.Members(l.tick.N, m.members)
	}
	l.tick.Players, l.tick.Members = m.players, m.members
}

// connections asks the Membership, once a frame, what it knows of each
// slot's connection.
func (m *multiplayer) connections(f *engine.Frame) {
	if m.member != nil {
		clear(m.conns)
		m.member.Connections(m.conns)
		f.Connections = m.conns
	}
}

// tapeTick records or replays the tick's input.
func (l *Loop) tapeTick() error {
	switch {
	case l.mp.mtape != nil:
		return l.mp.mtape.TickMembers(l.tick.N, l.mp.players, l.mp.members, l)
	case l.mp.tape != nil:
		return l.mp.tape.TickPlayers(l.tick.N, l.mp.players, l)
	case l.wire.Tape != nil:
		return l.wire.Tape.Tick(l.tick.N, &l.tick.Input, l)
	}
	return nil
}

// holdTicks keeps a held tick due without letting the owed time grow: the
// accumulator keeps one tick (so the tick runs in the first frame that
// has its input, and the frame draws the last tick's state, alpha
// clamped below 1) and the rest is given up as stalled time, not as a
// bailout, which is the machine falling behind. A tick the Lockstep
// yielded (Yielding) is given up whole instead, and the leftover below
// it kept: the clock falls back exactly a tick.
func (l *Loop) holdTicks(yielded bool) {
	l.held.Frames++
	extra := l.ts.acc - l.ts.dt
	if yielded {
		extra = min(l.ts.dt, l.ts.acc)
	}
	if extra > 0 {
		l.ts.acc -= extra
		l.held.Stalled += extra
		l.stall += extra
		l.held.Longest = max(l.held.Longest, l.stall)
	}
}

// yielded reports whether the tick the Lockstep held last was yielded to
// let slower clocks catch up (Yielding).
func (m *multiplayer) yielded() bool { return m.yielding != nil && m.yielding.Yielded() }

// repeated counts a frame that drew no new tick although one was due
// (HoldStats.Repeated) and the run of them it extends.
func (l *Loop) repeated() {
	l.held.Repeated++
	l.repeat++
	l.held.RepeatedRun = max(l.held.RepeatedRun, l.repeat)
}
