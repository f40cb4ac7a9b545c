//go:build !unix && !windows

package procstat

import "time"

// CPUTime is not measured outside Unix; summaries report 0.
func CPUTime() time.Duration { return 0 }
