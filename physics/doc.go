// Package physics defines what the engine needs from a physics engine: a
// world it steps at a fixed dt, the state of every body copied out after each
// tick into a buffer the caller owns, and the blend that draws a frame between
// two ticks. Backends live in subpackages (physics/chipmunk, physics/box2d,
// physics/exact); the engine imports only this package, never a backend.
//
// Scenes describe what they build with this package's plain values
// (BodyDef, Shape, JointDef, Config) and learn what happened through its
// values too (BodyState, Contact) and its errors (ErrInvalid, ErrNoBody,
// ErrNoJoint, ErrBusy, ErrDiverged), so a scene moves between backends by
// changing the one line that makes the world.
//
// A game keeps its own things with the bodies (BodyDef.User, World.User)
// and asks a contact for the other body (Contact.Other) rather than keeping
// a map of IDs. Both backends refuse the same arguments (numbers beyond
// what Box2D's single precision holds, at Config.UnitsPerMeter; polygons
// too thin to simulate), and removing bodies costs them O(n) each inside
// the engines themselves: World.Clear empties a level at once.
//
// World.CopyFrom makes one world continue from another's state, reusing
// its memory (see Copier): a run predicting ahead of its verified timeline
// copies the verified world into a second one every frame and steps the
// copy. Chipmunk and Box2D cannot save or clone their hidden state (cached
// contact impulses, the order of their broad phase), so their copies are
// rebuilt from what can be read and set, in ID order: they do not continue
// the source's trajectory bit for bit, but two copies of one state stepped
// alike agree with each other bit for bit, whatever the worlds held before.
// The third backend, physics/exact, copies its whole state, so its copies
// continue exactly as the source would; it also computes the same bits on
// every CPU and system.
package physics
