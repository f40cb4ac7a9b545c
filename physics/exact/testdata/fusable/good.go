package fusable

import "math"

func good(a, b, c float64, n int) float64 {
	x := float64(a*b) + c
	x = c - float64(float64(a*b)*c)
	x += float64(a * b)
	x = float64(a*b*c) / 3
	x += math.Sqrt(math.Abs(x)) * 0.5 * 2 / c
	const k = 2 * 3.0
	i := n * n
	return x + k + float64(i)
}
