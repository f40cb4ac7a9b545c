//go:build !linux

package output

import "os"

// umask returns the usual file mode creation mask: only Linux tells it
// without changing it.
func umask() os.FileMode { return 0o022 }
