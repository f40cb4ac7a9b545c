//go:build box2d && cgo

// shim.cpp is the package's own C++ layer over Box2D 2.4 (the system's
// libbox2d): it hands out stable handles to bodies and joints, keeps the
// bodies in ID order for snapshots,
// mixes friction and restitution as Chipmunk does, gathers contacts after a
// step, copies every body's state out in one call, answers queries
// against the outline Box2D collides with (core polygon plus its skin), and
// converts between the world's units and Box2D's meters (shim.h).

#include "shim.h"

#include <box2d/box2d.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

// The constants the Go side computes with are Box2D's own.
static_assert(static_cast<float>(LS_LINEAR_SLOP) == b2_linearSlop, "LS_LINEAR_SLOP is not Box2D's b2_linearSlop");
static_assert(static_cast<float>(LS_POLYGON_RADIUS) == b2_polygonRadius, "LS_POLYGON_RADIUS is not Box2D's b2_polygonRadius");
static_assert(LS_MAX_POLYGON_VERTICES == b2_maxPolygonVertices, "LS_MAX_POLYGON_VERTICES is not Box2D's b2_maxPolygonVertices");
static_assert(static_cast<float>(LS_MAX_TRANSLATION) == b2_maxTranslation, "LS_MAX_TRANSLATION is not Box2D's b2_maxTranslation");

namespace {

// productMixer gives a touching pair the product of its fixtures' friction
// and restitution, Chipmunk's rule, in place of Box2D's geometric mean and
// maximum. A contact keeps what BeginContact sets until it is destroyed, so
// setting it once per start of touching is enough.
class productMixer : public b2ContactListener {
public:
	void BeginContact(b2Contact *c) override {
		const b2Fixture *a = c->GetFixtureA(), *b = c->GetFixtureB();
		c->SetFriction(a->GetFriction() * b->GetFriction());
		c->SetRestitution(a->GetRestitution() * b->GetRestitution());
	}
};

// contactRecord is one touching fixture pair, oriented so that a < b.
struct contactRecord {
	uint32_t a, b;
	uintptr_t shapeA, shapeB;
	size_t order; // in Box2D's contact list, which is deterministic
	lsContact c;
};

} // namespace

// lsSnapshot writes lsState values into a []physics.BodyState: the two
// layouts must agree (world.go asserts the Go half at compile time).
static_assert(sizeof(lsState) == 64, "lsState is not physics.BodyState's size");
static_assert(offsetof(lsState, px) == 8 && offsetof(lsState, angle) == 24 && offsetof(lsState, vx) == 32 &&
                  offsetof(lsState, av) == 48 && offsetof(lsState, teleported) == 56,
              "lsState's fields are not where physics.BodyState has them");

// lsBody is what a body's handle points at: Box2D's body, and what the
// shim keeps of it. The b2Body's user data points back here.
struct lsBody {
	b2Body *b;
	uint32_t id;
	size_t at; // index in lsWorld::bodies
	uint8_t teleported;
	// What lsSetMass was given, for lsCopyWorld to set the same bits.
	uint8_t massSet;
	double mass, cx, cy, inertia;
	// The force and torque applied since the last step, which Box2D
	// keeps without a way to read them back.
	b2Vec2 force;
	float torque;
};

struct lsWorld {
	std::unique_ptr<b2World> world;
	productMixer mixer;
	b2Body *ground;
	double perMeter; // world units in a meter
	int velocityIterations, positionIterations;
	// bodies is in ascending ID order. A removed body leaves a null hole,
	// closed by compact once holes are half the list or before a walk, so
	// removing n bodies moves O(n) entries, not O(n²).
	std::vector<lsBody *> bodies;
	size_t holes = 0;
	size_t moved = 0; // entries compact has copied, for lsMoved
	std::vector<contactRecord> records;
	std::vector<lsContact> contacts;
	std::vector<uint32_t> found;
	// spare holds records of bodies lsCopyWorld no longer needed, for the
	// next copy; fixtures is its scratch list.
	std::vector<lsBody *> spare;
	std::vector<b2Fixture *> fixtures;
	// fixtureMap pairs each fixture of a copy's source with the copy's,
	// sorted by the source's, for copying contacts.
	std::vector<std::pair<const b2Fixture *, b2Fixture *>> fixtureMap;

	explicit lsWorld(double unitsPerMeter) : perMeter(unitsPerMeter) {}
	~lsWorld() {
		for (lsBody *b : bodies) {
			delete b;
		}
		for (lsBody *b : spare) {
			delete b;
		}
	}
};

