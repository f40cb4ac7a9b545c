package engine

// Seater is a game with player slots (Config.Players) that splits the input of one machine into
// its player slots itself (two players on one keyboard, say). Without it
// the loop uses SeatLocal.
type Seater interface {
	// Seat fills players (one Input per slot, zeroed) from local.
	Seat(local *Input, players []Input)
}

// SeatLocal is how the loop splits the input of one machine into player
// slots when a game has no Seater: slot 0 gets the keyboard, the mouse,
// typed text and controller 0; slot k (k > 0) gets controller k, as its
// Pads[0]. Every slot gets the window size.
func SeatLocal(local *Input, players []Input) {
	if len(players) == 0 {
		return
	}
	players[0] = *local
	for i := 1; i < len(players[0].Pads); i++ {
		players[0].Pads[i] = Pad{}
	}
	for k := 1; k < len(players); k++ {
		p := &players[k]
		*p = Input{WindowWidth: local.WindowWidth, WindowHeight: local.WindowHeight}
		if k < MaxPads {
			p.Pads[0] = local.Pads[k]
		}
	}
}
