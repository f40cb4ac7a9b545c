package audio

import (
	"bytes"
	"os"
	"testing"
)

// A stream mixes exactly as the same file decoded whole, block seams and
// loops included, for every format.
func TestAStreamMixesAsTheWholeSoundDoes(t *testing.T) {
	for _, name := range []string{"tone.ogg", "tone.mp3", "tone-44k-mono.wav", "tone-24bit.wav"} {
		t.Run(name, func(t *testing.T) {
			whole, err := Load("testdata/" + name)
			if err != nil {
				t.Fatal(err)
			}
			st, err := OpenStream("testdata/" + name)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			mixed := func(src Source) []int16 {
				var out bytes.Buffer
				m := newTestMixer(t, &out)
				runTicks(t, m, 0, 60, func(n uint64) {
					if n == 2 {
						m.Play(src, Params{Loop: true, Pitch: 1.25, Bus: Effects})
					}
				})
				return samples(out.Bytes())
			}
			a, b := mixed(whole), mixed(st)
			// (MP3 opens with the encoder's delay, some silence.)
			if f := firstNonZero(a); f < 2*2*800 || f > 2*2*800+2*2400 {
				t.Fatalf("the whole sound starts at sample %d", firstNonZero(a))
			}
			// A loop's seam blends into the first frame for a sound, not
			// for a stream, which does not know its end in advance.
			diff := 0
			for i := range a {
				if a[i] != b[i] {
					diff++
				}
			}
			if diff > 2*8 {
				t.Errorf("%d of %d samples differ between the stream and the whole sound", diff, len(a))
			}
		})
	}
}

func TestNewStreamStreamsBytesAndCloseEndsItsVoice(t *testing.T) {
	b, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewStream("tone.ogg", b)
	if err != nil {
		t.Fatal(err)
	}
	m := newTestMixer(t, nil)
	var v Voice
	runTicks(t, m, 0, 2, func(n uint64) {
		if n == 0 {
			v = m.Play(st, Params{Loop: true})
		}
	})
	if !v.Playing() {
		t.Fatal("the stream stopped")
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	runTicks(t, m, 2, 3, nil)
	if v.Playing() || m.Stats().Playing != 0 {
		t.Error("a closed stream's voice still plays")
	}
	if v := m.Play(st, Params{}); v.Playing() {
		t.Error("a closed stream played")
	}
	if _, err := NewStream("junk", []byte("junk")); err == nil {
		t.Error("junk streamed")
	}
}

// Playing a stream again starts it over in the new voice; the old one
// ends.
func TestAStreamPlaysInOneVoiceAtATime(t *testing.T) {
	st, err := OpenStream("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := newTestMixer(t, nil)
	var a, b Voice
	runTicks(t, m, 0, 1, func(uint64) { a = m.Play(st, Params{}) })
	runTicks(t, m, 1, 2, func(uint64) { b = m.Play(st, Params{}) })
	runTicks(t, m, 2, 3, nil)
	if a.Playing() || !b.Playing() || m.Stats().Playing != 1 {
		t.Errorf("first voice playing %v, second %v, %d in all; want false, true, 1", a.Playing(), b.Playing(), m.Stats().Playing)
	}
}