namespace {

// meters is a world length, velocity, force or impulse in Box2D's units;
// units brings one back. A power of two as perMeter changes no bit.
double meters(const lsWorld *w, double x) { return x / w->perMeter; }
float metersf(const lsWorld *w, double x) { return static_cast<float>(meters(w, x)); }
b2Vec2 meters(const lsWorld *w, double x, double y) { return b2Vec2(metersf(w, x), metersf(w, y)); }
double units(const lsWorld *w, double x) { return x * w->perMeter; }

// Box2D 2.4.1's GetUserData has no const overload; reading it changes
// nothing.
uint32_t idOf(const b2Body *b) {
	return reinterpret_cast<const lsBody *>(const_cast<b2Body *>(b)->GetUserData().pointer)->id;
}

// compact closes the holes removals left in w->bodies.
void compact(lsWorld *w) {
	size_t n = 0;
	for (lsBody *b : w->bodies) {
		if (b != nullptr) {
			b->at = n;
			w->bodies[n++] = b;
		}
	}
	w->moved += n;
	w->bodies.resize(n);
	w->holes = 0;
}

// makeWorld gives w an empty Box2D world with gravity g and the settings
// lsNewWorld describes, and its ground body.
void makeWorld(lsWorld *w, const b2Vec2 &g, bool allowSleep, bool continuous) {
	w->world.reset(new b2World(g));
	w->world->SetContactListener(&w->mixer);
	w->world->SetAllowSleeping(allowSleep);
	w->world->SetContinuousPhysics(continuous);
	b2BodyDef gd;
	w->ground = w->world->CreateBody(&gd);
}

uintptr_t shapeOf(const b2Fixture *f) { return const_cast<b2Fixture *>(f)->GetUserData().pointer; }

bool finite(float x) { return std::isfinite(x); }

// passes reports whether a query with filter f sees fixture fx: Box2D's own
// rule, as if the query were a fixture (f.group is already Box2D's).
bool passes(const b2Fixture *fx, const lsFilter &f) {
	const b2Filter &g = fx->GetFilterData();
	if (f.group != 0 && f.group == g.groupIndex) {
		return false;
	}
	return (f.categories & g.maskBits) != 0 && (g.categoryBits & f.mask) != 0;
}

// core is a fixture's outline in world coordinates as Box2D collides with
// it: the convex hull of n points (1 for a circle, 2 for an edge) grown by
// radius.
struct core {
	int n;
	double x[b2_maxPolygonVertices], y[b2_maxPolygonVertices];
	double radius;
};

core coreOf(const b2Fixture *fx) {
	const b2Transform &xf = fx->GetBody()->GetTransform();
	const b2Shape *s = fx->GetShape();
	core c;
	c.radius = s->m_radius;
	auto put = [&](int i, const b2Vec2 &local) {
		b2Vec2 p = b2Mul(xf, local);
		c.x[i] = p.x;
		c.y[i] = p.y;
	};
	switch (s->GetType()) {
	case b2Shape::e_circle:
		c.n = 1;
		put(0, static_cast<const b2CircleShape *>(s)->m_p);
		break;
	case b2Shape::e_edge: {
		const b2EdgeShape *e = static_cast<const b2EdgeShape *>(s);
		c.n = 2;
		put(0, e->m_vertex1);
		put(1, e->m_vertex2);
		break;
	}
	default: {
		const b2PolygonShape *p = static_cast<const b2PolygonShape *>(s);
		c.n = p->m_count;
		for (int i = 0; i < p->m_count; i++) {
			put(i, p->m_vertices[i]);
		}
	}
	}
	return c;
}

double segmentDistance(double px, double py, double ax, double ay, double bx, double by) {
	double ex = bx - ax, ey = by - ay;
	double ee = ex * ex + ey * ey;
	double u = ee > 0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0;
	u = std::min(1.0, std::max(0.0, u));
	double dx = px - (ax + u * ex), dy = py - (ay + u * ey);
	return std::sqrt(dx * dx + dy * dy);
}

// signedDistance is how far p is outside c (negative inside).
double signedDistance(const core &c, double px, double py) {
	if (c.n == 1) {
		return std::hypot(px - c.x[0], py - c.y[0]) - c.radius;
	}
	if (c.n == 2) {
		return segmentDistance(px, py, c.x[0], c.y[0], c.x[1], c.y[1]) - c.radius;
	}
	double most = -DBL_MAX;
	for (int i = 0; i < c.n; i++) {
		int j = (i + 1) % c.n;
		double ex = c.x[j] - c.x[i], ey = c.y[j] - c.y[i];
		double len = std::hypot(ex, ey);
		most = std::max(most, (ey * (px - c.x[i]) - ex * (py - c.y[i])) / len);
	}
	if (most <= 0) {
		return most - c.radius;
	}
	double d = DBL_MAX;
	for (int i = 0; i < c.n; i++) {
		int j = (i + 1) % c.n;
		d = std::min(d, segmentDistance(px, py, c.x[i], c.y[i], c.x[j], c.y[j]));
	}
	return d - c.radius;
}

struct rayHit {
	double t, nx, ny;
};

// circleEntry is where the ray a + t·d first enters the circle, if it does
// within [0, tmax].
bool circleEntry(double ax, double ay, double dx, double dy, double cx, double cy, double r, double tmax, rayHit *h) {
	double mx = ax - cx, my = ay - cy;
	double dd = dx * dx + dy * dy;
	double b = mx * dx + my * dy;
	double c = mx * mx + my * my - r * r;
	double disc = b * b - dd * c;
	if (r <= 0 || disc < 0) {
		return false;
	}
	double t = (-b - std::sqrt(disc)) / dd;
	if (t < 0 || t > tmax) {
		return false;
	}
	h->t = t;
	h->nx = (ax + t * dx - cx) / r;
	h->ny = (ay + t * dy - cy) / r;
	return true;
}

// sideEntry is where the ray enters through the side of c's edge from
// (x0, y0) to (x1, y1) whose outward normal is (nx, ny), pushed out by the
// radius.
bool sideEntry(double ax, double ay, double dx, double dy, double x0, double y0, double x1, double y1, double nx, double ny, double r, double tmax, rayHit *h) {
	double den = nx * dx + ny * dy;
	if (den >= 0) {
		return false;
	}
	double sx = x0 + r * nx, sy = y0 + r * ny;
	double t = (nx * (sx - ax) + ny * (sy - ay)) / den;
	if (t < 0 || t > tmax) {
		return false;
	}
	double ex = x1 - x0, ey = y1 - y0;
	double u = ((ax + t * dx - sx) * ex + (ay + t * dy - sy) * ey) / (ex * ex + ey * ey);
	if (u < 0 || u > 1) {
		return false;
	}
	h->t = t;
	h->nx = nx;
	h->ny = ny;
	return true;
}

// rayEntry is where the ray a + t·d, t in [0, tmax], first enters c; a ray
// that starts inside c does not hit it.
bool rayEntry(const core &c, double ax, double ay, double dx, double dy, double tmax, rayHit *best) {
	if (signedDistance(c, ax, ay) <= 0) {
		return false;
	}
	bool any = false;
	rayHit h;
	auto keep = [&](bool ok) {
		if (ok && (!any || h.t < best->t)) {
			*best = h;
			any = true;
		}
	};
	for (int i = 0; i < c.n; i++) {
		keep(circleEntry(ax, ay, dx, dy, c.x[i], c.y[i], c.radius, tmax, &h));
	}
	if (c.n == 2) {
		double ex = c.x[1] - c.x[0], ey = c.y[1] - c.y[0];
		double len = std::hypot(ex, ey);
		double nx = ey / len, ny = -ex / len;
		keep(sideEntry(ax, ay, dx, dy, c.x[0], c.y[0], c.x[1], c.y[1], nx, ny, c.radius, tmax, &h));
		keep(sideEntry(ax, ay, dx, dy, c.x[0], c.y[0], c.x[1], c.y[1], -nx, -ny, c.radius, tmax, &h));
	} else if (c.n > 2) {
		for (int i = 0; i < c.n; i++) {
			int j = (i + 1) % c.n;
			double ex = c.x[j] - c.x[i], ey = c.y[j] - c.y[i];
			double len = std::hypot(ex, ey);
			keep(sideEntry(ax, ay, dx, dy, c.x[i], c.y[i], c.x[j], c.y[j], ey / len, -ex / len, c.radius, tmax, &h));
		}
	}
	return any;
}

// pointQuery collects the bodies with a non-sensor fixture, passing the
// filter, within reach of a point.
class pointQuery : public b2QueryCallback {
public:
	lsWorld *w;
	lsFilter filter;
	double x, y;
	bool ReportFixture(b2Fixture *fx) override {
		if (!fx->IsSensor() && passes(fx, filter) && signedDistance(coreOf(fx), x, y) <= 0) {
			w->found.push_back(idOf(fx->GetBody()));
		}
		return true;
	}
};

class boxQuery : public b2QueryCallback {
public:
	lsWorld *w;
	lsFilter filter;
	b2PolygonShape box;
	bool ReportFixture(b2Fixture *fx) override {
		if (!fx->IsSensor() && passes(fx, filter) &&
		    b2TestOverlap(&box, 0, fx->GetShape(), 0, b2Transform(b2Vec2_zero, b2Rot(0)), fx->GetBody()->GetTransform())) {
			w->found.push_back(idOf(fx->GetBody()));
		}
		return true;
	}
};

class nearestQuery : public b2QueryCallback {
public:
	double x, y, radius;
	bool dynamicOnly;
	lsFound best{0, 0};
	double bestDistance = 0;
	bool ReportFixture(b2Fixture *fx) override {
		const b2Body *b = fx->GetBody();
		if (fx->IsSensor() || (dynamicOnly && b->GetType() != b2_dynamicBody)) {
			return true;
		}
		double d = std::max(0.0, signedDistance(coreOf(fx), x, y));
		uint32_t id = idOf(b);
		if (d <= radius && (!best.found || d < bestDistance || (d == bestDistance && id < best.body))) {
			best.body = id;
			best.found = 1;
			bestDistance = d;
		}
		return true;
	}
};

// rayQuery walks the broad-phase tree itself, rather than through
// b2World::RayCast, because Box2D's own shape ray casts ignore the skin
// around polygons and edges: a ray grazing the skin would never be offered.
struct rayQuery {
	const b2BroadPhase *bp;
	lsFilter filter;
	double ax, ay, dx, dy;
	lsRayHit best{0, 0, 0, 0, 0, 0, 0};

