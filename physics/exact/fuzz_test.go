package exact

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

func newFuzzWorld(cfg physics.Config) (physics.World, error) { return New(cfg) }

func FuzzAddBodyRefusesOrSimulates(f *testing.F) { physicstest.FuzzAddBody(f, newFuzzWorld) }

func FuzzAddJointRefusesOrSimulates(f *testing.F) { physicstest.FuzzAddJoint(f, newFuzzWorld) }
