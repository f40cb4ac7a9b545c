package enginetest_test

import (
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
)

// racer is a car whose speed the A key raises; its CopyFrom forgets the
// speed, as a game's copy might forget a field it added later.
type racer struct{ pos, speed int }

func (r *racer) Tick(t *engine.Tick) error {
	if t.Input.Down.Has(engine.KeyA) {
		r.speed++
	}
	r.pos += r.speed
	return nil
}

func (r *racer) StateHash() uint64               { return uint64(r.pos) }
func (r *racer) Fork() (engine.Predictor, error) { return &racer{}, nil }
func (r *racer) CopyFrom(src engine.Predictor) error {
	r.pos = src.(*racer).pos // the speed is missing
	return nil
}

// parts are the racer's parts, as platform/desktop's PartsOf finds them
// on a desktop.Game.
func (r *racer) parts() engine.Parts {
	return engine.Parts{Tick: r.Tick, StateHash: r.StateHash, Predictor: r,
		Fork: func() (engine.Parts, error) {
			f, err := r.Fork()
			return f.(*racer).parts(), err
		}}
}

// The sync test finds the missing field and names the first tick at
// which two copies of one state, ticked alike, part: the speed first
// matters from tick 10, and tick 8 is the first that a copy, holding the
// speed a later tick left in it, runs again.
func ExampleSyncTest() {
	err := enginetest.SyncTest((&racer{}).parts(), enginetest.Config{Ticks: 100, Check: 4,
		Input: func(n uint64, in []engine.Input) {
			if n >= 10 {
				in[0].Down.Add(engine.KeyA)
			}
		}})
	var se *enginetest.Error
	if errors.As(err, &se) {
		fmt.Println("copies differ after tick", se.Tick)
	}
	// Output: copies differ after tick 8
}
