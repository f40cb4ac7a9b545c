package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/lockstep-engine/lockstep/engine/framefile"
)

// The picture's layout: the plot's margins and the marks' strips
// beneath it, in pixels.
const (
	height     = 520
	marginL    = 64
	marginR    = 150
	marginT    = 48
	marginB    = 64
	gcStripY   = 6  // below the plot's bottom: the collections' strip
	hitchStrip = 18 // and the hitches'
	stripH     = 9
	labelled   = 5 // the slowest frames named on the picture
	clipH      = 3 // the mark of a clipped bar
)

// Colours of the picture.
var (
	background = color.RGBA{255, 255, 255, 255}
	ink        = color.RGBA{20, 20, 20, 255}
	gridInk    = color.RGBA{210, 210, 210, 255}
	gcMark     = color.RGBA{200, 0, 200, 255}
	hitchMark  = color.RGBA{230, 0, 0, 255}
	// phaseColours are the phases' colours by name; a phase not named
	// here (a newer engine's) is drawn in otherPhase.
	phaseColours = map[string]color.RGBA{
		"input": {120, 120, 200, 255}, "net": {0, 150, 150, 255}, "tick": {240, 170, 40, 255},
		"physics": {40, 110, 220, 255}, "snapshot": {130, 200, 250, 255}, "copy": {150, 80, 30, 255},
		"predict": {250, 120, 120, 255}, "render": {50, 170, 70, 255}, "flush": {170, 220, 120, 255},
		"present": {150, 60, 170, 255}, "idle": {120, 120, 120, 255}, "wait": {225, 225, 225, 255},
	}
	otherPhase = color.RGBA{0, 0, 0, 255}
)

func phaseColour(name string) color.RGBA {
	if c, ok := phaseColours[name]; ok {
		return c
	}
	return otherPhase
}

// layout maps frames to columns and times to heights.
type layout struct {
	x0, x1, y0, y1 int           // the plot's rectangle
	perCol         int           // frames a column stands for
	colW           int           // a column's width in pixels
	top            time.Duration // the time at the plot's top
}

func newLayout(f *framefile.File, width int) layout {
	l := layout{x0: marginL, x1: width - marginR, y0: marginT, y1: height - marginB}
	plotW := l.x1 - l.x0
	n := len(f.Frames)
	l.perCol = max(1, (n+plotW-1)/plotW)
	l.colW = max(1, plotW/((n+l.perCol-1)/l.perCol))
	l.top = niceTop(scaleTo(f))
	return l
}

// scaleTo is the time the plot's top must show: the longest frame, but
// no more than three times the 90th percentile (or two ticks, if that is
// more), so that one stall of seconds does not flatten every other
// frame. Longer frames are clipped, marked, and labelled with their
// time if among the slowest.
func scaleTo(f *framefile.File) time.Duration {
	d := make([]time.Duration, len(f.Frames))
	for i, fr := range f.Frames {
		d[i] = fr.Duration
	}
	slices.Sort(d)
	bound := 3 * d[len(d)*9/10]
	if f.TPS > 0 {
		bound = max(bound, 2*time.Second/time.Duration(f.TPS))
	}
	return max(min(d[len(d)-1], bound), time.Millisecond)
}

// niceTop is a round time a little above d: 1, 2 or 5 times a power of
// ten milliseconds.
func niceTop(d time.Duration) time.Duration {
	for step := 100 * time.Microsecond; ; step *= 10 {
		for _, m := range []time.Duration{1, 2, 5} {
			if m*step >= d+d/20 {
				return m * step
			}
		}
	}
}

// column is the column of frame i (an index into File.Frames) and its x.
func (l *layout) column(i int) (col, x int) { col = i / l.perCol; return col, l.x0 + col*l.colW }

// height is d's height in pixels, at most the plot's.
func (l *layout) height(d time.Duration) int {
	return int(min(d, l.top) * time.Duration(l.y1-l.y0) / l.top)
}

// render draws the report of f, width pixels wide: each phase's wall
// time, or with cpu the loop thread's CPU time in it (the frame's height
// then shows how much of it the loop was running).
func render(f *framefile.File, width int, cpu bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	l := newLayout(f, width)
	drawAxes(img, f, &l, cpu)
	for i := 0; i < len(f.Frames); i += l.perCol {
		drawColumn(img, f, &l, i, cpu)
	}
	labelWorst(img, f, &l)
	drawLegend(img, f, &l)
	return img
}