	float RayCastCallback(const b2RayCastInput &in, int32 proxy) {
		const b2FixtureProxy *p = static_cast<const b2FixtureProxy *>(bp->GetUserData(proxy));
		const b2Fixture *fx = p->fixture;
		if (fx->IsSensor() || !passes(fx, filter)) {
			return in.maxFraction;
		}
		rayHit h;
		if (!rayEntry(coreOf(fx), ax, ay, dx, dy, in.maxFraction, &h)) {
			return in.maxFraction;
		}
		uint32_t id = idOf(fx->GetBody());
		if (!best.hit || h.t < best.fraction || (h.t == best.fraction && id < best.body)) {
			best.hit = 1;
			best.body = id;
			best.fraction = h.t;
			best.px = ax + h.t * dx;
			best.py = ay + h.t * dy;
			best.nx = h.nx;
			best.ny = h.ny;
		}
		return static_cast<float>(h.t);
	}
};

void sortFound(lsWorld *w) {
	std::sort(w->found.begin(), w->found.end());
	w->found.erase(std::unique(w->found.begin(), w->found.end()), w->found.end());
}

b2Filter toBox2D(const lsFilter &f) {
	b2Filter g;
	g.categoryBits = f.categories;
	g.maskBits = f.mask;
	g.groupIndex = f.group;
	return g;
}

// polygonOK repeats the checks behind Box2D's assertions in
// b2PolygonShape::Set, on the single-precision points it would see: at
// least 3 and at most 8 points, none within welding distance of another,
// enclosing area. Go has checked all this with margin already; this is
// the last guard before an abort.
bool polygonOK(const b2Vec2 *v, int n) {
	if (n < 3 || n > b2_maxPolygonVertices) {
		return false;
	}
	for (int i = 0; i < n; i++) {
		if (!finite(v[i].x) || !finite(v[i].y)) {
			return false;
		}
		for (int j = i + 1; j < n; j++) {
			if (b2DistanceSquared(v[i], v[j]) < b2_linearSlop * b2_linearSlop) {
				return false;
			}
		}
	}
	double area = 0;
	for (int i = 1; i + 1 < n; i++) {
		double ex = v[i].x - v[0].x, ey = v[i].y - v[0].y;
		double fx = v[i + 1].x - v[0].x, fy = v[i + 1].y - v[0].y;
		area += 0.5 * (ex * fy - ey * fx);
	}
	return area > 1e-6;
}

// applyMass gives r's Box2D body the mass lsSetMass was given, or returns
// lsBadMass when Box2D's single precision would make it non-positive.
int applyMass(const lsWorld *w, lsBody *r) {
	b2MassData md;
	md.mass = static_cast<float>(r->mass);
	md.center = meters(w, r->cx, r->cy);
	md.I = 0;
	if (r->inertia > 0) {
		double inertia = meters(w, meters(w, r->inertia)); // mass × length²
		// Box2D takes the moment about the body's origin and subtracts
		// m·|c|² again, asserting the result is positive: check that
		// single-precision round trip before it can abort.
		float cc = b2Dot(md.center, md.center);
		md.I = static_cast<float>(inertia) + md.mass * cc;
		float back = md.I - md.mass * cc;
		if (!(back > 0) || !finite(md.I)) {
			return lsBadMass;
		}
	}
	if (!(md.mass > 0) || !finite(md.mass)) {
		return lsBadMass;
	}
	r->b->SetMassData(&md);
	return lsOK;
}

} // namespace

