package output

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// umask returns the process's file mode creation mask, from
// /proc/self/status (Linux 4.7 on). Asking the kernel with umask(2) would
// change it for a moment, for every thread.
func umask() os.FileMode {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0o022
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "Umask:"); ok {
			if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
				return os.FileMode(m) & os.ModePerm
			}
		}
	}
	return 0o022
}
