//go:build !race

package tape

// raceDetector is whether the tests were built with -race (make test's
// race pass).
const raceDetector = false
