//go:build !box2d

package samples_test

// buildTags are this test binary's build tags, passed on to the samples it
// builds so they have the same physics engines.
const buildTags = ""
