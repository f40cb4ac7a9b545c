//go:build box2d && cgo

package backend

import (
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/box2d"
)

// box2dBuilt says this build has the Box2D backend.
const box2dBuilt = true

func openBox2D(cfg physics.Config) (physics.World, error) {
	w, err := box2d.New(cfg)
	if err != nil {
		return nil, err
	}
	return w, nil
}
