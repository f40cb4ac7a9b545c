package audio_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/lockstep-engine/lockstep/platform/audio"
)

// A game plays sounds from its ticks on the Mixer; the runner holds the
// Runner, brackets every tick with BeginTick and EndTick, which mixes the
// tick's 800 samples (at 60 ticks a second). Here the capture is a WAV
// file in memory.
func ExampleMixer() {
	var wav bytes.Buffer
	w, err := audio.NewWAVWriter(&wav)
	if err != nil {
		log.Fatal(err)
	}
	r, err := audio.NewRunner(audio.Config{TPS: 60, Capture: w})
	if err != nil {
		log.Fatal(err)
	}
	m := r.Mixer()             // what the game gets
	beep := make([]int16, 480) // 10 ms of a square wave, mono
	for i := range beep {
		beep[i] = 6000 - 12000*int16(i/24%2)
	}
	snd, err := audio.NewSound("beep", audio.Rate, 1, beep)
	if err != nil {
		log.Fatal(err)
	}
	var v audio.Voice
	for n := uint64(0); n < 3; n++ {
		r.BeginTick(n)
		if n == 1 {
			v = m.Play(snd, audio.Params{Pan: 0.5, Pitch: 2})
		}
		if err := r.EndTick(); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(w.Bytes()/4, "frames;", "still playing:", v.Playing())
	r.BeginTick(3)
	fmt.Println(v.Stop())
	// Output:
	// 2400 frames; still playing: false
	// audio: the sound has ended
}
