package connect

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// A -host of a LateJoin game (its terms say so) is offered Enter on its
// waiting screen, to start with the players there; another host is not.
func TestAHostsWaitingScreenOffersEnterOnlyForALateJoinGame(t *testing.T) {
	for _, late := range []bool{false, true} {
		var screen *waitscreen.Screen
		opt := Transport{Options: transport.Options{Code: "ABCDEFGH12345678", Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: late}}}
		connector(&Options{Host: "127.0.0.1:0", Log: slog.New(slog.DiscardHandler)}, &opt, &screen) // not called: nothing listens
		if offers := strings.Contains(said(screen), waitscreen.StartHint); offers != late || (opt.Host.Start != nil) != late {
			t.Errorf("LateJoin %v: the screen says %q and Host.Start is set %v: want Enter offered %v", late, said(screen), opt.Host.Start != nil, late)
		}
	}
}
