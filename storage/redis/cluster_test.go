package redis_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
	"github.com/sushigo/sushigo/storage/redis/redistest"
	"github.com/sushigo/sushigo/storage/storagetest"
)

// TestConformanceCluster runs the whole storage suite on a real 3-master
// Redis Cluster started for the test.
func TestConformanceCluster(t *testing.T) {
	url := redistest.Cluster(t)
	storagetest.Run(t, func(t *testing.T) storage.Store {
		prefix := fmt.Sprintf("sushigo-test:%x:", rand.Uint64())
		s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return aging{s, prefix}
	})
	t.Run("SendLocks", func(t *testing.T) {
		storagetest.RunSendLocks(t, func(t *testing.T) (storage.Store, record.SendLocks) {
			s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: fmt.Sprintf("sushigo-test:%x:", rand.Uint64())})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s, s
		})
	})
	dial := func(t *testing.T) *redis.Store {
		s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: fmt.Sprintf("sushigo-test:%x:", rand.Uint64())})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("CommitLocks", func(t *testing.T) {
		storagetest.RunCommitLocks(t, func(t *testing.T) storagetest.CommitLocker { return dial(t) })
	})
	t.Run("CheckedCommits", func(t *testing.T) {
		storagetest.RunCheckedCommits(t, func(t *testing.T) storagetest.CheckedCommitter { return dial(t) })
	})
}

