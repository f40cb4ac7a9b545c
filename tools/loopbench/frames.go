package main

import (
	"fmt"
	"io"
	"time"

	"golang.org/x/exp/trace"
)

// frames is what an execution trace of a run says about each frame: the
// engine makes every frame a task named "frame" with a region per loop
// phase.
type frames struct {
	Tasks    int            // "frame" tasks begun
	Regions  map[string]int // regions begun, by phase
	Presents []time.Duration
}

// intervals returns the time between consecutive presents.
func (f *frames) intervals() []time.Duration {
	if len(f.Presents) < 2 {
		return nil
	}
	out := make([]time.Duration, len(f.Presents)-1)
	for i := range out {
		out[i] = f.Presents[i+1] - f.Presents[i]
	}
	return out
}

// readFrames reads an execution trace. A present is the end of a
// "present" region; times are since the trace's first event.
func readFrames(r io.Reader) (*frames, error) {
	tr, err := trace.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("read trace: %w", err)
	}
	f := &frames{Regions: map[string]int{}}
	first, started := trace.Time(0), false
	for {
		ev, err := tr.ReadEvent()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read trace: %w", err)
		}
		if !started {
			first, started = ev.Time(), true
		}
		switch ev.Kind() {
		case trace.EventTaskBegin:
			if ev.Task().Type == "frame" {
				f.Tasks++
			}
		case trace.EventRegionBegin:
			f.Regions[ev.Region().Type]++
		case trace.EventRegionEnd:
			if ev.Region().Type == "present" {
				f.Presents = append(f.Presents, ev.Time().Sub(first))
			}
		}
	}
	return f, nil
}
