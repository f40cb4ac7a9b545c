package desktop

import (
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/audio"
)

// heard is the master volume and the device a run with cfg, checked as
// Run checks it, gives its mixer (headless: no device either way).
func heard(t *testing.T, cfg Config) (volume float64, muted bool) {
	t.Helper()
	r := newRun(&goals{}, cfg)
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	s, err := openSound(&r.cfg, true, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	return s.mixer.Volume(audio.Master), r.cfg.Sound.Mute
}

// A zero volume is full volume in Run as on the command line, where
// -volume 0 is silence: Mute.
func TestAZeroVolumeIsFullInRunAndMainAlike(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   Config
		args  []string
		vol   float64
		muted bool
	}{
		{"zero", Config{}, nil, 1, false},
		{"half", Config{Sound: SoundOptions{Volume: 0.5}}, []string{"-volume", "0.5"}, 0.5, false},
		{"silent", Config{Sound: SoundOptions{Mute: true}}, []string{"-volume", "0"}, 1, true},
		{"muted", Config{Sound: SoundOptions{Mute: true}}, []string{"-mute"}, 1, true},
	} {
		vol, muted := heard(t, tc.cfg)
		parsed, err := parse(&goals{}, Config{}, tc.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		pvol, pmuted := heard(t, parsed)
		if vol != tc.vol || muted != tc.muted || pvol != tc.vol || pmuted != tc.muted {
			t.Errorf("%s: in code volume %v muted %v, as %v volume %v muted %v; want %v and %v",
				tc.name, vol, muted, tc.args, pvol, pmuted, tc.vol, tc.muted)
		}
	}
}

// Run checks Config.Net as the command line checks its flags, naming the
// fields.
func TestRunRefusesABadNetConfigNamingTheField(t *testing.T) {
	for _, tc := range []struct {
		net  NetOptions
		want string
	}{
		{NetOptions{Host: "127.0.0.1:1", Join: "127.0.0.1:2", Code: "abcdefgh"}, "Config.Net.Host and Config.Net.Join cannot be used together"},
		{NetOptions{Join: "127.0.0.1:2"}, "Config.Net.Join needs Config.Net.Code"},
		{NetOptions{Host: "127.0.0.1:1", InputDelay: 99}, "Config.Net.InputDelay"},
	} {
		r := newRun(&goals{}, Config{Net: tc.net})
		err := r.check()
		if err == nil || !errors.Is(err, ErrUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Run with Net %+v: %v, want a usage error saying %q", tc.net, err, tc.want)
		}
	}
}
