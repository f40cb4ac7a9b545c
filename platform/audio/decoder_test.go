package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rms returns the root mean square of samples, as a fraction of full scale.
func rms(s []int16) float64 {
	var sum float64
	for _, x := range s {
		sum += float64(x) * float64(x)
	}
	return math.Sqrt(sum/float64(max(len(s), 1))) / 32768
}

// zeroCrossings counts sign changes of channel c of interleaved samples.
func zeroCrossings(s []int16, ch, c int) int {
	n, prev := 0, int16(0)
	for i := c; i < len(s); i += ch {
		if x := s[i]; x != 0 {
			if prev != 0 && (x > 0) != (prev > 0) {
				n++
			}
			prev = x
		}
	}
	return n
}

func TestLoadDecodesEveryFormatToItsToneAndLength(t *testing.T) {
	for _, tc := range []struct {
		file     string
		rate, ch int
		seconds  float64
		hz       float64
		level    float64 // rms of the tone
	}{
		{"tone-44k-mono.wav", 44100, 1, 0.25, 440, 0.5 / math.Sqrt2},
		{"tone-24bit.wav", 22050, 2, 0.1, 880, 0.4985},
		{"tone-float.wav", 48000, 1, 0.1, 660, 1 / math.Sqrt2},
		{"tone.ogg", 48000, 2, 0.25, 440, 0.5 / math.Sqrt2},
		{"tone.mp3", 44100, 2, 0.25, 440, 0.5 / math.Sqrt2},
	} {
		t.Run(tc.file, func(t *testing.T) {
			s, err := Load(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if s.SampleRate() != tc.rate || s.Channels() != tc.ch {
				t.Errorf("rate %d, %d channels; want %d, %d", s.SampleRate(), s.Channels(), tc.rate, tc.ch)
			}
			secs := float64(s.Frames()) / float64(s.SampleRate())
			slack := 0.002
			if strings.HasSuffix(tc.file, ".mp3") {
				slack = 0.07 // the encoder's delay and padding
			}
			if math.Abs(secs-tc.seconds) > slack {
				t.Errorf("%.4f s long, want %.3f", secs, tc.seconds)
			}
			// The middle half: MP3 adds the encoder's silence at both ends.
			from, to := int(tc.seconds/4*float64(tc.rate)), int(tc.seconds*3/4*float64(tc.rate))
			mid := s.Samples()[from*tc.ch : to*tc.ch]
			if got := rms(mid); math.Abs(got-tc.level) > 0.03 {
				t.Errorf("level %.3f, want %.3f", got, tc.level)
			}
			hz := float64(zeroCrossings(mid, s.Channels(), 0)) / 2 / (tc.seconds / 2)
			if math.Abs(hz-tc.hz) > tc.hz*0.05 {
				t.Errorf("tone of %.0f Hz, want %.0f", hz, tc.hz)
			}
			// Bytes decode as the file does.
			b, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Decode(tc.file, b)
			if err != nil {
				t.Fatal(err)
			}
			if !slicesEqual(m.Samples(), s.Samples()) {
				t.Errorf("Decode and Load differ")
			}
		})
	}
}

func slicesEqual(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// wavBytes builds a PCM WAV with the given header claims.
func wavBytes(channels, rate, bits int, declared uint32, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+len(data)))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(channels), uint32(rate),
		uint32(rate * channels * bits / 8), uint16(channels * bits / 8), uint16(bits)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, declared)
	b.Write(data)
	return b.Bytes()
}

func TestBadInputIsRefusedNamingTheFileAndWhatToDo(t *testing.T) {
	good, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	mp3, err := os.ReadFile("testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string // in the message, with the name
	}{
		{"empty", nil, "is empty"},
		{"garbage", []byte("this is not audio at all"), "not WAV, Ogg Vorbis or MP3"},
		{"gigabytes", wavBytes(2, 48000, 16, 0xfff00000, make([]byte, 64)), "declares 4293918720 bytes"},
		{"truncated-wav", wavBytes(2, 48000, 16, 4000, make([]byte, 1000)), "truncated"},
		{"header-only", []byte("RIFF\x00\x00\x00\x00WAVE"), "no fmt chunk"},
		{"six-channels", wavBytes(6, 48000, 16, 12, make([]byte, 12)), "6 channels"},
		{"rate-1hz", wavBytes(1, 1, 16, 2, make([]byte, 2)), "sample rate of 1 Hz"},
		{"12-bit", wavBytes(1, 48000, 12, 2, make([]byte, 2)), "12-bit"},
		{"truncated-ogg", good[:len(good)/3], "Vorbis"},
		{"ogg-header-garbage", append([]byte("OggS"), bytes.Repeat([]byte{7}, 300)...), "Vorbis"},
		{"mp3-garbage", append([]byte{0xff, 0xfb}, bytes.Repeat([]byte{0x55}, 300)...), "MP3"},
		{"truncated-mp3", mp3[:200], ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Decode(tc.name+".snd", tc.data)
			if tc.want == "" { // a cut stream may decode what it holds
				if err == nil && s.Frames() > 48000 {
					t.Errorf("%d frames from 200 bytes", s.Frames())
				}
				return
			}
			if err == nil {
				t.Fatalf("decoded %d frames, want an error", s.Frames())
			}
			if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.name+".snd") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q: want ErrFormat naming %s.snd and saying %q", err, tc.name, tc.want)
			}
		})
	}
}

func TestAZeroLengthSoundLoadsAndEndsAtOnce(t *testing.T) {
	s, err := Decode("silent.wav", wavBytes(2, 48000, 16, 0, nil))
	if err != nil {
		t.Fatal(err)
	}
	if s.Frames() != 0 {
		t.Fatalf("%d frames, want 0", s.Frames())
	}
	m := newTestMixer(t, nil)
	m.BeginTick(0)
	v := m.Play(s, Params{})
	if err := m.EndTick(); err != nil {
		t.Fatal(err)
	}
	m.BeginTick(1)
	if err := v.SetVolume(0.5); !errors.Is(err, ErrEnded) || v.Playing() {
		t.Errorf("SetVolume on an empty sound's voice: %v, playing %v; want ErrEnded", err, v.Playing())
	}
}

func TestAMissingFileIsAnErrorNamingIt(t *testing.T) {
	_, err := Load("testdata/nothing-here.ogg")
	if err == nil || !strings.Contains(err.Error(), "nothing-here.ogg") || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("err = %v", err)
	}
}
