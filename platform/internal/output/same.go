package output

import (
	"fmt"
	"os"
)

// Named is a file a run reads or writes, and the flag that names it.
type Named struct {
	Flag  string // such as "-stats-json"
	Path  string // as given; "" for none
	Input bool   // the run reads it (-replay): two inputs may share a file
}

// Distinct returns an error naming both flags when two of files, one of
// them an output, are the same file: by the same name or another spelling
// (relative or absolute, "..", symbolic links to it or to its directory)
// or a hard link, found with os.SameFile for files that exist and by the
// real path of their directory for those that do not yet. Paths that are
// not regular files (/dev/null, /dev/stdout, a FIFO) are left out: two
// outputs may both go to them, one after the other.
func Distinct(files ...Named) error {
	type seen struct {
		Named
		path string      // resolved
		info os.FileInfo // nil: not created yet
	}
	var regular []seen
	for _, n := range files {
		if n.Path == "" {
			continue
		}
		if err := checkName(n.Path); err != nil && !n.Input {
			return fmt.Errorf("%s %s: %w", n.Flag, n.Path, err)
		}
		t, err := resolve(n.Path)
		if err != nil {
			return fmt.Errorf("%s %s: %w", n.Flag, n.Path, err)
		}
		if t.own || t.direct || t.info != nil && !t.info.Mode().IsRegular() {
			continue
		}
		s := seen{Named: n, path: t.path, info: t.info}
		for _, o := range regular {
			same := s.info == nil && o.info == nil && s.path == o.path ||
				s.info != nil && o.info != nil && os.SameFile(s.info, o.info)
			if !same || s.Input && o.Input {
				continue
			}
			if o.Path == s.Path {
				return fmt.Errorf("%s and %s name the same file %s: give each its own", o.Flag, s.Flag, s.Path)
			}
			return fmt.Errorf("%s and %s name the same file (%s and %s): give each its own", o.Flag, s.Flag, o.Path, s.Path)
		}
		regular = append(regular, s)
	}
	return nil
}
