package desktop_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// beeper plays a tone in the ticks it is told to, and a click from its
// first frame (a menu's sound: heard, never recorded).
type beeper struct {
	at      map[uint64]bool
	tone    *audio.Sound
	mixer   *audio.Mixer
	clicked bool
}

func (*beeper) name() string { return "beeper" }

func (b *beeper) Start(s *desktop.Setup) error {
	d := make([]int16, 2*4800) // 100 ms of a 480 Hz square wave, stereo
	for i := range d {
		d[i] = 8000
		if i/2/50%2 == 1 {
			d[i] = -8000
		}
	}
	var err error
	b.tone, err = audio.NewSound("tone", audio.Rate, 2, d)
	b.mixer = s.Audio
	return err
}

func (b *beeper) Tick(t *engine.Tick) error {
	if b.at[t.N] {
		b.mixer.Play(b.tone, audio.Params{})
	}
	return nil
}

func (b *beeper) Update(*engine.Frame) error {
	if !b.clicked {
		b.clicked = true
		b.mixer.PlayNow(b.tone, audio.Params{})
	}
	return nil
}

func (*beeper) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

// readWAV checks out's header and returns its samples.
func readWAV(t *testing.T, path string) []int16 {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) < 44 || string(raw[:4]) != "RIFF" || string(raw[8:16]) != "WAVEfmt " || string(raw[36:40]) != "data" {
		t.Fatalf("%s is not a canonical WAV file: % x", path, raw[:min(len(raw), 44)])
	}
	if got := binary.LittleEndian.Uint32(raw[40:]); int(got) != len(raw)-44 {
		t.Errorf("the header says %d bytes of samples, the file has %d", got, len(raw)-44)
	}
	if got := binary.LittleEndian.Uint32(raw[24:]); got != audio.Rate {
		t.Errorf("rate %d, want %d", got, audio.Rate)
	}
	s := make([]int16, (len(raw)-44)/2)
	for i := range s {
		s[i] = int16(binary.LittleEndian.Uint16(raw[44+2*i:]))
	}
	return s
}

func TestAToneATickPlaysIsInTheAudioOutFileAtThatTicksSample(t *testing.T) {
	dir := t.TempDir()
	wav, stats := filepath.Join(dir, "run.wav"), filepath.Join(dir, "run.json")
	g := &beeper{at: map[uint64]bool{13: true, 40: true}}
	code, stderr := run(g, "-headless", "-mode", "uncapped", "-ticks", "60", "-audio-out", wav, "-stats-json", stats)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	s := readWAV(t, wav)
	if len(s) != 2*60*800 {
		t.Fatalf("%d frames for 60 ticks, want %d", len(s)/2, 60*800)
	}
	first := -1
	for i, x := range s {
		if x != 0 {
			first = i / 2
			break
		}
	}
	// Tick 13 starts at frame 13·800; the frame's click is not recorded.
	if first != 13*800 || s[2*13*800] != 8000 || s[2*40*800] != 8000 || s[2*(13*800+50)] != -8000 {
		t.Errorf("the tone starts at frame %d (want %d): samples %d, %d at tick 40, %d", first, 13*800, s[2*13*800], s[2*40*800], s[2*(13*800+50)])
	}
	if !strings.Contains(stderr, "no audio device") {
		t.Errorf("a headless run should say it has no device; stderr:\n%s", stderr)
	}
	var sum map[string]any
	raw, _ := os.ReadFile(stats)
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"audio_underruns", "audio_latency_ms", "audio_device"} {
		if _, ok := sum[k]; !ok {
			t.Errorf("the summary has no %s", k)
		}
	}
	// sox reads the file as we wrote it: 1 s of 48 kHz stereo, and its
	// loudest sample is the tone's.
	if _, err := exec.LookPath("sox"); err != nil {
		t.Skip("sox is not installed (make deps-test installs it)")
	}
	out, err := exec.Command("sox", wav, "-n", "stat").CombinedOutput()
	if err != nil {
		t.Fatalf("sox: %v\n%s", err, out)
	}
	if got := soxField(t, out, "Length (seconds)"); got != 1 {
		t.Errorf("sox: %v s long, want 1", got)
	}
	if got := soxField(t, out, "Maximum amplitude"); got < 0.24 || got > 0.25 {
		t.Errorf("sox: maximum amplitude %v, want 8000/32768", got)
	}
	// Trimmed to the tone's tick, the file starts with it.
	out, err = exec.Command("sox", wav, "-n", "trim", "10400s", "50s", "stat").CombinedOutput()
	if err != nil {
		t.Fatalf("sox: %v\n%s", err, out)
	}
	if got := soxField(t, out, "Minimum amplitude"); got < 0.24 {
		t.Errorf("sox: the 50 frames from tick 13's start dip to %v, want the tone's steady 8000", got)
	}
}

