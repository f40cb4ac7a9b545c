//go:build box2d

package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics/backend"
)

func TestBreakoutCopiesAreWholeOnBox2D(t *testing.T) { testCopiesAreWhole(t, backend.Box2D) }

func TestRecordedGamesPassTheSyncTestModeOnBox2D(t *testing.T) {
	testRecordedGamesPassTheSyncTestMode(t, backend.Box2D)
}
