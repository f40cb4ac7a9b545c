package audio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// play is one sound a game's tick plays: a source and its Params.
type play struct {
	src Source
	p   Params
}

// schedule is what a game plays, by tick.
type schedule map[uint64][]play

func (s schedule) run(m both, n uint64) {
	for _, pl := range s[n] {
		m.Play(pl.src, pl.p)
	}
}

// predictedRun runs frames as a netplay runner with prediction does:
// each frame the verified timeline runs the ticks confirmed by then
// (verified[f] of them in frame f), then a predicted copy runs every tick
// from the verified one up to ahead ticks beyond it, playing predicted's
// sounds; then the device is fed and plays a frame's worth. It returns
// what was recorded and what was heard.
func predictedRun(t testing.TB, verified []int, ahead int, truth, predicted schedule) (rec, heard []int16, m both) {
	t.Helper()
	var out bytes.Buffer
	m = newBoth(t, Config{TPS: 60, Capture: &out})
	dev := &fakeDevice{}
	next := uint64(0)
	for _, k := range verified {
		for range k {
			m.BeginTick(next)
			truth.run(m, next)
			if err := m.EndTick(); err != nil {
				t.Fatal(err)
			}
			next++
		}
		for n := next; n < next+uint64(ahead); n++ {
			m.BeginPredictedTick(n)
			predicted.run(m, n)
			m.EndPredictedTick()
		}
		if err := m.Feed(dev, 1200); err != nil {
			t.Fatal(err)
		}
		dev.consume(800)
		heard = append(heard, dev.heard...)
	}
	return samples(out.Bytes()), heard, m
}

// frames returns n frames of one verified tick each.
func frames(n int) []int {
	f := make([]int, n)
	for i := range f {
		f[i] = 1
	}
	return f
}

func peak(s []int16) int16 {
	var p int16
	for _, x := range s {
		p = max(p, x, -x)
	}
	return p
}

func TestAPredictedSoundIsHeardAtOnceOnceAndRecordedOnlyByTheVerifiedTick(t *testing.T) {
	tone := square(t, 4*Rate, 4*Rate, 1000) // a constant 1,000 for 4 s
	game := schedule{6: {{tone, Params{}}}}
	rec, heard, m := predictedRun(t, frames(30), 4, game, game)
	lockRec, lockHeard, _ := predictedRun(t, frames(30), 0, game, nil)
	if !slices.Equal(rec, lockRec) {
		t.Fatalf("the recording differs from pure lockstep's: prediction reached the recorded mix")
	}
	if p := peak(heard); p != 1000 {
		t.Errorf("heard at most %d, want 1000: the sound heard %s", p, map[bool]string{true: "twice", false: "not at all"}[p > 1000])
	}
	// Frame f runs verified tick f and predicts ticks f+1 to f+4: tick 6
	// is first predicted in frame 2; pure lockstep runs it in frame 6.
	at, lockAt := firstNonZero(heard)/2/800, firstNonZero(lockHeard)/2/800
	if at != 2 || lockAt < 6 {
		t.Errorf("heard first in frame %d (pure lockstep: %d), want 2 (when a predicted tick first plays it)", at, lockAt)
	}
	st := m.Stats()
	if st.Predicted != 1 || st.Confirmed != 1 || st.Mispredicted != 0 {
		t.Errorf("predicted %d, confirmed %d, mispredicted %d; want 1, 1, 0 (tick 6 was simulated 4 times)", st.Predicted, st.Confirmed, st.Mispredicted)
	}
}

func TestAMispredictedSoundFadesOutWhenItsTickIsVerified(t *testing.T) {
	tone := square(t, 4*Rate, 4*Rate, 1000)
	rec, heard, m := predictedRun(t, frames(30), 4, nil, schedule{6: {{tone, Params{}}}})
	if firstNonZero(rec) >= 0 {
		t.Fatalf("a sound the verified timeline never played was recorded")
	}
	// Heard from frame 2; verified tick 6 ends in frame 6, and 20 ms
	// (960 frames) later, within two of the device's frames, it is gone.
	if firstNonZero(heard)/2/800 != 2 {
		t.Errorf("heard first in frame %d, want 2", firstNonZero(heard)/2/800)
	}
	if last := lastNonZero(heard) / 2; last >= 9*800 {
		t.Errorf("still heard at frame %d of the device, want silence by frame %d", last, 9*800)
	}
	if st := m.Stats(); st.Predicted != 1 || st.Confirmed != 0 || st.Mispredicted != 1 || m.Playing() != 0 {
		t.Errorf("predicted %d, confirmed %d, mispredicted %d, timeline playing %d; want 1, 0, 1, 0", st.Predicted, st.Confirmed, st.Mispredicted, m.Playing())
	}
	// The fade has no step larger than the ramp's.
	for i := 2; i < len(heard); i += 2 {
		if d := int(heard[i-2]) - int(heard[i]); d > 5 && heard[i-2] != 1000 {
			t.Fatalf("frame %d: from %d to %d: a click", i/2, heard[i-2], heard[i])
		}
	}
}

