package desktop_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

func TestNetplayFlagsAreCheckedNamingTheFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error; "" parses
	}{
		{[]string{"-host", "127.0.0.1:7777"}, ""},
		{[]string{"-join", "127.0.0.1:7777", "-code", "abcdefgh"}, ""},
		{[]string{"-host", "127.0.0.1:1", "-join", "127.0.0.1:2", "-code", "abcdefgh"}, "-host and -join cannot be used together"},
		{[]string{"-join", "127.0.0.1:7777"}, "-join needs -code"},
		{[]string{"-code", "abcdefgh"}, "-code needs -host, -join or -lobby"},
		{[]string{"-lobby", "127.0.0.1:7000"}, ""},
		{[]string{"-lobby", "127.0.0.1:7000", "-code", "abcdefgh", "-input-delay", "3"}, ""},
		{[]string{"-lobby", "127.0.0.1:7000", "-host", "127.0.0.1:1"}, "-lobby finds the host itself"},
		{[]string{"-lobby", "127.0.0.1:7000", "-join", "127.0.0.1:1", "-code", "abcdefgh"}, "-lobby finds the host itself"},
		{[]string{"-lobby", "127.0.0.1:7000", "-code", "short"}, "at least 8 characters"},
		{[]string{"-host", "127.0.0.1:1", "-code", "short"}, "at least 8 characters"},
		{[]string{"-host", "127.0.0.1:1", "-input-delay", "31"}, "-input-delay: want 0 (from the round trip) or 1 to 30"},
		{[]string{"-join", "127.0.0.1:1", "-code", "abcdefgh", "-input-delay", "3"}, "give it to the host"},
		{[]string{"-host", "127.0.0.1:1", "-duration", "5s"}, "use -ticks"},
		{[]string{"-host", "127.0.0.1:1", "-net-timeout", "100ms"}, "-net-timeout"},
	} {
		_, err := desktop.Parse(&box{}, desktop.Config{}, tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v, want it accepted", tc.args, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, desktop.ErrUsage)):
			t.Errorf("%v: %v, want a usage error saying %q", tc.args, err, tc.want)
		}
	}
}

// solo is a game without player slots.
type solo struct{}

func (solo) Tick(*engine.Tick) error                { return nil }
func (solo) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

var _ desktop.Game = solo{}

func TestNetplayNeedsAGameWithPlayers(t *testing.T) {
	code, stderr := run(solo{}, "-host", "127.0.0.1:0", "-headless")
	if code != 2 || !strings.Contains(stderr, "need a game with players") {
		t.Fatalf("exit %d, %q: want 2 saying the game has no players", code, stderr)
	}
}
