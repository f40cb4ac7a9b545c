package audio

import (
	"errors"
	"os"
	"testing"
)

// FuzzDecode feeds every decoder damaged and made-up files: it must
// return a sound or an error wrapping ErrFormat, never panic or hang, and
// a sound it returns must be within the limits.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"tone-44k-mono.wav", "tone-24bit.wav", "tone-float.wav", "tone.ogg", "tone.mp3", "noise-pages.ogg"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add(chained(f, readTestdata(f, "tone.ogg"), 3))
	f.Add(longOgg(f, MaxFrames+1))
	f.Add(withSetup(f, craftedSetup(3, 12)))
	f.Add(wavBytes(2, 48000, 16, 0xffffffff, make([]byte, 16)))
	f.Add(wavBytes(1, 8000, 8, 4, []byte{0, 255, 128, 1}))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode("fuzz", data)
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("an error that is not ErrFormat: %v", err)
			}
			return
		}
		if s.Frames() > MaxFrames || s.Channels() < 1 || s.Channels() > 2 || len(s.Samples()) != s.Frames()*s.Channels() {
			t.Fatalf("%d frames of %d channels in %d samples", s.Frames(), s.Channels(), len(s.Samples()))
		}
		// What decodes, streams the same.
		st, err := NewStream("fuzz", data)
		if err != nil {
			t.Fatalf("decodes whole but not as a stream: %v", err)
		}
		defer st.Close()
		m := newBoth(t, Config{})
		m.BeginTick(0)
		m.Play(st, Params{Loop: true})
		m.Play(s, Params{Loop: true, Pitch: 3})
		if err := m.EndTick(); err != nil {
			t.Fatal(err)
		}
	})
}
