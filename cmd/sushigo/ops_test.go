package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/sushigo/sushigo/adapters/console/consoletest"
	"github.com/sushigo/sushigo/storage"
	"github.com/sushigo/sushigo/storage/redis/redistest"
)

// TestSlowClientsAreCutOff: 20 connections that trickle a request body are
// all closed by the server once the read timeout passes (before, with no
// read timeout, all 20 were still held after 70 s).
func TestSlowClientsAreCutOff(t *testing.T) {
	if serverTimeouts.header == 0 || serverTimeouts.read == 0 || serverTimeouts.write == 0 || serverTimeouts.idle == 0 {
		t.Fatalf("every production timeout must be set: %+v", serverTimeouts)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { _, _ = io.ReadAll(r.Body) })
	srv := newServer("", mux, timeouts{header: 200 * time.Millisecond, read: 300 * time.Millisecond, write: time.Second, idle: time.Second})
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()
	var conns []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nab")
		conns = append(conns, c)
	}
	closed := 0
	for _, c := range conns {
		// Keep trickling until the server gives up on us; a server with no
		// read timeout would keep every one of these open for good.
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		for {
			if _, err := c.Write([]byte("x")); err != nil {
				if !errors.Is(err, os.ErrDeadlineExceeded) { // our own 10 s limit is not the server's doing
					closed++
				}
				break
			}
			buf := make([]byte, 1)
			_ = c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			if _, err := c.Read(buf); err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
				closed++
				break
			}
		}
	}
	if closed != len(conns) {
		t.Errorf("%d of %d trickling connections were cut off", closed, len(conns))
	}
}

func get(url string) (int, string) {
	c := &http.Client{Timeout: 3 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within 15 s", what)
		}
	}
}

// TestReadyzFollowsTheStore stops the Redis under a running serve and
// starts it again: /healthz stays 200 (the process lives), /readyz goes
// 503 and back to 200, and the timer loop logs the outage once and the
// recovery once, not a line a second.
func TestReadyzFollowsTheStore(t *testing.T) {
	port, redis := redistest.Fresh(t)
	var logs consoletest.Buffer
	addr, stop := startServeLogging(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test",
		"SLACK_SIGNING_SECRET": "s", "REDIS_URL": fmt.Sprintf("redis://127.0.0.1:%d/0", port), "LOG_LEVEL": "info"}, &logs)
	defer stop()
	eventually(t, "readyz 200", func() bool { c, _ := get("http://" + addr + "/readyz"); return c == 200 })
	_ = redis.Process.Kill()
	_ = redis.Wait()
	eventually(t, "readyz 503", func() bool { c, _ := get("http://" + addr + "/readyz"); return c == 503 })
	if c, _ := get("http://" + addr + "/healthz"); c != 200 {
		t.Errorf("healthz %d while the store is down: the process still lives", c)
	}
	eventually(t, "the outage logged", func() bool { return strings.Contains(logs.String(), "store does not answer") })
	time.Sleep(3 * time.Second) // three more ticks of the timer loop while Redis is down
	redistest.Server(t, port)   // the same port: the store's address stays
	eventually(t, "readyz 200 again", func() bool { c, _ := get("http://" + addr + "/readyz"); return c == 200 })
	eventually(t, "the recovery logged", func() bool { return strings.Contains(logs.String(), "timers running again") })
	// Play resumes: a new game is stored on the restarted Redis.
	form := "team_id=T1&channel_id=C1&user_id=U1&user_name=ann&command=%2Fsushigo&text=new&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fx"
	resp, err := signedSlack(addr, "/slack/commands", "s", []byte(form))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a command after Redis came back: %v %v", resp, err)
	}
	resp.Body.Close()
	rc := goredis.NewClient(&goredis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer rc.Close()
	if keys, _ := rc.Keys(context.Background(), "sushigo:game:*").Result(); len(keys) != 1 {
		t.Errorf("games stored after Redis came back: %v", keys)
	}
	if n := strings.Count(logs.String(), "store does not answer"); n != 1 {
		t.Errorf("the outage was logged %d times, want once:\n%s", n, logs.String())
	}
}

