package sdl2

import (
	"image/color"
	"math"
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
	// Ahead is how many ticks the frame was drawn ahead of the confirmed
	// input in a netplay session that predicts, Rollback the most it may
	// be; a zero Rollback (no prediction) leaves them out.
	Ahead, Rollback int

	// FrameTimes are recent frame times, oldest first, for the graph; none
	// leaves it out. FrameBudget is the graph's reference line (the target
	// frame time); 0 means 1/60 s.
	FrameTimes  []time.Duration
	FrameBudget time.Duration

	// Phases are the loop's phases with their wall and CPU time a frame;
	// those under hudMinPhase of wall time are left out, and none leaves
	// the table out.
	Phases []HUDPhase
	// Hitches counts the frames -hitch caught (each wrote a trace); 0
	// shows nothing.
	Hitches int
}

// HUDPhase is one phase of the loop as the HUD shows it.
type HUDPhase struct {
	Name      string        // the phase's name, such as "physics"
	Wall, CPU time.Duration // wall time and the loop thread's CPU time, a frame
}

// hudMinPhase is the least wall time a frame a phase needs to be shown.
const hudMinPhase = 50 * time.Microsecond

// hudPhaseLines is how many lines the phase table of h takes: a heading
// (with the hitches) and one line a phase shown; 0 when nothing shows.
func hudPhaseLines(h *HUD) int {
	n := 0
	for _, p := range h.Phases {
		if p.Wall >= hudMinPhase {
			n++
		}
	}
	if n == 0 && h.Hitches == 0 {
		return 0
	}
	return n + 1
}

// drawPhases draws the phase table at (x, y) and returns the y below it.
func (c *Canvas) drawPhases(x, y float64, h *HUD) float64 {
	if hudPhaseLines(h) == 0 {
		return y
	}
	lh := c.LineHeight()
	lx, _ := c.Text(x, y, "phase ms wall/cpu", hudLabel)
	if h.Hitches > 0 {
		lx, _ = c.Text(lx, y, "  HITCHES ", hudWarn)
		c.TextBytes(lx, y, strconv.AppendInt(c.num[:0], int64(h.Hitches), 10), hudWarn)
	}
	y += lh
	for _, p := range h.Phases {
		if p.Wall < hudMinPhase {
			continue
		}
		lx, _ = c.Text(x, y, p.Name, hudLabel)
		c.TextBytes(lx+glyphW*float64(c.textScale), y, hudPhaseTimes(c.num[:0], p), hudText)
		y += lh
	}
	return y
}

// hudPhaseTimes formats a phase's times as "wall/cpu" in milliseconds.
func hudPhaseTimes(b []byte, p HUDPhase) []byte {
	b = strconv.AppendFloat(b, float64(p.Wall)/1e6, 'f', 2, 64)
	b = append(b, '/')
	return strconv.AppendFloat(b, float64(p.CPU)/1e6, 'f', 2, 64)
}

// DrawHUD draws the debug overlay in the top-left corner of the window:
// the numbers of h and, if it has frame times, a frame-time graph beneath
// them, on a panel as wide as its longest line. It is drawn in the
// drawable's pixels at a whole-number scale (2 on a 2× high-DPI display),
// whatever the canvas's logical size, so it reads the same in a 320×180
// game as in a 4K one and covers no more of it. It formats into a buffer
// the canvas reuses, so it does not allocate.
func (c *Canvas) DrawHUD(h HUD) {
	mustMain("Canvas.DrawHUD")
	// What is queued was clipped to the canvas's area; the HUD may lie on
	// the bars around it.
	c.submit()
	saved, savedScale := c.view, c.textScale
	c.view = newView(c.view.drawW, c.view.drawH, 0, 0, false)
	c.textScale = max(1, int(math.Round(c.pxPerPoint)))
	c.applyClip()
	c.drawHUD(&h)
	c.submit()
	c.view, c.textScale = saved, savedScale
	c.applyClip()
}