func soxField(t *testing.T, out []byte, name string) float64 {
	t.Helper()
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == name {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("sox printed no %q:\n%s", name, out)
	return 0
}

func TestAReplayWritesTheSameSoundBytes(t *testing.T) {
	dir := t.TempDir()
	tape, a, b := filepath.Join(dir, "run.tape"), filepath.Join(dir, "a.wav"), filepath.Join(dir, "b.wav")
	at := map[uint64]bool{3: true, 50: true, 51: true, 99: true}
	if code, stderr := run(&beeper{at: at}, "-headless", "-mode", "uncapped", "-ticks", "120", "-record", tape, "-audio-out", a); code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
	if code, stderr := run(&beeper{at: at}, "-headless", "-replay", tape, "-audio-out", b); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	ra, _ := os.ReadFile(a)
	rb, _ := os.ReadFile(b)
	if len(ra) != 44+4*120*800 || !bytes.Equal(ra, rb) {
		t.Errorf("recorded %d bytes, replayed %d; equal %v", len(ra), len(rb), bytes.Equal(ra, rb))
	}
}

func TestSoundFlagsAreChecked(t *testing.T) {
	for _, args := range [][]string{{"-volume", "2"}, {"-volume", "-0.1"}, {"-volume", "NaN"}} {
		code, stderr := run(&beeper{}, append([]string{"-headless", "-ticks", "1"}, args...)...)
		if code != 2 || !strings.Contains(stderr, "-volume") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming -volume", args, code, stderr)
		}
	}
	dir := t.TempDir()
	same := filepath.Join(dir, "x")
	if code, stderr := run(&beeper{}, "-headless", "-ticks", "1", "-audio-out", same, "-stats-json", same); code != 2 {
		t.Errorf("one file for -audio-out and -stats-json: exit %d, %s", code, stderr)
	}
}

func TestTheDeviceIsFedUnderTheDummyDriver(t *testing.T) {
	t.Setenv("SDL_AUDIODRIVER", "dummy")
	stats := filepath.Join(t.TempDir(), "run.json")
	code, stderr := run(&beeper{at: map[uint64]bool{5: true}}, "-headless", "-mode", "cap", "-ticks", "30", "-stats-json", stats, "-volume", "0.5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var sum desktop.Summary
	raw, _ := os.ReadFile(stats)
	if err := json.Unmarshal(raw, &sum); err != nil {
		t.Fatal(err)
	}
	// At 60 Hz the latency is 27.7 ms (TestLatencyAt60HzIsUnder30ms); a
	// loaded machine's slower frames make it longer, never shorter.
	if sum.AudioDevice != "dummy" || sum.AudioLatencyMS < 27.6 || sum.AudioLatencyMaxMS < sum.AudioLatencyMS {
		t.Errorf("device %q, latency %v ms (most %v); want dummy, 27.7 or more", sum.AudioDevice, sum.AudioLatencyMS, sum.AudioLatencyMaxMS)
	}
	t.Logf("underruns %d, latency %.1f ms", sum.AudioUnderruns, sum.AudioLatencyMS)
}

// No sound card (here: a driver SDL does not have) is one log line and a
// silent run; -mute opens no device at all; -audio-out works either way.
func TestNoDeviceOrMuteIsASilentRunThatStillWritesTheSound(t *testing.T) {
	for _, tc := range []struct {
		driver string
		args   []string
		log    string
	}{
		{"no-such-driver", nil, "no audio device: running silent"},
		{"dummy", []string{"-mute"}, ""},
	} {
		t.Run(tc.driver, func(t *testing.T) {
			t.Setenv("SDL_AUDIODRIVER", tc.driver)
			dir := t.TempDir()
			wav, stats := filepath.Join(dir, "run.wav"), filepath.Join(dir, "run.json")
			args := append([]string{"-headless", "-mode", "uncapped", "-ticks", "20", "-audio-out", wav, "-stats-json", stats}, tc.args...)
			code, stderr := run(&beeper{at: map[uint64]bool{2: true}}, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if n := strings.Count(stderr, "no audio device"); tc.log != "" && (n != 1 || !strings.Contains(stderr, tc.log)) {
				t.Errorf("want one line saying %q; stderr:\n%s", tc.log, stderr)
			}
			var sum desktop.Summary
			raw, _ := os.ReadFile(stats)
			if err := json.Unmarshal(raw, &sum); err != nil {
				t.Fatal(err)
			}
			if sum.AudioDevice != "" || sum.AudioLatencyMS != 0 {
				t.Errorf("device %q, latency %v; want none", sum.AudioDevice, sum.AudioLatencyMS)
			}
			if s := readWAV(t, wav); len(s) != 2*20*800 || s[2*2*800] != 8000 {
				t.Errorf("%d frames, tick 2's first sample %d; want %d and 8000", len(s)/2, s[2*2*800], 20*800)
			}
		})
	}
}
