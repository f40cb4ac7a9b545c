//go:build box2d && cgo

// The C interface of shim.cpp, the package's own layer over Box2D 2.4's C++
// API. Bodies and joints are addressed by stable handles (lsBody, lsJoint)
// the shim hands out when it makes them and the Go side keeps with its own
// record, so no call searches for one. Every argument has been checked in
// Go: Box2D's assertions abort the process, so nothing reaching it may fail
// one.
//
// Every number crossing this interface is in world units; the shim alone
// converts to and from Box2D's meters, with the world's unitsPerMeter (see
// units.go): lengths, velocities, forces and impulses divided by it going
// in and multiplied by it coming out, moments of inertia divided by its
// square, the rest as it is.

#ifndef LOCKSTEP_BOX2D_SHIM_H
#define LOCKSTEP_BOX2D_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lsWorld lsWorld;
// lsBody is a body's handle, valid from lsAddBody until lsRemoveBody,
// lsClear or lsFreeWorld.
typedef struct lsBody lsBody;
// lsJoint is a joint's handle, valid from lsAddJoint until lsRemoveJoint,
// the removal of either of its bodies, lsClear or lsFreeWorld.
typedef struct lsJoint lsJoint;

// Box2D's constants the Go side computes with, in meters. shim.cpp asserts
// at compile time that they are Box2D's own (b2_common.h, b2_settings.h),
// and Go takes them from here, so the two cannot drift apart.
#define LS_LINEAR_SLOP 0.005      // b2_linearSlop
#define LS_POLYGON_RADIUS 0.01    // b2_polygonRadius, the skin: 2 × slop
#define LS_MAX_POLYGON_VERTICES 8 // b2_maxPolygonVertices
#define LS_MAX_TRANSLATION 2.0    // b2_maxTranslation: meters a step

// The codes lsAddPiece and lsSetMass return: 0, or what Box2D would have
// refused (by aborting). Go names each in its error.
enum {
	lsOK = 0,
	lsBadCircle = -1,  // radius not positive or not finite in single precision
	lsBadPolygon = -2, // fewer than 3 or more than 8 points, welded points, no area
	lsBadEdge = -3,    // ends within Box2D's slop
	lsBadKind = -4,    // not lsCircle, lsPolygon or lsEdge
	lsBadMass = -5     // mass or moment not positive and finite in single precision
};

// lsState has physics.BodyState's memory layout, so lsSnapshot writes
// straight into the Go slice (asserted on both sides at compile time).
typedef struct {
	uint32_t id;
	double px, py, angle, vx, vy, av;
	uint8_t teleported;
} lsState;

typedef struct {
	uint16_t categories, mask; // resolved: never 0
	int16_t group;             // Box2D's groupIndex: ours negated
} lsFilter;

enum { lsCircle = 1, lsPolygon = 2, lsEdge = 3 };

// lsPiece is one Box2D fixture: a circle (x[0], y[0], radius), a polygon
// (count ≤ 8 core vertices, already inset by Box2D's skin) or an edge
// (two vertices). shape is the index of the physics.Shape it belongs to.
typedef struct {
	int kind, count;
	double x[LS_MAX_POLYGON_VERTICES], y[LS_MAX_POLYGON_VERTICES];
	double radius, friction, restitution;
	uint8_t sensor;
	lsFilter filter;
	uint32_t shape;
} lsPiece;

typedef struct {
	uint32_t id;
	int kind; // 0 dynamic, 1 kinematic, 2 static (physics.BodyKind)
	double px, py, angle, vx, vy, av;
	double damping; // Box2D's linear and angular damping rate
	uint8_t fixedRotation, bullet;
} lsBodyDef;

enum { lsPin = 1, lsPivot, lsSlide, lsSpring, lsDrag };

typedef struct {
	int kind;
	lsBody *a, *b; // NULL for the ground
	double ax, ay, bx, by;
	double minLength, maxLength, length; // a spring's are free: only length counts
	double stiffness, damping;
	double maxForce; // Drag only; 0 for no cap
	uint8_t collide;
} lsJointDef;

