//go:build !linux && !windows

package host

import "time"

// threadCPU is 0: Go offers no thread CPU clock here without cgo.
func threadCPU() time.Duration { return 0 }
