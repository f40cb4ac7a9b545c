package sdl2

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/veandco/go-sdl2/sdl"
)

// grow extends the buffers by nv vertices and ni indices and returns the
// new tails and the index of the first new vertex.
func (c *Canvas) grow(nv, ni int) ([]sdl.Vertex, []int32, int32) {
	base := len(c.verts)
	if base+nv > cap(c.verts) {
		c.verts = append(c.verts[:cap(c.verts)], make([]sdl.Vertex, base+nv-cap(c.verts))...)
	}
	c.verts = c.verts[:base+nv]
	i0 := len(c.idx)
	if i0+ni > cap(c.idx) {
		c.idx = append(c.idx[:cap(c.idx)], make([]int32, i0+ni-cap(c.idx))...)
	}
	c.idx = c.idx[:i0+ni]
	return c.verts[base:], c.idx[i0:], int32(base)
}

// fan adds the triangles of a convex polygon whose n vertices start at base.
func fan(idx []int32, base int32, n int) {
	for k := 1; k < n-1; k++ {
		idx[0], idx[1], idx[2] = base, base+int32(k), base+int32(k)+1
		idx = idx[3:]
	}
}

// Circle fills a circle of radius world units around center. Its level of
// detail follows its size on screen.
func (c *Canvas) Circle(center mgl64.Vec2, radius float64, col color.RGBA) {
	mustMain("Canvas.Circle")
	c.use(nil, BlendAlpha)
	// About one point per 4 pixels of circumference.
	r := radius * c.pixelScale()
	level := 0
	for level < circleLevels-1 && float64(int(8)<<level) < r*1.6 {
		level++
	}
	unit := c.circles[level]
	n := len(unit)
	v, idx, base := c.grow(n+1, 3*n)
	m := &c.m
	o := c.world(center)
	// The images of the radius along x and y: any affine transform works.
	ax, ay := float32(m[0]*radius), float32(m[1]*radius)
	bx, by := float32(m[3]*radius), float32(m[4]*radius)
	sc := sdlColor(col)
	v[0] = sdl.Vertex{Position: o, Color: sc}
	v = v[1 : n+1]
	for k, u := range unit {
		v[k] = sdl.Vertex{Position: sdl.FPoint{X: o.X + ax*u.X + bx*u.Y, Y: o.Y + ay*u.X + by*u.Y}, Color: sc}
	}
	for k := 0; k < n; k++ {
		next := k + 1
		if next == n {
			next = 0
		}
		idx[3*k], idx[3*k+1], idx[3*k+2] = base, base+1+int32(k), base+1+int32(next)
	}
}

// Box fills a rectangle centred on center with the given half extents in
// world units, turned by angle radians (counter-clockwise, y up).
func (c *Canvas) Box(center, half mgl64.Vec2, angle float64, col color.RGBA) {
	mustMain("Canvas.Box")
	c.use(nil, BlendAlpha)
	v, idx, base := c.grow(4, 6)
	s, co := math.Sincos(angle)
	ux, uy := mgl64.Vec2{co * half[0], s * half[0]}, mgl64.Vec2{-s * half[1], co * half[1]}
	sc := sdlColor(col)
	v[0] = sdl.Vertex{Position: c.world(center.Sub(ux).Sub(uy)), Color: sc}
	v[1] = sdl.Vertex{Position: c.world(center.Add(ux).Sub(uy)), Color: sc}
	v[2] = sdl.Vertex{Position: c.world(center.Add(ux).Add(uy)), Color: sc}
	v[3] = sdl.Vertex{Position: c.world(center.Sub(ux).Add(uy)), Color: sc}
	fan(idx, base, 4)
}

