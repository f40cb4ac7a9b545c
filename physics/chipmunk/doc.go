// Package chipmunk is a physics.World on Chipmunk2D's Go port,
// github.com/jakecoffman/cp/v2. It adds what cp leaves to its caller: stable
// BodyIDs, snapshots in ID order, errors instead of silent corruption or
// NaN for bad input, per-pair contact reports with Began and Ended that
// allocate nothing of their own, and queries that skip sensors. No cp type
// appears in its API, so a scene written against it moves to another
// backend by changing the line that makes the world; it passes
// physicstest's conformance suite.
//
// What cp decides: friction and restitution of a pair are the products of
// both shapes' values; a body dropped on another may sink up to cp's
// collision slop of 0.1 units before it is pushed back; a joint's limit
// acts once crossed. cp has no preferred size or speed, so it ignores
// Config.UnitsPerMeter: every quantity is in world units as given, and
// only cp's collision slop (0.1 units) and the sleep threshold (0.05 units
// a second, see sleep.go) are absolute. cp's step allocates per colliding pair and per
// contact, and its queries allocate too (BenchmarkWorld, BenchmarkQueries).
// cp is not sized for bulk removal: Space.RemoveBody searches its list of
// bodies and each shape's removal filters its cached contacts, so removing
// n bodies in a row costs O(n²) (20,000 in one tick: about 2 s) however
// the wrapper keeps its own lists; Clear replaces the space instead.
// Chipmunk computes in double precision but refuses what Box2D cannot hold
// (physics/internal/check), so a scene fails the same way on both.
//
// A World is not safe for concurrent use, and cp numbers its bodies with an
// unsynchronised global counter: build and step all worlds of a process from
// one goroutine.
package chipmunk
