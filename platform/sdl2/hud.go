package sdl2

import (
	"image/color"
	"strconv"
	"time"
)

// HUD is what the debug overlay shows. Fill it in each frame; the canvas
// keeps nothing of it.
type HUD struct {
	FPS, TPS      float64 // frames and ticks per second
	TicksPerFrame int     // ticks run in the last frame
	Bailouts      uint64  // frames that hit the most-ticks limit
	Mode          string  // power mode, such as "vsync" or "cap"
	Alpha         float64 // interpolation fraction of the last frame
	Paused        bool    // ticks are held
	NoInterp      bool    // frames draw the last tick unblended
	TimeScale     float64 // simulated seconds per real second; 0 means 1

	// FrameTimes are recent frame times, oldest first, for the graph; none
	// leaves it out. FrameBudget is the graph's reference line (the target
	// frame time); 0 means 1/60 s.
	FrameTimes  []time.Duration
	FrameBudget time.Duration
}

// DrawHUD draws the debug overlay in the top-left corner: the numbers of h
// and, if it has frame times, a frame-time graph beneath them. It formats
// into a buffer the canvas reuses, so it does not allocate.
func (c *Canvas) DrawHUD(h HUD) {
	mustMain("Canvas.DrawHUD")
	hudPanel := color.RGBA{0, 0, 0, 160}
	hudText := color.RGBA{230, 230, 230, 255}
	hudLabel := color.RGBA{140, 200, 255, 255}
	s := float64(c.textScale)
	lh := c.LineHeight()
	pad := 6 * s
	w := 30 * glyphW * s
	graphH := 0.0
	if len(h.FrameTimes) > 0 {
		graphH = 40*s + pad
	}
	c.FillRect(pad, pad, w+2*pad, 4*lh+2*pad+graphH, hudPanel)
	x, y := 2*pad, 2*pad

	lx, _ := c.Text(x, y, "FPS ", hudLabel)
	lx, _ = c.TextBytes(lx, y, strconv.AppendFloat(c.num[:0], h.FPS, 'f', 1, 64), hudText)
	lx, _ = c.Text(lx, y, "  TPS ", hudLabel)
	c.TextBytes(lx, y, strconv.AppendFloat(c.num[:0], h.TPS, 'f', 1, 64), hudText)
	y += lh

	lx, _ = c.Text(x, y, "ticks/frame ", hudLabel)
	lx, _ = c.TextBytes(lx, y, strconv.AppendInt(c.num[:0], int64(h.TicksPerFrame), 10), hudText)
	lx, _ = c.Text(lx, y, "  bailouts ", hudLabel)
	c.TextBytes(lx, y, strconv.AppendUint(c.num[:0], h.Bailouts, 10), hudText)
	y += lh

	lx, _ = c.Text(x, y, "mode ", hudLabel)
	lx, _ = c.Text(lx, y, h.Mode, hudText)
	lx, _ = c.Text(lx, y, "  alpha ", hudLabel)
	c.TextBytes(lx, y, strconv.AppendFloat(c.num[:0], h.Alpha, 'f', 2, 64), hudText)
	y += lh

	// The loop's switches, so a held pause or a slowed clock is never
	// mistaken for a slow machine.
	hudWarn := color.RGBA{255, 190, 90, 255}
	lx = x
	if h.Paused {
		lx, _ = c.Text(lx, y, "PAUSED  ", hudWarn)
	}
	lx, _ = c.Text(lx, y, "interp ", hudLabel)
	if h.NoInterp {
		lx, _ = c.Text(lx, y, "off", hudWarn)
	} else {
		lx, _ = c.Text(lx, y, "on", hudText)
	}
	lx, _ = c.Text(lx, y, "  speed x", hudLabel)
	scale := h.TimeScale
	if scale == 0 {
		scale = 1
	}
	col := hudText
	if scale != 1 {
		col = hudWarn
	}
	c.TextBytes(lx, y, strconv.AppendFloat(c.num[:0], scale, 'g', 4, 64), col)
	y += lh

	if len(h.FrameTimes) > 0 {
		c.FrameGraph(x, y+pad, w, 40*s, h.FrameTimes, h.FrameBudget)
	}
}

// FrameGraph draws frame times as bars in the pixel rectangle with top-left
// corner (x, y), oldest on the left, with a line at budget (0 means 1/60 s).
// Bars within the budget are green, up to twice it yellow, beyond red; the
// graph's top is three budgets.
func (c *Canvas) FrameGraph(x, y, w, h float64, times []time.Duration, budget time.Duration) {
	mustMain("Canvas.FrameGraph")
	if budget <= 0 {
		budget = time.Second / 60
	}
	top := 3 * budget
	c.FillRect(x, y, w, h, color.RGBA{255, 255, 255, 24})
	n := len(times)
	if n == 0 {
		return
	}
	bw := w / float64(n)
	for i, d := range times {
		col := color.RGBA{80, 200, 100, 255}
		switch {
		case d > 2*budget:
			col = color.RGBA{230, 60, 50, 255}
		case d > budget+budget/10:
			col = color.RGBA{230, 180, 40, 255}
		}
		bh := h * float64(min(d, top)) / float64(top)
		c.FillRect(x+float64(i)*bw, y+h-bh, max(bw, 1), bh, col)
	}
	by := y + h - h/3
	c.FillRect(x, by, w, 1, color.RGBA{255, 255, 255, 120})
}
