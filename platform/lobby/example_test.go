package lobby_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// Two peers with one code meet at a lobby; the first hosts. Each sends
// its ICE description to the other through the lobby, sealed.
func ExampleJoin() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := lobby.Join(ctx, "lobby.example.org:7000", "QWERTYUIOPASDFGH", lobby.Options{Players: 2})
	if err != nil {
		var le *lobby.Error
		if errors.As(err, &le) {
			fmt.Printf("%v: %s\n", le.Kind, le.Try) // for the window
		}
		return
	}
	defer c.Close()
	st, err := c.Wait(ctx, lobby.Status.Full)
	if err != nil {
		return
	}
	for _, slot := range st.Joined {
		if slot != c.Slot() {
			_ = c.Send(ctx, slot, []byte("my ICE candidates"))
		}
	}
	from, payload, err := c.Recv(ctx)
	fmt.Println(from, string(payload), err, c.Servers())
}
