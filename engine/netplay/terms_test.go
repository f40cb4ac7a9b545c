package netplay_test

import (
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Check is the one range check of the player count, input delay and
// tick rate; in a wish zero players are the host's, and a session's
// terms (WithDefaults) need a count.
func TestTermsCheckRefusesEachTermOutOfRangeNamingIt(t *testing.T) {
	for _, tc := range []struct {
		terms netplay.Terms
		what  string // "" accepted
	}{
		{netplay.Terms{}, ""},
		{netplay.Terms{Players: 2, InputDelay: netplay.MaxInputDelay, TPS: host.MaxTPS}, ""},
		{netplay.Terms{Players: 1}, "players"},
		{netplay.Terms{Players: host.MaxPlayers + 1}, "players"},
		{netplay.Terms{Players: 2, InputDelay: -1}, "input delay"},
		{netplay.Terms{Players: 2, InputDelay: netplay.MaxInputDelay + 1}, "input delay"},
		{netplay.Terms{Players: 2, TPS: host.MaxTPS + 1}, "tick rate"},
	} {
		err := tc.terms.Check()
		var re *netplay.RangeError
		switch {
		case tc.what == "" && err != nil:
			t.Errorf("%+v: %v, want accepted", tc.terms, err)
		case tc.what != "" && (!errors.As(err, &re) || re.What != tc.what):
			t.Errorf("%+v: %v, want a RangeError of the %s", tc.terms, err, tc.what)
		}
	}
	var re *netplay.RangeError
	if _, err := (netplay.Terms{}).WithDefaults(0); !errors.As(err, &re) || re.What != "players" {
		t.Errorf("a session's terms with no player count: %v, want a RangeError of the players", err)
	}
}
