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
