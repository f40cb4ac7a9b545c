// Package box2d is a physics.World simulated by Box2D 2.4 (erincatto/box2d)
// through cgo. It is built only with the build tag box2d (and cgo enabled)
// and needs the system's Box2D 2.4 development package: libbox2d-dev on Debian and
// Ubuntu, Box2D-devel on Fedora. Homebrew and Arch ship Box2D 3.x, whose C
// API is a different one, so this package does not build against them.
//
// A small C++ layer of the package's own (shim.cpp) hands the Go side a
// stable handle for each body and joint (no call searches for one), keeps
// the bodies in ID order, so that Snapshot copies every body's state out in
// one call, and removes a body with its joints in one call; Step allocates
// nothing on the Go side. Box2D's constants the Go side computes with come
// from shim.h and are asserted against Box2D's at compile time, and the
// shim's error codes are named constants both sides share. Box2D computes in single
// precision: states come back as float32 values widened to float64, and
// every number going in must be finite and within ±1e15 of Box2D's units.
// Box2D's build keeps its assertions, which abort the process: every
// argument is checked in Go first, and bad input is an error wrapping
// physics.ErrInvalid.
//
// Box2D is tuned for moving objects of 0.1 to 10 meters, and its tolerances
// are fixed in meters: physics.Config.UnitsPerMeter says how many world
// units make one, and the shim converts every length, velocity, force and
// impulse at the boundary (units.go). The sizes below are Box2D's meters;
// in world units they are UnitsPerMeter times larger, and errors state
// them so.
//
// How the physics API maps onto Box2D:
//
//   - Bodies are b2Bodys; FixedRotation, Bullet and the world's Sleep map to
//     Box2D's flags. Box2D's continuous collision (of dynamic bodies
//     against static ones, and of bullets against all) is on only while the
//     world holds a Bullet body: in a settled pile of 5,000 bodies it
//     tripled the step, and Chipmunk has none. Masses are computed here from the shapes as
//     physics.BodyDef describes and set with SetMassData. Config.Damping
//     becomes each dynamic body's linear and angular damping, −ln(Damping).
//     Box2D moves a body at most 2 m a step (at 60 steps a second, faster
//     bodies are slowed to 120 m/s without a word) and sleeps bodies after
//     half a second at rest.
//   - Circles are b2CircleShapes. Boxes and polygons are b2PolygonShapes
//     shrunk by Box2D's 1 cm skin, so that they collide along the outline
//     given (with corners rounded by 1 cm) instead of 1 cm outside it; they
//     must therefore be at least 2.5 cm across. Hulls of more than 8 points
//     are split into fans of 8-point pieces on the same body. Box and
//     polygon shapes cannot be rounded (Radius must be 0).
//   - A segment with a radius of at least 1.25 cm is a capsule: a rectangle
//     between two circles. A thinner one is a two-sided b2EdgeShape, which
//     collides as if its radius were 1 cm; two such edges never collide
//     with each other. Segments must be at least 5 mm long.
//   - Friction and restitution mix as the product of the two shapes'
//     values, as in Chipmunk (Box2D would take the geometric mean and the
//     larger). Box2D does not bounce contacts closing slower than 1 m/s,
//     which keeps resting bodies from jittering.
//   - Filters are b2Filters, a positive Group becoming a negative group
//     index; sensors are Box2D sensors.
//   - Pin is a rigid b2DistanceJoint at the anchors' starting distance,
//     Pivot a b2RevoluteJoint, Slide a b2DistanceJoint free between Min and
//     Max, Spring a soft b2DistanceJoint (Stiffness and Damping are Box2D's
//     own, force per unit stretch and per unit speed, which UnitsPerMeter
//     leaves as they are), Drag a
//     b2MouseJoint on a ground body at 5 Hz with damping ratio 0.7. Only
//     Drag honours MaxForce; it is an error on the others. Box2D keeps
//     distance joints at least 5 mm long.
//   - Contacts are gathered after the step from Box2D's contact list, one
//     report per pair of bodies: the first solid contact's point (on A's
//     surface) and normal, and the sum of the impulses the solver stored.
//   - Queries and ray casts use Box2D's broad phase, then test each shape's
//     outline exactly (see query.go).
//
// Box2D removes a body in time proportional to the bodies added or moved
// since the last step (it searches its broad phase's move buffer), so
// removing bodies added in the same tick costs O(n²) in all: 20,000 in
// one tick took about 1 s. Clear starts over with a fresh b2World instead.
//
// A World is not safe for concurrent use; separate worlds may be used from
// separate goroutines. A call made from another goroutine while the world
// is inside Box2D is refused with physics.ErrBusy, where Box2D would abort
// the process: one compare-and-swap per call.
package box2d
