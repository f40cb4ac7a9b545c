package physics

// Copier makes a world continue from another world's state: the way a
// run draws a predicted timeline beside the verified one, copying the
// verified world into a second world every frame and stepping the copy
// ahead.
//
// A copy holds the same bodies under the same IDs with the same User
// values, shapes, filters, kinds, positions, angles, velocities, pending
// forces and sleeping state, and the same joints under the same IDs; the
// next BodyID and JointID it hands out are the ones src would hand out, so
// a game's stored IDs stay valid in the copy and a body the game adds to
// the copy gets the ID the same body gets in src. A copy also carries the
// contacts and joint impulses its engine warm starts with. What an engine
// keeps hidden and cannot hand over (the internal order of its broad
// phase) is rebuilt, not copied: a copy does not
// continue src's trajectory bit for bit, but drifts from it slowly (a
// settled pile of 300 bodies, 8 steps after a copy, is within 1e-5 of src
// on Chipmunk and 3e-4 on Box2D), and two copies of one state, stepped
// alike, agree with each other bit for bit, whatever the receiving worlds
// held before. (physics/exact hides nothing: its copies carry the broad
// phase's order too and continue src's trajectory bit for bit.)
type Copier interface {
	// CopyFrom makes the world hold what src holds, reusing the memory it
	// already has: once it has held a world as large, copying allocates
	// nothing. src must be a world of the same backend made with an equal
	// Config (Gravity, Damping, Iterations, UnitsPerMeter and Sleep, with
	// zero values read as their defaults); OnContact may differ, and each
	// world keeps its own. src is left as it was (a Teleported mark
	// pending in src is pending in the copy too). CopyFrom fails with an
	// error wrapping ErrInvalid for a src of another backend or Config, or
	// a closed world, and with ErrBusy from inside either world's
	// OnContact; on error the receiver is left as it was. Copying a world
	// into itself does nothing.
	CopyFrom(src World) error
}
