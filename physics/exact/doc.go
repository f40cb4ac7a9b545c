// Package exact is a physics.World of our own, in pure Go, that computes
// the same bits on every CPU: amd64 with or without FMA, arm64, any
// operating system. Chipmunk and Box2D differ across them because the Go
// compiler fuses x*y+z into one instruction where the CPU has it (arm64
// always, amd64 at GOAMD64=v3) and because math.Exp, math.Pow and C's
// sinf pick their own paths; here every product that meets a sum is
// rounded explicitly (float64(x*y) + z, which the Go spec forbids fusing;
// TestNoFusableExpressions parses the package to hold that), and sine,
// cosine and logarithm are our own polynomials over operations IEEE 754
// rounds exactly (math.Sqrt, Floor, Frexp among them).
//
// The engine is a sequential-impulse solver with warm starting,
// speculative contacts (so small fast bodies do not pass through thin
// walls) and a relax pass that removes the velocity its position
// correction added, over a sort-and-sweep broad phase whose order is part
// of the world's state. Collision is separating-axis with clipping for
// polygons and segments, closest points for circles.
//
// A world's whole state lives in slices of plain values in a fixed order:
// no map is iterated and no goroutine is started, so the order of results
// never depends on the runtime. World.CopyFrom copies all of it, warm-start
// impulses and broad-phase order included, so a copy continues bit for bit
// as its source would (unlike Chipmunk's and Box2D's copies, which are
// rebuilt and only stay near).
package exact