// drawColumn draws the column of frames from i: the longest of them
// (a column of many frames shows its worst, so no spike is averaged
// away), and marks beneath for any collection or hitch among them.
func drawColumn(img *image.RGBA, f *framefile.File, l *layout, i int, cpu bool) {
	frames := f.Frames[i:min(i+l.perCol, len(f.Frames))]
	worst, gc, hitch := 0, false, false
	for j, fr := range frames {
		if fr.Duration > frames[worst].Duration {
			worst = j
		}
		gc, hitch = gc || fr.GCs > 0, hitch || fr.Hitch
	}
	_, x := l.column(i)
	w := max(1, l.colW-gapFor(l.colW))
	y := l.y1
	times := frames[worst].Wall
	if cpu {
		times = frames[worst].CPU
	}
	for p, d := range times {
		h := l.height(d)
		if h <= 0 || y <= l.y0 {
			continue
		}
		fill(img, x, max(y-h, l.y0), w, y-max(y-h, l.y0), phaseColour(f.Phases[p]))
		y -= h
	}
	if frames[worst].Duration > l.top { // clipped: a bar of ink at the top says so
		fill(img, x, l.y0, w, clipH, ink)
	}
	if gc {
		fill(img, x, l.y1+gcStripY, w, stripH, gcMark)
	}
	if hitch {
		fill(img, x, l.y1+hitchStrip, w, stripH, hitchMark)
	}
}

// gapFor is the gap between columns this wide: none when they are thin.
func gapFor(colW int) int {
	if colW >= 4 {
		return 1
	}
	return 0
}

// labelWorst names the slowest frames above their columns.
func labelWorst(img *image.RGBA, f *framefile.File, l *layout) {
	for rank, i := range slowest(f, labelled) {
		fr := f.Frames[i]
		_, x := l.column(i)
		y := l.y1 - l.height(fr.Duration) - 4
		label := fmt.Sprintf("#%d", fr.N)
		if fr.Duration > l.top {
			label = fmt.Sprintf("#%d %.0fms", fr.N, float64(fr.Duration)/1e6)
		}
		if y < l.y0 { // at the top: alternate two rows so neighbours stay legible
			y = l.y0 - 4 - rank%2*12
		}
		text(img, x-6, y, label, ink)
	}
}

// slowest returns the indices of the n slowest frames, slowest first.
func slowest(f *framefile.File, n int) []int {
	idx := make([]int, len(f.Frames))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		return int(f.Frames[b].Duration - f.Frames[a].Duration)
	})
	return idx[:min(n, len(idx))]
}

// drawAxes draws the title, the time axis with its grid, the line of one
// tick, and the strips' names.
func drawAxes(img *image.RGBA, f *framefile.File, l *layout, cpu bool) {
	frames := len(f.Frames)
	what := "wall time by phase"
	if cpu {
		what = "the loop thread's CPU time by phase"
	}
	title := fmt.Sprintf("%s: %d frames (frames %d to %d), %d per column; %s", f.Scene, frames,
		f.Frames[0].N, f.Frames[frames-1].N, l.perCol, what)
	text(img, l.x0, 16, title, ink)
	for k := 0; k <= 4; k++ {
		d := l.top * time.Duration(k) / 4
		y := l.y1 - l.height(d)
		fill(img, l.x0, y, l.x1-l.x0, 1, gridInk)
		text(img, 4, y+4, fmt.Sprintf("%.1fms", float64(d)/1e6), ink)
	}
	if f.TPS > 0 {
		tick := time.Second / time.Duration(f.TPS)
		if tick < l.top {
			y := l.y1 - l.height(tick)
			for x := l.x0; x < l.x1; x += 6 {
				fill(img, x, y, 3, 1, ink)
			}
		}
	}
	fill(img, l.x0, l.y1, l.x1-l.x0, 1, ink)
	text(img, 4, l.y1+gcStripY+9, "gc", gcMark)
	text(img, 4, l.y1+hitchStrip+9, "hitch", hitchMark)
	text(img, l.x0, height-8, "frame ->  (dashed: one tick; labels: the slowest frames; black cap: clipped)", ink)
}

// drawLegend names each phase's colour, top to bottom as they stack
// bottom to top.
func drawLegend(img *image.RGBA, f *framefile.File, l *layout) {
	x := l.x1 + 16
	for i := range f.Phases {
		p := len(f.Phases) - 1 - i
		y := l.y0 + i*16
		fill(img, x, y, 12, 12, phaseColour(f.Phases[p]))
		text(img, x+18, y+10, f.Phases[p], ink)
	}
}

func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	draw.Draw(img, image.Rect(x, y, x+w, y+h), image.NewUniform(c), image.Point{}, draw.Src)
}

// text draws s with its baseline at y.
func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
