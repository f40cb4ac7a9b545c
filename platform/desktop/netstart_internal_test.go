package desktop

import (
	"log/slog"
	"testing"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Config.Net.ListenAll, which no flag sets, is what makes a lobby peer
// listen on every interface: the session's options carry it, and
// nothing else turns it on.
func TestOnlyAGameThatAsksListensOnEveryInterface(t *testing.T) {
	for _, all := range []bool{false, true} {
		r := newRun(nil, Config{Net: NetOptions{Lobby: "203.0.113.1:7000", ListenAll: all}})
		r.log = slog.New(slog.DiscardHandler)
		if got := r.sessionOptions(netplay.Local{}).ListenAll; got != all {
			t.Errorf("Config.Net.ListenAll %v: the session's ListenAll is %v", all, got)
		}
	}
}
