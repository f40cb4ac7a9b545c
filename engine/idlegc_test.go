package engine

import (
	"runtime/debug"
	"testing"
	"time"
)

var sink []byte

func TestIdleGCCollectsOnlyWhenDueAndRestoresGOGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)

	g := NewIdleGC(IdleGCConfig{MinGrowth: 3 << 20, Growth: 0.01})
	if got := debug.SetGCPercent(400); got != 400 {
		t.Errorf("GC percent while an IdleGC runs is %d, want the backstop 400", got)
	}
	garbage(4)
	if !g.Collect(time.Second) {
		t.Fatal("did not collect 4 MiB of garbage with a second to spare")
	}
	if g.Collect(time.Second) {
		t.Error("collected with no garbage since the last collection")
	}
	if n := testing.AllocsPerRun(100, func() { g.Collect(time.Second) }); n != 0 {
		t.Errorf("Collect with nothing due allocated %v times, want 0", n)
	}
	garbage(4)
	if g.Collect(0) {
		t.Error("collected a due heap with no budget for it")
	}
	if !g.Collect(time.Second) {
		t.Error("did not collect 4 MiB of garbage with a second to spare")
	}
	garbage(8) // more than twice due
	if !g.Collect(0) {
		t.Error("did not collect a twice overdue heap")
	}
	if s := g.Stats(); s.Collections != 3 || s.Forced != 1 || s.Max <= 0 {
		t.Errorf("stats %+v, want 3 timed collections, 1 of them forced", s)
	}
	g.Stop()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent after Stop is %d, want the 100 it replaced", got)
	}
}

// garbage allocates mib MiB and drops it.
func garbage(mib int) {
	for range 16 * mib {
		sink = make([]byte, 64<<10)
	}
	sink = nil
}

func BenchmarkIdleGCCollectNotDue(b *testing.B) {
	g := NewIdleGC(IdleGCConfig{MinGrowth: 1 << 40})
	defer g.Stop()
	b.ReportAllocs()
	for b.Loop() {
		g.Collect(time.Millisecond)
	}
}
