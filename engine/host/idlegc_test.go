package host

import (
	"runtime/debug"
	"testing"
	"time"
)

// fakeRuntime is a heap whose collector runs only when the test says:
// IdleGC's decisions are then a function of the test's script alone.
type fakeRuntime struct {
	allocs, live, cycles uint64
	percent              int
	took                 time.Duration // what each blocking collection takes
	blocking             int           // blocking collections made
}

func (r *fakeRuntime) heap() heapState {
	return heapState{allocs: r.allocs, live: r.live, cycles: r.cycles}
}

func (r *fakeRuntime) collect() time.Duration {
	r.blocking++
	r.cycles++
	return r.took
}

func (r *fakeRuntime) setPercent(p int) int {
	old := r.percent
	r.percent = p
	return old
}

const mib = 1 << 20

func TestIdleGCCollectsOnlyWhenDueAndFitsAndRestoresGOGC(t *testing.T) {
	rt := &fakeRuntime{live: 2 * mib, percent: 100, took: 3 * time.Millisecond}
	g := newIdleGC(IdleGCConfig{MinGrowth: 4 * mib}, rt)
	if rt.percent != 400 {
		t.Fatalf("GC percent while an IdleGC runs is %d, want the backstop 400", rt.percent)
	}
	rt.allocs += 3 * mib // under due (4 MiB)
	if g.Collect(time.Second) {
		t.Fatal("collected 3 MiB of garbage, under the 4 MiB due")
	}
	rt.allocs += 2 * mib
	if !g.Collect(time.Second) {
		t.Fatal("did not collect 5 MiB of garbage with a second to spare")
	}
	if g.Collect(time.Second) {
		t.Error("collected with no garbage since the last collection")
	}
	rt.allocs += 5 * mib
	if g.Collect(4 * time.Millisecond) { // the last took 3 ms: 4.5 ms are wanted
		t.Error("collected a due heap in a budget shorter than the last collection and a half")
	}
	if !g.Collect(5 * time.Millisecond) {
		t.Error("did not collect a due heap when a frame had time for it")
	}
	s := g.Stats()
	if s.Collections != 2 || s.Forced != 0 || s.Overran != 0 || s.HandedOver != 0 || s.Max != 3*time.Millisecond || s.Total != 6*time.Millisecond {
		t.Errorf("stats %+v, want 2 collections of 3 ms, none forced, overrun or handed over", s)
	}
	g.Stop()
	if rt.percent != 100 {
		t.Errorf("GC percent after Stop is %d, want the 100 it replaced", rt.percent)
	}
}

// A scene that leaves no frame time for a collection: the IdleGC never
// blocks the loop for one, but hands collecting over to the runtime's
// concurrent collector (the GC percent of Growth) before the heap is due,
// and takes it back after a second of frames with time to spare.
func TestIdleGCHandsOverToTheRuntimeWhenFramesHaveNoSpareTime(t *testing.T) {
	rt := &fakeRuntime{live: 8 * mib, percent: 100, took: 12 * time.Millisecond}
	g := newIdleGC(IdleGCConfig{}, rt) // due: 8 MiB
	rt.allocs += 8 * mib
	if !g.Collect(16 * time.Millisecond) { // the first: its cost is unknown
		t.Fatal("did not make the first collection")
	}
	// Frames with 2 ms to spare, 1 MiB of garbage each.
	frames := 0
	for ; frames < 100 && rt.percent == 400; frames++ {
		rt.allocs += mib
		if g.Collect(2 * time.Millisecond) {
			t.Fatalf("frame %d: a blocking collection in a 2 ms budget, after one that took 12 ms", frames)
		}
	}
	if rt.percent != 100 || frames > 4 {
		t.Fatalf("GC percent %d after %d frames without spare time, want 100 (handed over) by half way to due (4 frames)", rt.percent, frames)
	}
	// The runtime collects by itself from here; the IdleGC stays out.
	for i := range 200 {
		rt.allocs += mib
		if i%8 == 7 {
			rt.cycles++
			rt.live = 8 * mib
		}
		if g.Collect(2 * time.Millisecond) {
			t.Fatalf("handed over, the IdleGC blocked for a collection at frame %d", i)
		}
	}
	// Frames with time to spare again: the IdleGC takes over after 60.
	for i := range takeBackAfter {
		if rt.percent != 100 {
			t.Fatalf("took back after %d frames with time to spare, want %d", i, takeBackAfter)
		}
		g.Collect(time.Second)
	}
	if rt.percent != 400 {
		t.Fatalf("GC percent %d after %d frames with time to spare, want the backstop 400", rt.percent, takeBackAfter)
	}
	s := g.Stats()
	if s.Collections != 1 || s.Forced != 0 || s.HandedOver != 1 || s.RuntimeCycles != 25 || rt.blocking != 1 {
		t.Errorf("stats %+v, %d blocking; want 1 collection, 1 hand-over, 25 runtime cycles, none forced", s, rt.blocking)
	}
}

// If the runtime, handed over to, lets the heap grow four times past due
// without collecting, the IdleGC blocks for a collection: memory stays
// bounded. That is a forced collection.
func TestIdleGCForcesACollectionOnlyWhenTheRuntimeDoesNot(t *testing.T) {
	rt := &fakeRuntime{live: 4 * mib, percent: 100, took: 10 * time.Millisecond}
	g := newIdleGC(IdleGCConfig{}, rt)
	rt.allocs += 4 * mib
	g.Collect(time.Second) // the first, 10 ms
	forcedAt := -1
	for i := range 40 {
		rt.allocs += mib
		if g.Collect(0) {
			forcedAt = i
			break
		}
	}
	if s := g.Stats(); forcedAt != 15 || s.Forced != 1 || s.Overran != 1 || s.HandedOver != 1 {
		t.Fatalf("forced at frame %d with stats %+v; want a forced, overrun collection at 16 MiB grown (frame 15), after one hand-over", forcedAt, s)
	}
}

// The real runtime, with a backstop so high that it never collects by
// itself here: IdleGC's own collection happens when due, whatever the
// runtime's timing, and costs nothing when none is due.
func TestIdleGCOnTheGoRuntime(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	g := NewIdleGC(IdleGCConfig{MinGrowth: 3 << 20, Growth: 0.01, Backstop: 1 << 30})
	// A collection the runtime runs by itself in between (its periodic
	// one, or another test's on a busy machine) rightly resets what is
	// due: try again then, but only then.
	collected := false
	for try := 0; try < 20 && !collected; try++ {
		cycles := g.Stats().RuntimeCycles
		garbage(4)
		collected = g.Collect(time.Second)
		if !collected && g.Stats().RuntimeCycles == cycles {
			t.Fatal("did not collect 4 MiB of garbage with a second to spare, and the runtime did not collect it either")
		}
	}
	if !collected {
		t.Fatalf("the runtime collected by itself before each of 20 tries (%d cycles)", g.Stats().RuntimeCycles)
	}
	if g.Collect(time.Second) {
		t.Error("collected with no garbage since the last collection")
	}
	if n := testing.AllocsPerRun(100, func() { g.Collect(time.Second) }); n != 0 {
		t.Errorf("Collect with nothing due allocated %v times, want 0", n)
	}
	g.Stop()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent after Stop is %d, want the 100 it replaced", got)
	}
}

var sink []byte

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
