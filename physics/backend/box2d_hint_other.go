//go:build !windows

package backend

// noBox2DHint says how to get a build with the Box2D backend.
const noBox2DHint = "install libbox2d-dev (Debian/Ubuntu) or Box2D-devel 2.4 (Fedora) and build with -tags box2d"
