package main

import (
	"testing"
	"time"
)

// changesShown measures a change from its instant to the first frame
// whose marker moved the new way: frames that hold still or still move
// the old way do not count, a correction's jump back does, and a change
// made before the one before it showed is not measured (nor does it
// take the earlier change's frames for its own).
func TestChangesShownFindsTheFirstFrameMovingTheNewWay(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	// Slot 1's marker: right until 51 ms, held at 68, left from 85 (a
	// predicted copy's jump back), right from 170, left at 204, right
	// from 221.
	xs := []int64{0, 1, 2, 3, 3, 1, 0, -1, -2, -3, -2, -1, -2, -1, 0}
	var frames []latencyFrame
	for i, x := range xs {
		frames = append(frames, latencyFrame{at: at(17 * i), x: [maxPlayers]int64{100, x}})
	}
	presses := []latencyPress{
		{at: at(40), dir: -1},  // shows at 85
		{at: at(150), dir: 1},  // shows at 170
		{at: at(160), dir: -1}, // made before the one at 150 showed; shows at 204
		{at: at(180), dir: 1},  // made before the one at 160 showed; shows at 221
		{at: at(230), dir: -1}, // never shown
	}
	shown, skipped := changesShown(presses, frames, 1)
	want := []time.Duration{45 * time.Millisecond, 20 * time.Millisecond}
	if len(shown) != len(want) || skipped != 3 {
		t.Fatalf("shown %v, %d skipped: want %v and 3", shown, skipped, want)
	}
	for i := range want {
		if shown[i] != want[i] {
			t.Errorf("change %d shown after %v, want %v", i, shown[i], want[i])
		}
	}
	if other, _ := changesShown(presses, frames, 0); len(other) != 0 {
		t.Errorf("slot 0's marker never moved, yet changes were seen on it: %v", other)
	}
}
