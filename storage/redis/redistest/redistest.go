// Package redistest starts throwaway redis-server processes for tests: a
// server, a 3-master Redis Cluster and a Sentinel, on loopback ports, each
// stopped when the test ends. Without redis-server on PATH a test fails in
// CI (CI=true) and is skipped elsewhere.
package redistest

import (
	"context"
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
// or stop it early).
func Server(t testing.TB, port int, args ...string) *exec.Cmd {
	t.Helper()
	all := append([]string{"--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--dir", t.TempDir(),
		"--save", "", "--appendonly", "no"}, args...)
	cmd := exec.Command(Need(t, "redis-server"), all...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	WaitPing(t, fmt.Sprintf("127.0.0.1:%d", port))
	return cmd
}

// WaitPing waits up to 10 s for the server at addr to answer.
func WaitPing(t testing.TB, addr string) {
	t.Helper()
	c := goredis.NewClient(&goredis.Options{Addr: addr})
	defer c.Close()
	deadline := time.Now().Add(10 * time.Second)
	for c.Ping(context.Background()).Err() != nil {
		if time.Now().After(deadline) {
			t.Fatalf("redis at %s did not start", addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
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
	rp := FreePort(t)
	Server(t, rp, "--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(t.TempDir(), "nodes.conf"),
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
		p := FreePort(t)
		cmds = append(cmds, Server(t, p, append([]string{"--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(t.TempDir(), "nodes.conf"),
			"--cluster-node-timeout", "2000"}, args...)...))
		ports = append(ports, p)
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
	pp := FreePort(t)
	Server(t, pp)
	sp := FreePort(t)
	conf := filepath.Join(t.TempDir(), "sentinel.conf")
	body := fmt.Sprintf("port %d\nbind 127.0.0.1\nsentinel monitor mymaster 127.0.0.1 %d 1\n", sp, pp)
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(Need(t, "redis-server"), conf, "--sentinel")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	sentinel = fmt.Sprintf("127.0.0.1:%d", sp)
	WaitPing(t, sentinel)
	return sentinel, fmt.Sprintf("127.0.0.1:%d", pp)
}
