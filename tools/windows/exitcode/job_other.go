//go:build !windows

package main

import "os"

// endWithUs does nothing outside Windows: exitcode is for Wine, and on
// Linux the program's status is its own.
func endWithUs(*os.Process) (stop func(), err error) { return func() {}, nil }
