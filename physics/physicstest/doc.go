// Package physicstest is the conformance suite every physics backend must
// pass: Run checks a backend's physics.World against the API's contract
// with real numbers (free fall, contacts, restitution, friction, joints,
// filters, sensors, queries, sleeping, errors, determinism), and Bench
// measures it on the same scenes, so backends compare side by side with
// benchstat.
//
// A backend runs it from its own tests:
//
//	func TestConformance(t *testing.T) { physicstest.Run(t, open) }
//	func BenchmarkWorld(b *testing.B) { physicstest.Bench(b, open) }
//
// where open makes a world from a physics.Config. Scenes use world units
// of metres, gravity of 10 m/s² down (−Y) where they fall, and steps of
// 1/60 s.
package physicstest
