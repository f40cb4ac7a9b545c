//go:build !box2d || !cgo

package backend

import "github.com/lockstep-engine/lockstep/physics"

// box2dBuilt says this build has the Box2D backend: not without the box2d
// build tag.
const box2dBuilt = false

// openBox2D is never called: Available refuses Box2D first.
func openBox2D(physics.Config) (physics.World, error) { return nil, errNoBox2D() }