extern "C" {

lsWorld *lsNewWorld(double unitsPerMeter, double gx, double gy, int allowSleep, int velocityIterations, int positionIterations) {
	lsWorld *w = new lsWorld(unitsPerMeter);
	// Continuous collision is off until a body asks for it (see
	// lsSetContinuous): Box2D's time-of-impact pass rescans every contact
	// for each impact it resolves, and in a settled pile of 5,000 bodies
	// it tripled the step (68 ms against 20 ms).
	makeWorld(w, b2Vec2(static_cast<float>(gx / unitsPerMeter), static_cast<float>(gy / unitsPerMeter)), allowSleep != 0, false);
	w->velocityIterations = velocityIterations;
	w->positionIterations = positionIterations;
	return w;
}

void lsFreeWorld(lsWorld *w) { delete w; }

void lsSetContinuous(lsWorld *w, int on) { w->world->SetContinuousPhysics(on != 0); }

uint32_t lsStep(lsWorld *w, double dt) {
	w->world->Step(static_cast<float>(dt), w->velocityIterations, w->positionIterations);
	if (w->holes > 0) {
		compact(w);
	}
	for (lsBody *r : w->bodies) {
		r->force.SetZero(); // Box2D has cleared its forces
		r->torque = 0;
		const b2Body *b = r->b;
		const b2Vec2 &p = b->GetPosition();
		const b2Vec2 &v = b->GetLinearVelocity();
		// x-x is 0 for finite x and NaN otherwise: one test for all six.
		float s = (p.x - p.x) + (p.y - p.y) + (v.x - v.x) + (v.y - v.y);
		float a = b->GetAngle(), av = b->GetAngularVelocity();
		if (s + (a - a) + (av - av) != 0) {
			return r->id;
		}
	}
	return 0;
}

static lsState stateOf(const lsWorld *w, const lsBody *r) {
	const b2Body *b = r->b;
	const b2Vec2 &p = b->GetPosition();
	const b2Vec2 &v = b->GetLinearVelocity();
	lsState s;
	s.id = idOf(b);
	s.px = units(w, p.x);
	s.py = units(w, p.y);
	s.angle = b->GetAngle();
	s.vx = units(w, v.x);
	s.vy = units(w, v.y);
	s.av = b->GetAngularVelocity();
	s.teleported = r->teleported;
	return s;
}

void lsSnapshot(lsWorld *w, lsState *dst) {
	if (w->holes > 0) {
		compact(w);
	}
	size_t i = 0;
	for (lsBody *r : w->bodies) {
		dst[i++] = stateOf(w, r);
		r->teleported = 0;
	}
}

lsState lsGetState(lsWorld *w, lsBody *b) { return stateOf(w, b); }

lsBody *lsAddBody(lsWorld *w, lsBodyDef d) {
	b2BodyDef bd;
	switch (d.kind) {
	case 0:
		bd.type = b2_dynamicBody;
		bd.linearDamping = static_cast<float>(d.damping);
		bd.angularDamping = static_cast<float>(d.damping);
		break;
	case 1:
		bd.type = b2_kinematicBody;
		break;
	default:
		bd.type = b2_staticBody;
	}
	bd.position = meters(w, d.px, d.py);
	bd.angle = static_cast<float>(d.angle);
	if (bd.type != b2_staticBody) {
		bd.linearVelocity = meters(w, d.vx, d.vy);
		bd.angularVelocity = static_cast<float>(d.av);
	}
	bd.fixedRotation = d.fixedRotation != 0;
	bd.bullet = d.bullet != 0;
	lsBody *r = new lsBody{};
	r->id = d.id;
	r->at = w->bodies.size();
	bd.userData.pointer = reinterpret_cast<uintptr_t>(r);
	r->b = w->world->CreateBody(&bd);
	w->bodies.push_back(r);
	return r;
}

int lsAddPiece(lsWorld *w, lsBody *body, lsPiece p) {
	b2FixtureDef fd;
	fd.friction = static_cast<float>(p.friction);
	fd.restitution = static_cast<float>(p.restitution);
	fd.density = 0; // the Go side sets the body's mass itself
	fd.isSensor = p.sensor != 0;
	fd.filter = toBox2D(p.filter);
	fd.userData.pointer = p.shape;
	b2CircleShape circle;
	b2PolygonShape polygon;
	b2EdgeShape edge;
	switch (p.kind) {
	case lsCircle:
		circle.m_p = meters(w, p.x[0], p.y[0]);
		circle.m_radius = metersf(w, p.radius);
		if (!(circle.m_radius > 0) || !finite(circle.m_radius)) {
			return lsBadCircle;
		}
		fd.shape = &circle;
		break;
	case lsPolygon: {
		b2Vec2 v[b2_maxPolygonVertices];
		if (p.count < 3 || p.count > b2_maxPolygonVertices) {
			return lsBadPolygon;
		}
		for (int i = 0; i < p.count; i++) {
			v[i] = meters(w, p.x[i], p.y[i]);
		}
		if (!polygonOK(v, p.count)) {
			return lsBadPolygon;
		}
		polygon.Set(v, p.count);
		fd.shape = &polygon;
		break;
	}
	case lsEdge: {
		b2Vec2 a = meters(w, p.x[0], p.y[0]);
		b2Vec2 b = meters(w, p.x[1], p.y[1]);
		if (b2DistanceSquared(a, b) < b2_linearSlop * b2_linearSlop) {
			return lsBadEdge;
		}
		edge.SetTwoSided(a, b);
		fd.shape = &edge;
		break;
	}
	default:
		return lsBadKind;
	}
	body->b->CreateFixture(&fd);
	return lsOK;
}

int lsSetMass(lsWorld *w, lsBody *body, double mass, double cx, double cy, double inertia) {
	body->massSet = 1;
	body->mass = mass;
	body->cx = cx;
	body->cy = cy;
	body->inertia = inertia;
	return applyMass(w, body);
}

// wakeNeighbours wakes what touches or is jointed to b: Box2D leaves what
// rested on a removed or moved body asleep in the air.
static void wakeNeighbours(b2Body *b) {
	for (b2ContactEdge *e = b->GetContactList(); e; e = e->next) {
		if (e->contact->IsTouching()) {
			e->other->SetAwake(true);
		}
	}
	for (b2JointEdge *e = b->GetJointList(); e; e = e->next) {
		e->other->SetAwake(true);
	}
}

void lsRemoveBody(lsWorld *w, lsBody *r) {
	b2Body *b = r->b;
	wakeNeighbours(b);
	// Box2D destroys the body's joints with it, waking their bodies.
	w->world->DestroyBody(b);
	w->bodies[r->at] = nullptr;
	delete r;
	if (2 * ++w->holes > w->bodies.size()) {
		compact(w);
	}
}

size_t lsMoved(lsWorld *w) { return w->moved; }

void lsClear(lsWorld *w) {
	b2World *old = w->world.get();
	b2Vec2 g = old->GetGravity();
	bool sleep = old->GetAllowSleeping(), continuous = old->GetContinuousPhysics();
	for (lsBody *r : w->bodies) {
		delete r;
	}
	w->bodies.clear();
	w->holes = 0;
	makeWorld(w, g, sleep, continuous);
}

void lsTeleport(lsWorld *w, lsBody *r, double x, double y, double angle) {
	b2Body *b = r->b;
	wakeNeighbours(b);
	b->SetTransform(meters(w, x, y), static_cast<float>(angle));
	b->SetAwake(true);
	r->teleported = 1;
}

void lsSetVelocity(lsWorld *w, lsBody *r, double vx, double vy, double av) {
	r->b->SetLinearVelocity(meters(w, vx, vy));
	r->b->SetAngularVelocity(static_cast<float>(av));
}

void lsApplyImpulse(lsWorld *w, lsBody *r, double jx, double jy, double px, double py) {
	r->b->ApplyLinearImpulse(meters(w, jx, jy), meters(w, px, py), true);
}

void lsApplyForce(lsWorld *w, lsBody *r, double fx, double fy, double px, double py) {
	b2Vec2 f = meters(w, fx, fy), p = meters(w, px, py);
	r->b->ApplyForce(f, p, true);
	// As Box2D sums them, for lsCopyWorld.
	r->force += f;
	r->torque += b2Cross(p - r->b->GetWorldCenter(), f);
}

void lsWake(lsWorld *, lsBody *r) { r->b->SetAwake(true); }

int lsSleeping(lsWorld *, lsBody *r) {
	const b2Body *b = r->b;
	return b->GetType() != b2_staticBody && !b->IsAwake();
}

lsJoint *lsAddJoint(lsWorld *w, lsJointDef d) {
	b2Body *a = d.a == nullptr ? w->ground : d.a->b;
	b2Body *b = d.b == nullptr ? w->ground : d.b->b;
	b2Vec2 la = meters(w, d.ax, d.ay);
	b2Vec2 lb = meters(w, d.bx, d.by);
	b2Joint *j = nullptr;
	switch (d.kind) {
	case lsPivot: {
		b2RevoluteJointDef jd;
		jd.bodyA = a;
		jd.bodyB = b;
		jd.localAnchorA = la;
		jd.localAnchorB = lb;
		jd.referenceAngle = b->GetAngle() - a->GetAngle();
		jd.collideConnected = d.collide != 0;
		j = w->world->CreateJoint(&jd);
		break;
	}
	case lsDrag: {
		b2MouseJointDef jd;
		jd.bodyA = w->ground;
		jd.bodyB = b;
		// The mouse joint holds body B at the point under its first
		// target: start there, then move the target.
		jd.target = b->GetWorldPoint(lb);
		jd.maxForce = d.maxForce > 0 ? metersf(w, d.maxForce) : FLT_MAX;
		b2LinearStiffness(jd.stiffness, jd.damping, 5.0f, 0.7f, jd.bodyA, jd.bodyB);
		b2MouseJoint *m = static_cast<b2MouseJoint *>(w->world->CreateJoint(&jd));
		m->SetTarget(la);
		j = m;
		break;
	}
	default: {
		b2DistanceJointDef jd;
		jd.bodyA = a;
		jd.bodyB = b;
		jd.localAnchorA = la;
		jd.localAnchorB = lb;
		jd.length = metersf(w, d.length);
		if (d.kind == lsSpring) {
			jd.minLength = 0;
			jd.maxLength = FLT_MAX;
		} else {
			jd.minLength = metersf(w, d.minLength);
			jd.maxLength = metersf(w, d.maxLength);
		}
		jd.stiffness = static_cast<float>(d.stiffness);
		jd.damping = static_cast<float>(d.damping);
		jd.collideConnected = d.collide != 0;
		j = w->world->CreateJoint(&jd);
	}
	}
	a->SetAwake(true);
	b->SetAwake(true);
	return reinterpret_cast<lsJoint *>(j);
}

void lsRemoveJoint(lsWorld *w, lsJoint *h) {
	b2Joint *j = reinterpret_cast<b2Joint *>(h);
	j->GetBodyA()->SetAwake(true);
	j->GetBodyB()->SetAwake(true);
	w->world->DestroyJoint(j);
}

void lsDragTo(lsWorld *w, lsJoint *h, double x, double y) {
	static_cast<b2MouseJoint *>(reinterpret_cast<b2Joint *>(h))->SetTarget(meters(w, x, y));
}

int lsCollectContacts(lsWorld *w) {
	w->records.clear();
	for (b2Contact *c = w->world->GetContactList(); c; c = c->GetNext()) {
		if (!c->IsTouching()) {
			continue;
		}
		const b2Fixture *fa = c->GetFixtureA(), *fb = c->GetFixtureB();
		contactRecord r;
		r.a = idOf(fa->GetBody());
		r.b = idOf(fb->GetBody());
		r.shapeA = shapeOf(fa);
		r.shapeB = shapeOf(fb);
		r.order = w->records.size();
		r.c = lsContact{};
		r.c.sensor = fa->IsSensor() || fb->IsSensor();
		if (!r.c.sensor) {
			b2WorldManifold wm;
			c->GetWorldManifold(&wm);
			const b2Manifold *m = c->GetManifold();
			b2Vec2 n = wm.normal, t = b2Cross(n, 1.0f);
			// The solver pushed Box2D's body B by P and its body A by -P.
			b2Vec2 p(0, 0);
			for (int i = 0; i < m->pointCount; i++) {
				p += m->points[i].normalImpulse * n + m->points[i].tangentImpulse * t;
			}
			// World manifold points lie midway between the surfaces.
			float half = 0.5f * wm.separations[0];
			b2Vec2 onA = wm.points[0] - half * n, onB = wm.points[0] + half * n;
			if (r.a < r.b) {
				r.c = lsContact{r.a, r.b, units(w, onA.x), units(w, onA.y), n.x, n.y, units(w, -p.x), units(w, -p.y), 0};
			} else {
				r.c = lsContact{r.b, r.a, units(w, onB.x), units(w, onB.y), -n.x, -n.y, units(w, p.x), units(w, p.y), 0};
			}
		}
		if (r.a > r.b) {
			std::swap(r.a, r.b);
			std::swap(r.shapeA, r.shapeB);
		}
		r.c.a = r.a;
		r.c.b = r.b;
		w->records.push_back(r);
	}
	// A total order, so std::sort (which, unlike std::stable_sort, takes
	// no buffer from the heap) gives the same result every time.
	std::sort(w->records.begin(), w->records.end(), [](const contactRecord &x, const contactRecord &y) {
		if (x.a != y.a) {
			return x.a < y.a;
		}
		if (x.b != y.b) {
			return x.b < y.b;
		}
		if (x.shapeA != y.shapeA) {
			return x.shapeA < y.shapeA;
		}
		if (x.shapeB != y.shapeB) {
			return x.shapeB < y.shapeB;
		}
		return x.order < y.order;
	});
	// One report per pair: the first solid contact's point and normal, the
	// impulses of all, and Sensor only when nothing solid touches.
	w->contacts.clear();
	for (size_t i = 0; i < w->records.size();) {
		size_t j = i;
		lsContact out = w->records[i].c;
		out.sensor = 1;
		out.ix = out.iy = 0;
		bool solid = false;
		for (; j < w->records.size() && w->records[j].a == w->records[i].a && w->records[j].b == w->records[i].b; j++) {
			const lsContact &c = w->records[j].c;
			if (c.sensor) {
				continue;
			}
			if (!solid) {
				out.px = c.px;
				out.py = c.py;
				out.nx = c.nx;
				out.ny = c.ny;
				out.sensor = 0;
				solid = true;
			}
			out.ix += c.ix;
			out.iy += c.iy;
		}
		if (!solid) {
			out.px = out.py = out.nx = out.ny = 0;
		}
		w->contacts.push_back(out);
		i = j;
	}
	return static_cast<int>(w->contacts.size());
}

const lsContact *lsContacts(lsWorld *w) { return w->contacts.data(); }

int lsQueryPoint(lsWorld *w, double x, double y, lsFilter f) {
	w->found.clear();
	pointQuery q;
	q.w = w;
	q.filter = f;
	q.x = meters(w, x);
	q.y = meters(w, y);
	b2AABB box;
	box.lowerBound = meters(w, x, y);
	box.upperBound = box.lowerBound;
	w->world->QueryAABB(&q, box);
	sortFound(w);
	return static_cast<int>(w->found.size());
}

int lsQueryBox(lsWorld *w, double lox, double loy, double hix, double hiy, lsFilter f) {
	lox = meters(w, lox);
	loy = meters(w, loy);
	hix = meters(w, hix);
	hiy = meters(w, hiy);
	w->found.clear();
	boxQuery q;
	q.w = w;
	q.filter = f;
	float hx = static_cast<float>(0.5 * (hix - lox)), hy = static_cast<float>(0.5 * (hiy - loy));
	q.box.SetAsBox(hx, hy, b2Vec2(static_cast<float>(0.5 * (lox + hix)), static_cast<float>(0.5 * (loy + hiy))), 0);
	q.box.m_radius = 0; // the query box is exact, without a polygon's skin
	b2AABB box;
	box.lowerBound.Set(static_cast<float>(lox), static_cast<float>(loy));
	box.upperBound.Set(static_cast<float>(hix), static_cast<float>(hiy));
	w->world->QueryAABB(&q, box);
	sortFound(w);
	return static_cast<int>(w->found.size());
}

const uint32_t *lsFoundIDs(lsWorld *w) { return w->found.data(); }

lsFound lsBodyAt(lsWorld *w, double x, double y, double radius, int dynamicOnly) {
	x = meters(w, x);
	y = meters(w, y);
	radius = meters(w, radius);
	nearestQuery q;
	q.x = x;
	q.y = y;
	q.radius = radius;
	q.dynamicOnly = dynamicOnly != 0;
	b2AABB box;
	box.lowerBound.Set(static_cast<float>(x - radius), static_cast<float>(y - radius));
	box.upperBound.Set(static_cast<float>(x + radius), static_cast<float>(y + radius));
	w->world->QueryAABB(&q, box);
	return q.best;
}

lsRayHit lsRayCast(lsWorld *w, double ax, double ay, double bx, double by, lsFilter f) {
	ax = meters(w, ax);
	ay = meters(w, ay);
	bx = meters(w, bx);
	by = meters(w, by);
	rayQuery q;
	q.bp = &w->world->GetContactManager().m_broadPhase;
	q.filter = f;
	q.ax = ax;
	q.ay = ay;
	q.dx = bx - ax;
	q.dy = by - ay;
	b2RayCastInput in;
	in.p1.Set(static_cast<float>(ax), static_cast<float>(ay));
	in.p2.Set(static_cast<float>(bx), static_cast<float>(by));
	in.maxFraction = 1;
	if ((in.p2 - in.p1).LengthSquared() > 0) { // the tree asserts it
		q.bp->RayCast(&q, in);
	}
	q.best.px = units(w, q.best.px);
	q.best.py = units(w, q.best.py);
	return q.best;
}

} // extern "C"

