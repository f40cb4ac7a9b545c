//go:build !unix

package audio

import "time"

var start = time.Now()

// processCPU falls back to the wall clock where rusage is missing.
func processCPU() time.Duration { return time.Since(start) }
