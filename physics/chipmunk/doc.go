// Package chipmunk is a physics.World on Chipmunk2D's Go port,
// github.com/jakecoffman/cp/v2. It adds what cp leaves to its caller: stable
// BodyIDs, snapshots in ID order, errors instead of silent corruption for bad
// input, and contact reports that allocate nothing. No cp type appears in its
// API, so a scene written against it can move to another backend that takes
// the same physics definitions.
//
// A World is not safe for concurrent use, and cp numbers its bodies with an
// unsynchronised global counter: build and step all worlds of a process from
// one goroutine.
package chipmunk