// Copying a world (lsCopyWorld). Box2D 2.4 has no way to copy or reset a
// world, and an emptied one keeps a history that decides the order of
// later steps (its broad phase hands out proxy IDs from a free list, and
// pairs are sorted by them), so a copy is rebuilt into a new b2World,
// bodies in ID order, each body's fixtures in the order they were made.

namespace {

// invDt0 names b2World's private m_inv_dt0, the inverse of the last
// step's dt, by which Box2D scales the impulses it warm starts with (a new
// world's 0 throws them away). A pointer to a private member may be named
// in an explicit instantiation, the one way C++ leaves to reach it without
// changing Box2D's headers.
struct invDt0 {
	using type = float b2World::*;
	friend type member(invDt0);
};
template <typename Tag, typename Tag::type M> struct expose {
	friend typename Tag::type member(Tag) { return M; }
};
template struct expose<invDt0, &b2World::m_inv_dt0>;

// sleepTime names b2Body's private m_sleepTime, how long it has been idle,
// the same way.
struct sleepTime {
	using type = float b2Body::*;
	friend type member(sleepTime);
};
template struct expose<sleepTime, &b2Body::m_sleepTime>;

// touching marks a contact touching or not, in the flags Box2D keeps
// protected: a copied contact that touched in its source must not count
// as new, or Box2D wakes its bodies (losing how long they were idle).
struct touching : b2Contact {
	static void set(b2Contact *c, bool on) {
		uint32 &f = c->*(&touching::m_flags);
		f = on ? (f | e_touchingFlag) : (f & ~uint32(e_touchingFlag));
	}
};

// mouseAnchor reads and writes a mouse joint's anchor on its body, which
// Box2D keeps protected, through a class derived from it; the classes
// below copy the impulses each joint warm starts with the same way.
struct mouseAnchor : b2MouseJoint {
	static b2Vec2 &of(b2MouseJoint *j) { return j->*(&mouseAnchor::m_localAnchorB); }
	static void impulses(b2MouseJoint *d, b2MouseJoint *s) { d->*(&mouseAnchor::m_impulse) = s->*(&mouseAnchor::m_impulse); }
};
struct revoluteImpulses : b2RevoluteJoint {
	static void copy(b2RevoluteJoint *d, b2RevoluteJoint *s) {
		d->*(&revoluteImpulses::m_impulse) = s->*(&revoluteImpulses::m_impulse);
		d->*(&revoluteImpulses::m_motorImpulse) = s->*(&revoluteImpulses::m_motorImpulse);
		d->*(&revoluteImpulses::m_lowerImpulse) = s->*(&revoluteImpulses::m_lowerImpulse);
		d->*(&revoluteImpulses::m_upperImpulse) = s->*(&revoluteImpulses::m_upperImpulse);
	}
};
struct distanceImpulses : b2DistanceJoint {
	static void copy(b2DistanceJoint *d, b2DistanceJoint *s) {
		d->*(&distanceImpulses::m_impulse) = s->*(&distanceImpulses::m_impulse);
		d->*(&distanceImpulses::m_lowerImpulse) = s->*(&distanceImpulses::m_lowerImpulse);
		d->*(&distanceImpulses::m_upperImpulse) = s->*(&distanceImpulses::m_upperImpulse);
	}
};

// mirror is d's Box2D body for s's body b (the ground for the ground).
b2Body *mirror(lsWorld *d, b2Body *b) {
	lsBody *r = reinterpret_cast<lsBody *>(b->GetUserData().pointer);
	return r == nullptr ? d->ground : d->bodies[r->at]->b;
}

// copyBody makes r, a record of d, a copy of s's record sr and its body.
void copyBody(lsWorld *d, lsBody *r, const lsBody *sr) {
	b2Body *sb = sr->b;
	b2BodyDef bd;
	bd.type = sb->GetType();
	bd.position = sb->GetPosition();
	bd.angle = sb->GetAngle();
	bd.linearVelocity = sb->GetLinearVelocity();
	bd.angularVelocity = sb->GetAngularVelocity();
	bd.linearDamping = sb->GetLinearDamping();
	bd.angularDamping = sb->GetAngularDamping();
	bd.allowSleep = sb->IsSleepingAllowed();
	bd.awake = sb->IsAwake();
	bd.fixedRotation = sb->IsFixedRotation();
	bd.bullet = sb->IsBullet();
	bd.gravityScale = sb->GetGravityScale();
	*r = *sr;
	bd.userData.pointer = reinterpret_cast<uintptr_t>(r);
	r->b = d->world->CreateBody(&bd);
	d->fixtures.clear();
	for (b2Fixture *f = sb->GetFixtureList(); f; f = f->GetNext()) {
		d->fixtures.push_back(f);
	}
	// Box2D lists a body's fixtures newest first.
	for (auto it = d->fixtures.rbegin(); it != d->fixtures.rend(); ++it) {
		b2Fixture *f = *it;
		b2FixtureDef fd;
		fd.shape = f->GetShape();
		fd.friction = f->GetFriction();
		fd.restitution = f->GetRestitution();
		fd.restitutionThreshold = f->GetRestitutionThreshold();
		fd.density = f->GetDensity();
		fd.isSensor = f->IsSensor();
		fd.filter = f->GetFilterData();
		fd.userData = f->GetUserData();
		d->fixtureMap.emplace_back(f, r->b->CreateFixture(&fd));
	}
	if (r->massSet) {
		applyMass(d, r); // accepted for sr already
		// Box2D moved the velocity to the new centre of mass: set it back.
		r->b->SetLinearVelocity(sb->GetLinearVelocity());
		r->b->SetAngularVelocity(sb->GetAngularVelocity());
	}
	if (r->b->IsAwake() && (r->force.x != 0 || r->force.y != 0 || r->torque != 0)) {
		r->b->ApplyForceToCenter(r->force, false);
		r->b->ApplyTorque(r->torque, false);
	}
	r->b->*member(sleepTime()) = sb->*member(sleepTime());
}

// copyJoint makes in d a copy of s's joint sj, between d's bodies.
b2Joint *copyJoint(lsWorld *d, b2Joint *sj) {
	b2Body *a = mirror(d, sj->GetBodyA()), *b = mirror(d, sj->GetBodyB());
	switch (sj->GetType()) {
	case e_revoluteJoint: {
		b2RevoluteJoint *j = static_cast<b2RevoluteJoint *>(sj);
		b2RevoluteJointDef jd;
		jd.bodyA = a;
		jd.bodyB = b;
		jd.localAnchorA = j->GetLocalAnchorA();
		jd.localAnchorB = j->GetLocalAnchorB();
		jd.referenceAngle = j->GetReferenceAngle();
		jd.collideConnected = j->GetCollideConnected();
		b2RevoluteJoint *r = static_cast<b2RevoluteJoint *>(d->world->CreateJoint(&jd));
		revoluteImpulses::copy(r, j);
		return r;
	}
	case e_mouseJoint: {
		b2MouseJoint *j = static_cast<b2MouseJoint *>(sj);
		b2MouseJointDef jd;
		jd.bodyA = d->ground;
		jd.bodyB = b;
		jd.target = j->GetTarget();
		jd.maxForce = j->GetMaxForce();
		jd.stiffness = j->GetStiffness();
		jd.damping = j->GetDamping();
		b2MouseJoint *m = static_cast<b2MouseJoint *>(d->world->CreateJoint(&jd));
		mouseAnchor::of(m) = mouseAnchor::of(j);
		mouseAnchor::impulses(m, j);
		return m;
	}
	default: {
		b2DistanceJoint *j = static_cast<b2DistanceJoint *>(sj);
		b2DistanceJointDef jd;
		jd.bodyA = a;
		jd.bodyB = b;
		jd.localAnchorA = j->GetLocalAnchorA();
		jd.localAnchorB = j->GetLocalAnchorB();
		jd.length = j->GetLength();
		jd.minLength = j->GetMinLength();
		jd.maxLength = j->GetMaxLength();
		jd.stiffness = j->GetStiffness();
		jd.damping = j->GetDamping();
		jd.collideConnected = j->GetCollideConnected();
		b2DistanceJoint *r = static_cast<b2DistanceJoint *>(d->world->CreateJoint(&jd));
		distanceImpulses::copy(r, j);
		return r;
	}
	}
}

// mirrorFixture is d's fixture for s's fixture f, or null.
b2Fixture *mirrorFixture(const lsWorld *d, const b2Fixture *f) {
	auto it = std::lower_bound(d->fixtureMap.begin(), d->fixtureMap.end(), f,
	                           [](const std::pair<const b2Fixture *, b2Fixture *> &p, const b2Fixture *x) { return p.first < x; });
	return it != d->fixtureMap.end() && it->first == f ? it->second : nullptr;
}

// copyContacts has d's broad phase make its contacts now, as its first
// step would, and gives each the manifold (points and accumulated
// impulses) of the same contact in s, so the copy warm starts as s would.
// A contact s lacks, or holds the other way round, starts cold.
void copyContacts(lsWorld *d, lsWorld *s) {
	std::sort(d->fixtureMap.begin(), d->fixtureMap.end());
	const_cast<b2ContactManager &>(d->world->GetContactManager()).FindNewContacts();
	for (b2Contact *c = s->world->GetContactList(); c; c = c->GetNext()) {
		b2Fixture *fa = mirrorFixture(d, c->GetFixtureA()), *fb = mirrorFixture(d, c->GetFixtureB());
		if (fa == nullptr || fb == nullptr) {
			continue;
		}
		for (b2ContactEdge *e = fa->GetBody()->GetContactList(); e; e = e->next) {
			b2Contact *m = e->contact;
			if (m->GetFixtureA() == fa && m->GetFixtureB() == fb && m->GetChildIndexA() == c->GetChildIndexA() &&
			    m->GetChildIndexB() == c->GetChildIndexB()) {
				*m->GetManifold() = *c->GetManifold();
				// As s mixed them when the contact began (productMixer),
				// which a contact already touching is not told again.
				m->SetFriction(c->GetFriction());
				m->SetRestitution(c->GetRestitution());
				m->SetRestitutionThreshold(c->GetRestitutionThreshold());
				touching::set(m, c->IsTouching());
				break;
			}
		}
	}
	d->fixtureMap.clear();
}

} // namespace

