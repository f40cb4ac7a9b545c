package desktop

import (
	"context"
	"errors"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/recording"
)

// openTape opens -record or -replay for a run with c (package
// recording), keeping settings or checking the recording against them,
// and hands the loop of loop and w the tape; a replay that c contradicts
// is a usage error.
func openTape(ctx context.Context, c *Config, settings []tape.Setting, loop *engine.Config, w *host.Wiring, fast bool) (*recording.Tape, error) {
	t, err := recording.Open(ctx, recording.Options{Record: c.Output.Record, Replay: c.Output.Replay, Piped: c.piped,
		Name: c.Name, Seed: c.Seed, TPS: c.Loop.TPS, Players: c.Loop.Players, Settings: settings, Log: c.Logger}, loop, w, fast)
	if ref := (*recording.Refusal)(nil); errors.As(err, &ref) {
		return nil, usagef("%s", ref.Msg)
	}
	return t, err
}
