//go:build box2d && cgo

// The C interface of shim.cpp, the package's own layer over Box2D 2.4's C++
// API. Bodies and joints are addressed by their index in the world's lists,
// which the Go side keeps in the same (ascending ID) order as its own, so
// no C++ pointer crosses into Go. Every argument has been checked in Go:
// Box2D's assertions abort the process, so nothing reaching it may fail one.
//
// Every number crossing this interface is in world units; the shim alone
// converts to and from Box2D's meters, with the world's unitsPerMeter (see
// units.go): lengths, velocities, forces and impulses divided by it going
// in and multiplied by it coming out, moments of inertia divided by its
// square, the rest as it is.

#ifndef LOCKSTEP_BOX2D_SHIM_H
#define LOCKSTEP_BOX2D_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lsWorld lsWorld;

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
	double x[8], y[8];
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
	int a, b; // body indexes, -1 for the ground
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

// lsStep steps the world and returns the index of the first body whose
// state is not finite, or -1.
int lsStep(lsWorld *w, double dt);
void lsSnapshot(lsWorld *w, lsState *dst);
lsState lsGetState(lsWorld *w, int i);

void lsAddBody(lsWorld *w, lsBodyDef d);
// lsAddPiece returns 0, or a negative code for a piece Box2D would reject.
int lsAddPiece(lsWorld *w, int body, lsPiece p);
// lsSetMass returns 0, or -1 when Box2D's single precision would turn the
// moment non-positive.
int lsSetMass(lsWorld *w, int body, double mass, double cx, double cy, double inertia);
void lsRemoveBody(lsWorld *w, int i);

void lsTeleport(lsWorld *w, int i, double x, double y, double angle);
void lsSetVelocity(lsWorld *w, int i, double vx, double vy, double av);
void lsApplyImpulse(lsWorld *w, int i, double jx, double jy, double px, double py);
void lsApplyForce(lsWorld *w, int i, double fx, double fy, double px, double py);
void lsWake(lsWorld *w, int i);
int lsSleeping(lsWorld *w, int i);

void lsAddJoint(lsWorld *w, lsJointDef d);
void lsRemoveJoint(lsWorld *w, int j);
void lsDragTo(lsWorld *w, int j, double x, double y);

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