// TestGatewayModeWaitsForDiscord: in gateway mode, with Discord out of
// reach at start (here its API URL is a closed port: the same failure as
// no DNS or no route), serve stays up, says why once and tries again,
// alive and not ready, and shuts down cleanly; it used to exit with a bare
// Go error.
func TestGatewayModeWaitsForDiscord(t *testing.T) {
	closed := func() string {
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		defer l.Close()
		return "http://" + l.Addr().String()
	}()
	var logs consoletest.Buffer
	addr, stop := startServeLogging(t, map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "42",
		"DISCORD_API_URL": closed, "LOG_LEVEL": "info"}, &logs)
	eventually(t, "the unreachable gateway logged", func() bool { return strings.Contains(logs.String(), "the gateway cannot be reached") })
	if c, _ := get("http://" + addr + "/healthz"); c != 200 {
		t.Errorf("healthz %d while Discord is out of reach: serve should live on", c)
	}
	if c, _ := get("http://" + addr + "/readyz"); c != 503 {
		t.Errorf("readyz %d while Discord is out of reach, want 503", c)
	}
	stop() // fails if serve returned an error, or never returns
	if n := strings.Count(logs.String(), "the gateway cannot be reached"); n != 1 {
		t.Errorf("the outage was logged %d times at info or above, want once:\n%s", n, logs.String())
	}
}

// downStore is a store that does not answer.
type downStore struct{ storage.Store }

func (downStore) Ping(context.Context) error { return errors.New("connection refused") }

func TestReadyzSays503WithTheReason(t *testing.T) {
	rec := httptest.NewRecorder()
	readyz(downStore{}, nil)(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "connection refused") {
		t.Errorf("%d %q", rec.Code, rec.Body.String())
	}
}

// TestMetricsEndpoint: a signed Slack command shows up in /metrics as an
// action with its outcome and latency, beside the other series an operator
// pages on.
func TestMetricsEndpoint(t *testing.T) {
	// Slack's Web API is a closed port: the lobby's post fails, counted.
	addr, stop := startServe(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "s3cret",
		"SLACK_API_URL": "http://127.0.0.1:1/"})
	defer stop()
	eventually(t, "serve up", func() bool { c, _ := get("http://" + addr + "/healthz"); return c == 200 })
	body := []byte("team_id=T1&channel_id=C1&user_id=U1&user_name=ann&command=%2Fsushigo&text=new&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fx")
	resp, err := signedSlack(addr, "/slack/commands", "s3cret", body)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("signed /sushigo new: %d", resp.StatusCode)
	}
	var text string
	defer func() {
		if t.Failed() {
			for _, l := range strings.Split(text, "\n") {
				if strings.HasPrefix(l, "sushigo_") {
					t.Log(l)
				}
			}
		}
	}()
	eventually(t, "the action counted", func() bool {
		_, text = get("http://" + addr + "/metrics")
		return strings.Contains(text, `sushigo_actions_total{action="newgame",outcome="ok",platform="slack"} 1`) &&
			strings.Contains(text, `sushigo_delivery_failures_total{code="transport",platform="slack"} 1`)
	})
	// (The lobby goes to Slack's Web API, which this test does not run:
	// counted as a failed delivery.)
	for _, series := range []string{"sushigo_action_seconds_bucket", "sushigo_cas_conflicts_total", "sushigo_deliveries_in_flight",
		"sushigo_timer_lag_seconds", "go_goroutines"} {
		if !strings.Contains(text, series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}

// TestDiscordAPIURL: with DISCORD_API_URL, serve's calls to Discord (here
// registering /sushigo at start-up) reach that address and not Discord.
func TestDiscordAPIURL(t *testing.T) {
	seen := make(chan string, 16)
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case seen <- r.Method + " " + r.URL.Path:
		default:
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "[]")
	}))
	defer fake.Close()
	pub := strings.Repeat("ab", 32)
	_, stop := startServeLogging(t, map[string]string{"DISCORD_MODE": "http", "DISCORD_TOKEN": "t", "DISCORD_APP_ID": "42",
		"DISCORD_PUBLIC_KEY": pub, "DISCORD_API_URL": fake.URL}, io.Discard)
	defer stop()
	// Registering /sushigo (and checking the credentials) both go there.
	deadline := time.After(10 * time.Second)
	for registered := false; !registered; {
		select {
		case call := <-seen:
			registered = strings.Contains(call, "/applications/42/commands")
		case <-deadline:
			t.Fatal("serve never registered /sushigo through the Discord API URL")
		}
	}
	if _, err := loadConfig(env(map[string]string{"DISCORD_API_URL": "discord.internal"})); err == nil {
		t.Error("a DISCORD_API_URL without a scheme was accepted")
	}
}

