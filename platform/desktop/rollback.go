package desktop

import (
	"flag"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// rollbackFlag registers -rollback N as name, with d's value as the
// default: 0 sets NoRollback, more sets Rollback.
func (n *NetOptions) rollbackFlag(fs *flag.FlagSet, name string, d NetOptions) {
	def := d.Rollback
	switch {
	case d.NoRollback:
		def = 0
	case def == 0:
		def = netplay.DefaultRollback
	}
	usage := fmt.Sprintf("netplay: most `ticks` drawn ahead of the confirmed input, 1 to %d; 0 is pure lockstep (default %d)", netplay.MaxRollback, def)
	fs.Func(name, usage, func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("want a whole number of ticks: %w", err)
		}
		n.Rollback, n.NoRollback = v, v == 0
		return nil
	})
}

// rollbackFor is the prediction this machine's session draws with: 0
// when -rollback 0 turned it off or the game cannot be copied (said once
// in the log), else Rollback or its default.
func (n *NetOptions) rollbackFor(game *engine.Parts, log *slog.Logger) int {
	if n.NoRollback {
		return 0
	}
	if game.Fork == nil {
		log.Info("netplay: pure lockstep, every frame waits for every player's input: the game cannot be copied for prediction (engine.Predictor)")
		return 0
	}
	if n.Rollback == 0 {
		return netplay.DefaultRollback
	}
	return n.Rollback
}

// PredictionSummary is the netplay object's "prediction": what drawing
// ahead of the confirmed input did. All zero in pure lockstep.
type PredictionSummary struct {
	// Rollback is the most ticks a frame could be drawn ahead; 0 is pure
	// lockstep.
	Rollback int `json:"rollback"`
	// FramesPredicted counts the frames drawn from a predicted copy.
	FramesPredicted uint64 `json:"frames_predicted"`
	// TicksResimulated counts the ticks run on predicted copies, and
	// MaxResimulated the most in one frame.
	TicksResimulated uint64 `json:"ticks_resimulated"`
	MaxResimulated   int    `json:"max_resimulated"`
	// Copies counts the frames that copied the verified game and ticked
	// the copy on from it (a wrong guess, a new stretch of prediction or a
	// rebase); Rebases those made only to bound the copy's drift. Other
	// frames tick the copy once a tick.
	Copies  uint64 `json:"copies"`
	Rebases uint64 `json:"rebases"`
	// Mispredicted counts the peers' inputs that arrived for a tick
	// already drawn from a guess and differed from it.
	Mispredicted uint64 `json:"mispredicted"`
	// CopyMS is the time a predicted frame spent copying the game and
	// ticking the copy, in milliseconds.
	CopyMS RTTMS `json:"copy_ms"`
	// JumpMax is the farthest a body's drawn position moved when newer
	// input corrected a tick drawn before, in world units.
	JumpMax float64 `json:"jump_max"`
	// DriftMax is the farthest a body's drawn position moved at a
	// rebase, in world units: how far a copy ticked on by itself strayed
	// from a fresh copy of the verified game.
	DriftMax float64 `json:"drift_max"`
	// Depth is the most ticks a frame could be drawn ahead at the end,
	// at most Rollback: it falls while a frame that copies the game and
	// ticks the copy that deep would not fit the frame period (a heavy
	// scene; 0 draws the verified game), and rises back a tick a second
	// once a deeper one fits. DepthLowest is the lowest it fell to,
	// DepthLowered how often it fell (0: never). DepthProbes counts the
	// times a depth of 0 was raised to 1 to measure a copy again (2 s
	// after it fell, then 4 s, 8 s and so on up to 32 s while copies
	// still do not fit; 0: never).
	Depth        int    `json:"depth"`
	DepthLowest  int    `json:"depth_lowest"`
	DepthLowered uint64 `json:"depth_lowered"`
	DepthProbes  uint64 `json:"depth_probes"`
}

func predictionSummary(p *host.PredictionStats, mispredicted uint64) PredictionSummary {
	return PredictionSummary{
		Rollback: p.Rollback, FramesPredicted: p.Frames, TicksResimulated: p.Resimulated,
		MaxResimulated: p.MaxResimulated, Mispredicted: mispredicted,
		Copies: p.Copies, Rebases: p.Rebases, DriftMax: p.Drift,
		CopyMS:  RTTMS{P50: ms(p.Cost.P50), P99: ms(p.Cost.P99)},
		JumpMax: p.Jump,
		Depth:   p.Limit, DepthLowest: p.LimitLowest, DepthLowered: p.Lowered,
		DepthProbes: p.Probes,
	}
}

var _ host.Predicting = (*netRun)(nil)

// Rollback is the session's: the most ticks drawn ahead.
func (r *netRun) Rollback() int { return r.session.Rollback() }

// Local is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *netRun) Local(p uint64, local *engine.Input) (bool, error) {
	if r.bot != nil && r.bot(p, &r.botIn) {
		local = &r.botIn
	}
	return r.session.Local(p, local)
}

// Guess is the session's.
func (r *netRun) Guess(n uint64, players []engine.Input) { r.session.Guess(n, players) }

// SetDepth is the session's: a heavy scene's lowered depth reaches the
// host's input delay.
func (r *netRun) SetDepth(d int) { r.session.SetDepth(d) }

var _ host.DepthSetter = (*netRun)(nil)
