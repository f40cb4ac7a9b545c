package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// result is one run's figures.
type result struct {
	cfg      config
	sum      summary
	json     string                   // where its summary is
	loop     threadShare              // the loop thread's CPU and run-queue wait
	phases   map[string]time.Duration // CPU by loop phase from the traced run's profile; nil without
	profWall time.Duration            // that run's length
	base     *result                  // the -wait sleep run of the same configuration, if any
	frames   *frames                  // from the traced run; nil without one
}

// cpuPct is the process's CPU time per wall second, in % of one core.
func (r *result) cpuPct() float64 { return pct(r.sum.CPUS, r.sum.WallS) }

// phasePct is the CPU the profile saw in phase ph (all labelled phases but
// the wait for "work"), in % of one core.
func (r *result) phasePct(ph string) float64 {
	var d time.Duration
	for p, v := range r.phases {
		if p == ph || (ph == "work" && p != "wait" && p != "") {
			d += v
		}
	}
	return pct(d.Seconds(), r.profWall.Seconds())
}

// pacingPct is what pacing costs beyond the scene's own work, in % of one
// core: the loop thread's CPU less that of the same frames paced by a
// plain time.Sleep (ok false without both figures).
func (r *result) pacingPct() (float64, bool) {
	if !r.loop.OK || r.base == nil || !r.base.loop.OK {
		return 0, false
	}
	return 100 * (r.loop.CPU - r.base.loop.CPU), true
}

// setBaselines points each capped run at the first sleep run of its
// configuration.
func setBaselines(rs []*result) {
	key := func(c config) config { c.Wait, c.Rep = "", 0; return c }
	base := map[config]*result{}
	for _, r := range rs {
		if r.cfg.Mode == "cap" && r.cfg.Wait == "sleep" && base[key(r.cfg)] == nil {
			base[key(r.cfg)] = r
		}
	}
	for _, r := range rs {
		if r.cfg.Mode == "cap" {
			r.base = base[key(r.cfg)]
		}
	}
}

// rateOffPct is how far the mean frame rate is from the target, in %.
func (r *result) rateOffPct() (float64, bool) {
	if r.sum.FPSTarget <= 0 || r.sum.FPS <= 0 {
		return 0, false
	}
	return 100 * (r.sum.FPS/r.sum.FPSTarget - 1), true
}

func pct(a, b float64) float64 {
	if b <= 0 {
		return 0
	}
	return 100 * a / b
}

// describe names the run for a person.
func (c config) describe() string {
	var b strings.Builder
	switch c.Mode {
	case "cap":
		fmt.Fprintf(&b, "cap %d Hz, wait %s", c.FPS, c.Wait)
	case "vsync":
		fmt.Fprintf(&b, "vsync (fallback waits %s)", c.Wait)
	default:
		b.WriteString(c.Mode)
	}
	fmt.Fprintf(&b, ", %d ticks/s", c.TPS)
	if c.Bodies > 0 {
		fmt.Fprintf(&b, ", -bodies %d", c.Bodies)
	}
	if c.Rep > 0 {
		fmt.Fprintf(&b, ", run %d", c.Rep)
	}
	return b.String()
}

