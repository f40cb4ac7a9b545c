//go:build !unix

package backend

import "time"

// processCPU returns 0 where getrusage is missing: the benchmarks then
// report wall time only.
func processCPU() time.Duration { return 0 }