// TestServeThroughSentinelAndCluster: REDIS_URL's Sentinel and Cluster
// forms, as the README gives them, are accepted by serve, which answers
// ready and stores a game there (serve refused
// Sentinel, which only the storage test reached).
func TestServeThroughSentinelAndCluster(t *testing.T) {
	sentinel, primary := redistest.Sentinel(t)
	cluster := redistest.Cluster(t)
	for _, c := range []struct {
		name, url string
		games     func() (int, error)
	}{
		{"sentinel", "redis+sentinel://" + sentinel + "/mymaster/3", func() (int, error) {
			rc := goredis.NewClient(&goredis.Options{Addr: primary, DB: 3})
			defer rc.Close()
			keys, err := rc.Keys(context.Background(), "sushigo:game:*").Result()
			return len(keys), err
		}},
		{"cluster", cluster, func() (int, error) {
			u, err := goredis.ParseClusterURL(cluster)
			if err != nil {
				return 0, err
			}
			rc := goredis.NewClusterClient(u)
			defer rc.Close()
			var n atomic.Int64 // the masters are asked side by side
			err = rc.ForEachMaster(context.Background(), func(ctx context.Context, m *goredis.Client) error {
				keys, err := m.Keys(ctx, "sushigo:game:*").Result()
				n.Add(int64(len(keys)))
				return err
			})
			return int(n.Load()), err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr, stop := startServe(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test",
				"SLACK_SIGNING_SECRET": "s", "REDIS_URL": c.url})
			defer stop()
			eventually(t, "readyz 200", func() bool { code, _ := get("http://" + addr + "/readyz"); return code == 200 })
			form := "team_id=T1&channel_id=C1&user_id=U1&user_name=ann&command=%2Fsushigo&text=new&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fx"
			resp, err := signedSlack(addr, "/slack/commands", "s", []byte(form))
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("/sushigo new through %s: %v %v", c.name, resp, err)
			}
			ack, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if n, err := c.games(); n != 1 || err != nil {
				t.Errorf("%d games stored through %s, want 1 (counting: %v; the command's answer: %q)", n, c.name, err, ack)
			}
		})
	}
}

