package redis

import (
	"hash/crc32"
	"strconv"
	"testing"
)

// TestShardOfIsCRC32: a game's deadline shard is its key's CRC-32 (IEEE)
// modulo the shards, as every release computed it: replicas of different
// releases must look for a game's deadline in the same set.
func TestShardOfIsCRC32(t *testing.T) {
	keys := []string{"", "a", "sushigo:game:discord:123456789012345678", "ü-unicode-ключ"}
	for i := range 200 {
		keys = append(keys, "sushigo:game:slack:T"+strconv.Itoa(i*7919)+":C"+strconv.Itoa(i))
	}
	for _, k := range keys {
		if got, want := shardOf(k), int(crc32.ChecksumIEEE([]byte(k))%deadlineShards); got != want {
			t.Errorf("shardOf(%q) = %d, want %d", k, got, want)
		}
	}
}

// TestGameKeys: the three keys named at once are the ones named one by
// one, and the old send lock's key the record earlier releases locked,
// whatever the game key and the store's prefix hold.
func TestGameKeys(t *testing.T) {
	for _, prefix := range []string{"sushigo:", "p:", "a-much-longer-prefix:with:colons:"} {
		s := New(nil, Options{Prefix: prefix})
		for _, k := range []string{"", "discord:1:2", "slack:T0:C0", "web:{x}:%y", "ü:ключ"} {
			game, side, lock := s.gameKeys(k)
			if game != s.gameKey(k) || side != s.sideKey(k) || lock != s.lockKey(k) {
				t.Errorf("prefix %q, key %q: gameKeys = %q, %q, %q; want %q, %q, %q", prefix, k, game, side, lock, s.gameKey(k), s.sideKey(k), s.lockKey(k))
			}
			if got, want := s.oldLockKey(k), s.recordKey("outbox-lock:"+k); got != want {
				t.Errorf("prefix %q, key %q: oldLockKey = %q, earlier releases locked %q", prefix, k, got, want)
			}
		}
	}
}
