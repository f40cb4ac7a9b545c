package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// target is where writing a path ends up.
type target struct {
	path   string // the file itself: every symbolic link followed
	own    bool   // the path names descriptor fd of this process
	fd     int
	direct bool        // the path is another process's descriptor: open it as it is
	info   fs.FileInfo // the file's, nil when it does not exist yet
}

// maxLinks is how many symbolic links resolve follows, as Linux does.
const maxLinks = 40

// resolve follows path's symbolic links one at a time, the way the kernel
// does, to the file a write would reach, stopping at a descriptor link:
// what /dev/stdout, /dev/fd/N or /proc/PID/fd/N point at is no path (a
// pipe reads "pipe:[1234]") or is a file that something already has open,
// which must be written in place. A path that does not exist resolves to
// where it would be created.
func resolve(path string) (target, error) {
	if path == "" {
		return target{}, errors.New("empty file name")
	}
	if strings.HasSuffix(path, string(filepath.Separator)) {
		return target{}, errors.New("the name ends in a separator, as a directory's does: give a file name")
	}
	p := path
	for range maxLinks + 1 {
		if t, ok := descriptor(p); ok {
			return t, nil
		}
		// A relative link is relative to the real directory it is in,
		// which ".." in it may leave: resolve the directory first.
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return target{}, fmt.Errorf("its directory: %w", err)
		}
		if dir, err = filepath.Abs(dir); err != nil {
			return target{}, err
		}
		p = filepath.Join(dir, filepath.Base(p))
		if t, ok := descriptor(p); ok {
			return t, nil
		}
		if n := len(filepath.Base(p)); n > MaxName {
			return target{}, fmt.Errorf("a file name of %d bytes: file systems take at most %d bytes: give a shorter one", n, MaxName)
		}
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: p}, nil
		}
		if err != nil {
			return target{}, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return target{path: p, info: fi}, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return target{}, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return target{}, fmt.Errorf("more than %d symbolic links to follow", maxLinks)
}

var fdLink = regexp.MustCompile(`^(?:/dev/fd|/proc/(self|thread-self|\d+)(?:/task/\d+)?/fd)/(\d+)$`)

// descriptor reports whether p names an open descriptor: one of this
// process's (fd), or another's (direct).
func descriptor(p string) (target, bool) {
	// Matched as spelt: a ".." is judged once the directory before it is
	// resolved (resolve calls again), as the kernel would.
	switch p {
	case "/dev/stdin":
		return target{own: true, fd: 0}, true
	case "/dev/stdout":
		return target{own: true, fd: 1}, true
	case "/dev/stderr":
		return target{own: true, fd: 2}, true
	case os.DevNull: // Windows' NUL is in no directory: open it as named
		return target{path: p, direct: true}, true
	}
	m := fdLink.FindStringSubmatch(p)
	if m == nil {
		return target{}, false
	}
	fd, err := strconv.Atoi(m[2])
	if err != nil { // too many digits for any descriptor: let the open fail
		return target{path: p, direct: true}, true
	}
	if pid := m[1]; pid == "" || pid == "self" || pid == "thread-self" || pid == strconv.Itoa(os.Getpid()) {
		return target{own: true, fd: fd}, true
	}
	return target{path: p, direct: true}, true
}
