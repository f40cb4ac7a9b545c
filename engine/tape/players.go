package tape

import (
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/physics"
)

var (
	_ host.PlayersTape = (*Recorder)(nil)
	_ host.PlayersTape = (*Replayer)(nil)
)

// PlayersInterval is the hash interval a recording of players input a
// tick is written with: the most inputs up to DefaultInterval that are
// whole ticks.
func PlayersInterval(players int) int {
	p := max(players, 1)
	return DefaultInterval - DefaultInterval%p
}

// TickPlayers writes the checkpoint due before tick n, then every
// player's input of the tick, in slot order. The recording's Header must
// have said as many Players.
func (r *Recorder) TickPlayers(n uint64, players []engine.Input, state engine.StateHasher) error {
	if uint64(len(players)) != r.w.per || r.w.per == 1 && !r.players {
		return fmt.Errorf("tape: tick %d has %d players: the recording was started for %d (Header.Players)", n, len(players), r.w.per)
	}
	if r.w.Due() {
		if err := r.w.Check(physics.Digest(state.StateHash())); err != nil {
			return err
		}
	}
	for i := range players {
		if err := r.w.Tick(&players[i]); err != nil {
			return err
		}
	}
	return nil
}

// TickPlayers replaces players with the recorded input of tick n, checking
// the state first when the recording has a hash there.
func (r *Replayer) TickPlayers(n uint64, players []engine.Input, state engine.StateHasher) error {
	if len(players) != r.tape.Players {
		return fmt.Errorf("tape: the recording holds %d players' input a tick, the game has %d slots: replay it with the game that made it", r.tape.Players, len(players))
	}
	for i := range players {
		want, check, err := r.play.Next(&players[i])
		if check {
			if err := r.match(n, want, r.hash(state)); err != nil {
				return err
			}
		}
		if err == io.EOF && i == 0 {
			return engine.ErrQuit
		}
		if err == io.EOF {
			return fmt.Errorf("tape: the recording ends inside tick %d, after player %d's input", n, i-1)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
