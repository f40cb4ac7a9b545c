package main

import (
	"fmt"
	"io"
	"time"

	"github.com/lockstep-engine/lockstep/engine/framefile"
)

// writeTable prints the n slowest frames, slowest first: when, how long,
// what ran in them, and their phases' wall and CPU milliseconds.
func writeTable(w io.Writer, f *framefile.File, n int) {
	var total time.Duration
	for _, fr := range f.Frames {
		total += fr.Duration
	}
	fmt.Fprintf(w, "%s: %d frames, %.2fs, %d ticks a second\n", f.Scene, len(f.Frames), total.Seconds(), f.TPS)
	fmt.Fprintf(w, "%4s %8s %8s %9s %5s %12s %6s  %s\n", "rank", "frame", "tick", "ms", "ticks", "gc (ms)", "hitch", "phases ms wall/cpu")
	for rank, i := range slowest(f, n) {
		fr := f.Frames[i]
		gc := "-"
		if fr.GCs > 0 {
			gc = fmt.Sprintf("%d (%.2f)", fr.GCs, ms(fr.GCPause))
		}
		hitch := ""
		if fr.Hitch {
			hitch = "yes"
		}
		fmt.Fprintf(w, "%4d %8d %8d %9.2f %5d %12s %6s ", rank+1, fr.N, fr.Tick, ms(fr.Duration), fr.Steps, gc, hitch)
		for p, d := range fr.Wall {
			if d >= 50*time.Microsecond {
				fmt.Fprintf(w, " %s %.2f/%.2f", f.Phases[p], ms(d), ms(fr.CPU[p]))
			}
		}
		if fr.Resimulated > 0 || fr.Copied {
			fmt.Fprintf(w, "  predicted %d (copied %v)", fr.Resimulated, fr.Copied)
		}
		fmt.Fprintln(w)
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
