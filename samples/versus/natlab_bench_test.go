package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkNATLabStartToFirstTick measures, for each pairing of NATs, the
// time from starting both versus processes until both have started their
// session (their first tick follows at once): the lobby, ICE (the relay
// only after direct pairs failed) and the QUIC greeting. Run it with
// -benchtime 20x for the p50 over 20 runs:
//
//	go test ./samples/versus -run '^$' -bench NATLab -benchtime 20x
func BenchmarkNATLabStartToFirstTick(b *testing.B) {
	l := newBenchLab(b)
	for i, pr := range natPairings {
		b.Run(strings.ReplaceAll(pr.name, " ", "-"), func(b *testing.B) {
			var times []time.Duration
			run := 0
			for b.Loop() {
				run++
				code := fmt.Sprintf("bench-%d-%d-code", i, run)
				start := time.Now()
				names := [2]string{fmt.Sprintf("b%d-%d-a", i, run), fmt.Sprintf("b%d-%d-b", i, run)}
				for k := range 2 {
					l.lab.startLabPeer(l.lans[i][k], l.bin, names[k], code, 11*(k+1), 2)
				}
				for _, n := range names {
					l.waitStarted(b, n)
				}
				times = append(times, time.Since(start))
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2])/float64(time.Millisecond), "p50-ms")
			b.ReportMetric(float64(times[len(times)-1])/float64(time.Millisecond), "max-ms")
		})
	}
}

// benchLab is the NAT lab built once for a benchmark.
type benchLab struct {
	lab  *natLab
	bin  string
	lans [][2]string
}

func newBenchLab(b *testing.B) *benchLab {
	b.Helper()
	needLab(b)
	l := &natLab{t: b, prefix: "lsbench" + fmt.Sprint(os.Getpid()%100000) + "-", dir: b.TempDir()}
	b.Cleanup(l.remove)
	bl := &benchLab{lab: l, bin: build(b), lans: make([][2]string, len(natPairings))}
	wan := l.wan()
	for i, pr := range natPairings {
		for k := range 2 {
			bl.lans[i][k] = l.player(wan, pr.firstIndex+k, pr.symmetric[k])
		}
	}
	l.servers(wan, buildLobby(b))
	return bl
}

// waitStarted waits, bounded, until the peer's log says its session
// started.
func (bl *benchLab) waitStarted(b *testing.B, name string) {
	b.Helper()
	for range 2000 {
		if strings.Contains(bl.lab.log(name), "netplay: session started") {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.Fatalf("%s did not start its session within 10 s:\n%s", name, bl.lab.log(name))
}