// TestServeChecksCredentials: serve asks each platform whether it accepts
// its credentials before it says it is ready, in every mode. A platform
// that refuses them stops serve with an error naming the variable; one
// that cannot be reached keeps /readyz at 503 with the reason.
func TestServeChecksCredentials(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.URL.Path, "/api/") {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"message":"401: Unauthorized","code":0}`)
			return
		}
		fmt.Fprint(w, `{"ok":false,"error":"invalid_auth"}`)
	}))
	defer refusing.Close()
	for _, c := range []struct {
		name string
		vars map[string]string
		want string
	}{
		{"discord http", map[string]string{"DISCORD_MODE": "http", "DISCORD_TOKEN": "bad", "DISCORD_APP_ID": "42",
			"DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32), "DISCORD_API_URL": refusing.URL}, "DISCORD_TOKEN"},
		{"discord gateway", map[string]string{"DISCORD_TOKEN": "bad", "DISCORD_APP_ID": "42", "DISCORD_API_URL": refusing.URL}, "DISCORD_TOKEN"},
		{"slack http", map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-bad", "SLACK_SIGNING_SECRET": "s",
			"SLACK_API_URL": refusing.URL + "/"}, "SLACK_BOT_TOKEN"},
		{"slack socket", map[string]string{"SLACK_BOT_TOKEN": "xoxb-bad", "SLACK_APP_TOKEN": "xapp-bad",
			"SLACK_API_URL": refusing.URL + "/"}, "TOKEN was refused by Slack"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.vars["DATA_DIR"], c.vars["HTTP_ADDR"], c.vars["LOG_LEVEL"] = t.TempDir(), freeAddr(t), "error"
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			err := run(ctx, []string{"serve"}, env(c.vars), nil, io.Discard, io.Discard)
			if err == nil || ctx.Err() != nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("serve with refused credentials: %v (want an error naming %s)", err, c.want)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		addr, stop := startServe(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "s",
			"SLACK_API_URL": "http://127.0.0.1:1/"})
		defer stop()
		eventually(t, "serve up", func() bool { c, _ := get("http://" + addr + "/healthz"); return c == 200 })
		if code, body := get("http://" + addr + "/readyz"); code != 503 || !strings.Contains(body, "slack") {
			t.Errorf("readyz with Slack out of reach: %d %q", code, body)
		}
	})
}

// TestServeChecksTheActivity: with DISCORD_ACTIVITY=on, serve asks
// Discord to accept the client secret and that Activities are on for the
// application; either refused stops serve naming what to fix, and until
// both are accepted /readyz says why it is not ready.
func TestServeChecksTheActivity(t *testing.T) {
	for _, c := range []struct {
		name   string
		flags  int
		secret string
		want   string
	}{
		{"secret refused", 1 << 17, "wrong", "DISCORD_CLIENT_SECRET was refused"},
		{"activities off", 0, "right", "Activities are off"},
		{"accepted", 1 << 17, "right", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				switch {
				case strings.HasSuffix(r.URL.Path, "/oauth2/token"):
					if id, secret, _ := r.BasicAuth(); id != "42" || secret != "right" {
						w.WriteHeader(http.StatusUnauthorized)
						fmt.Fprint(w, `{"error":"invalid_client"}`)
						return
					}
					fmt.Fprint(w, `{"access_token":"owner","token_type":"Bearer","expires_in":604800,"scope":"identify"}`)
				case strings.HasSuffix(r.URL.Path, "/applications/@me"):
					fmt.Fprintf(w, `{"id":"42","flags":%d}`, c.flags)
				default:
					fmt.Fprint(w, "[]")
				}
			}))
			defer fake.Close()
			vars := map[string]string{"DISCORD_MODE": "http", "DISCORD_TOKEN": "t", "DISCORD_APP_ID": "42", "DISCORD_PUBLIC_KEY": strings.Repeat("ab", 32),
				"DISCORD_API_URL": fake.URL, "DISCORD_ACTIVITY": "on", "DISCORD_CLIENT_SECRET": c.secret,
				"WEB_URL": "https://sushigo.example/t/", "WEB_SECRET": strings.Repeat("s", 32),
				"DATA_DIR": t.TempDir(), "HTTP_ADDR": freeAddr(t), "LOG_LEVEL": "error"}
			if c.want == "" {
				// Ready, and the page's sign-in is served with the table.
				addr, stop := startServe(t, vars)
				defer stop()
				eventually(t, "ready", func() bool { code, _ := get("http://" + addr + "/readyz"); return code == 200 })
				if code, body := get("http://" + addr + "/t/activity.json"); code != 200 || !strings.Contains(body, `"client_id":"42"`) {
					t.Errorf("activity.json: %d %s", code, body)
				}
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			err := run(ctx, []string{"serve"}, env(vars), nil, io.Discard, io.Discard)
			if err == nil || ctx.Err() != nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("serve: %v (want an error saying %q)", err, c.want)
			}
		})
	}
}

// TestHealthcheck: `sushigo healthcheck` (the image's HEALTHCHECK, which
// has no shell) succeeds against a ready serve and fails against none.
func TestHealthcheck(t *testing.T) {
	addr, stop := startServe(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "s"})
	defer stop()
	eventually(t, "ready", func() bool { c, _ := get("http://" + addr + "/readyz"); return c == 200 })
	var out strings.Builder
	if err := run(context.Background(), []string{"healthcheck"}, env(map[string]string{"HTTP_ADDR": addr}), nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "ready") {
		t.Errorf("healthcheck of a ready serve: %v %q", err, out.String())
	}
	if err := run(context.Background(), []string{"healthcheck"}, env(map[string]string{"HTTP_ADDR": freeAddr(t)}), nil, io.Discard, io.Discard); err == nil {
		t.Error("healthcheck succeeded with no serve")
	}
}
