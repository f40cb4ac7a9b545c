package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The NAT lab: network namespaces this test makes on the machine and
// removes when it ends. A WAN namespace holds the lobby and coturn on a
// documentation address; each player sits in a LAN namespace behind a
// NAT namespace (iptables MASQUERADE, "cone", or with --random-fully,
// symmetric), which drops what arrives unasked on its WAN side. No packet
// leaves the namespaces.
const (
	labServerIP = "203.0.113.1" // the lobby's and coturn's, on the WAN's lo
	labLobby    = labServerIP + ":7000"
	// labWrongLobby hands out TURN credentials under a secret coturn does
	// not hold: the relay refuses them.
	labWrongLobby = labServerIP + ":7001"
	labTURN       = labServerIP + ":3478"
	labRealm      = "lockstep.test"
)

// natLab is the namespaces of one test, removed at its cleanup.
type natLab struct {
	t      testing.TB
	prefix string

	mu    sync.Mutex
	names []string // namespaces made, in order
	dir   string   // logs of what runs in them
	// turn sets more of coturn's settings than the lab's addresses and
	// secret (key, value), before servers starts it.
	turn [][2]string
}

// needLab fails, saying what is missing, on a machine that cannot build
// the lab: it needs root (CI runs as root), ip, iptables and coturn.
func needLab(t testing.TB) {
	t.Helper()
	var missing []string
	if os.Geteuid() != 0 {
		missing = append(missing, "root (network namespaces and iptables need it; CI runs as root)")
	}
	for _, c := range []string{"ip", "iptables", "turnserver"} {
		if _, err := exec.LookPath(c); err != nil {
			missing = append(missing, c+" (make deps-test installs iproute2, iptables and coturn)")
		}
	}
	if len(missing) > 0 {
		t.Fatalf("the NAT lab cannot be built here: missing %s", strings.Join(missing, "; "))
	}
}

func newNATLab(t *testing.T) *natLab {
	t.Helper()
	needLab(t)
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	l := &natLab{t: t, prefix: "lsnat" + hex.EncodeToString(b) + "-", dir: t.TempDir()}
	t.Cleanup(l.remove)
	return l
}

// ns makes a namespace with its loopback up and forwarding on.
func (l *natLab) ns(name string) string {
	full := l.prefix + name
	if out, err := exec.Command("ip", "netns", "add", full).CombinedOutput(); err != nil {
		l.t.Fatalf("the NAT lab cannot make a network namespace (ip netns add %s): %v: %s; it needs root and a kernel with network namespaces", full, err, out)
	}
	l.mu.Lock()
	l.names = append(l.names, full)
	l.mu.Unlock()
	l.in(full, "ip", "link", "set", "dev", "lo", "up")
	l.forward(full, true)
	return full
}

// forward turns IPv4 forwarding in namespace ns on or off (through /proc:
// sysctl's package may be missing).
func (l *natLab) forward(ns string, on bool) {
	v := "0"
	if on {
		v = "1"
	}
	l.in(ns, "sh", "-c", "echo "+v+" > /proc/sys/net/ipv4/ip_forward")
}