// HUD colours.
var (
	hudPanel = color.RGBA{0, 0, 0, 170}
	hudText  = color.RGBA{230, 230, 230, 255}
	hudLabel = color.RGBA{140, 200, 255, 255}
	hudWarn  = color.RGBA{255, 190, 90, 255}
)

// drawHUD draws the HUD in the current view's units.
func (c *Canvas) drawHUD(h *HUD) {
	s := float64(c.textScale)
	lh := c.LineHeight()
	pad := 6 * s
	scale := h.TimeScale
	if scale == 0 {
		scale = 1
	}
	w := float64(max(hudChars(h, scale, &c.num), 30)*glyphW) * s
	graphH := 0.0
	if len(h.FrameTimes) > 0 {
		graphH = 40*s + pad
	}
	lines := 4 + hudPhaseLines(h)
	c.FillRect(pad, pad, w+2*pad, float64(lines)*lh+2*pad+graphH, hudPanel)
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
	col := hudText
	if scale != 1 {
		col = hudWarn
	}
	lx, _ = c.TextBytes(lx, y, strconv.AppendFloat(c.num[:0], scale, 'g', 4, 64), col)
	if h.Rollback > 0 {
		lx, _ = c.Text(lx, y, "  ahead ", hudLabel)
		col = hudText
		if h.Ahead >= h.Rollback {
			col = hudWarn // held: the peers' input is later than prediction covers
		}
		c.TextBytes(lx, y, hudAhead(c.num[:0], h), col)
	}
	y += lh
	y = c.drawPhases(x, y, h)

	if len(h.FrameTimes) > 0 {
		c.FrameGraph(x, y+pad, w, 40*s, h.FrameTimes, h.FrameBudget)
	}
}

// hudChars is how many glyphs the HUD's longest line of h takes, its
// numbers formatted into buf as drawHUD formats them.
func hudChars(h *HUD, scale float64, buf *[64]byte) int {
	n := func(b []byte) int { return len(b) }
	lines := [4]int{
		len("FPS ") + n(strconv.AppendFloat(buf[:0], h.FPS, 'f', 1, 64)) +
			len("  TPS ") + n(strconv.AppendFloat(buf[:0], h.TPS, 'f', 1, 64)),
		len("ticks/frame ") + n(strconv.AppendInt(buf[:0], int64(h.TicksPerFrame), 10)) +
			len("  bailouts ") + n(strconv.AppendUint(buf[:0], h.Bailouts, 10)),
		len("mode ") + len(h.Mode) + len("  alpha ") + n(strconv.AppendFloat(buf[:0], h.Alpha, 'f', 2, 64)),
		len("interp ") + len("on") + len("  speed x") + n(strconv.AppendFloat(buf[:0], scale, 'g', 4, 64)),
	}
	if h.NoInterp {
		lines[3]++ // "off"
	}
	if h.Paused {
		lines[3] += len("PAUSED  ")
	}
	if h.Rollback > 0 {
		lines[3] += len("  ahead ") + n(hudAhead(buf[:0], h))
	}
	widest := max(lines[0], lines[1], lines[2], lines[3])
	if h.Hitches > 0 {
		widest = max(widest, len("phase ms wall/cpu  HITCHES ")+n(strconv.AppendInt(buf[:0], int64(h.Hitches), 10)))
	}
	for _, p := range h.Phases {
		if p.Wall >= hudMinPhase {
			widest = max(widest, len(p.Name)+1+n(hudPhaseTimes(buf[:0], p)))
		}
	}
	return widest
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

// hudAhead formats the prediction depth as "ahead/most".
func hudAhead(b []byte, h *HUD) []byte {
	b = strconv.AppendInt(b, int64(h.Ahead), 10)
	b = append(b, '/')
	return strconv.AppendInt(b, int64(h.Rollback), 10)
}
