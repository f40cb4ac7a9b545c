package main

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// series is one run's frame intervals for the plot.
type series struct {
	Title    string
	Target   time.Duration // 0: none
	Presents []time.Duration
}

// plotFrames draws one panel per run, stacked: the interval between
// presents against the time of the present, with the target interval as
// a dashed line. Each panel scales to its own run; the y axis is
// milliseconds.
func plotFrames(path string, runs []series) error {
	if len(runs) == 0 {
		return fmt.Errorf("plot %s: no runs with frames", path)
	}
	const panelH = 2.2 * vg.Inch
	w, h := 10*vg.Inch, panelH*vg.Length(len(runs))
	img := newCanvas(path, w, h)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: len(runs), Cols: 1, PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(8)}
	plots := make([][]*plot.Plot, len(runs))
	for i, r := range runs {
		p, err := framePanel(r)
		if err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		plots[i] = []*plot.Plot{p}
	}
	canvases := plot.Align(plots, tiles, dc)
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	if _, err := img.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("plot %s: %w", path, err)
	}
	return f.Close()
}

// newCanvas draws SVG for a path ending in .svg, PNG otherwise.
func newCanvas(path string, w, h vg.Length) vg.CanvasWriterTo {
	if strings.EqualFold(filepath.Ext(path), ".svg") {
		return vgsvg.New(w, h)
	}
	return vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
}

func framePanel(r series) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = r.Title
	p.X.Label.Text = "time (s)"
	p.Y.Label.Text = "frame interval (ms)"
	p.Add(plotter.NewGrid())
	pts := make(plotter.XYs, 0, len(r.Presents))
	for i := 1; i < len(r.Presents); i++ {
		pts = append(pts, plotter.XY{
			X: r.Presents[i].Seconds(),
			Y: float64(r.Presents[i]-r.Presents[i-1]) / float64(time.Millisecond),
		})
	}
	if len(pts) == 0 {
		return p, nil
	}
	// A stall of a second would squash every other frame into a line at
	// the bottom: the scale stops a little above the 99th percentile (and
	// at least twice the target), and slower frames sit on its top edge
	// as triangles.
	top := yTop(pts, r.Target)
	p.Y.Min, p.Y.Max = 0, top
	var in, over plotter.XYs
	for _, pt := range pts {
		if pt.Y > top {
			over = append(over, plotter.XY{X: pt.X, Y: top})
		} else {
			in = append(in, pt)
		}
	}
	sc, err := plotter.NewScatter(in)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(1)
	sc.GlyphStyle.Color = color.RGBA{R: 30, G: 90, B: 200, A: 255}
	p.Add(sc)
	if len(over) > 0 {
		off, err := plotter.NewScatter(over)
		if err != nil {
			return nil, err
		}
		off.GlyphStyle.Shape = draw.TriangleGlyph{}
		off.GlyphStyle.Radius = vg.Points(2.5)
		off.GlyphStyle.Color = color.RGBA{R: 200, G: 40, B: 40, A: 255}
		p.Add(off)
		p.Legend.Add(fmt.Sprintf("%d over %.1f ms (max %.1f)", len(over), top, maxY(pts)), off)
	}
	if r.Target > 0 {
		ms := float64(r.Target) / float64(time.Millisecond)
		line, err := plotter.NewLine(plotter.XYs{{X: pts[0].X, Y: ms}, {X: pts[len(pts)-1].X, Y: ms}})
		if err != nil {
			return nil, err
		}
		line.Color = color.RGBA{R: 220, G: 50, B: 40, A: 255}
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("target %.3f ms", ms), line)
	}
	p.Legend.Top = true
	return p, nil
}

// yTop is where a panel's scale stops: 1.25 times the 99th percentile
// interval, and at least twice the target.
func yTop(pts plotter.XYs, target time.Duration) float64 {
	ys := make([]float64, len(pts))
	for i, pt := range pts {
		ys[i] = pt.Y
	}
	sort.Float64s(ys)
	top := 1.25 * ys[(len(ys)-1)*99/100]
	if target > 0 {
		top = max(top, 2*float64(target)/float64(time.Millisecond))
	}
	return max(top, 1e-3)
}

func maxY(pts plotter.XYs) float64 {
	m := 0.0
	for _, pt := range pts {
		m = max(m, pt.Y)
	}
	return m
}
