package engine

// Seater is a game with player slots (Config.Players) that splits the
// input of one machine into its player slots itself (two players on one
// keyboard, say). Without it the loop uses engine/host's SeatLocal: slot
// 0 gets the keyboard, the mouse, typed text and controller 0; slot k
// gets controller k.
type Seater interface {
	// Seat fills players (one Input per slot, zeroed) from local.
	Seat(local *Input, players []Input)
}
