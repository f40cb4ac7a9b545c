package audio

import (
	"errors"
	"fmt"
	"io"
)

// DefaultVoices is how many sounds play at once on each of the two paths
// (the ticks' and the frames'), unless Config says otherwise.
const DefaultVoices = 64

// MaxVoices bounds Config.Voices.
const MaxVoices = 4096

// Config sets a Mixer up; the zero Config means 60 ticks a second and
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
	// stops the capture and is returned by EndTick.
	Capture io.Writer
}

// Errors of a Voice's methods.
var (
	// ErrEnded: the voice's sound has ended (or was stopped, or its slot
	// went to a newer sound); the call did nothing.
	ErrEnded = errors.New("audio: the sound has ended")
	// ErrNotInTick: a sound a tick started can only be changed by a tick,
	// or the recorded mix would depend on frame timing; the call did
	// nothing.
	ErrNotInTick = errors.New("audio: a tick's sound changed outside a tick")
)

// Mixer mixes a game's sounds. Play and the Voice methods are meant for
// the game's Tick, Update and Draw, on the loop's goroutine; a Mixer is
// not safe for concurrent use.
type Mixer struct {
	tps  int
	tick pool // voices started by ticks: the recorded timeline
	live pool // voices started by frames: heard only

	inTick  bool
	paused  bool   // the ticks' voices hold where they are
	n       uint64 // the tick being run
	music   []int32
	effects []int32
	out     []int16

	capture io.Writer
	capBuf  []byte
	capErr  error

	dev   deviceSide
	stats Stats
}

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
}

// NewMixer returns a Mixer for cfg.
func NewMixer(cfg Config) (*Mixer, error) {
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
		music: make([]int32, 2*block), effects: make([]int32, 2*block), out: make([]int16, 2*block),
		capture: cfg.Capture,
	}
	if m.capture != nil {
		m.capBuf = make([]byte, 4*block)
	}
	m.dev.init(block)
	return m, nil
}

// TickStart returns the first sample of tick n on the timeline.
func (m *Mixer) TickStart(n uint64) uint64 { return n * Rate / uint64(m.tps) }

// BeginTick tells the mixer that tick n (n ticks ran before it) is about
// to run: sounds played until EndTick start at the tick's first sample.
// The runner calls it; a game does not.
func (m *Mixer) BeginTick(n uint64) { m.inTick, m.n = true, n }

// EndTick mixes tick n's samples, from its first sample to the next
// tick's, hands them to Capture and keeps them for the device. The
// runner calls it after every tick.
func (m *Mixer) EndTick() error {
	m.inTick = false
	k := int(m.TickStart(m.n+1) - m.TickStart(m.n))
	mus, fx := m.music[:2*k], m.effects[:2*k]
	clear(mus)
	clear(fx)
	if !m.paused {
		m.tick.mix(mus, fx, k)
	}
	m.stats.Frames += uint64(k)
	m.dev.push(mus, fx, &m.stats)
	if m.capture == nil || m.capErr != nil {
		return nil
	}
	out := m.out[:2*k]
	for i := range out {
		out[i] = clamp16(mus[i] + fx[i])
	}
	b := m.capBuf[:4*k]
	for i, s := range out {
		b[2*i], b[2*i+1] = byte(s), byte(uint16(s)>>8)
	}
	if _, err := m.capture.Write(b); err != nil {
		m.capErr = fmt.Errorf("audio: capturing the mix: %w", err)
		return m.capErr
	}
	return nil
}

// SetPaused holds every sound the ticks started where it is (true) or
// lets them play on (false), for a game's own pause screen: its ticks
// still run, and the timeline still advances, in silence. Call it from a
// tick, as the recorded mix depends on it; the loop's own pause (P) needs
// nothing, since it runs no tick.
func (m *Mixer) SetPaused(paused bool) { m.paused = paused }

// Paused reports what SetPaused last set.
func (m *Mixer) Paused() bool { return m.paused }

// Stats returns the mixer's counters.
func (m *Mixer) Stats() Stats {
	s := m.stats
	s.Playing = m.tick.playing()
	return s
}

// Play starts src (a *Sound or a *Stream) with p and returns a handle to
// it. In a tick the sound starts at the tick's place on the timeline;
// elsewhere (Update, Draw) it is heard at once, and is not recorded. A
// nil or empty source gives a voice that has already ended. Play
// allocates nothing.
func (m *Mixer) Play(src Source, p Params) Voice {
	pl := &m.live
	if m.inTick {
		pl = &m.tick
	}
	slot, stolen := pl.take()
	if stolen {
		m.stats.Stolen++
	}
	v := &pl.voices[slot]
	h := Voice{m: m, live: !m.inTick, slot: int32(slot), gen: v.gen}
	v.active, v.fresh, v.loop = true, true, p.Loop
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
