//go:build !box2d

package main

// engines are the physics engines this test binary can run versus on.
var engines = []string{"chipmunk"}

// buildTags are passed on to the versus binary the tests build.
const buildTags = ""
