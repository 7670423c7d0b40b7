// Package redistest starts throwaway redis-server processes for tests: a
// server, a 3-master Redis Cluster and a Sentinel, on loopback ports, each
// stopped when the test ends. Without redis-server on PATH a test fails in
// CI (CI=true) and is skipped elsewhere.
package redistest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// Need returns the path of a Redis binary, failing in CI and skipping
// elsewhere when it is missing.
func Need(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required in CI: %v", name, err)
		}
		t.Skipf("no %s on PATH (apt-get install redis-server)", name)
	}
	return p
}

// FreePort finds a loopback port whose cluster bus port (+10000) is free too.
func FreePort(t testing.TB) int {
	t.Helper()
	for range 100 {
		p := 20000 + rand.IntN(30000)
		ok := true
		for _, q := range []int{p, p + 10000} {
			l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", q))
			if err != nil {
				ok = false
				break
			}
			l.Close()
		}
		if ok {
			return p
		}
	}
	t.Fatal("no free port pair")
	return 0
}

// Server runs redis-server on a loopback port with extra arguments until
// the test ends, waits until it answers, and returns the process (to kill
// or stop it early). The test fails if the port was taken: the server
// could not bind it, or another process answers there. Use Fresh when any
// free port will do.
func Server(t testing.TB, port int, args ...string) *exec.Cmd {
	t.Helper()
	argv, log := serverArgs(t, port, args)
	cmd, err := start(t, port, argv, log)
	if err != nil {
		t.Fatal(err)
	}
	return cmd
}

// Fresh runs redis-server as Server does on a free loopback port (with a
// free cluster bus port beside it), and returns the port and the process.
// A port FreePort found free can be taken before the server binds it (by
// another test's server or a client's outgoing connection); then another
// port is tried, so a test does not fail, or talk to another test's server,
// by the luck of the draw.
func Fresh(t testing.TB, args ...string) (int, *exec.Cmd) {
	t.Helper()
	var cmd *exec.Cmd
	port := onFreePort(t, "redis-server", func(port int) (err error) {
		argv, log := serverArgs(t, port, args)
		cmd, err = start(t, port, argv, log)
		return err
	})
	return port, cmd
}

// onFreePort calls run with a port FreePort found, and with another when
// that one was taken before the server bound it (start's errTaken), up to
// five tries. It returns the port the server runs on.
func onFreePort(t testing.TB, name string, run func(port int) error) int {
	t.Helper()
	var err error
	for range 5 {
		port := FreePort(t)
		if err = run(port); err == nil {
			return port
		}
		if !errors.Is(err, errTaken) {
			t.Fatal(err)
		}
	}
	t.Fatalf("no %s on a free port after 5 tries: %v", name, err)
	return 0
}

// serverArgs is redis-server's command line for port, and the log file it
// names, where the server says why it could not start.
func serverArgs(t testing.TB, port int, args []string) ([]string, string) {
	dir := t.TempDir()
	log := filepath.Join(dir, "redis.log")
	return append([]string{"--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--dir", dir, "--logfile", log,
		"--save", "", "--appendonly", "no"}, args...), log
}

// errTaken says the port was taken before the server bound it.
var errTaken = errors.New("port taken")

