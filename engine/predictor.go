package engine

// Predictor is a game that can be drawn ahead of the input a netplay
// session has confirmed. The loop keeps the game itself as the verified
// timeline (ticked only with every player's confirmed input, never
// restored, the state that is hashed and recorded) and, each frame, copies
// it into a second instance and ticks that copy on to the present with the
// input known so far (a missing player's last input held), then draws the
// copy. Two copies of one state ticked with the same input must match each
// other bit for bit; they need not match the verified game, whose physics
// world a copy does not continue exactly.
type Predictor interface {
	// Fork returns a second instance of the game with state of its own
	// (its own physics world, on the same engine and Config), called once
	// before the first tick; its state is set by CopyFrom before every
	// use. A nil Predictor (and nil error) means the game cannot be
	// predicted after all (a wrapper around a game that is no Predictor).
	Fork() (Predictor, error)
	// CopyFrom makes the receiver's whole state that of src, an instance
	// of the same game (the verified one, or another fork): every field a
	// tick reads or writes, and its world through physics.World.CopyFrom.
	// It runs once a frame: once warm it should allocate nothing.
	CopyFrom(src Predictor) error
}
