//go:build !windows

package output

import "os"

// replace renames the finished temporary file tmp over target: POSIX
// rename replaces atomically, whoever has target open (they keep reading
// the old contents).
func replace(tmp, target string) error { return os.Rename(tmp, target) }

// placeNew gives the finished temporary file tmp the name target, failing
// with an error wrapping fs.ErrExist when something is there: a hard link,
// which never replaces. The caller removes tmp's name after.
func placeNew(tmp, target string) error { return os.Link(tmp, target) }