// lsContact is one touching pair of bodies after a step, a < b.
typedef struct {
	uint32_t a, b;
	double px, py, nx, ny, ix, iy;
	uint8_t sensor;
} lsContact;

typedef struct {
	uint32_t body;
	int hit;
	double px, py, nx, ny, fraction;
} lsRayHit;

typedef struct {
	uint32_t body;
	int found;
} lsFound;

lsWorld *lsNewWorld(double unitsPerMeter, double gx, double gy, int allowSleep, int velocityIterations, int positionIterations);
void lsFreeWorld(lsWorld *w);
// lsSetContinuous turns Box2D's continuous collision on or off: dynamic
// bodies against static ones, and bullets against everything.
void lsSetContinuous(lsWorld *w, int on);

// lsStep steps the world and returns the ID of the first body, in ID
// order, whose state is not finite, or 0.
uint32_t lsStep(lsWorld *w, double dt);
// lsSnapshot writes the state of every body, in ID order, to dst, which
// has room for them all, and clears their teleported marks.
void lsSnapshot(lsWorld *w, lsState *dst);
lsState lsGetState(lsWorld *w, lsBody *b);

// lsAddBody makes a body without fixtures; its ID is above every earlier
// one.
lsBody *lsAddBody(lsWorld *w, lsBodyDef d);
// lsAddPiece returns lsOK, or the code of a piece Box2D would reject.
int lsAddPiece(lsWorld *w, lsBody *b, lsPiece p);
// lsSetMass returns lsOK, or lsBadMass when Box2D's single precision would
// turn the mass or moment non-positive.
int lsSetMass(lsWorld *w, lsBody *b, double mass, double cx, double cy, double inertia);
// lsRemoveBody removes a body and, in the same call, every joint attached
// to it, and wakes what touched it.
void lsRemoveBody(lsWorld *w, lsBody *b);
// lsMoved returns how many entries of its body list the shim has copied to
// close the holes removals left: tests check it stays linear.
size_t lsMoved(lsWorld *w);
// lsClear removes every body and joint by starting over with an empty
// Box2D world of the same settings.
void lsClear(lsWorld *w);

// lsCopyWorld makes d hold a copy of what s holds (both made with the same
// settings), rebuilt in a new Box2D world: the bodies in ID order, whose
// handles it writes to bodies (room for all of s's), and the n joints
// whose handles of s are in joints, in order, whose handles of d it
// writes to copies. Handles d gave out before are invalid afterwards.
void lsCopyWorld(lsWorld *d, lsWorld *s, lsBody **bodies, lsJoint *const *joints, lsJoint **copies, int njoints);

void lsTeleport(lsWorld *w, lsBody *b, double x, double y, double angle);
void lsSetVelocity(lsWorld *w, lsBody *b, double vx, double vy, double av);
void lsApplyImpulse(lsWorld *w, lsBody *b, double jx, double jy, double px, double py);
void lsApplyForce(lsWorld *w, lsBody *b, double fx, double fy, double px, double py);
void lsWake(lsWorld *w, lsBody *b);
int lsSleeping(lsWorld *w, lsBody *b);

lsJoint *lsAddJoint(lsWorld *w, lsJointDef d);
void lsRemoveJoint(lsWorld *w, lsJoint *j);
void lsDragTo(lsWorld *w, lsJoint *j, double x, double y);

// lsCollectContacts gathers the touching pairs, sorted by a then b, and
// returns how many there are; lsContacts points at them until the next
// call.
int lsCollectContacts(lsWorld *w);
const lsContact *lsContacts(lsWorld *w);

// The queries leave the IDs of the bodies found, ascending and each once,
// at lsFoundIDs, and return how many.
int lsQueryPoint(lsWorld *w, double x, double y, lsFilter f);
int lsQueryBox(lsWorld *w, double lox, double loy, double hix, double hiy, lsFilter f);
const uint32_t *lsFoundIDs(lsWorld *w);
lsFound lsBodyAt(lsWorld *w, double x, double y, double radius, int dynamicOnly);
lsRayHit lsRayCast(lsWorld *w, double ax, double ay, double bx, double by, lsFilter f);

#ifdef __cplusplus
}
#endif

#endif
