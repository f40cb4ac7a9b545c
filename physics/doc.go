// Package physics defines what the engine needs from a physics engine: a
// world it steps at a fixed dt, the state of every body copied out after each
// tick into a buffer the caller owns, and the blend that draws a frame between
// two ticks. Backends live in subpackages (physics/chipmunk); the engine
// imports only this package, never a backend.
package physics