// writeRun prints one run's table.
func writeRun(w io.Writer, r *result) {
	s := &r.sum
	fmt.Fprintf(w, "\n== %s  (%s, %d bodies, %s on %s; %s)\n", r.cfg.describe(), s.Scene, s.Bodies, s.Renderer, s.VideoDriver, r.json)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "mode\t%s (effective %s)\n", s.Mode, s.ModeEffective)
	line := fmt.Sprintf("fps\t%.3f over %.2f s, %d frames", s.FPS, s.WallS, s.Frames)
	if off, ok := r.rateOffPct(); ok {
		line += fmt.Sprintf("; target %.3f, mean rate off by %+.4f%%", s.FPSTarget, off)
	}
	fmt.Fprintln(tw, line)
	line = fmt.Sprintf("frame interval ms\tp50 %.3f  p90 %.3f  p99 %.3f  max %.3f", s.FrameMS.P50, s.FrameMS.P90, s.FrameMS.P99, s.FrameMS.Max)
	if s.FPSTarget > 0 {
		t := 1000 / s.FPSTarget
		line += fmt.Sprintf("  (target %.3f: p50 %+.3f, p99 %+.3f, max %+.3f)", t, s.FrameMS.P50-t, s.FrameMS.P99-t, s.FrameMS.Max-t)
	}
	fmt.Fprintln(tw, line)
	if s.FPSTarget > 0 && s.ModeEffective != "vsync" {
		fmt.Fprintf(tw, "late after deadline µs\tp50 %.1f  p99 %.1f  max %.1f\n", s.LateUS.P50, s.LateUS.P99, s.LateUS.Max)
	}
	fmt.Fprintf(tw, "ticks per frame\t%s  (bailouts %d, dropped %.1f ms)\n", s.stepsHistogram(), s.Bailouts, s.DroppedMS)
	var ph strings.Builder
	for _, p := range s.phases() {
		if s.Frames > 0 {
			fmt.Fprintf(&ph, "%s %.1f  ", p, 1000*s.PhaseMS[p]/float64(s.Frames))
		}
	}
	fmt.Fprintf(tw, "phase µs/frame\t%s\n", strings.TrimSpace(ph.String()))
	line = fmt.Sprintf("cpu %% of a core\tprocess %.2f", r.cpuPct())
	if r.loop.OK {
		line += fmt.Sprintf("; loop thread %.2f on a CPU, %.2f waiting for one", 100*r.loop.CPU, 100*r.loop.RunQ)
	}
	fmt.Fprintln(tw, line)
	if p, ok := r.pacingPct(); ok {
		fmt.Fprintf(tw, "pacing cost\t%.2f%% of a core: the loop thread's CPU less the sleep run's (%s)\n", p, r.base.cfg.name())
	}
	if r.phases != nil {
		var b strings.Builder
		for _, p := range s.phases() {
			fmt.Fprintf(&b, "%s %.2f  ", p, r.phasePct(p))
		}
		fmt.Fprintf(&b, "unlabelled %.2f", r.phasePct(""))
		fmt.Fprintf(tw, "profiled cpu %% (traced run)\t%s\n", b.String())
	}
	fmt.Fprintf(tw, "allocations\t%.2f per frame\n", s.AllocsPerFrame)
	fmt.Fprintf(tw, "gc\t%d cycles, %.3f ms paused in all\n", s.GCCycles, s.GCPauseMS)
	if f := r.frames; f != nil {
		fmt.Fprintf(tw, "trace\t%d frame tasks; regions %s\n", f.Tasks, regionCounts(f.Regions))
	}
	tw.Flush()
}

func regionCounts(m map[string]int) string {
	var b strings.Builder
	for _, p := range phaseOrder {
		if n, ok := m[p]; ok {
			fmt.Fprintf(&b, "%s %d  ", p, n)
		}
	}
	return strings.TrimSpace(b.String())
}

// writeComparison prints every run in one table.
func writeComparison(w io.Writer, rs []*result) {
	fmt.Fprintln(w, "\n== all runs (in % of one core: cpu, the process; thread, the loop thread on a CPU; runq, it waiting for one; pacing, thread less the sleep run's; wait prof, CPU profiled in the wait phase of the traced run)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "run\tfps\trate off %\tframe p50 ms\tp99\tmax\tlate p50 µs\tp99\tmax\tcpu\tthread\trunq\tpacing\twait prof\tallocs/frame\tgc\t")
	for _, r := range rs {
		s := &r.sum
		off := "-"
		if o, ok := r.rateOffPct(); ok {
			off = fmt.Sprintf("%+.4f", o)
		}
		late := "-\t-\t-"
		if s.FPSTarget > 0 && s.ModeEffective != "vsync" {
			late = fmt.Sprintf("%.1f\t%.1f\t%.1f", s.LateUS.P50, s.LateUS.P99, s.LateUS.Max)
		}
		pace, prof := "-", "-"
		if p, ok := r.pacingPct(); ok {
			pace = fmt.Sprintf("%.2f", p)
		}
		if r.phases != nil {
			prof = fmt.Sprintf("%.2f", r.phasePct("wait"))
		}
		thread, runq := "-", "-"
		if r.loop.OK {
			thread, runq = fmt.Sprintf("%.2f", 100*r.loop.CPU), fmt.Sprintf("%.2f", 100*r.loop.RunQ)
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%s\t%.3f\t%.3f\t%.3f\t%s\t%.2f\t%s\t%s\t%s\t%s\t%.2f\t%d\t\n",
			r.cfg.name(), s.FPS, off, s.FrameMS.P50, s.FrameMS.P99, s.FrameMS.Max, late,
			r.cpuPct(), thread, runq, pace, prof, s.AllocsPerFrame, s.GCCycles)
	}
	tw.Flush()
}
