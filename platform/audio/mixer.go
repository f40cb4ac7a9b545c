package audio

import (
	"errors"
	"fmt"
	"io"
)

// DefaultVoices is how many sounds play at once on each of the two paths
// (the ticks' and the heard-only one), unless Config says otherwise.
const DefaultVoices = 64

// MaxVoices bounds Config.Voices.
const MaxVoices = 4096

// Config sets a mixer up; the zero Config means 60 ticks a second and
// DefaultVoices.
type Config struct {
	// TPS is the ticks per second the mixer's timeline advances by; 0
	// means 60. Tick N's samples start at N·Rate/TPS.
	TPS int
	// Voices is how many sounds play at once on each path (0 means
	// DefaultVoices); starting one more stops the oldest.
	Voices int
	// Capture, when set, receives the ticks' mix as it is made, 16-bit
	// little-endian stereo at Rate (a WAVWriter, say). A write error
	// stops the capture and is returned by Runner.EndTick.
	Capture io.Writer
}

// Errors of a Voice's methods.
var (
	// ErrEnded: the voice's sound has ended (or was stopped, or its slot
	// went to a newer sound); the call did nothing.
	ErrEnded = errors.New("audio: the sound has ended")
	// ErrNotInTick: a sound Play put on the ticks' timeline was changed
	// from Update or Draw, where the recorded mix would depend on frame
	// timing; the call did nothing. Change it from a Tick, or start
	// heard-only sounds with PlayNow.
	ErrNotInTick = errors.New("audio: a tick's sound changed outside a tick")
)

// Mixer is what a game plays its sounds on (desktop's Setup.Audio): Play
// for the ticks' timeline, PlayNow for what is heard at once, the voices
// they return, and the listener's bus volumes. The runner drives it
// through the Runner that made it. Its methods are meant for the game's
// Tick, Update and Draw, on the loop's goroutine; a Mixer is not safe for
// concurrent use.
type Mixer struct {
	tps  int
	tick pool // voices on the ticks' timeline: the recorded mix
	live pool // voices heard only: PlayNow's and predicted ticks'

	phase   phase
	paused  bool   // the ticks' voices hold where they are
	n       uint64 // the tick being run
	music   []int32
	effects []int32
	quiet   []int32 // the ticks' voices already heard through prediction: recorded, not heard
	out     []int16

	capture io.Writer
	capBuf  []byte
	capErr  error

	pred  predictions
	dev   deviceSide
	stats Stats
}

// phase is what the runner is doing, which says where Play puts a sound.
type phase uint8

const (
	inFrame     phase = iota // Update, Draw, or between ticks
	inTick                   // a tick of the verified timeline
	inPredicted              // a tick of a predicted copy
)

// Stats are a mixer's counters since it was made.
type Stats struct {
	Playing   int    // voices of the ticks' path playing now
	Stolen    uint64 // sounds stopped early to make room for a newer one
	Frames    uint64 // frames the ticks' timeline has mixed
	Underruns uint64 // times the device ran dry between two feeds
	// Dropped is frames of the ticks' mix never heard because the ticks
	// ran ahead of the device (a time scale above 1, a catch-up).
	Dropped uint64
	// Padded is frames of silence the device got because no tick had
	// mixed them yet (a pause, a time scale below 1, a stall).
	Padded uint64
	// Target is the frames the last Feed queued up to, and MaxTarget the
	// most since the mixer was made (see Feed): with the device's block,
	// the output latency in force and at worst. 0 before any Feed.
	Target, MaxTarget int
	// Unplaced counts sounds Play started outside a tick: heard at once
	// and not recorded, as PlayNow's are (a game that means that should
	// call PlayNow).
	Unplaced uint64
	// Predicted counts sounds predicted ticks started (once each, however
	// often their tick was simulated again); Confirmed those the verified
	// timeline then played on the same tick, which were not heard twice;
	// Mispredicted those it did not, which were faded out.
	Predicted, Confirmed, Mispredicted uint64
}

