package tape

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics"
)

var (
	_ host.MembersTape = (*Recorder)(nil)
	_ host.MembersTape = (*Replayer)(nil)
)

// TickMembers is TickPlayers, also writing a members record for each
// slot whose presence changed since the last tick (after the tick's
// checkpoint, before its input).
func (r *Recorder) TickMembers(n uint64, players []engine.Input, members []engine.Member, state engine.StateHasher) error {
	if uint64(len(players)) != r.w.per || len(members) != len(players) || !r.players {
		return fmt.Errorf("tape: tick %d has %d players and %d members: the recording was started for %d (Header.Players)", n, len(players), len(members), r.w.per)
	}
	if r.w.Due() {
		if err := r.w.Check(physics.Digest(state.StateHash())); err != nil {
			return err
		}
	}
	for i, m := range members {
		if m.Presence != r.who[i] {
			if err := r.w.Members(i, m.Presence); err != nil {
				return err
			}
			r.who[i] = m.Presence
		}
	}
	return r.TickPlayers(n, players, state)
}

// TickMembers is TickPlayers, also replacing members with the recorded
// ones as of tick n.
func (r *Replayer) TickMembers(n uint64, players []engine.Input, members []engine.Member, state engine.StateHasher) error {
	if err := r.TickPlayers(n, players, state); err != nil {
		return err
	}
	copy(members, r.play.d.who[:])
	return nil
}
