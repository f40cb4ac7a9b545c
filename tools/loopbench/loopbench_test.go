package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"runtime/trace"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"
)

func TestParseListsEveryRunInOrder(t *testing.T) {
	o, err := parse([]string{"-modes", "cap,uncapped", "-waits", "hybrid,spin", "-fps", "60,144", "-tps", "60"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range o.configs() {
		names = append(names, c.name())
	}
	want := "cap60-hybrid-tps60 cap60-spin-tps60 cap144-hybrid-tps60 cap144-spin-tps60 uncapped-tps60"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("runs %q, want %q", got, want)
	}
}

func TestParseRejectsBadValuesNamingTheFlag(t *testing.T) {
	for _, args := range [][]string{
		{"-modes", "cap,turbo"},
		{"-waits", "nap"},
		{"-fps", "0"},
		{"-tps", "sixty"},
		{"-bodies", "-3"},
		{"-duration", "10ms"},
		{"extra"},
	} {
		_, err := parse(args, &bytes.Buffer{})
		if err == nil {
			t.Fatalf("%q accepted", args)
		}
		if flag := strings.TrimPrefix(args[0], "-"); len(args) > 1 && !strings.Contains(err.Error(), flag) {
			t.Fatalf("%q: error %q does not name -%s", args, err, flag)
		}
	}
}

func TestRunArgsFollowTheSharedCommandLine(t *testing.T) {
	c := config{Mode: "cap", Wait: "sleep", FPS: 144, TPS: 120, Bodies: 500}
	got := strings.Join(c.args(true, 10*time.Second, "s.json", "t.out"), " ")
	want := "-mode cap -fps 144 -tps 120 -wait sleep -duration 10s -stats-json s.json -headless -bodies 500 -trace t.out"
	if got != want {
		t.Fatalf("args %q, want %q", got, want)
	}
}

// The engine makes each frame a task with a region per phase; loopbench
// takes the presents from the ends of the "present" regions.
func TestReadFramesFindsTasksAndPresents(t *testing.T) {
	if trace.IsEnabled() {
		t.Skip("a trace is already running")
	}
	var buf bytes.Buffer
	if err := trace.Start(&buf); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		ctx, task := trace.NewTask(context.Background(), "frame")
		for _, ph := range phaseOrder {
			trace.StartRegion(ctx, ph).End()
		}
		task.End()
	}
	trace.Stop()
	f, err := readFrames(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if f.Tasks != 5 || len(f.Presents) != 5 || f.Regions["wait"] != 5 {
		t.Fatalf("read %d tasks, %d presents, regions %v; want 5 of each", f.Tasks, len(f.Presents), f.Regions)
	}
	if iv := f.intervals(); len(iv) != 4 || iv[0] < 0 {
		t.Fatalf("intervals %v, want 4 of them, none negative", iv)
	}
}

func TestPhaseCPUSumsSamplesByPhaseLabel(t *testing.T) {
	fn := &profile.Function{ID: 1, Name: "main.f"}
	loc := &profile.Location{ID: 1, Line: []profile.Line{{Function: fn}}}
	sample := func(ns int64, phase string) *profile.Sample {
		s := &profile.Sample{Location: []*profile.Location{loc}, Value: []int64{1, ns}}
		if phase != "" {
			s.Label = map[string][]string{"phase": {phase}}
		}
		return s
	}
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Sample:     []*profile.Sample{sample(10e6, "wait"), sample(20e6, "physics"), sample(10e6, "wait"), sample(5e6, "")},
		Location:   []*profile.Location{loc},
		Function:   []*profile.Function{fn},
	}
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	m, err := phaseCPU(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if m["wait"] != 20*time.Millisecond || m["physics"] != 20*time.Millisecond || m[""] != 5*time.Millisecond {
		t.Fatalf("cpu by phase %v, want wait 20ms, physics 20ms, unlabelled 5ms", m)
	}
}

func TestLoopShareUsesOnlyTheSteadyPartOfTheRun(t *testing.T) {
	start := time.Unix(1000, 0)
	var s []cpuSample
	// Half a core during the loop (4 s from the start), idle after it.
	for i := range 120 {
		at := start.Add(time.Duration(i) * sampleEvery)
		run := min(at.Sub(start), 4*time.Second) / 2
		s = append(s, cpuSample{at: at, cpu: run, runq: run / 10})
	}
	got := loopShare(s, start, 4*time.Second)
	if !got.OK || got.CPU < 0.499 || got.CPU > 0.501 || got.RunQ < 0.0499 || got.RunQ > 0.0501 {
		t.Fatalf("share %+v, want CPU 0.5 and run queue 0.05", got)
	}
	if short := loopShare(s, start, 2*time.Second); short.OK {
		t.Fatalf("a 2 s loop gave %+v, want no figure (too short to settle)", short)
	}
}

func TestTablesAndPlotFromASummary(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "cap.json")
	const summaryJSON = `{"scene":"tumble","mode":"cap","mode_effective":"cap","fps_target":60,"tps":60,
"frames":600,"ticks":600,"wall_s":10,"fps":59.99,"frame_ms":{"p50":16.667,"p90":16.7,"p99":16.8,"max":17.5},
"late_us":{"p50":0.4,"p99":20,"max":80},"steps_per_frame":{"1":598,"0":1,"2":1},"phase_ms":{"physics":1500,"wait":8000,"render":300},
"cpu_s":0.25,"allocs_per_frame":0,"gc_cycles":0,"bodies":126}`
	if err := os.WriteFile(js, []byte(summaryJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := readSummary(js)
	if err != nil {
		t.Fatal(err)
	}
	r := &result{cfg: config{Mode: "cap", Wait: "hybrid", FPS: 60, TPS: 60}, sum: sum, json: js,
		loop:     threadShare{CPU: 0.2, OK: true},
		phases:   map[string]time.Duration{"physics": 1500 * time.Millisecond, "wait": 30 * time.Millisecond},
		profWall: 10 * time.Second}
	sleep := &result{cfg: config{Mode: "cap", Wait: "sleep", FPS: 60, TPS: 60}, sum: sum, json: js,
		loop: threadShare{CPU: 0.15, OK: true}}
	setBaselines([]*result{r, sleep})
	if r.base != sleep || sleep.base != sleep {
		t.Fatal("the capped runs' baseline is not the sleep run of their configuration")
	}
	var out bytes.Buffer
	writeRun(&out, r)
	writeComparison(&out, []*result{r})
	for _, want := range []string{"mean rate off by -0.0167%", "0:1 1:598 2:1", "5.00% of a core: the loop thread's CPU less the sleep run's (cap60-sleep-tps60)", "wait 0.30", "cap60-hybrid-tps60"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("tables lack %q:\n%s", want, out.String())
		}
	}
	var presents []time.Duration
	for i := range 100 {
		presents = append(presents, time.Duration(i)*time.Second/60)
	}
	presents = append(presents, presents[99]+time.Second) // a stall, drawn off scale
	path := filepath.Join(dir, "frames.png")
	if err := plotFrames(path, []series{{Title: "cap", Target: time.Second / 60, Presents: presents}, {Title: "uncapped", Presents: presents}}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("plot is not a PNG: %v", err)
	}
	svg := filepath.Join(dir, "frames.svg")
	if err := plotFrames(svg, []series{{Title: "cap", Target: time.Second / 60, Presents: presents}}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("plot %s is not an SVG (%v)", svg, err)
	}
}
