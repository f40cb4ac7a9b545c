//go:build !unix && !windows

package desktop

import "time"

// cpuTime is not measured outside Unix; summaries report 0.
func cpuTime() time.Duration { return 0 }
