// Command exitcode runs a program, waits for it, says how it ended on a
// line of its own on stderr and exits with its status:
//
//	exitcode PROGRAM [ARG...]
//	exitcode: PROGRAM exited with 0
//
// It exists for the Windows pass (samples/wine_test.go,
// tools/windows/winetest): under Wine the status of the Linux process
// that ran a Windows program is not the program's. wineserver sends
// SIGKILL to a Wine process that still exists about half a second after
// its last Windows thread ended (Wine 8.0's server/process.c polls 1/64 s,
// doubling, then kills), so a program that exited 0 but whose Linux side
// was slow to finish (the C libraries' teardown, starved of CPU beside
// the race pass) ends "signal: killed". The exit code Windows gives the
// program is recorded before that: run under exitcode, the program's own
// status is the line, whatever later becomes of exitcode's Linux side.
//
// When exitcode itself ends (even killed), the program ends with it: on
// Windows they share a job object that kills its processes when its last
// handle closes.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// linePrefix starts the line exitcode prints when the program has ended.
const linePrefix = "exitcode: "

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run runs args[0] with the rest as its arguments and its standard files,
// and returns its exit status; 2 for a bad command line, 127 when the
// program did not start, could not be tied to exitcode (it is killed
// then) or could not be waited for.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: exitcode PROGRAM [ARG...]")
		return 2
	}
	name := filepath.Base(args[0])
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "%s%s did not start: %v\n", linePrefix, name, err)
		return 127
	}
	stop, err := endWithUs(cmd.Process)
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		fmt.Fprintf(stderr, "%s%s: %v\n", linePrefix, name, err)
		return 127
	}
	defer stop()
	code := 0
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			fmt.Fprintf(stderr, "%s%s: %v\n", linePrefix, name, err)
			return 127
		}
		code = exit.ExitCode()
	}
	fmt.Fprintf(stderr, "%s%s exited with %d\n", linePrefix, name, code)
	return code
}
