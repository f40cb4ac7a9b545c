package desktop

import (
	"io"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// The defaults are filled in once, by the check, after the command line
// is parsed (the flags write over the Config's own values; only -h shows
// the defaults), so a default can follow what the command line gave. A
// longest frame follows -tps: at 2 ticks a second one tick (500ms) is
// longer than the quarter second it is at the default 60. A flag given
// 0 where 0 means the default takes the default. Parse's Config shows
// the defaults of the flags not given, but -max-frame's.
func TestTheCheckFillsInDefaultsThatFollowTheCommandLine(t *testing.T) {
	line, err := parse(&goals{}, Config{Name: "goals", Seed: 7}, []string{"-tps", "2", "-seed", "0", "-join-timeout", "0"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := line.checked.Loop.MaxFrame, 500*time.Millisecond; got != want {
		t.Errorf("checked Loop.MaxFrame at -tps 2 = %v, want one tick, %v", got, want)
	}
	if got := line.result().Loop.MaxFrame; got != 0 {
		t.Errorf("Parse's Loop.MaxFrame = %v, want 0 as given (its default follows -tps)", got)
	}
	if got := line.checked.Seed; got != 1 {
		t.Errorf("checked Seed after -seed 0 = %d, want 1 (0 means 1)", got)
	}
	if got, want := line.checked.Net.JoinTimeout, netplay.DefaultHandshake; got != want {
		t.Errorf("checked Net.JoinTimeout after -join-timeout 0 = %v, want the default %v", got, want)
	}
	if got := line.result().Loop.FPS; got != 60 {
		t.Errorf("Parse's Loop.FPS without -fps = %d, want the default -h shows, 60", got)
	}
	if line.checked.Logger == nil || line.checked.Output.StatsOut == nil {
		t.Errorf("checked Config without its Logger or StatsOut: the check must fill in every default")
	}
}

// The defaults -h shows are not checked: a Config that only the command
// line makes valid (a code, which needs -host, -join or -lobby) parses,
// and the one check names the flag when the command line leaves it
// invalid.
func TestOnlyTheParsedConfigIsChecked(t *testing.T) {
	cfg := Config{Name: "goals", MaxPlayers: 2, Net: NetOptions{Code: "eightchr"}}
	if _, err := parse(&goals{}, cfg, []string{"-host", "127.0.0.1:0"}, io.Discard); err != nil {
		t.Errorf("-host with the Config's code: %v, want no error", err)
	}
	_, err := parse(&goals{}, cfg, nil, io.Discard)
	if err == nil || err.Error() != "-code needs -host, -join or -lobby" {
		t.Errorf("the Config's code alone: %v, want the one check's error naming -code", err)
	}
}