// NewRunner returns a mixer for cfg and the Runner that drives it: the
// runner keeps the Runner and gives the game Runner.Mixer.
func NewRunner(cfg Config) (*Runner, error) {
	if cfg.TPS == 0 {
		cfg.TPS = 60
	}
	if cfg.Voices == 0 {
		cfg.Voices = DefaultVoices
	}
	switch {
	case cfg.TPS < 1 || cfg.TPS > Rate:
		return nil, fmt.Errorf("audio: %d ticks per second: want 1 to %d", cfg.TPS, Rate)
	case cfg.Voices < 1 || cfg.Voices > MaxVoices:
		return nil, fmt.Errorf("audio: %d voices: want 1 to %d", cfg.Voices, MaxVoices)
	}
	block := (Rate + cfg.TPS - 1) / cfg.TPS
	m := &Mixer{
		tps: cfg.TPS, tick: newPool(cfg.Voices), live: newPool(cfg.Voices),
		music: make([]int32, 2*block), effects: make([]int32, 2*block), quiet: make([]int32, 2*block),
		out: make([]int16, 2*block), capture: cfg.Capture, pred: newPredictions(cfg.Voices),
	}
	if m.capture != nil {
		m.capBuf = make([]byte, 4*block)
	}
	m.dev.init(block)
	return &Runner{m: m}, nil
}

// SetPaused holds every sound the ticks started where it is (true) or
// lets them play on (false), for a game's own pause screen: its ticks
// still run, and the timeline still advances, in silence. Call it from a
// tick, as the recorded mix depends on it (from a predicted tick it does
// nothing); the loop's own pause (P) needs nothing, since it runs no tick.
func (m *Mixer) SetPaused(paused bool) {
	if m.phase != inPredicted {
		m.paused = paused
	}
}

// Paused reports what SetPaused last set.
func (m *Mixer) Paused() bool { return m.paused }

// Playing returns how many sounds of the ticks' timeline are playing.
func (m *Mixer) Playing() int { return m.tick.playing() }

// Play starts src (a *Sound or a *Stream) with p on the ticks' timeline
// and returns a handle to it: call it from Tick. The sound starts at the
// tick's place on the timeline, is part of the recorded mix (-audio-out)
// and is heard with it. Called outside a tick it cannot be placed: it is
// heard at once and not recorded, as with PlayNow, and counted in
// Stats.Unplaced. A nil or empty source gives a voice that has already
// ended. Play allocates nothing.
//
// In a tick of a predicted copy of the game (Runner.BeginPredictedTick),
// Play starts the sound heard at once, and playing it again in the same
// tick simulated again returns the same voice instead of a second one;
// see Runner.
func (m *Mixer) Play(src Source, p Params) Voice {
	switch m.phase {
	case inTick:
		return m.playTick(src, p)
	case inPredicted:
		return m.playPredicted(src, p)
	}
	m.stats.Unplaced++
	return m.start(&m.live, true, src, p)
}

// PlayNow starts src with p heard at once and never recorded, wherever it
// is called from: a menu's click in Update, a sound of Draw. Its voice can
// be changed from anywhere. PlayNow allocates nothing.
func (m *Mixer) PlayNow(src Source, p Params) Voice { return m.start(&m.live, true, src, p) }

// start starts src on pool pl and returns its handle.
func (m *Mixer) start(pl *pool, live bool, src Source, p Params) Voice {
	slot, stolen := pl.take()
	if stolen {
		m.stats.Stolen++
	}
	v := &pl.voices[slot]
	h := Voice{m: m, live: live, slot: int32(slot), gen: v.gen}
	v.active, v.fresh, v.loop, v.quiet, v.twin = true, true, p.Loop, false, noTwin
	v.sound, v.stream = nil, nil
	bus := p.Bus
	switch s := src.(type) {
	case *Sound:
		if s == nil {
			v.active = false
			return h
		}
		v.sound, v.data, v.frames, v.ch, v.pos = s, s.data, s.Frames(), s.channels, 0
		v.step = step(s.rate, p.Pitch)
	case *Stream:
		if s == nil || s.d == nil {
			v.active = false
			return h
		}
		v.stream = s
		s.start(v)
		v.step = step(s.d.rate(), p.Pitch)
		if bus == Auto {
			bus = Music
		}
	default:
		v.active = false
		return h
	}
	if bus == Auto || bus == Master {
		bus = Effects
	}
	v.bus = bus
	v.vol, v.pan = volumeOf(p), p.Pan
	l, r := gains(v.vol, v.pan)
	v.rampTo(l, r, 0, false)
	return h
}

// Source is what Play plays: a *Sound or a *Stream.
type Source interface{ source() }

func clamp16(x int32) int16 {
	return int16(max(min(x, 32767), -32768))
}
