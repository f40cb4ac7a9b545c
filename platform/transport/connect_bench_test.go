package transport

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/pion/transport/v5/vnet"
)

// BenchmarkConnect reports how long Meet takes to connect two players in
// the virtual internet of the tests: on one LAN (a direct path between
// host candidates, a relay on offer too) and through two symmetric NATs
// (only the relay passes): the median and the slowest of the host's and
// the joiner's connect times over b.N meetings. Run with -benchtime 10x
// or more; the figures are wall time, so a loaded machine adds to them.
func BenchmarkConnect(b *testing.B) {
	for _, c := range []struct {
		name       string
		natA, natB *vnet.NATType
		want       string
	}{
		{"direct", coneNAT, nil, PathHost},
		{"relayed", symNAT, symNAT, PathRelay},
	} {
		b.Run(c.name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				l := newLab(b, c.natA, c.natB)
				js, errs := meetPair(b, l, servers(b, false), 30*time.Second)
				if err := errors.Join(errs[:]...); err != nil {
					b.Fatalf("meet: %v", err)
				}
				for i, j := range js {
					if j.Path != c.want {
						b.Fatalf("peer %d: path %q, want %q", i, j.Path, c.want)
					}
					times = append(times, j.Connect)
					_ = j.Close()
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2])/1e6, "p50_ms")
			b.ReportMetric(float64(times[len(times)-1])/1e6, "max_ms")
		})
	}
}
