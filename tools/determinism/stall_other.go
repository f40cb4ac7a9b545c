//go:build !unix

package main

import (
	"os"
	"time"
)

// stall cannot stop a process here; the stalled configurations run without.
func stall(*os.Process, time.Duration) error { return nil }