func lastNonZero(s []int16) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != 0 {
			return i
		}
	}
	return -1
}

func TestTheSameSoundIsItsTickSourceParamsAndCount(t *testing.T) {
	tone := square(t, 4*Rate, 4*Rate, 1000)
	other := square(t, 4*Rate, 4*Rate, 1000)
	tests := []struct {
		name                    string
		truth, predicted        schedule
		confirmed, mispredicted uint64
	}{
		{"two at once, both verified", schedule{6: {{tone, Params{}}, {tone, Params{}}}}, schedule{6: {{tone, Params{}}, {tone, Params{}}}}, 2, 0},
		{"two predicted, one verified", schedule{6: {{tone, Params{}}}}, schedule{6: {{tone, Params{}}, {tone, Params{}}}}, 1, 1},
		{"another tick", schedule{7: {{tone, Params{}}}}, schedule{6: {{tone, Params{}}}}, 0, 1},
		{"another source", schedule{6: {{other, Params{}}}}, schedule{6: {{tone, Params{}}}}, 0, 1},
		{"another pitch", schedule{6: {{tone, Params{Pitch: 2}}}}, schedule{6: {{tone, Params{}}}}, 0, 1},
		{"another pan", schedule{6: {{tone, Params{Pan: 0.5}}}}, schedule{6: {{tone, Params{}}}}, 0, 1},
	}
	for _, tt := range tests {
		_, _, m := predictedRun(t, frames(30), 4, tt.truth, tt.predicted)
		if st := m.Stats(); st.Confirmed != tt.confirmed || st.Mispredicted != tt.mispredicted {
			t.Errorf("%s: confirmed %d, mispredicted %d; want %d, %d", tt.name, st.Confirmed, st.Mispredicted, tt.confirmed, tt.mispredicted)
		}
	}
}

// Over many seeds, with frames that verify 0 to 3 ticks and predictions
// that miss, add and alter sounds: the recording is pure lockstep's, byte
// for byte, and every predicted sound is settled.
func TestPredictionNeverChangesTheRecordingOver60Seeds(t *testing.T) {
	tones := []*Sound{square(t, 3000, 7, 900), square(t, 500, 3, 1200), square(t, 20000, 40, 700)}
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 1))
		truth, predicted := schedule{}, schedule{}
		verified := make([]int, 80)
		for i := range verified {
			verified[i] = rng.IntN(4)
		}
		for n := range uint64(200) {
			if rng.IntN(4) != 0 {
				continue
			}
			pl := play{tones[rng.IntN(len(tones))], Params{Pitch: []float64{0, 2}[rng.IntN(2)], Loop: rng.IntN(8) == 0}}
			truth[n] = append(truth[n], pl)
			switch rng.IntN(4) {
			case 0: // missed
			case 1: // altered
				pl.p.Pan = 0.5
				predicted[n] = append(predicted[n], pl)
			default:
				predicted[n] = append(predicted[n], pl)
			}
		}
		ahead := 1 + rng.IntN(8)
		rec, _, m := predictedRun(t, verified, ahead, truth, predicted)
		lockRec, _, _ := predictedRun(t, verified, 0, truth, nil)
		if !slices.Equal(rec, lockRec) {
			t.Fatalf("seed %d: the recording with prediction %d ahead differs from pure lockstep's", seed, ahead)
		}
		if st := m.Stats(); st.Confirmed+st.Mispredicted > st.Predicted || len(m.Mixer.pred.recs) > ahead*4 {
			t.Fatalf("seed %d: predicted %d, confirmed %d, mispredicted %d, %d records kept", seed, st.Predicted, st.Confirmed, st.Mispredicted, len(m.Mixer.pred.recs))
		}
	}
}

