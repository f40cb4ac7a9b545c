package desktop

import (
	"io"
	"testing"
	"time"
)

// The defaults are filled in twice from the command line, on purpose, in
// two different Configs: -h shows those of the Config Main was given, and
// the check fills in those of the parsed one, where a default can follow
// what the command line gave. A longest frame follows -tps: at 2 ticks a
// second one tick (500ms) is longer than the quarter second it is at the
// default 60. Without the check's own withDefaults the run would keep the
// quarter second, or no longest frame at all.
func TestTheCheckFillsInDefaultsThatFollowTheCommandLine(t *testing.T) {
	line, err := parse(&goals{}, Config{Name: "goals"}, []string{"-tps", "2"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := line.checked.Loop.MaxFrame, 500*time.Millisecond; got != want {
		t.Errorf("checked Loop.MaxFrame at -tps 2 = %v, want one tick, %v", got, want)
	}
	if got := line.cfg.Loop.MaxFrame; got != 0 {
		t.Errorf("Parse's Loop.MaxFrame = %v, want 0 as given (its default follows -tps)", got)
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
