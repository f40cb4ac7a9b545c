//go:build linux

package output

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestMain runs the tests, or as the child of the process tests prints a
// line to stdout, then writes an output to $OUTPUT_PATH ({pid} stands
// for its process id) and commits it.
func TestMain(m *testing.M) {
	path := os.Getenv("OUTPUT_PATH")
	if path == "" {
		os.Exit(m.Run())
	}
	// As a run does: the signals that end it are its to handle.
	signal.Notify(make(chan os.Signal, 1), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	fmt.Println("printed before")
	path = strings.ReplaceAll(path, "{pid}", strconv.Itoa(os.Getpid()))
	f, err := Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	f.Write([]byte(`{"ticks":60}` + "\n"))
	if err := f.Commit(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	os.Exit(0)
}

func helper(path string) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "OUTPUT_PATH="+path)
	return cmd
}

// stdoutNames are the ways to name this process's stdout.
func stdoutNames(t *testing.T) map[string]string {
	link := filepath.Join(t.TempDir(), "to-stdout")
	if err := os.Symlink("/dev/stdout", link); err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"/dev/stdout":      "/dev/stdout",
		"/dev/fd/1":        "/dev/fd/1",
		"/proc/self/fd/1":  "/proc/self/fd/1",
		"/proc/PID/fd/1":   "/proc/{pid}/fd/1",
		"a link to stdout": link,
		"/dev/./stdout":    "/dev/./stdout",
		"thread-self fd 1": "/proc/thread-self/fd/1",
		"/dev/fd/../fd/1":  "/dev/fd/../fd/1",
	}
}

const want = "printed before\n{\"ticks\":60}\n"

func TestStdoutAsAnOutputPrintsIntoAPipe(t *testing.T) {
	for name, path := range stdoutNames(t) {
		t.Run(name, func(t *testing.T) {
			cmd := helper(path)
			var errs bytes.Buffer
			cmd.Stderr = &errs
			out, err := cmd.Output() // a pipe
			if err != nil || string(out) != want {
				t.Fatalf("child: %v %s; printed %q, want %q", err, &errs, out, want)
			}
		})
	}
}

func TestStdoutRedirectedToAFileIsWrittenAfterWhatWasPrinted(t *testing.T) {
	for name, path := range stdoutNames(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "log")
			f, err := os.Create(log)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd := helper(path)
			cmd.Stdout = f // a regular file: /proc/self/fd/1 resolves to log
			var errs bytes.Buffer
			cmd.Stderr = &errs
			if err := cmd.Run(); err != nil {
				t.Fatalf("child: %v %s", err, &errs)
			}
			if got := readFile(t, log); got != want {
				t.Fatalf("the redirected stdout holds %q, want %q", got, want)
			}
			// Written in place: the shell's file, not a new one renamed over it.
			before, _ := f.Stat()
			after, err := os.Stat(log)
			if err != nil || !os.SameFile(before, after) {
				t.Fatalf("the file stdout went to was replaced")
			}
			if got := names(t, dir); len(got) != 1 {
				t.Fatalf("directory holds %q", got)
			}
		})
	}
}