extern "C" {

void lsCopyWorld(lsWorld *d, lsWorld *s, lsBody **bodies, lsJoint *const *joints, lsJoint **copies, int njoints) {
	if (s->holes > 0) {
		compact(s);
	}
	for (lsBody *r : d->bodies) {
		if (r != nullptr) {
			d->spare.push_back(r);
		}
	}
	d->bodies.clear();
	d->holes = 0;
	d->fixtureMap.clear();
	const b2World *sw = s->world.get();
	makeWorld(d, sw->GetGravity(), sw->GetAllowSleeping(), sw->GetContinuousPhysics());
	for (size_t i = 0; i < s->bodies.size(); i++) {
		lsBody *r;
		if (d->spare.empty()) {
			r = new lsBody{};
		} else {
			r = d->spare.back();
			d->spare.pop_back();
		}
		copyBody(d, r, s->bodies[i]);
		r->at = i;
		d->bodies.push_back(r);
		bodies[i] = r;
	}
	for (int k = 0; k < njoints; k++) {
		copies[k] = reinterpret_cast<lsJoint *>(copyJoint(d, reinterpret_cast<b2Joint *>(joints[k])));
	}
	copyContacts(d, s);
	d->world.get()->*member(invDt0()) = s->world.get()->*member(invDt0());
}

} // extern "C"
