package connect

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/waitscreen/waitscreentest"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

func TestJoinFailuresSayWhyInAPlayersTermsAndWhatToTry(t *testing.T) {
	usage := errors.New("bad command line")
	cannot := fmt.Errorf("%w: netplay: the host's -bot 7, which recordings cannot set", usage)
	o := &Options{Join: "192.0.2.7:7777", Usage: usage, Meet: Transport{Options: transport.Options{
		Code: "ABCDEFGH12345678", Local: netplay.Local{Handshake: time.Second}}}}
	for _, tc := range []struct {
		name string
		err  error
		want []string
	}{
		{"wrong code", fmt.Errorf("netplay: join x: %w: check it", transport.ErrWrongCode),
			[]string{"could not start the game", "the host at 192.0.2.7:7777 does not know the code ABCDEFGH12345678", "Try: check -code"}},
		{"no answer", fmt.Errorf("netplay: join x: %w within 1s", transport.ErrNoAnswer),
			[]string{"no answer from the host at 192.0.2.7:7777 within 1s", "Try: check that the host is running", "longer -join-timeout"}},
		{"full", fmt.Errorf("%w: takes no more players (%w, or it is busy)", transport.ErrRefused, transport.ErrFull),
			[]string{"has all the players its session takes", "Try: ask the host to start a new session"}},
		{"settings", fmt.Errorf("%w: this peer cannot run the host's settings: %w", transport.ErrRefused, cannot),
			[]string{"this game cannot run the host's settings", "Try: run the same game", "-bot"}},
		{"build", fmt.Errorf("%w: build \"a\" differs from the host's \"b\"", transport.ErrRefused),
			[]string{"refused to let this game join", "Try: run the very same game", "differs from the host's"}},
		{"lobby", lobbyFailure("x", transport.ErrNoPath), []string{"no network path between the players", "try again"}},
		{"under way", fmt.Errorf("%w: the place was given up (%w)", transport.ErrRefused, transport.ErrUnderWay),
			[]string{"is playing a session that cannot take this player in now", "Try: ask the host to start a new session", "the place was given up"}},
	} {
		waitscreentest.SaysAll(t, tc.name, waitscreen.FailureLines(failureWords(o, tc.err)...), tc.want...)
	}
	watcher := *o
	watcher.Meet.Local.Spectate = true
	full := fmt.Errorf("%w: the session has all the watchers it takes (16) (%w)", transport.ErrRefused, transport.ErrFull)
	waitscreentest.SaysAll(t, "spectators full", waitscreen.FailureLines(failureWords(&watcher, full)...), "has all the spectators it takes", "Try: watch again")
}
