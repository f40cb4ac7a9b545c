package main

import (
	"fmt"
	"io"
	"time"

	"github.com/google/pprof/profile"
)

// phaseCPU sums a CPU profile's samples by the engine's "phase" label.
// Samples without one (the garbage collector's workers, the runtime) are
// under "". The profiler counts each thread's CPU time, kernel time
// included, and never time asleep or waiting to run, so the "wait" phase's
// share is what pacing costs in CPU.
func phaseCPU(r io.Reader) (map[string]time.Duration, error) {
	p, err := profile.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("read cpu profile: %w", err)
	}
	cpu := -1
	for i, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			cpu = i
		}
	}
	if cpu < 0 {
		return nil, fmt.Errorf("read cpu profile: no cpu/nanoseconds sample type")
	}
	out := map[string]time.Duration{}
	for _, s := range p.Sample {
		ph := ""
		if v := s.Label["phase"]; len(v) > 0 {
			ph = v[0]
		}
		out[ph] += time.Duration(s.Value[cpu])
	}
	return out, nil
}
