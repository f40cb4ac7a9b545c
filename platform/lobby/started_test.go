package lobby

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// A player who arrives with the code of a game that is being played
// meets its host (who stays in the room for the session) in a guest
// seat; once the host has left, the game has ended, and a player is told
// it started or ended, not only that it ended: versus's third player was
// told "the game with this code has ended" while the other two played
// on.
func TestLateArrivalHearsTheGameHasStarted(t *testing.T) {
	addr, _ := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100, Rate: 1000})
	ctx := testContext(t)
	host := joinT(t, addr, "started-room-code", Options{Players: 2})
	joinT(t, addr, "started-room-code", Options{})
	if late := joinT(t, addr, "started-room-code", Options{}); late.Slot() != 2 {
		t.Fatalf("a third peer while the host is in the room took seat %d, want the guest seat 2", late.Slot())
	}
	if err := host.Close(); err != nil { // the session ends: the host leaves the lobby
		t.Fatal(err)
	}
	_, err := Join(ctx, addr, "started-room-code", Options{Logger: quiet()})
	if !errors.Is(err, ErrRoomClosed) {
		t.Fatalf("a fourth peer after the host left: %v, want ErrRoomClosed", err)
	}
	if !strings.Contains(err.Error(), "started") {
		t.Errorf("a fourth peer after the host left is told %q: want it to say the game has started", err)
	}
}
