package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// The loop runs on the scene's main thread (the engine locks the main
// goroutine to it), so that thread's CPU time is the loop's, apart from the
// process's other threads: the garbage collector's workers, the renderer's
// helpers. Linux keeps it to the nanosecond in /proc/PID/task/TID/schedstat;
// loopbench samples it while the scene runs.

// cpuSample is the loop thread's CPU time read at a moment.
type cpuSample struct {
	at   time.Time
	cpu  time.Duration // on a CPU
	runq time.Duration // ready to run but waiting for a CPU
}

const sampleEvery = 50 * time.Millisecond

// sampleThread reads the main thread's CPU time of pid until done.
func sampleThread(pid int, done <-chan struct{}) []cpuSample {
	path := fmt.Sprintf("/proc/%d/task/%d/schedstat", pid, pid)
	var out []cpuSample
	t := time.NewTicker(sampleEvery)
	defer t.Stop()
	for {
		if cpu, runq, err := readSchedstat(path); err == nil {
			out = append(out, cpuSample{at: time.Now(), cpu: cpu, runq: runq})
		}
		select {
		case <-done:
			return out
		case <-t.C:
		}
	}
}

// readSchedstat returns its first two fields: the time the thread spent
// on a CPU and the time it spent ready but waiting for one, in ns.
func readSchedstat(path string) (cpu, runq time.Duration, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, 0, fmt.Errorf("parse %s: %q", path, b)
	}
	c, err1 := strconv.ParseInt(string(f[0]), 10, 64)
	q, err2 := strconv.ParseInt(string(f[1]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("parse %s: %q", path, b)
	}
	return time.Duration(c), time.Duration(q), nil
}

// threadShare is the loop thread's time on a CPU and waiting for one, per
// second of wall time, while the loop ran steadily.
type threadShare struct {
	CPU, RunQ float64
	OK        bool // false when the run was too short to tell
}

// loopShare measures the loop thread over the part of the run that is
// surely inside the loop: from settle after the process started (it sets
// up SDL and the world first, well within that) to the loop's length after
// the start. The end is measured from the start, not from the exit, since
// tearing the renderer down can take seconds after a fast run.
func loopShare(samples []cpuSample, started time.Time, loop time.Duration) threadShare {
	const settle = 1500 * time.Millisecond
	from, to := started.Add(settle), started.Add(loop)
	var a, b *cpuSample
	for i := range samples {
		s := &samples[i]
		if a == nil && !s.at.Before(from) {
			a = s
		}
		if !s.at.After(to) {
			b = s
		}
	}
	if a == nil || b == nil || b.at.Sub(a.at) < time.Second {
		return threadShare{}
	}
	wall := float64(b.at.Sub(a.at))
	return threadShare{CPU: float64(b.cpu-a.cpu) / wall, RunQ: float64(b.runq-a.runq) / wall, OK: true}
}
