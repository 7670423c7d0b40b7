package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/adapters/adaptertest"
	"github.com/sushigo/sushigo/adapters/web"
	"github.com/sushigo/sushigo/bot"
	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestPagesFollowEveryReplica: two replicas on one Redis, each with its
// web table; a page open on the first is redrawn when the second stores
// a change of its game (a chat click there), through the store's
// announcements.
func TestPagesFollowEveryReplica(t *testing.T) {
	prefix := redistest.Prefix("web")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	secret := []byte(strings.Repeat("s", 32))
	type replica struct {
		host *bot.Bot
		web  *web.Web
		url  string
	}
	var rs []replica
	for range 2 {
		store := redistest.Store(t, prefix)
		ann := web.NewAnnouncer(store, nil)
		go ann.Run(ctx)
		host := bot.New(store, bot.Config{Timer: -1, OnStored: func(s bot.Stored) { ann.Changed(s.Change()) }})
		table, server := adaptertest.ServeWebTable(t, host, store, "/", web.Config{Secret: secret})
		go table.Follow(ctx, store)
		rs = append(rs, replica{host, table, server})
	}
	do := func(r replica, who string, a protocol.Action) {
		if _, err := r.host.Handle(ctx, protocol.Request{Where: where, Who: person(who), Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	// Both replicas listen before anything changes: Redis counts the
	// channel's subscribers.
	probe := redistest.Store(t, prefix)
	var listening int64
	eventually(t, func() bool {
		n, err := probe.Client().PubSubNumSub(ctx, prefix+"changed").Result()
		if err != nil {
			t.Fatal(err)
		}
		listening = n[prefix+"changed"]
		return listening == 2
	}, func() string { return fmt.Sprintf("%d replicas listening", listening) })
	do(rs[0], "ann", protocol.NewGame{Options: protocol.Options{Timer: -1}})
	first := &table{t: t, host: rs[0].host, web: rs[0].web, srv: &httptest.Server{URL: rs[0].url}}
	p := first.open(map[string]string{"link": strings.SplitN(first.link("ann"), "#", 2)[1]})
	v := p.latest().Version
	do(rs[1], "bob", protocol.Join{Game: first.game()})
	p.until("the first replica's page showing Bob, who joined through the second", func(f frameOf) bool {
		return f.T == "page" && f.Page.Version > v && strings.Contains(f.Page.Table.String(), "Bob")
	})
}
