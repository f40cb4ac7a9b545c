package main

import (
	"cmp"
	"image"
	"image/color"
	"slices"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// The colours of what is not painted into the atlas.
func floorColor() color.RGBA { return color.RGBA{R: 22, G: 25, B: 40, A: 255} }
func barColor() color.RGBA   { return color.RGBA{R: 10, G: 12, B: 20, A: 255} }
func shadeColor() color.RGBA { return color.RGBA{R: 6, G: 8, B: 16, A: 180} }
func textColor() color.RGBA  { return color.RGBA{R: 240, G: 242, B: 248, A: 255} }
func dimColor() color.RGBA   { return color.RGBA{R: 150, G: 158, B: 180, A: 255} }
func goldColor() color.RGBA  { return color.RGBA{R: 255, G: 208, B: 90, A: 255} }

// barH is the height of the score bar at the top, in canvas units.
const barH = (canvasH/2/zoom - barBottom) * zoom

// Draw draws the field as the last ticks left it, blended f.Alpha of the
// way to the next, and the screen's text over it. It only reads the game.
func (g *game) Draw(c *sdl2.Canvas, f *engine.Frame) error {
	c.Clear(floorColor())
	c.SetTransform(sdl2.Camera{Zoom: zoom}.Transform(c.Size()))
	a := g.art
	g.drawField(c)
	for i := range g.bricks {
		b := &g.bricks[i]
		if b.id == 0 {
			continue
		}
		st := styleOf(b.row)
		c.DrawSprite(a.sprite(a.brick, brickW, brickH, st.tint), b.pos, 0)
		if b.hits < st.hits {
			c.DrawSprite(a.sprite(a.crack, brickW, brickH, color.RGBA{}), b.pos, 0)
		}
	}
	if p, ok := find(f.Bodies, g.paddle); ok {
		c.DrawSprite(a.sprite(a.paddle, 2*paddleHalfW, 2*paddleHalfH, color.RGBA{}), p.Pos, 0)
		if g.screen == serving {
			c.DrawSprite(a.sprite(a.ball, 2*ballRadius, 2*ballRadius, color.RGBA{}), servePos(p.Pos.X()), 0)
		}
	}
	if b, ok := find(f.Bodies, g.ball); ok && g.ball != 0 {
		c.DrawSprite(a.sprite(a.ball, 2*ballRadius, 2*ballRadius, color.RGBA{}), b.Pos, 0)
	}
	g.drawSparks(c, f.Alpha)
	g.drawBar(c)
	g.drawScreen(c)
	return nil
}

// sprite is the sprite of src in the atlas drawn w×h world units about its
// centre, tinted (the zero tint: none).
func (a *art) sprite(src image.Rectangle, w, h float64, tint color.RGBA) sdl2.Sprite {
	return sdl2.Sprite{Texture: a.atlas, Src: src, Tint: tint,
		Origin: mgl64.Vec2{float64(src.Dx()) / 2, float64(src.Dy()) / 2},
		Scale:  mgl64.Vec2{w / float64(src.Dx()), h / float64(src.Dy())}}
}

// drawField draws the floor's grid, a line every world unit, and the
// walls. (A tiled floor sprite looked the same and cost 35 ms a frame on a
// loaded machine's software renderer: filtering every pixel of the screen.)
func (g *game) drawField(c *sdl2.Canvas) {
	a := g.art
	grid := color.RGBA{R: 34, G: 39, B: 60, A: 255}
	bottom := -canvasH/2/zoom - 0.5
	for x := -fieldHalfW + 1; x < fieldHalfW; x++ {
		c.Line(mgl64.Vec2{x, fieldTop}, mgl64.Vec2{x, bottom}, 1, grid)
	}
	for y := fieldTop - 1; y > bottom; y-- {
		c.Line(mgl64.Vec2{-fieldHalfW, y}, mgl64.Vec2{fieldHalfW, y}, 1, grid)
	}
	sideH := barBottom - bottom
	for _, x := range []float64{-fieldHalfW - wallThick/2, fieldHalfW + wallThick/2} {
		c.DrawSprite(a.sprite(a.railV, wallThick, sideH, color.RGBA{}), mgl64.Vec2{x, bottom + sideH/2}, 0)
	}
	c.DrawSprite(a.sprite(a.railH, 2*(fieldHalfW+wallThick), wallThick, color.RGBA{}),
		mgl64.Vec2{0, fieldTop + wallThick/2}, 0)
}

// drawSparks draws the flying fragments, fading as they age.
func (g *game) drawSparks(c *sdl2.Canvas, alpha float64) {
	a := g.art
	for i := range g.sparks.s {
		s := &g.sparks.s[i]
		if s.life == 0 {
			continue
		}
		tint := s.tint
		tint.A = uint8(255 * s.life / sparkLife)
		pos := s.prev.Add(s.pos.Sub(s.prev).Mul(alpha))
		c.DrawSprite(a.sprite(a.spark, 0.22, 0.22, tint), pos, 0)
	}
}

// drawBar draws the score bar: the best score on the left, the score in
// the middle, a ball for every life on the right.
func (g *game) drawBar(c *sdl2.Canvas) {
	a := g.art
	c.FillRect(0, 0, canvasW, barH, barColor())
	c.FillRect(0, barH-2, canvasW, 2, color.RGBA{R: 60, G: 68, B: 96, A: 255})
	top := (barH - a.hud.LineHeight()) / 2

	label := "SCORE "
	num := strconv.AppendInt(g.num[:0], int64(g.score), 10)
	w := a.small.Width(label) + digitsWidth(a.hud, num)
	x := (canvasW - w) / 2
	x, _ = c.DrawText(a.small, x, top+a.hud.Ascent()-a.small.Ascent(), label, dimColor())
	c.DrawTextBytes(a.hud, x, top, num, textColor())

	x, _ = c.DrawText(a.small, 300, top+a.hud.Ascent()-a.small.Ascent(), "BEST ", dimColor())
	c.DrawTextBytes(a.hud, x, top, strconv.AppendInt(g.num[:0], int64(g.shownBest()), 10), goldColor())

	ball := sdl2.Sprite{Texture: a.atlas, Src: a.ball, Scale: mgl64.Vec2{0.6, 0.6},
		Origin: mgl64.Vec2{float64(a.ball.Dx()) / 2, float64(a.ball.Dy()) / 2}}
	for i := range g.lives {
		c.DrawSpritePx(ball, canvasW-30-float64(i)*26, barH/2, 0)
	}
}

// digitsWidth is how wide face draws the digits of b: the Go fonts'
// digits all have one advance, so this measures without making a string.
func digitsWidth(face *sdl2.Face, b []byte) float64 {
	return float64(len(b)) * face.Width("0")
}

// drawScreen draws what the screen says over the field.
func (g *game) drawScreen(c *sdl2.Canvas) {
	a := g.art
	switch {
	case g.screen == onTitle:
		g.shade(c)
		centre(c, a.title, 120, "BREAKOUT", goldColor())
		centre(c, a.body, 250, "Break every brick. Keep the ball in play.", textColor())
		centre(c, a.small, 300, "Mouse, \u2190 \u2192 or a controller move    Space, click or A launch    Enter or Start pause    Esc quit", dimColor())
		centre(c, a.headline, 360, "Click or press Space", textColor())
	case g.screen == won:
		g.shade(c)
		centre(c, a.title, 130, "YOU WIN!", goldColor())
		g.finalScore(c)
	case g.screen == lost:
		g.shade(c)
		centre(c, a.title, 130, "GAME OVER", color.RGBA{R: 240, G: 90, B: 80, A: 255})
		g.finalScore(c)
	case g.paused:
		g.shade(c)
		centre(c, a.headline, 290, "PAUSED", textColor())
		centre(c, a.body, 355, "Enter resumes", dimColor())
	case g.screen == serving:
		centre(c, a.body, 330, "Space or click to launch", dimColor())
	}
}

// shade darkens the field under a screen's text.
func (g *game) shade(c *sdl2.Canvas) {
	c.FillRect(0, barH, canvasW, canvasH-barH, shadeColor())
}

// finalScore says what the game scored and how to play again.
func (g *game) finalScore(c *sdl2.Canvas) {
	a := g.art
	label := "SCORE "
	num := strconv.AppendInt(g.num[:0], int64(g.score), 10)
	x := (canvasW - a.headline.Width(label) - digitsWidth(a.headline, num)) / 2
	x, _ = c.DrawText(a.headline, x, 260, label, dimColor())
	c.DrawTextBytes(a.headline, x, 260, num, textColor())
	centre(c, a.body, 350, "Click, Space or Enter to play again", textColor())
}

// centre draws s centred across the canvas with its top at y.
func centre(c *sdl2.Canvas, face *sdl2.Face, y float64, s string, col color.RGBA) {
	c.DrawText(face, (canvasW-face.Width(s))/2, y, s, col)
}

// find returns the state of body id in bodies, which are in ID order.
func find(bodies []physics.BodyState, id physics.BodyID) (physics.BodyState, bool) {
	i, ok := slices.BinarySearchFunc(bodies, id, func(b physics.BodyState, id physics.BodyID) int {
		return cmp.Compare(b.ID, id)
	})
	if !ok {
		return physics.BodyState{}, false
	}
	return bodies[i], true
}
