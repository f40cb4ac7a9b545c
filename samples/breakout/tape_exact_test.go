package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics/backend"
)

// The exact engine bounces the ball its own way: the pilot plays each
// scenario on it too, and its tapes (recorded on amd64) replay to their
// end here on any CPU.

func TestRecordingsEndAsPlannedOnExact(t *testing.T) { testRecordingsEndAsPlanned(t, backend.Exact) }

func TestTapesReplayToTheirEndOnExact(t *testing.T) { testTapesReplayToTheirEnd(t, backend.Exact) }
