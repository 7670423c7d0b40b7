package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/record"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis"
)

// sizeStore measures, after each write of a game, what the game takes in
// Redis: its record and its send log (MEMORY USAGE of both keys).
type sizeStore struct {
	*redis.Store
	t            testing.TB
	mu           sync.Mutex
	most         int64
	playing      int64
	worstPlaying string
	worst        string // the record at its largest
}

func (s *sizeStore) measure(ctx context.Context, key string) {
	var n int64
	for _, k := range []string{s.GameKey(key), s.SideKey(key)} {
		m, err := s.Client().MemoryUsage(ctx, k).Result()
		if err == nil {
			n += m
		}
	}
	data, side, _, _ := s.LoadGameSide(ctx, key)
	data, _ = record.Unpack(data)
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.Contains(string(data), `"p":"playing"`) {
		if n > s.playing {
			s.playing, s.worstPlaying = n, string(data)+"\nside: "+string(side)
		}
	}
	if n > s.most {
		s.most = n
		s.worst = string(data)
	}
}

func (s *sizeStore) Commit(ctx context.Context, key string, data []byte, prev storage.Version, ttl time.Duration, due []storage.Deadline) (storage.Version, error) {
	v, err := s.Store.Commit(ctx, key, data, prev, ttl, due)
	if err == nil {
		s.measure(ctx, key)
	}
	return v, err
}

func (s *sizeStore) SetGameSide(ctx context.Context, key string, side []byte) error {
	err := s.Store.SetGameSide(ctx, key, side)
	if err == nil {
		s.measure(ctx, key)
	}
	return err
}

// TestLiveGameStaysSmall plays whole games as serve does on a chat
// platform (hands by DM, the play-by-play in a thread, pictures on, every
// post and edit through the outbox) and measures the game in Redis after
// every write: at most 2.25 KB for five people at classic, 3.25 KB for
// eight at Party, at every moment, the end of the game included. The
// outbox keeps the names of the views it draws when it sends, not the
// views, and the record is packed (by the fast writer since issue 53:
// 2,224 and 3,152 bytes at most, against 2 and 3 KB with compress/flate,
// for a fifth of the packing's CPU).
func TestLiveGameStaysSmall(t *testing.T) {
	for _, c := range []struct {
		name  string
		opts  string
		users []string
		limit int64
	}{
		{"classic 5p", "timer=60 hands=dm", []string{"ann", "bob", "cat", "dan", "eve"}, 2304},
		{"party 8p", "party timer=60 hands=dm", []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"}, 3328},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newRedisHarness(t)
			h.sender = &fakeSender{h: h}
			size := &sizeStore{Store: h.store.(*redis.Store), t: t}
			h.store = size
			h.b = h.newBot()
			h.lobby(c.users[0], c.opts, c.users[1:]...)
			h.startGame(c.users[0])
			for range 40 {
				if _, over := h.lastPublic("Final standings"); over {
					break
				}
				h.playTurn(c.users)
			}
			if _, over := h.lastPublic("Final standings"); !over {
				t.Fatal("the game did not end")
			}
			t.Logf("largest: %d bytes in Redis while playing, %d at any moment", size.playing, size.most)
			if size.most > c.limit {
				t.Errorf("the game took %d bytes in Redis at its largest, limit %d; its record then:\n%s", size.most, c.limit, size.worst)
			}
			if strings.Contains(size.worstPlaying, `"Fields"`) || strings.Contains(size.worstPlaying, `"Rows"`) {
				t.Errorf("a rendered table or hand is stored: %s", size.worstPlaying)
			}
		})
	}
}