func TestAPredictedTickChangesTheHeardSoundNeverTheRecordedOne(t *testing.T) {
	tone := square(t, 4*Rate, 4*Rate, 1000)
	var v Voice
	var out bytes.Buffer
	m := newBoth(t, Config{TPS: 60, Capture: &out})
	m.BeginPredictedTick(0)
	m.Play(tone, Params{Loop: true})
	m.EndPredictedTick()
	m.BeginTick(0)
	v = m.Play(tone, Params{Loop: true}) // confirmed: quiet, with a heard twin
	if err := m.EndTick(); err != nil {
		t.Fatal(err)
	}
	// A predicted copy holds the verified game's handle: its Stop stops
	// the heard sound, not the recorded one; SetPaused does nothing.
	m.BeginPredictedTick(2)
	if err := v.Stop(); err != nil {
		t.Fatalf("Stop in a predicted tick: %v", err)
	}
	m.SetPaused(true)
	m.EndPredictedTick()
	m.BeginTick(1)
	if err := m.EndTick(); err != nil {
		t.Fatal(err)
	}
	s := samples(out.Bytes())
	if !v.Playing() || m.Paused() || s[2*1599] != 1000 || m.live.playing() != 0 {
		t.Errorf("recorded voice playing %v, paused %v, recorded %d at tick 1, heard voices %d; want true, false, 1000, 0",
			v.Playing(), m.Paused(), s[2*1599], m.live.playing())
	}
	// Streams are not predicted.
	st := &Stream{}
	m.BeginPredictedTick(3)
	if w := m.Play(st, Params{}); w.Playing() || w != (Voice{}) {
		t.Errorf("a stream in a predicted tick: %+v, want an ended voice", w)
	}
	m.EndPredictedTick()
}

func TestPredictedFramesAllocateNothing(t *testing.T) {
	tone := square(t, 4*Rate, 25, 1000)
	m := newBoth(t, Config{TPS: 60, Capture: &bytes.Buffer{}})
	dev := &fakeDevice{}
	next := uint64(0)
	frame := func() {
		m.BeginTick(next)
		if next%3 == 0 {
			m.Play(tone, Params{Pitch: 1.5})
		}
		if err := m.EndTick(); err != nil {
			t.Fatal(err)
		}
		next++
		for n := next; n < next+8; n++ {
			m.BeginPredictedTick(n)
			if n%3 == 0 || n%7 == 0 {
				_ = m.Play(tone, Params{Pitch: 1.5}).SetPan(0.2)
			}
			m.EndPredictedTick()
		}
		if err := m.Feed(dev, 1200); err != nil {
			t.Fatal(err)
		}
		dev.consume(800)
	}
	for range 50 {
		frame()
	}
	if a := testing.AllocsPerRun(200, frame); a != 0 {
		t.Errorf("%.1f allocations per frame, want 0", a)
	}
	st := m.Stats()
	t.Logf("%+v", st)
	if st.Confirmed == 0 || st.Mispredicted == 0 {
		t.Errorf("the frames confirmed %d and mispredicted %d sounds: the test should exercise both", st.Confirmed, st.Mispredicted)
	}
}

func ExampleRunner_BeginPredictedTick() {
	r, _ := NewRunner(Config{TPS: 60})
	m := r.Mixer()
	beep, _ := NewSound("beep", Rate, 1, make([]int16, Rate))
	game := func(n uint64) { // the game's tick plays a beep at tick 3
		if n == 3 {
			m.Play(beep, Params{})
		}
	}
	for frame := uint64(0); frame < 5; frame++ {
		r.BeginTick(frame) // the verified timeline: one tick a frame here
		game(frame)
		_ = r.EndTick()
		for n := frame + 1; n <= frame+3; n++ { // a predicted copy, 3 ahead
			r.BeginPredictedTick(n)
			game(n)
			r.EndPredictedTick()
		}
	}
	st := r.Stats()
	fmt.Println("predicted", st.Predicted, "confirmed", st.Confirmed, "mispredicted", st.Mispredicted)
	// Output: predicted 1 confirmed 1 mispredicted 0
}
