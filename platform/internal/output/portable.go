package output

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Unportable says why Windows would not write a file called name (a
// base name, no directory) as named, "" when it would: a name Windows
// gives a device (CON, PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9, in any
// case, with any extension, and with spaces before it) writes to the
// device, or nowhere; one ending in a dot or a space is written without
// them, as another file. Every output, and a game's save names, refuse
// them on every system, so that a command line or a game tried on Linux
// loses nothing on Windows.
func Unportable(name string) string {
	if strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") {
		return "ends in a dot or a space, which Windows drops (it would write another file)"
	}
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	switch {
	case stem == "CON", stem == "PRN", stem == "AUX", stem == "NUL",
		len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) && stem[3] >= '0' && stem[3] <= '9':
		return "is a device's name on Windows, with any extension (it would write to the device, or nowhere)"
	}
	return ""
}

// checkName refuses an output path whose file name is Unportable; the
// system's own name for its null device (os.DevNull: /dev/null, or NUL
// on Windows) is written into as it is, to discard an output on
// purpose.
func checkName(path string) error {
	base := filepath.Base(path)
	if path == os.DevNull || path == "" || base == "." || base == ".." || strings.HasSuffix(path, string(filepath.Separator)) {
		return nil // the null device; or no file name at all, which resolve refuses, saying so
	}
	if why := Unportable(base); why != "" {
		return fmt.Errorf("the file name %q %s: give another", base, why)
	}
	return nil
}
