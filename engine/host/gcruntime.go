package host

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// gcRuntime is the part of the Go runtime an IdleGC reads and drives;
// tests hand it a fake whose collector runs only when told to, so that
// what IdleGC decides never depends on when the real one runs.
type gcRuntime interface {
	heap() heapState
	collect() time.Duration // a blocking, complete collection; how long it took
	setPercent(p int) int   // debug.SetGCPercent
}

// heapState is what IdleGC reads of the heap.
type heapState struct {
	allocs uint64 // bytes allocated in total
	live   uint64 // bytes that survived the last collection
	cycles uint64 // collections completed
}

// goRuntime is the real runtime. Its samples are kept so that reading
// them allocates nothing.
type goRuntime struct {
	samples [3]metrics.Sample
}

func newGoRuntime() *goRuntime {
	r := &goRuntime{}
	r.samples[0].Name = "/gc/heap/allocs:bytes"
	r.samples[1].Name = "/gc/heap/live:bytes"
	r.samples[2].Name = "/gc/cycles/total:gc-cycles"
	return r
}

func (r *goRuntime) heap() heapState {
	metrics.Read(r.samples[:])
	s := &r.samples
	return heapState{allocs: s[0].Value.Uint64(), live: s[1].Value.Uint64(), cycles: s[2].Value.Uint64()}
}

func (*goRuntime) collect() time.Duration {
	start := time.Now()
	runtime.GC()
	return time.Since(start)
}

func (*goRuntime) setPercent(p int) int { return debug.SetGCPercent(p) }
