package fusable

import "math"
import "github.com/go-gl/mathgl/mgl64"

func bad(a, b, c float64, v struct{ x float64 }, s float64, m mgl64.Vec2) float64 {
	x := c
	x = a*b + c
	x = c - a*b
	x += a * b
	p := a * b
	x = p + c
	y := 2 * float64(1)
	x *= y
	x = v.x*s + 1
	_ = y
	x += math.Sin(a)
	x += m.Dot(m)
	x = -a*b + c
	return x
}
