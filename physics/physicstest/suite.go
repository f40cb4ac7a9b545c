package physicstest

import (
	"errors"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Opener makes an empty world configured by cfg, as a backend's New does.
type Opener func(cfg physics.Config) (physics.World, error)

// dt is the step every case takes: the engine's default tick.
const dt = time.Second / 60

// g is the gravity of the cases where things fall.
var g = mgl64.Vec2{0, -10}

// Run runs every conformance case against worlds made by open, each as a
// subtest named for the behaviour it checks.
func Run(t *testing.T, open Opener) {
	cases := []struct {
		name string
		run  func(*testing.T, Opener)
	}{
		{"free fall follows the closed form", testFreeFall},
		{"a fast body keeps its speed in a world of its units", testFastBody},
		{"damping keeps the configured fraction per second", testDamping},
		{"impulses and forces change velocity by J/m and F·dt/m", testImpulseAndForce},
		{"mass and moment come from density", testDensity},
		{"fixed rotation never turns", testFixedRotation},
		{"kinematic bodies keep their velocity and push", testKinematic},
		{"a box placed on the ground rests without sinking", testResting},
		{"restitution is the product of both shapes'", testRestitution},
		{"friction is the product of both shapes' on a floor", testFrictionFloor},
		{"friction holds or lets go on a slope", testFrictionSlope},
		{"pin keeps its distance", testPin},
		{"pivot keeps its anchors together", testPivot},
		{"slide keeps its distance in range", testSlide},
		{"spring oscillates about its rest length", testSpring},
		{"damped spring settles at its rest length", testDampedSpring},
		{"drag pulls a body to its target and holds it", testDrag},
		{"jointed bodies collide only when asked", testJointCollide},
		{"teleport is flagged in the next snapshot only", testTeleport},
		{"contacts begin once, report every step and end once", testContactLifetime},
		{"contact reports carry point, normal and impulse", testContactDetails},
		{"contacts are reported once per pair in A, B order", testContactOrder},
		{"removing a body ends its contacts at the next step", testContactRemoval},
		{"sensors report without pushing", testSensor},
		{"sleeping bodies keep their contacts", testSleepingContacts},
		{"mover methods work inside OnContact and builders are busy", testCallbackRules},
		{"filters respect categories and masks both ways", testFilterMasks},
		{"filters keep a group apart", testFilterGroups},
		{"ray casts find the first shape", testRayCast},
		{"point queries are exact and in ID order", testQueryPoint},
		{"box queries are exact and in ID order", testQueryBox},
		{"BodyAt finds the nearest body", testBodyAt},
		{"removing a body removes its joints", testRemoval},
		{"bodies at rest sleep and wake", testSleep},
		{"without Config.Sleep nothing sleeps", testNoSleep},
		{"snapshots are in ID order and IDs are never reused", testSnapshotOrder},
		{"inspectors report what was added", testInspect},
		{"bad input is refused with a clear error", testBadInput},
		{"bad configs are refused", testBadConfig},
		{"numbers beyond the shared range are refused by both engines", testDiverged},
		{"the same seed gives bit-identical runs", testDeterminism},
		{"close is safe twice and ends the world", testClose},
		{"close inside OnContact is refused and closes nothing", testCloseInCallback},
		{"hostile polygons are refused with a short message", testHostileShapes},
		{"a body carries the game's value", testUserValue},
		{"a contact names the other body from either side", testContactOther},
		{"clear empties the world at once", testClear},
		{"bodies touch exactly when Filter.Collides says", testFilterCollides},
		{"copies hold the source's state and step alike", testCopySteps},
		{"queries agree with the source right after a copy", testCopyQueries},
		{"a copy follows its source as it changes", testCopyFollowsSource},
		{"IDs added after a copy are the source's", testCopyIDs},
		{"joints and filters work in a copy", testCopyJoints},
		{"sleeping bodies sleep in a copy", testCopySleep},
		{"copies report the same contacts", testCopyContacts},
		{"a copy of a settled pile stays near its source", testCopyNearSource},
		{"a copy of a swinging chain follows its source", testCopyChain},
		{"bodies fall asleep in a copy when they do in the source", testCopyIdle},
		{"copies are refused from other backends, configs, closed worlds and OnContact", testCopyErrors},
		{"copying into a warm world allocates nothing", testCopyAllocs},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open) })
	}
}

// world is a world under test that fails the test on unexpected errors.
type world struct {
	t testing.TB
	physics.World
}

// newWorld opens a world closed when the test ends.
func newWorld(t testing.TB, open Opener, cfg physics.Config) *world {
	t.Helper()
	w, err := open(cfg)
	if err != nil {
		t.Fatalf("open(%+v): %v", cfg, err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return &world{t, w}
}

func (w *world) add(d physics.BodyDef) physics.BodyID {
	w.t.Helper()
	id, err := w.AddBody(d)
	if err != nil {
		w.t.Fatalf("AddBody(%+v): %v", d, err)
	}
	return id
}

func (w *world) joint(d physics.JointDef) physics.JointID {
	w.t.Helper()
	id, err := w.AddJoint(d)
	if err != nil {
		w.t.Fatalf("AddJoint(%+v): %v", d, err)
	}
	return id
}

func (w *world) step(n int) {
	w.t.Helper()
	for range n {
		if err := w.Step(dt); err != nil {
			w.t.Fatalf("Step: %v", err)
		}
	}
}

func (w *world) state(id physics.BodyID) physics.BodyState {
	w.t.Helper()
	s, err := w.State(id)
	if err != nil {
		w.t.Fatalf("State(%d): %v", id, err)
	}
	return s
}

func (w *world) must(err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
}

// ground adds a static box 40 wide whose top is y = 0, centred on x = 0.
func (w *world) ground(friction, restitution float64) physics.BodyID {
	w.t.Helper()
	s := physics.BoxShape(40, 1)
	s.Friction, s.Restitution = friction, restitution
	return w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, -0.5}, Shapes: []physics.Shape{s}})
}

// box adds a dynamic w×h box of density 1 at pos.
func (w *world) box(pos mgl64.Vec2, wd, h, friction, restitution float64) physics.BodyID {
	w.t.Helper()
	s := physics.BoxShape(wd, h)
	s.Density, s.Friction, s.Restitution = 1, friction, restitution
	return w.add(physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}})
}

// ball adds a dynamic ball of radius r and density 1 at pos.
func (w *world) ball(pos mgl64.Vec2, r, friction, restitution float64) physics.BodyID {
	w.t.Helper()
	s := physics.CircleShape(r)
	s.Density, s.Friction, s.Restitution = 1, friction, restitution
	return w.add(physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}})
}

// near reports whether a and b are within tol of each other.
func near(a, b, tol float64) bool { return a-b <= tol && b-a <= tol }

func nearVec(a, b mgl64.Vec2, tol float64) bool { return a.Sub(b).Len() <= tol }

// seconds is the simulated time of n steps.
func seconds(n int) float64 { return float64(n) * dt.Seconds() }

// isWrapped reports whether err wraps want with a message of its own, as
// the API asks: what failed and what to do, not the bare sentinel.
func isWrapped(err, want error) bool {
	return errors.Is(err, want) && err.Error() != want.Error()
}
