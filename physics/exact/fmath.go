package exact

import "math"

// Every product that meets a sum below is wrapped in float64(...): the Go
// spec lets the compiler fuse x*y+z into one rounding unless the product
// is converted explicitly, and it does so on arm64 and on amd64 at
// GOAMD64=v3, which would make results differ between CPUs.
// TestNoFusableExpressions enforces it for the whole package.

// vec is a 2D vector.
type vec struct{ x, y float64 }

func (a vec) add(b vec) vec { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec { return vec{a.x - b.x, a.y - b.y} }
func (a vec) neg() vec      { return vec{-a.x, -a.y} }

// mul scales a by s.
func (a vec) mul(s float64) vec { return vec{float64(a.x * s), float64(a.y * s)} }

// madd returns a + b·s.
func (a vec) madd(b vec, s float64) vec {
	return vec{a.x + float64(b.x*s), a.y + float64(b.y*s)}
}

func dot(a, b vec) float64   { return float64(a.x*b.x) + float64(a.y*b.y) }
func cross(a, b vec) float64 { return float64(a.x*b.y) - float64(a.y*b.x) }

// crossSV is s × v for a scalar (an angular velocity) and a vector.
func crossSV(s float64, v vec) vec { return vec{-float64(s * v.y), float64(s * v.x)} }

// perp is v turned a quarter left.
func perp(v vec) vec { return vec{-v.y, v.x} }

func length(v vec) float64 { return math.Sqrt(dot(v, v)) }

// normalize returns v scaled to length 1 and its length; zero stays zero.
func normalize(v vec) (vec, float64) {
	l := length(v)
	if l == 0 {
		return vec{}, 0
	}
	return vec{v.x / l, v.y / l}, l
}

func vmin(a, b vec) vec { return vec{min(a.x, b.x), min(a.y, b.y)} }
func vmax(a, b vec) vec { return vec{max(a.x, b.x), max(a.y, b.y)} }

// rot is a rotation by its cosine and sine.
type rot struct{ c, s float64 }

func rotOf(angle float64) rot { return rot{c: cosine(angle), s: sine(angle)} }

// apply rotates v.
func (r rot) apply(v vec) vec {
	return vec{float64(r.c*v.x) - float64(r.s*v.y), float64(r.s*v.x) + float64(r.c*v.y)}
}

// inv rotates v back.
func (r rot) inv(v vec) vec {
	return vec{float64(r.c*v.x) + float64(r.s*v.y), -float64(r.s*v.x) + float64(r.c*v.y)}
}

// transform places body-local point p on a body at pos turned by r.
func transform(pos vec, r rot, p vec) vec { return pos.add(r.apply(p)) }

// The quarter turn in two parts, for range reduction: halfPiHi has its low
// bits zero, so k·halfPiHi is exact for the k any game angle gives.
const (
	halfPiHi = 1.5707963267341256          // the leading 33 bits of π/2
	halfPiLo = 6.077100506506192601475e-11 // π/2 − halfPiHi
)

// reduce returns r in about [−π/4, π/4] and the quadrant q such that
// x = q·π/2 + r.
func reduce(x float64) (float64, int) {
	k := math.Floor(float64(x*(2/math.Pi)) + 0.5)
	r := x - float64(k*halfPiHi)
	r -= float64(k * halfPiLo)
	q := int(math.Mod(k, 4))
	if q < 0 {
		q += 4
	}
	return r, q
}

// sinPoly and cosPoly are the Taylor series of sine and cosine to the
// x¹⁵ and x¹⁶ terms, good to about 1e-16 on [−π/4, π/4].
func sinPoly(x float64) float64 {
	z := float64(x * x)
	p := -1.0 / 1307674368000
	p = float64(p*z) + 1.0/6227020800
	p = float64(p*z) - 1.0/39916800
	p = float64(p*z) + 1.0/362880
	p = float64(p*z) - 1.0/5040
	p = float64(p*z) + 1.0/120
	p = float64(p*z) - 1.0/6
	return x + float64(float64(x*z)*p)
}

func cosPoly(x float64) float64 {
	z := float64(x * x)
	p := 1.0 / 20922789888000
	p = float64(p*z) - 1.0/87178291200
	p = float64(p*z) + 1.0/479001600
	p = float64(p*z) - 1.0/3628800
	p = float64(p*z) + 1.0/40320
	p = float64(p*z) - 1.0/720
	p = float64(p*z) + 1.0/24
	p = float64(p*z) - 0.5
	return 1 + float64(z*p)
}

// sine is sin(x), the same bits on every CPU, to about 2e-16 for the
// angles a game reaches (|x| well under 1e9).
func sine(x float64) float64 {
	r, q := reduce(x)
	switch q {
	case 0:
		return sinPoly(r)
	case 1:
		return cosPoly(r)
	case 2:
		return -sinPoly(r)
	}
	return -cosPoly(r)
}

// cosine is cos(x), as sine is sin(x).
func cosine(x float64) float64 {
	r, q := reduce(x)
	switch q {
	case 0:
		return cosPoly(r)
	case 1:
		return -sinPoly(r)
	case 2:
		return -cosPoly(r)
	}
	return sinPoly(r)
}

// atanSmall is the series of atan(t) for |t| <= 0.2, to t²³.
func atanSmall(t float64) float64 {
	z := float64(t * t)
	p := 0.0
	for k := 11; k >= 1; k-- {
		c := 1 / float64(2*k+1)
		if k%2 == 1 {
			c = -c
		}
		p = float64((p + c) * z)
	}
	return t + float64(t*p)
}

// atan2 is the angle of (x, y), in [−π, π], the same bits on every CPU.
func atan2(y, x float64) float64 {
	if x == 0 && y == 0 {
		return 0
	}
	ax, ay := math.Abs(x), math.Abs(y)
	swap := ay > ax
	t := ay / ax
	if swap {
		t = ax / ay
	}
	// Two halvings, atan(t) = 2·atan(t / (1 + √(1 + t²))), bring t in
	// [0, 1] under 0.2.
	for range 2 {
		t /= 1 + math.Sqrt(1+float64(t*t))
	}
	a := float64(4 * atanSmall(t))
	if swap {
		a = math.Pi/2 - a
	}
	if x < 0 {
		a = math.Pi - a
	}
	if y < 0 {
		a = -a
	}
	return a
}

// ln is the natural logarithm of x > 0, the same bits on every CPU: x =
// m·2ᵉ with m in [√½, √2), ln m = 2·atanh((m−1)/(m+1)) by its series.
func ln(x float64) float64 {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m = float64(m * 2)
		e--
	}
	s := (m - 1) / (m + 1)
	z := float64(s * s)
	p := 0.0
	for k := 15; k >= 1; k-- {
		p = float64((p + 1/float64(2*k+1)) * z)
	}
	lnm := float64(2 * (s + float64(s*p)))
	return lnm + float64(float64(e)*math.Ln2)
}
