package audio

import (
	"fmt"
	"math"
	"time"
)

// Device is where the mix is heard: SDL's audio device in the desktop
// runner, a fake in tests.
type Device interface {
	// Queued returns how many frames are queued and not yet played.
	Queued() int
	// Queue appends interleaved stereo frames at Rate.
	Queue(frames []int16) error
}

// fifoFrames holds the ticks' mix until the device takes it: 250 ms, the
// most a frame feeds the loop.
const fifoFrames = Rate / 4

// deviceSide is the mixer's half that feeds a device in real time: the
// ticks' mix waiting to be heard, the frames' voices, and the listener's
// volumes.
type deviceSide struct {
	music, effects []int32 // ring buffers of the ticks' mix, stereo
	head, n        int     // first frame and frames held
	maxLag         int     // frames held beyond what the device took that count as running ahead

	liveMusic, liveFx []int32
	out               []int16
	fed               bool

	// The device's queue is topped up to the caller's target, or more
	// when frames come slower than the target lasts: peak is the most
	// the device played between two feeds lately (decaying), lastQueued
	// what was queued after the last feed.
	peak, lastQueued  int
	target, maxTarget int

	master, musicVol, fxVol float64
	muted                   bool
}

func (d *deviceSide) init(block int) {
	d.music, d.effects = make([]int32, 2*fifoFrames), make([]int32, 2*fifoFrames)
	d.liveMusic, d.liveFx = make([]int32, 2*fifoFrames), make([]int32, 2*fifoFrames)
	d.out = make([]int16, 2*fifoFrames)
	d.maxLag = 2 * block
	d.master, d.musicVol, d.fxVol = 1, 1, 1
}

// push keeps one tick's mix for the device; what overflows the ring is
// dropped from its oldest end.
func (d *deviceSide) push(mus, fx []int32, st *Stats) {
	k := len(mus) / 2
	if over := d.n + k - fifoFrames; over > 0 {
		d.drop(over, st)
	}
	for i := 0; i < k; i++ {
		j := 2 * ((d.head + d.n + i) % fifoFrames)
		d.music[j], d.music[j+1] = mus[2*i], mus[2*i+1]
		d.effects[j], d.effects[j+1] = fx[2*i], fx[2*i+1]
	}
	d.n += k
}

func (d *deviceSide) drop(k int, st *Stats) {
	k = min(k, d.n)
	d.head, d.n = (d.head+k)%fifoFrames, d.n-k
	if d.fed {
		st.Dropped += uint64(k)
	}
}

// SetVolume sets the listener's volume of a bus (Master, Music or
// Effects; Auto means Master): a linear gain from 0 to 1. It changes what
// is heard, never the recorded mix.
func (m *Mixer) SetVolume(b Bus, volume float64) {
	v := clampFloat(volume, 0, 1, 1)
	switch b {
	case Music:
		m.dev.musicVol = v
	case Effects:
		m.dev.fxVol = v
	default:
		m.dev.master = v
	}
}

// Volume returns the listener's volume of a bus (Auto means Master).
func (m *Mixer) Volume(b Bus) float64 {
	switch b {
	case Music:
		return m.dev.musicVol
	case Effects:
		return m.dev.fxVol
	}
	return m.dev.master
}

// SetMuted silences what is heard (not the recorded mix).
func (m *Mixer) SetMuted(muted bool) { m.dev.muted = muted }

// Feed tops the device's queue up to target frames: the ticks' mix in the
// order the ticks made it, silence where no tick has made it yet (a
// pause), with the heard-only sounds (PlayNow's, predicted ticks') mixed
// in and the listener's volumes applied. Call it once a frame, after the
// frame's ticks (verified and predicted). A device whose
// queue is empty at a feed after the first ran dry since the last one:
// an underrun, counted in Stats.
//
// target suits frames that come often enough (at 60 Hz, 1200 frames of
// 48 kHz outlast one frame's 800 by 8 ms); when frames come slower, the
// queue grows to what the device plays between two feeds plus a third of
// target, and shrinks back as they speed up (Stats.Target).
func (r *Runner) Feed(dev Device, target int) error {
	m := r.m
	d := &m.dev
	q := dev.Queued()
	if d.fed && q == 0 {
		m.stats.Underruns++
	}
	if d.fed {
		played := max(d.lastQueued-q, 0)
		if q == 0 {
			// It would have played more had there been more: how much
			// is unknown, so grow fast; the decay takes the excess back.
			played *= 2
		}
		d.peak = min(max(played, d.peak-d.peak/64), fifoFrames)
	}
	d.fed = true
	target = min(max(target, d.peak+target/3), fifoFrames)
	d.target, d.maxTarget = target, max(d.maxTarget, target)
	m.stats.Target, m.stats.MaxTarget = d.target, d.maxTarget
	d.lastQueued = max(q, target)
	need := target - q
	if need <= 0 {
		d.trim(&m.stats)
		return nil
	}
	mus, fx := d.liveMusic[:2*need], d.liveFx[:2*need]
	clear(mus)
	clear(fx)
	take := min(need, d.n)
	for i := 0; i < take; i++ {
		j := 2 * ((d.head + i) % fifoFrames)
		mus[2*i], mus[2*i+1] = d.music[j], d.music[j+1]
		fx[2*i], fx[2*i+1] = d.effects[j], d.effects[j+1]
	}
	d.head, d.n = (d.head+take)%fifoFrames, d.n-take
	m.stats.Padded += uint64(need - take)
	m.live.mix(mus, fx, nil, need)
	d.trim(&m.stats)
	out := d.out[:2*need]
	gm, gf := d.gain(d.musicVol), d.gain(d.fxVol)
	for i := range out {
		out[i] = clamp16(int32((int64(mus[i])*gm + int64(fx[i])*gf) >> 16))
	}
	if err := dev.Queue(out); err != nil {
		return fmt.Errorf("audio: queue %d frames: %w", need, err)
	}
	return nil
}

// trim drops what the ticks made beyond maxLag frames ahead of the
// device: the ticks ran faster than real time, and the sound keeps up
// with the game rather than falling behind it.
func (d *deviceSide) trim(st *Stats) {
	if d.n > d.maxLag {
		d.drop(d.n-d.maxLag, st)
	}
}

// gain is a bus's Q16 gain through the master volume and mute.
func (d *deviceSide) gain(bus float64) int64 {
	if d.muted {
		return 0
	}
	return int64(math.Round(bus * d.master * unity))
}

// Latency returns how long a sound waits before it is heard when the
// device keeps target frames queued and plays in blocks of bufferFrames.
func Latency(target, bufferFrames int) time.Duration {
	return time.Duration(target+bufferFrames) * time.Second / Rate
}