// TestSentinel reaches a primary through a Sentinel started for the test.
func TestSentinel(t *testing.T) {
	sentinel, primary := redistest.Sentinel(t)
	url := fmt.Sprintf("redis+sentinel://%s/mymaster/2", sentinel)
	var s *redis.Store
	var err error
	for deadline := time.Now().Add(10 * time.Second); ; {
		if s, err = redis.Dial(context.Background(), url, redis.Options{}); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("dial %s: %v", url, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	defer s.Close()
	ctx := context.Background()
	v, err := s.SaveGame(ctx, "g", []byte("state"), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	data, got, err := s.LoadGame(ctx, "g")
	if err != nil || got != v || string(data) != "state" {
		t.Fatalf("load through sentinel: %q %d %v", data, got, err)
	}
	direct := goredis.NewClient(&goredis.Options{Addr: primary, DB: 2})
	defer direct.Close()
	if n, _ := direct.DBSize(ctx).Result(); n == 0 {
		t.Error("the game is not on the primary Sentinel names")
	}
}

func TestSentinelURLErrors(t *testing.T) {
	for _, u := range []string{"redis+sentinel://", "redis+sentinel://127.0.0.1:26379", "redis+sentinel://h:1/m/x"} {
		if _, err := redis.Dial(context.Background(), u, redis.Options{}); err == nil || !strings.Contains(err.Error(), "sentinel") {
			t.Errorf("%q: %v", u, err)
		}
	}
}

// TestStalledRedisHonoursDeadlines: while Redis is stalled (CLIENT PAUSE,
// as a failover, a slow disk or a long script stalls it) a call with a
// short deadline gives up at its deadline instead of waiting for the
// socket timeout or for Redis.
func TestStalledRedisHonoursDeadlines(t *testing.T) {
	port, _ := redistest.Fresh(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	s, err := redis.Dial(context.Background(), "redis://"+addr+"/0", redis.Options{Prefix: "stall:"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	admin := goredis.NewClient(&goredis.Options{Addr: addr})
	defer admin.Close()
	// Once it answers, every client's commands wait for 3 seconds.
	if err := admin.Do(context.Background(), "CLIENT", "PAUSE", "3000", "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, _, err := s.LoadGame(ctx, "some-game"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a load during the stall: %v, want the context's deadline", err)
	}
}

// TestClusterDownIsNotReady: a cluster that lost a slot answers PING on
// every node but refuses every request with CLUSTERDOWN; the store's Ping,
// which /readyz asks, must say so.
func TestClusterDownIsNotReady(t *testing.T) {
	url := redistest.Cluster(t)
	ctx := context.Background()
	s, err := redis.Dial(ctx, url, redis.Options{Prefix: "sushigo-test:down:"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("a healthy cluster: %v", err)
	}
	// One master gives up one of its slots: the cluster is down.
	cc := s.Client().(*goredis.ClusterClient)
	m, err := cc.MasterForKey(ctx, "{x}")
	if err != nil {
		t.Fatal(err)
	}
	slot := -1
	shards, err := m.ClusterShards(ctx).Result()
	if err != nil {
		t.Fatal(err)
	}
	addr := m.Options().Addr
	for _, sh := range shards {
		for _, n := range sh.Nodes {
			if n.Role == "master" && fmt.Sprintf("%s:%d", n.IP, n.Port) == addr && len(sh.Slots) > 0 && slot < 0 {
				slot = int(sh.Slots[0].Start)
			}
		}
	}
	if slot < 0 {
		t.Fatalf("%s holds no slot: %+v", addr, shards)
	}
	if err := m.Do(ctx, "CLUSTER", "DELSLOTS", slot).Err(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		info, _ := m.ClusterInfo(ctx).Result()
		if strings.Contains(info, "cluster_state:fail") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster did not go down: %s", info)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := s.Ping(ctx); err == nil {
		t.Fatal("Ping says ready while the cluster is down")
	}
}

// TestDeadlinesSurviveALostMaster: deadlines are spread over several
// masters, so when one master is lost (a cluster that serves what it still
// has, cluster-require-full-coverage no) the games whose timers live on the
// others keep them (one {deadlines} slot made one
// master a single point of failure for every game).
func TestDeadlinesSurviveALostMaster(t *testing.T) {
	url := redistest.Cluster(t, "--cluster-require-full-coverage", "no")
	ctx := context.Background()
	prefix := "sushigo-test:shards:"
	s, err := redis.Dial(ctx, url, redis.Options{Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.UnixMilli(1_800_000_000_000)
	for i := range 64 {
		if err := s.Schedule(ctx, fmt.Sprintf("game-%d", i), now.Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	cc := s.Client().(*goredis.ClusterClient)
	// Where each deadline lives, read from the sets themselves.
	home := map[string]string{} // game key → master address
	masters := map[string]bool{}
	for i := range 16 {
		set := fmt.Sprintf("%s{deadlines:%d}:due", prefix, i)
		m, err := cc.MasterForKey(ctx, set)
		if err != nil {
			t.Fatal(err)
		}
		keys, err := cc.ZRange(ctx, set, 0, -1).Result()
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			home[k] = m.Options().Addr
			masters[m.Options().Addr] = true
		}
	}
	if len(home) != 64 || len(masters) < 2 {
		t.Fatalf("64 deadlines found in %d places on %d masters; want all, spread over several", len(home), len(masters))
	}
	lost := home["game-0"]
	victim := goredis.NewClient(&goredis.Options{Addr: lost})
	_ = victim.Do(ctx, "SHUTDOWN", "NOSAVE").Err()
	victim.Close()
	want := map[string]bool{}
	for k, addr := range home {
		if addr != lost {
			want[k] = true
		}
	}
	got := map[string]bool{}
	deadline := time.Now().Add(15 * time.Second)
	for len(got) < len(want) {
		cs, err := s.ClaimDue(ctx, now, time.Minute, 100)
		if err != nil {
			t.Logf("claim with a master lost: %v", err)
		}
		for _, c := range cs {
			if !want[c.Key] {
				t.Fatalf("claimed %s, whose master is gone", c.Key)
			}
			got[c.Key] = true
		}
		if time.Now().After(deadline) {
			t.Fatalf("with one master lost, %d of the %d deadlines on the others were claimed", len(got), len(want))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestClusterFailoverFollowed kills a master of a Redis Cluster whose
// replica then takes over, while three replicas of the service use it:
// each reaches every slot again within 10 s of the promotion. (Before, two
// of three kept dialling the dead master for 15–40 s: go-redis reloads the
// slot map once a minute unless told, and a refused connection does not
// tell it.)
func TestClusterFailoverFollowed(t *testing.T) {
	url, first, replica := redistest.ClusterWithReplica(t)
	var stores []*redis.Store
	for range 3 {
		s, err := redis.Dial(context.Background(), url, redis.Options{Prefix: fmt.Sprintf("sushigo-test:%x:", rand.Uint64())})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores = append(stores, s)
	}
	// Keys on every master: each record's key is a hash tag of its own.
	everySlot := func(s *redis.Store) error {
		for k := range 24 {
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			err := s.SetRecord(ctx, fmt.Sprint("k", k), []byte("v"), time.Minute)
			cancel()
			if err != nil {
				return err
			}
		}
		return nil
	}
	for i, s := range stores {
		if err := everySlot(s); err != nil {
			t.Fatalf("store %d before the failover: %v", i, err)
		}
	}
	_ = first.Process.Kill()
	_ = first.Wait()
	r := goredis.NewClient(&goredis.Options{Addr: replica})
	defer r.Close()
	// The stores keep trying while the cluster notices (2 s node timeout)
	// and promotes the replica, as live games would.
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			for _, s := range stores {
				_ = everySlot(s)
			}
		}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		role, err := r.Do(context.Background(), "ROLE").Slice()
		if err == nil && len(role) > 0 && role[0] == "master" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica was never promoted: %v %v", role, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	promoted := time.Now()
	close(stop)
	<-done
	for i, s := range stores {
		for {
			err := everySlot(s)
			if err == nil {
				t.Logf("store %d reaches every slot %v after the promotion", i, time.Since(promoted).Round(time.Millisecond))
				break
			}
			if time.Since(promoted) > 10*time.Second {
				t.Fatalf("store %d still fails 10 s after the promotion: %v", i, err)
			}
		}
	}
}