// in runs a command in namespace ns, failing the test with its output.
func (l *natLab) in(ns string, args ...string) {
	l.t.Helper()
	cmd := exec.Command("ip", append([]string{"netns", "exec", ns}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		l.t.Fatalf("in namespace %s: %s: %v: %s", ns, strings.Join(args, " "), err, out)
	}
}

// link joins namespaces a and b with a veth pair, addressed and up.
func (l *natLab) link(a, aIf, aAddr, b, bIf, bAddr string) {
	l.t.Helper()
	if out, err := exec.Command("ip", "link", "add", aIf, "netns", a, "type", "veth", "peer", "name", bIf, "netns", b).CombinedOutput(); err != nil {
		l.t.Fatalf("veth %s-%s: %v: %s", a, b, err, out)
	}
	for _, e := range [][3]string{{a, aIf, aAddr}, {b, bIf, bAddr}} {
		l.in(e[0], "ip", "addr", "add", e[2], "dev", e[1])
		l.in(e[0], "ip", "link", "set", "dev", e[1], "up")
	}
}

// wan makes the WAN with the servers' address on its lo. Its default
// route leads to a sink namespace that forwards nothing: a packet for a
// private address elsewhere vanishes there, as on the internet, instead
// of failing its sender (coturn ends an allocation whose relay socket
// gets "network unreachable").
func (l *natLab) wan() string {
	w, sink := l.ns("wan"), l.ns("sink")
	l.in(w, "ip", "addr", "add", labServerIP+"/32", "dev", "lo")
	l.forward(sink, false)
	l.link(w, "sink0", "192.0.2.253/30", sink, "wan0", "192.0.2.254/30")
	l.in(w, "ip", "route", "add", "default", "via", "192.0.2.254")
	return w
}

// player makes player i's LAN behind its NAT, joined to the WAN, and
// returns the LAN namespace. i numbers the addresses: NAT i's WAN side
// is 198.51.100.4i+1, its LAN 10.0.i.0/24.
func (l *natLab) player(wan string, i int, symmetric bool) string {
	nat, lan := l.ns(fmt.Sprintf("nat%d", i)), l.ns(fmt.Sprintf("lan%d", i))
	natWAN, wanNAT := fmt.Sprintf("198.51.100.%d", 4*i+1), fmt.Sprintf("198.51.100.%d", 4*i+2)
	l.link(nat, "wan0", natWAN+"/30", wan, fmt.Sprintf("nat%d", i), wanNAT+"/30")
	l.link(lan, "eth0", fmt.Sprintf("10.0.%d.2/24", i), nat, "lan0", fmt.Sprintf("10.0.%d.1/24", i))
	l.in(nat, "ip", "route", "add", "default", "via", wanNAT)
	l.in(lan, "ip", "route", "add", "default", "via", fmt.Sprintf("10.0.%d.1", i))
	masq := []string{"iptables", "-t", "nat", "-A", "POSTROUTING", "-o", "wan0", "-j", "MASQUERADE"}
	if symmetric {
		masq = append(masq, "--random-fully")
	}
	l.in(nat, masq...)
	// Without these the first punch from outside would make a conntrack
	// entry and the NAT would map the player's next packet elsewhere.
	for _, chain := range []string{"INPUT", "FORWARD"} {
		l.in(nat, "iptables", "-A", chain, "-i", "wan0", "-m", "conntrack", "--ctstate", "NEW", "-j", "DROP")
	}
	return lan
}

// start runs a program in namespace ns in the background, its output in
// a log file named name; the cleanup kills it with the namespace.
func (l *natLab) start(ns, name string, env []string, args ...string) *exec.Cmd {
	l.t.Helper()
	f, err := os.Create(filepath.Join(l.dir, name+".log"))
	if err != nil {
		l.t.Fatal(err)
	}
	l.t.Cleanup(func() { f.Close() })
	cmd := exec.Command("ip", append([]string{"netns", "exec", ns}, args...)...)
	cmd.Stdout, cmd.Stderr, cmd.Env = f, f, append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		l.t.Fatalf("start %s in %s: %v", name, ns, err)
	}
	return cmd
}

// log returns what the program named name printed.
func (l *natLab) log(name string) string {
	b, _ := os.ReadFile(filepath.Join(l.dir, name+".log"))
	return string(b)
}

