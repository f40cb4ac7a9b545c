//go:build box2d

package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics/backend"
)

// Box2D bounces the ball differently from Chipmunk, so it has tapes of its
// own, tested only in builds that have it.

func TestRecordingsEndAsPlannedOnBox2D(t *testing.T) { testRecordingsEndAsPlanned(t, backend.Box2D) }

func TestTapesReplayToTheirEndOnBox2D(t *testing.T) { testTapesReplayToTheirEnd(t, backend.Box2D) }
