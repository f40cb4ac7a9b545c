package main

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// art is every picture and face the game draws with, made in Start: the
// sprites painted in code into one atlas texture (one draw call for the
// whole field), and the Go fonts at the sizes the screens use.
type art struct {
	atlas *sdl2.Texture
	// Where each sprite is in the atlas.
	brick, crack, paddle, ball, railV, railH, spark image.Rectangle

	title, headline, body, hud, small *sdl2.Face
}

// paintArt paints the sprites, uploads them and makes the faces. The
// sprites are painted at 64 texels a world unit (a brick is 2 units
// wide, 128 texels), sharper than the screen at 1280×720 (53 pixels a
// unit) and near it at 1920×1080 (80).
func paintArt(c *sdl2.Canvas) (*art, error) {
	a := &art{}
	b := newAtlas(512, 256)
	a.brick = b.add(128, 38, paintBrick)
	a.crack = b.add(128, 38, paintCrack)
	a.paddle = b.add(166, 26, paintPaddle)
	a.ball = b.add(32, 32, paintBall)
	a.railV = b.add(32, 8, paintRail(false))
	a.railH = b.add(8, 32, paintRail(true))
	a.spark = b.add(8, 8, paintSpark)
	if b.err != nil {
		return nil, b.err
	}
	var err error
	if a.atlas, err = c.NewTexture(b.img, sdl2.TextureOptions{Filter: sdl2.FilterLinear}); err != nil {
		return nil, fmt.Errorf("upload the sprites: %w", err)
	}
	bold, err := sdl2.ParseFont(gobold.TTF)
	if err != nil {
		return nil, err
	}
	regular, err := sdl2.ParseFont(goregular.TTF)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		face **sdl2.Face
		font *sdl2.Font
		size float64
	}{
		{&a.title, bold, 96}, {&a.headline, bold, 44}, {&a.body, regular, 21},
		{&a.hud, bold, 24}, {&a.small, regular, 16},
	} {
		if *f.face, err = c.Face(f.font, f.size); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// atlas packs sprites into one image on shelves, each with a border of
// its own edge texels copied outwards, so that linear filtering at a
// sprite's edge blends with itself, never with a neighbour.
type atlas struct {
	img        *image.NRGBA
	x, y, rowH int
	err        error
}

const gutter = 2

func newAtlas(w, h int) *atlas {
	return &atlas{img: image.NewNRGBA(image.Rect(0, 0, w, h)), x: gutter, y: gutter}
}

// add paints a w×h sprite with paint, which is given each texel's centre
// in the sprite's own coordinates, and returns where it went.
func (a *atlas) add(w, h int, paint func(x, y, w, h float64) color.NRGBA) image.Rectangle {
	if a.x+w+gutter > a.img.Rect.Dx() {
		a.x, a.y, a.rowH = gutter, a.y+a.rowH+2*gutter, 0
	}
	if a.err != nil || a.y+h+gutter > a.img.Rect.Dy() {
		if a.err == nil {
			a.err = fmt.Errorf("breakout: the sprite atlas is full at a %d×%d sprite: make it larger", w, h)
		}
		return image.Rectangle{}
	}
	r := image.Rect(a.x, a.y, a.x+w, a.y+h)
	for y := range h {
		for x := range w {
			a.img.SetNRGBA(r.Min.X+x, r.Min.Y+y, paint(float64(x)+0.5, float64(y)+0.5, float64(w), float64(h)))
		}
	}
	// Extrude the edges into the gutter.
	for y := r.Min.Y - gutter; y < r.Max.Y+gutter; y++ {
		for x := r.Min.X - gutter; x < r.Max.X+gutter; x++ {
			if !(image.Point{x, y}).In(r) {
				sx := min(max(x, r.Min.X), r.Max.X-1)
				sy := min(max(y, r.Min.Y), r.Max.Y-1)
				a.img.SetNRGBA(x, y, a.img.NRGBAAt(sx, sy))
			}
		}
	}
	a.x += w + 2*gutter
	a.rowH = max(a.rowH, h)
	return r
}

// paintBrick is a white brick with bevelled edges, lit from the top left;
// each row tints it its colour.
func paintBrick(x, y, w, h float64) color.NRGBA {
	cover := coverage(roundRect(x, y, w, h, 5))
	const bevel = 4
	dl, dr, dt, db := x, w-x, y, h-y
	v := 0.95 - 0.15*y/h // the face, lighter at the top
	switch {
	case dt < bevel && dt <= dl && dt <= dr:
		v = 1
	case db < bevel && db <= dl && db <= dr:
		v = 0.5
	case dl < bevel:
		v = 0.9
	case dr < bevel:
		v = 0.62
	case y < h*0.4:
		v += 0.05 // a sheen on the upper face
	}
	return grey(v, cover)
}

// paintCrack is the dark fracture a silver brick shows after one hit.
func paintCrack(x, y, w, h float64) color.NRGBA {
	lines := [...][4]float64{
		{38, 0, 52, 15}, {52, 15, 45, 24}, {45, 24, 58, 38},
		{52, 15, 70, 11}, {70, 11, 84, 19}, {84, 19, 80, 28}, {80, 28, 92, 38},
		{70, 11, 74, 0},
	}
	d := math.Inf(1)
	for _, l := range lines {
		d = min(d, segmentDist(x, y, l[0], l[1], l[2], l[3]))
	}
	return color.NRGBA{R: 25, G: 25, B: 35, A: uint8(220 * coverage(d-0.9))}
}

// paintPaddle is a rounded steel bat with red ends and a glowing stripe.
func paintPaddle(x, y, w, h float64) color.NRGBA {
	cover := coverage(roundRect(x, y, w, h, h/2))
	shade := 0.55 + 0.45*math.Cos((y/h-0.3)*math.Pi) // a rounded top catches the light
	const cap = 24
	switch {
	case x < cap-2 || x > w-cap+2:
		return rgb(225*shade, 70*shade, 60*shade, cover)
	case x < cap || x > w-cap:
		return rgb(40, 40, 50, cover)
	case math.Abs(y-h/2) < h*0.12:
		return rgb(130, 235, 255, cover)
	}
	return rgb(175*shade, 190*shade, 215*shade, cover)
}

// paintBall is a white sphere lit from the top left.
func paintBall(x, y, w, h float64) color.NRGBA {
	r := w/2 - 1
	nx, ny := (x-w/2)/r, (y-h/2)/r
	cover := coverage((math.Hypot(nx, ny) - 1) * r)
	nz := math.Sqrt(max(0, 1-nx*nx-ny*ny))
	lx, ly, lz := -0.45, -0.55, 0.70 // towards the light, unit length
	diffuse := max(0, nx*lx+ny*ly+nz*lz)
	// Blinn's half vector between the light and the viewer (0, 0, 1).
	hx, hy, hz := lx, ly, lz+1
	hl := math.Sqrt(hx*hx + hy*hy + hz*hz)
	spec := math.Pow(max(0, (nx*hx+ny*hy+nz*hz)/hl), 40)
	k := 0.35 + 0.65*diffuse
	return rgb(230*k+255*spec, 236*k+255*spec, 250*k+255*spec, cover)
}

// paintRail is the steel of the walls, rounded across its width: along x
// for the side walls, along y for the ceiling.
func paintRail(across bool) func(x, y, w, h float64) color.NRGBA {
	return func(x, y, w, h float64) color.NRGBA {
		t := x / w
		if across {
			t = y / h
		}
		v := 0.35 + 0.6*(1-(2*t-1)*(2*t-1))
		return rgb(115*v, 130*v, 160*v, 1)
	}
}

// paintSpark is a soft white dot, tinted by the brick it came from.
func paintSpark(x, y, w, h float64) color.NRGBA {
	d := math.Hypot(x-w/2, y-h/2) / (w / 2)
	a := math.Pow(max(0, 1-d), 0.8)
	return color.NRGBA{R: 255, G: 255, B: 255, A: uint8(255 * a)}
}

// paintIcon is the window's icon: three bricks, a ball and the paddle.
func paintIcon() image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			c := opaque(floorColor(), coverage(roundRect(fx, fy, 64, 64, 10)))
			for i, tint := range []color.RGBA{styleOf(1).tint, styleOf(3).tint, styleOf(5).tint} {
				if fx > 8 && fx < 56 && fy > float64(8+i*10) && fy < float64(16+i*10) {
					c = opaque(tint, 1)
				}
			}
			if math.Hypot(fx-40, fy-42) < 5 {
				c = rgb(240, 240, 250, 1)
			}
			if fx > 18 && fx < 46 && fy > 52 && fy < 57 {
				c = rgb(175, 190, 215, 1)
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// roundRect is the signed distance from (x, y) to a w×h rectangle at the
// origin with corners rounded by r: negative inside.
func roundRect(x, y, w, h, r float64) float64 {
	qx := math.Abs(x-w/2) - (w/2 - r)
	qy := math.Abs(y-h/2) - (h/2 - r)
	return math.Hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
}

// segmentDist is the distance from (x, y) to the segment (ax, ay)–(bx, by).
func segmentDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := clamp(((x-ax)*dx+(y-ay)*dy)/(dx*dx+dy*dy), 0, 1)
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}

// coverage is how much of a texel a shape covers whose edge is d texels
// away (negative inside): a one-texel ramp that smooths the edge.
func coverage(d float64) float64 { return clamp(0.5-d, 0, 1) }

func grey(v, alpha float64) color.NRGBA { return rgb(255*v, 255*v, 255*v, alpha) }

func rgb(r, g, b, alpha float64) color.NRGBA {
	c := func(v float64) uint8 { return uint8(math.Round(clamp(v, 0, 255))) }
	return color.NRGBA{R: c(r), G: c(g), B: c(b), A: c(255 * alpha)}
}

// opaque is col as a straight-alpha colour for the painters.
func opaque(col color.RGBA, alpha float64) color.NRGBA {
	return rgb(float64(col.R), float64(col.G), float64(col.B), alpha)
}