// waitListening waits, bounded, until something in ns listens on port
// (tcp or udp).
func (l *natLab) waitListening(ns, proto string, port int) {
	l.t.Helper()
	for range 100 {
		out, _ := exec.Command("ip", "netns", "exec", ns, "ss", "-Hln"+proto[:1], "sport = :"+strconv.Itoa(port)).Output()
		if strings.TrimSpace(string(out)) != "" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	l.t.Fatalf("nothing listens on %s port %d in %s after 5 s", proto, port, ns)
}

// remove kills everything running in the lab's namespaces and deletes
// them (their veths go with them).
func (l *natLab) remove() {
	l.mu.Lock()
	names := l.names
	l.mu.Unlock()
	for i := len(names) - 1; i >= 0; i-- {
		ns := names[i]
		for range 20 {
			out, _ := exec.Command("ip", "netns", "pids", ns).Output()
			pids := strings.Fields(string(out))
			if len(pids) == 0 {
				break
			}
			for _, p := range pids {
				if pid, err := strconv.Atoi(p); err == nil {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
		if out, err := exec.Command("ip", "netns", "del", ns).CombinedOutput(); err != nil {
			l.t.Errorf("remove namespace %s: %v: %s", ns, err, out)
		}
	}
}

// turnConfig writes the shipped docs/coturn/turnserver.conf as
// docs/internet-play.md's setup edits it (its sed lines, with the lab's
// address and secret), then the lab's own port, realm and settings, and
// returns its path: the lab runs the relay an operator who followed the
// docs runs.
func (l *natLab) turnConfig(secret string) string {
	l.t.Helper()
	conf, err := os.ReadFile(filepath.Join("..", "..", "docs", "coturn", "turnserver.conf"))
	if err != nil {
		l.t.Fatalf("the shipped coturn configuration: %v", err)
	}
	text := string(conf)
	for _, e := range documentedSetup(l.t, labServerIP, secret) {
		if !e.re.MatchString(text) {
			l.t.Fatalf("docs/internet-play.md's setup edits %q, which the shipped turnserver.conf has no line for", e.re)
		}
		text = e.re.ReplaceAllLiteralString(text, e.repl)
	}
	for _, r := range append([][2]string{{"listening-port", "3478"}, {"realm", labRealm}}, l.turn...) {
		re := regexp.MustCompile(`(?m)^` + r[0] + `=.*$`)
		if !re.MatchString(text) {
			l.t.Fatalf("the shipped turnserver.conf has no %s= line to set", r[0])
		}
		text = re.ReplaceAllString(text, r[0]+"="+r[1])
	}
	for _, want := range []string{"listening-ip=" + labServerIP, "relay-ip=" + labServerIP, "static-auth-secret=" + secret} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).MatchString(text) {
			l.t.Fatalf("after docs/internet-play.md's setup the configuration has no line %q", want)
		}
	}
	text = strings.Replace(text, "\nsyslog\n", "\n", 1)
	path := filepath.Join(l.dir, "turnserver.conf")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		l.t.Fatal(err)
	}
	return path
}

// setupEdit is one of the documented setup's sed substitutions.
type setupEdit struct {
	re   *regexp.Regexp
	repl string
}

// documentedSetup reads the sed substitutions docs/internet-play.md tells
// an operator to run on turnserver.conf, with $ip and $secret set.
func documentedSetup(t testing.TB, ip, secret string) []setupEdit {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internet-play.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []setupEdit
	for _, m := range regexp.MustCompile(`-e "s/((?:[^/"\\]|\\.)*)/([^/"]*)/"`).FindAllStringSubmatch(string(doc), -1) {
		re, err := regexp.Compile(`(?m)` + m[1])
		if err != nil {
			t.Fatalf("docs/internet-play.md's sed pattern %q: %v", m[1], err)
		}
		out = append(out, setupEdit{re, strings.NewReplacer("$ip", ip, "$secret", secret).Replace(m[2])})
	}
	if len(out) == 0 {
		t.Fatal("docs/internet-play.md has no sed -e \"s/.../.../\" setup for turnserver.conf")
	}
	return out
}

// servers starts coturn and the lobby in the WAN, with a fresh TURN
// secret, and a second lobby with another secret, and waits until they
// listen.
func (l *natLab) servers(wan, lobbyBin string) {
	l.t.Helper()
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	secret := hex.EncodeToString(b)
	secretFile, wrongFile := filepath.Join(l.dir, "turn-secret"), filepath.Join(l.dir, "wrong-secret")
	if err := os.WriteFile(secretFile, []byte(secret+"\n"), 0o600); err != nil {
		l.t.Fatal(err)
	}
	if err := os.WriteFile(wrongFile, []byte("not-"+secret+"\n"), 0o600); err != nil {
		l.t.Fatal(err)
	}
	l.start(wan, "coturn", nil, "turnserver", "-c", l.turnConfig(secret), "--log-file=stdout", "--verbose",
		"--pidfile="+filepath.Join(l.dir, "turnserver.pid"), "--userdb="+filepath.Join(l.dir, "turndb"))
	for _, lb := range []struct{ name, addr, secret string }{{"lobby", labLobby, secretFile}, {"wrong-lobby", labWrongLobby, wrongFile}} {
		l.start(wan, lb.name, nil, lobbyBin, "-listen", lb.addr, "-stun", "stun:"+labTURN, "-turn", "turn:"+labTURN,
			"-turn-secret-file", lb.secret, "-join-rate", "100", "-rate", "1000", "-max-rooms-per-addr", "1000")
	}
	l.waitListening(wan, "udp", 3478)
	l.waitListening(wan, "tcp", 7000)
	l.waitListening(wan, "tcp", 7001)
}
