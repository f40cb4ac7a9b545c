package exact

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOwnFunctionsMatchMath compares the package's sine, cosine, arc
// tangent and logarithm with math's over random arguments: within a few
// units in the last place (math's own differ by CPU in that last place,
// which is why the package has its own).
func TestOwnFunctionsMatchMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		x := (r.Float64() - 0.5) * 2000
		if d := math.Abs(sine(x) - math.Sin(x)); d > 1e-13 {
			t.Fatalf("sine(%v) = %v, math says %v", x, sine(x), math.Sin(x))
		}
		if d := math.Abs(cosine(x) - math.Cos(x)); d > 1e-13 {
			t.Fatalf("cosine(%v) = %v, math says %v", x, cosine(x), math.Cos(x))
		}
		y, z := r.NormFloat64()*10, r.NormFloat64()*10
		if d := math.Abs(atan2(y, z) - math.Atan2(y, z)); d > 4e-16*math.Pi {
			t.Fatalf("atan2(%v, %v) = %v, math says %v", y, z, atan2(y, z), math.Atan2(y, z))
		}
		p := math.Exp(r.NormFloat64() * 20)
		if d := math.Abs(ln(p) - math.Log(p)); d > 1e-15*max(1, math.Abs(math.Log(p))) {
			t.Fatalf("ln(%v) = %v, math says %v", p, ln(p), math.Log(p))
		}
	}
	for _, c := range [][3]float64{{0, 1, 0}, {1, 0, math.Pi / 2}, {0, -1, math.Pi}, {-1, 0, -math.Pi / 2}, {0, 0, 0}} {
		if got := atan2(c[0], c[1]); math.Abs(got-c[2]) > 1e-15 {
			t.Errorf("atan2(%v, %v) = %v, want %v", c[0], c[1], got, c[2])
		}
	}
	if sine(0) != 0 || cosine(0) != 1 || ln(1) != 0 {
		t.Errorf("sine(0) %v, cosine(0) %v, ln(1) %v: want 0, 1, 0 exactly", sine(0), cosine(0), ln(1))
	}
}
