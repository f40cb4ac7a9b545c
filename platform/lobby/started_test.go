package lobby

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// A player who arrives with the code of a game that is being played (its
// players met and left the lobby to play) is told the game has started,
// not only that it ended: versus's third player was told "the game with
// this code has ended" while the other two played on.
func TestLateArrivalHearsTheGameHasStarted(t *testing.T) {
	addr, _ := serve(t, ServerConfig{PollWait: 50 * time.Millisecond, JoinRate: 100})
	ctx := testContext(t)
	host := joinT(t, addr, "started-room-code", Options{Players: 2})
	guest := joinT(t, addr, "started-room-code", Options{})
	if err := host.Close(); err != nil { // the game starts: the host leaves the lobby
		t.Fatal(err)
	}
	_ = guest
	_, err := Join(ctx, addr, "started-room-code", Options{Logger: quiet()})
	if !errors.Is(err, ErrRoomClosed) {
		t.Fatalf("a third peer after the game started: %v, want ErrRoomClosed", err)
	}
	if !strings.Contains(err.Error(), "started") {
		t.Errorf("a third peer after the game started is told %q: want it to say the game has started", err)
	}
}