// start runs redis-server with argv, which logs to the file log, until the
// test ends and waits until the server on port answers as this process
// (INFO's process_id), so a test never talks to another test's server that
// got the port first. The process is not waited for here: a test that
// kills it waits for it.
func start(t testing.TB, port int, argv []string, log string) (*exec.Cmd, error) {
	t.Helper()
	cmd := exec.Command(Need(t, "redis-server"), argv...)
	said := func() string { b, _ := os.ReadFile(log); return string(b) }
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting redis-server: %w", err)
	}
	stop := func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }
	t.Cleanup(stop)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	// Short timeouts: whatever holds a taken port may never answer, and
	// the loop asks again until the deadline anyway.
	c := goredis.NewClient(&goredis.Options{Addr: addr, MaxRetries: -1, DialTimeout: 200 * time.Millisecond,
		ReadTimeout: 200 * time.Millisecond, WriteTimeout: 200 * time.Millisecond})
	defer c.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		// redis-server says so and exits when it cannot bind its port.
		if l := said(); strings.Contains(l, "already in use") {
			stop()
			return nil, fmt.Errorf("redis-server on %s: %w: %s", addr, errTaken, lastLine(l))
		}
		if info, err := c.Info(context.Background(), "server").Result(); err == nil {
			if strings.Contains(info, fmt.Sprintf("process_id:%d\r", cmd.Process.Pid)) {
				return cmd, nil
			}
			stop()
			return nil, fmt.Errorf("another server answers on %s: %w", addr, errTaken)
		}
		if time.Now().After(deadline) {
			stop()
			return nil, fmt.Errorf("redis at %s did not start: %s", addr, said())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// Cluster starts a 3-master Redis Cluster, each server also given args,
// waits until every node says the cluster is ok, and returns its URL in the form
// REDIS_URL takes.
func Cluster(t testing.TB, args ...string) string {
	t.Helper()
	url, _, _ := cluster(t, args...)
	return url
}

// ClusterWithReplica is Cluster with a replica of the first master: it
// returns the URL, the first master's process (to kill, for a failover)
// and the replica's address.
func ClusterWithReplica(t testing.TB) (url string, first *exec.Cmd, replica string) {
	t.Helper()
	url, ports, cmds := cluster(t)
	cli := Need(t, "redis-cli")
	master := fmt.Sprintf("127.0.0.1:%d", ports[0])
	c := goredis.NewClient(&goredis.Options{Addr: master})
	defer c.Close()
	id, err := c.Do(context.Background(), "CLUSTER", "MYID").Text()
	if err != nil {
		t.Fatal(err)
	}
	rp, _ := Fresh(t, "--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(t.TempDir(), "nodes.conf"),
		"--cluster-node-timeout", "2000")
	replica = fmt.Sprintf("127.0.0.1:%d", rp)
	if out, err := exec.Command(cli, "--cluster", "add-node", replica, master, "--cluster-slave", "--cluster-master-id", id).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster add-node: %v\n%s", err, out)
	}
	r := goredis.NewClient(&goredis.Options{Addr: replica})
	defer r.Close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		info, err := r.Info(context.Background(), "replication").Result()
		if err == nil && strings.Contains(info, "master_link_status:up") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replica %s never synced: %v %s", replica, err, info)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return url, cmds[0], replica
}

func cluster(t testing.TB, args ...string) (string, []int, []*exec.Cmd) {
	t.Helper()
	Need(t, "redis-server")
	cli := Need(t, "redis-cli")
	var ports []int
	var cmds []*exec.Cmd
	for range 3 {
		p, cmd := Fresh(t, append([]string{"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(t.TempDir(), "nodes.conf"),
			"--cluster-node-timeout", "2000"}, args...)...)
		cmds, ports = append(cmds, cmd), append(ports, p)
	}
	create := []string{"--cluster", "create"}
	for _, p := range ports {
		create = append(create, fmt.Sprintf("127.0.0.1:%d", p))
	}
	create = append(create, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.Command(cli, create...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
	}
	// Every node must say the cluster is ok, not only the first: a node
	// learns the slot map by gossip, and until it does it answers
	// cluster_state:fail, which a store's Ping rightly reports.
	deadline := time.Now().Add(20 * time.Second)
	for _, p := range ports {
		addr := fmt.Sprintf("127.0.0.1:%d", p)
		c := goredis.NewClient(&goredis.Options{Addr: addr})
		for {
			info, err := c.ClusterInfo(context.Background()).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") {
				break
			}
			if time.Now().After(deadline) {
				c.Close()
				t.Fatalf("cluster node %s not ready: %v %s", addr, err, info)
			}
			time.Sleep(50 * time.Millisecond)
		}
		c.Close()
	}
	return fmt.Sprintf("redis://127.0.0.1:%d?addr=127.0.0.1:%d&addr=127.0.0.1:%d", ports[0], ports[1], ports[2]), ports, cmds
}

// Sentinel starts a primary and a Sentinel watching it as "mymaster", and
// returns the Sentinel's address and the primary's.
func Sentinel(t testing.TB) (sentinel, primary string) {
	t.Helper()
	pp, _ := Fresh(t)
	sp := onFreePort(t, "Sentinel", func(sp int) error {
		dir := t.TempDir()
		conf, log := filepath.Join(dir, "sentinel.conf"), filepath.Join(dir, "sentinel.log")
		body := fmt.Sprintf("port %d\nbind 127.0.0.1\nlogfile %q\nsentinel monitor mymaster 127.0.0.1 %d 1\n", sp, log, pp)
		if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
			return fmt.Errorf("writing the Sentinel's config: %w", err)
		}
		_, err := start(t, sp, []string{conf, "--sentinel"}, log)
		return err
	})
	return fmt.Sprintf("127.0.0.1:%d", sp), fmt.Sprintf("127.0.0.1:%d", pp)
}
