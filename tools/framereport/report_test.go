package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/framefile"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// knownRun writes a run of 200 frames: each 4 ms of physics and 2 ms of
// present; frame 120 draws for 40 ms more and is a hitch; frame 30 ends
// a collection.
func knownRun(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "known.frames")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := framefile.NewWriter(f, "known", 60)
	if err != nil {
		t.Fatal(err)
	}
	for n := range uint64(200) {
		r := host.FrameRecord{N: n, Tick: n, Steps: 1}
		r.Wall[host.PhasePhysics], r.CPU[host.PhasePhysics] = 4*time.Millisecond, 4*time.Millisecond
		r.Wall[host.PhasePresent] = 2 * time.Millisecond
		if n == 120 {
			r.Wall[host.PhaseRender], r.CPU[host.PhaseRender] = 40*time.Millisecond, 39*time.Millisecond
		}
		if n == 30 {
			r.GCs, r.GCPause = 1, 300*time.Microsecond
		}
		for _, d := range r.Wall {
			r.Duration += d
		}
		if err := w.Frame(&r, n == 120); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestTheReportDrawsEachFramesPhasesAndMarksWhereTheyHappened(t *testing.T) {
	in := knownRun(t)
	out := filepath.Join(t.TempDir(), "known.png")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", out, "-width", "1200", in}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	img := readPNG(t, out)
	f := readFrames(t, in)
	l := newLayout(f, 1200)
	if l.perCol != 1 || l.top != 50*time.Millisecond {
		t.Fatalf("layout: %d frames a column, top %v; want 1 and 50ms (46 ms, rounded up)", l.perCol, l.top)
	}
	at := func(frame, y int) color.RGBA {
		_, x := l.column(frame)
		return color.RGBAModel.Convert(img.At(x+l.colW/2-1, y)).(color.RGBA)
	}
	// A pixel height of the plot is 50 ms / (y1-y0).
	px := func(d time.Duration) int { return l.height(d) }
	for _, c := range []struct {
		what  string
		frame int
		y     int
		want  color.RGBA
	}{
		{"frame 10's physics, at its bottom", 10, l.y1 - px(2*time.Millisecond), phaseColours["physics"]},
		{"frame 10's present, above physics", 10, l.y1 - px(5*time.Millisecond), phaseColours["present"]},
		{"nothing above frame 10's 6 ms", 10, l.y1 - px(20*time.Millisecond), background},
		{"frame 120's render, above its physics", 120, l.y1 - px(20*time.Millisecond), phaseColours["render"]},
		{"frame 120's present, on top", 120, l.y1 - px(45*time.Millisecond), phaseColours["present"]},
		{"the collection's mark under frame 30", 30, l.y1 + gcStripY + stripH/2, gcMark},
		{"no collection under frame 31", 31, l.y1 + gcStripY + stripH/2, background},
		{"the hitch's mark under frame 120", 120, l.y1 + hitchStrip + stripH/2, hitchMark},
		{"no hitch under frame 30", 30, l.y1 + hitchStrip + stripH/2, background},
	} {
		if got := at(c.frame, c.y); got != c.want {
			t.Errorf("%s: colour %v at y %d, want %v", c.what, got, c.y, c.want)
		}
	}
	// With -cpu, frame 120's render is 39 ms, and its present (no CPU)
	// is gone: above 40 ms there is nothing.
	cpuImg := render(f, 1200, true)
	_, x := l.column(120)
	for _, c := range []struct {
		y    int
		want color.RGBA
	}{{l.y1 - px(30*time.Millisecond), phaseColours["render"]}, {l.y1 - px(45*time.Millisecond), background}} {
		if got := color.RGBAModel.Convert(cpuImg.At(x+l.colW/2-1, c.y)).(color.RGBA); got != c.want {
			t.Errorf("-cpu: frame 120 at y %d: %v, want %v", c.y, got, c.want)
		}
	}
	if !inkAbove(img, &l, 120) {
		t.Error("frame 120, the slowest, is not labelled above its bar")
	}
	table := stdout.String()
	lines := strings.Split(table, "\n")
	if len(lines) < 3 || !strings.Contains(lines[2], " 120 ") || !strings.Contains(lines[2], "render 40.00/39.00") || !strings.Contains(lines[2], "yes") {
		t.Errorf("the table's first row is not frame 120, a hitch, with its render time:\n%s", table)
	}
	if n := strings.Count(table, "\n"); n != 2+10+1 {
		t.Errorf("the table has %d lines, want a heading, 10 rows and the picture's name:\n%s", n, table)
	}
}

// inkAbove reports whether text was drawn just above frame i's bar.
func inkAbove(img image.Image, l *layout, i int) bool {
	_, x := l.column(i)
	top := l.y1 - l.height(46*time.Millisecond)
	for y := top - 16; y < top; y++ {
		for dx := -6; dx < 20; dx++ {
			if color.RGBAModel.Convert(img.At(x+dx, y)).(color.RGBA) == ink {
				return true
			}
		}
	}
	return false
}

func TestAManyFramedRunShowsEachColumnsWorstFrame(t *testing.T) {
	f := &framefile.File{Scene: "many", TPS: 60, Phases: []string{"physics", "render"}}
	for n := range 10000 {
		fr := framefile.Frame{N: uint64(n), Wall: []time.Duration{time.Millisecond, 0}, CPU: make([]time.Duration, 2)}
		if n == 5003 {
			fr.Wall[1] = 30 * time.Millisecond
		}
		fr.Duration = fr.Wall[0] + fr.Wall[1]
		f.Frames = append(f.Frames, fr)
	}
	img := render(f, 1200, false)
	l := newLayout(f, 1200)
	if l.perCol < 2 {
		t.Fatalf("%d frames a column for 10,000 frames in 986 pixels", l.perCol)
	}
	_, x := l.column(5003)
	if got := color.RGBAModel.Convert(img.At(x, l.y1-l.height(20*time.Millisecond))).(color.RGBA); got != phaseColours["render"] {
		t.Fatalf("the column holding the 31 ms frame shows %v at 20 ms, want its render colour", got)
	}
}

func TestAStallOfSecondsIsClippedNotFlatteningTheRest(t *testing.T) {
	f := &framefile.File{Scene: "stall", TPS: 60, Phases: []string{"physics"}}
	for n := range 100 {
		d := 5 * time.Millisecond
		if n == 50 {
			d = 2 * time.Second
		}
		f.Frames = append(f.Frames, framefile.Frame{N: uint64(n), Duration: d, Wall: []time.Duration{d}, CPU: []time.Duration{d}})
	}
	img := render(f, 1200, false)
	l := newLayout(f, 1200)
	if l.top != 50*time.Millisecond {
		t.Fatalf("top %v, want 50ms (two ticks, rounded up), not the 2 s stall", l.top)
	}
	_, x := l.column(50)
	if got := color.RGBAModel.Convert(img.At(x+1, l.y0+1)).(color.RGBA); got != ink {
		t.Errorf("the stall's column shows %v at its top, want the clipped mark", got)
	}
	if got := color.RGBAModel.Convert(img.At(x+1, l.y0+clipH+2)).(color.RGBA); got != phaseColours["physics"] {
		t.Errorf("the stall's column shows %v under the mark, want physics", got)
	}
	_, x = l.column(10)
	if got := color.RGBAModel.Convert(img.At(x+1, l.y1-l.height(4*time.Millisecond))).(color.RGBA); got != phaseColours["physics"] {
		t.Errorf("a 5 ms frame shows %v at 4 ms, want physics: flattened by the stall", got)
	}
}

func TestBadCommandLinesExitTwoAndBadFilesOne(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.frames")
	if err := os.WriteFile(bad, []byte("not frames"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "want one frame file"},
		{[]string{"-top", "0", bad}, 2, "-top 0 out of range"},
		{[]string{"-width", "10", bad}, 2, "-width 10 out of range"},
		{[]string{bad}, 1, "not a frame file"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%v: exit %d, %q; want %d saying %q", c.args, code, stderr.String(), c.code, c.says)
		}
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	img, err := png.Decode(r)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func readFrames(t *testing.T, path string) *framefile.File {
	t.Helper()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := framefile.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