// Polygon fills a convex polygon given by its vertices in body coordinates,
// placed at pos and turned by angle radians. Pass a zero pos and angle for
// vertices already in world coordinates.
func (c *Canvas) Polygon(pos mgl64.Vec2, angle float64, vertices []mgl64.Vec2, col color.RGBA) {
	mustMain("Canvas.Polygon")
	n := len(vertices)
	if n < 3 {
		return
	}
	c.use(nil, BlendAlpha)
	v, idx, base := c.grow(n, 3*(n-2))
	s, co := math.Sincos(angle)
	sc := sdlColor(col)
	for k, p := range vertices {
		w := mgl64.Vec2{pos[0] + co*p[0] - s*p[1], pos[1] + s*p[0] + co*p[1]}
		v[k] = sdl.Vertex{Position: c.world(w), Color: sc}
	}
	fan(idx, base, n)
}

// Segment fills a thick segment from a to b with rounded ends: all points
// within radius world units of it, like a physics segment shape.
func (c *Canvas) Segment(a, b mgl64.Vec2, radius float64, col color.RGBA) {
	mustMain("Canvas.Segment")
	d := b.Sub(a)
	if l := d.Len(); l > 0 {
		n := mgl64.Vec2{-d[1], d[0]}.Mul(radius / l)
		c.use(nil, BlendAlpha)
		v, idx, base := c.grow(4, 6)
		sc := sdlColor(col)
		v[0] = sdl.Vertex{Position: c.world(a.Sub(n)), Color: sc}
		v[1] = sdl.Vertex{Position: c.world(b.Sub(n)), Color: sc}
		v[2] = sdl.Vertex{Position: c.world(b.Add(n)), Color: sc}
		v[3] = sdl.Vertex{Position: c.world(a.Add(n)), Color: sc}
		fan(idx, base, 4)
	}
	c.Circle(a, radius, col)
	c.Circle(b, radius, col)
}

// Line draws a straight line from a to b, in world units, width canvas
// units wide whatever the zoom: for outlines, axes and debug vectors.
func (c *Canvas) Line(a, b mgl64.Vec2, width float64, col color.RGBA) {
	mustMain("Canvas.Line")
	c.linePx(c.world(a), c.world(b), float32(width*c.view.scale), col)
}

// linePx draws a line between two drawable pixel positions.
func (c *Canvas) linePx(p, q sdl.FPoint, width float32, col color.RGBA) {
	dx, dy := q.X-p.X, q.Y-p.Y
	l := float32(math.Sqrt(float64(dx*dx + dy*dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	c.use(nil, BlendAlpha)
	v, idx, base := c.grow(4, 6)
	sc := sdlColor(col)
	v[0] = sdl.Vertex{Position: sdl.FPoint{X: p.X - nx, Y: p.Y - ny}, Color: sc}
	v[1] = sdl.Vertex{Position: sdl.FPoint{X: q.X - nx, Y: q.Y - ny}, Color: sc}
	v[2] = sdl.Vertex{Position: sdl.FPoint{X: q.X + nx, Y: q.Y + ny}, Color: sc}
	v[3] = sdl.Vertex{Position: sdl.FPoint{X: p.X + nx, Y: p.Y + ny}, Color: sc}
	fan(idx, base, 4)
}

// FillRect fills an axis-aligned rectangle given in canvas units, with
// (x, y) its top-left corner, ignoring the transform: for overlays.
func (c *Canvas) FillRect(x, y, w, h float64, col color.RGBA) {
	mustMain("Canvas.FillRect")
	c.use(nil, BlendAlpha)
	v, idx, base := c.grow(4, 6)
	sc := sdlColor(col)
	p, q := c.px(x, y), c.px(x+w, y+h)
	x0, y0, x1, y1 := p.X, p.Y, q.X, q.Y
	v[0] = sdl.Vertex{Position: sdl.FPoint{X: x0, Y: y0}, Color: sc}
	v[1] = sdl.Vertex{Position: sdl.FPoint{X: x1, Y: y0}, Color: sc}
	v[2] = sdl.Vertex{Position: sdl.FPoint{X: x1, Y: y1}, Color: sc}
	v[3] = sdl.Vertex{Position: sdl.FPoint{X: x0, Y: y1}, Color: sc}
	fan(idx, base, 4)
}
