package desktop

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
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
	s, err := openSound(context.Background(), &r.cfg, true, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	return s.Mixer().Volume(audio.Master), r.cfg.Sound.Mute
}

// A zero volume is full volume in Run as on the command line, where
// -volume 0 is silence: Mute.
func TestAZeroVolumeIsFullInRunAndMainAlike(t *testing.T) {
	// No device: the test reads the mixer, and a named driver would have
	// openSound open one from this test's goroutine, not the main one.
	t.Setenv("SDL_AUDIODRIVER", "")
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
		pvol, pmuted := heard(t, parsed.cfg)
		if vol != tc.vol || muted != tc.muted || pvol != tc.vol || pmuted != tc.muted {
			t.Errorf("%s: in code volume %v muted %v, as %v volume %v muted %v; want %v and %v",
				tc.name, vol, muted, tc.args, pvol, pmuted, tc.vol, tc.muted)
		}
	}
}

// Run checks the whole Config, Net included, as the command line checks
// its flags, naming the fields where the command line names the flags.
func TestRunRefusesABadConfigNamingTheField(t *testing.T) {
	for _, tc := range []struct {
		cfg        Config
		args       []string
		run, flags string // what Run's error and Parse's say
	}{
		{Config{Net: NetOptions{Host: "127.0.0.1:1", Join: "127.0.0.1:2", Code: "abcdefgh"}},
			[]string{"-host", "127.0.0.1:1", "-join", "127.0.0.1:2", "-code", "abcdefgh"},
			"Config.Net.Host and Config.Net.Join cannot be used together", "-host and -join cannot be used together"},
		{Config{Net: NetOptions{Join: "127.0.0.1:2"}}, []string{"-join", "127.0.0.1:2"},
			"Config.Net.Join needs Config.Net.Code", "-join needs -code"},
		{Config{Net: NetOptions{Host: "127.0.0.1:1", InputDelay: 99}}, []string{"-host", "127.0.0.1:1", "-input-delay", "99"},
			"invalid value 99 for Config.Net.InputDelay", "invalid value 99 for -input-delay"},
		{Config{Loop: engine.Config{TPS: 20000}}, []string{"-tps", "20000"}, "invalid value 20000 for Config.Loop.TPS", "invalid value 20000 for -tps"},
		{Config{Loop: engine.Config{TPS: 2, MaxFrame: 100 * time.Millisecond}}, []string{"-tps", "2", "-max-frame", "100ms"},
			"one tick (500ms at Config.Loop.TPS 2)", "one tick (500ms at -tps 2)"},
		{Config{Sound: SoundOptions{Volume: 2}}, []string{"-volume", "2"}, "invalid value 2 for Config.Sound.Volume", "invalid value 2 for -volume"},
		{Config{GameFlags: []tape.Setting{{Name: "goals", Value: "0"}}}, []string{"-goals", "0"}, "invalid value 0 for -goals", "invalid value 0 for -goals"},
		{Config{LocalFlags: []string{"speed"}}, nil, "Config.LocalFlags names -speed, which is not one of the game's flags", "Config.LocalFlags names -speed"},
	} {
		r := newRun(&goals{}, tc.cfg)
		err := r.check()
		if err == nil || !errors.Is(err, ErrUsage) || !strings.Contains(err.Error(), tc.run) {
			t.Errorf("Run with %+v: %v, want a usage error saying %q", tc.cfg, err, tc.run)
		}
		base := Config{LocalFlags: tc.cfg.LocalFlags}
		if _, err := parse(&goals{}, base, tc.args, io.Discard); err == nil || !strings.Contains(err.Error(), tc.flags) {
			t.Errorf("%v: %v, want a usage error saying %q", tc.args, err, tc.flags)
		}
	}
}
