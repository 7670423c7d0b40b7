package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	goredis "github.com/redis/go-redis/v9"
	"github.com/sushigo/sushigo/adapters/console/consoletest"
	"github.com/sushigo/sushigo/engine/review"
)

// TestMain lets the fault tests run `serve` as a real child process: the
// test binary re-executes itself with SUSHIGO_SERVE_CHILD=1.
func TestMain(m *testing.M) {
	// Reviews here check the commands around them, not the review's
	// judgement (engine/review's tests weigh that): a cheap one, in this
	// process and in the children it runs.
	reviewWork = &review.Options{Samples: 4, Iterations: 8, Refine: 1}
	if args := os.Getenv("SUSHIGO_PLAY_CHILD"); args != "" {
		// The terminal test runs `play` in a real pseudo-terminal.
		if err := run(context.Background(), append([]string{"play"}, strings.Fields(args)...), os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "play:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv("SUSHIGO_SERVE_CHILD") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, []string{"serve"}, os.Getenv, os.Stdin, os.Stdout, os.Stderr)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeSlackAPI is Slack's Web API as far as serve uses it, keeping every
// message by channel and ts. While hang is set, chat.update calls are held
// until the caller goes away (a platform that stalls mid-delivery).
type fakeSlackAPI struct {
	mu      sync.Mutex
	n       int
	msgs    map[string]string // ts → latest blocks
	posts   int               // chat.postMessage calls to the channel
	updates int
	hang    bool
	stalled int // chat.update calls held while hanging
}

func (f *fakeSlackAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	w.Header().Set("Content-Type", "application/json")
	f.mu.Lock()
	switch {
	case strings.HasSuffix(r.URL.Path, "/chat.postMessage"):
		f.n++
		ts := fmt.Sprintf("1700000000.%06d", f.n)
		f.msgs[ts] = r.Form.Get("blocks")
		if strings.HasPrefix(r.Form.Get("channel"), "C") {
			f.posts++
		}
		f.mu.Unlock()
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":%q}`, r.Form.Get("channel"), ts)
	case strings.HasSuffix(r.URL.Path, "/chat.update"):
		if f.hang {
			f.stalled++
			f.mu.Unlock()
			<-r.Context().Done()
			return
		}
		f.updates++
		f.msgs[r.Form.Get("ts")] = r.Form.Get("blocks")
		f.mu.Unlock()
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":%q}`, r.Form.Get("channel"), r.Form.Get("ts"))
	case strings.HasSuffix(r.URL.Path, "/conversations.open"):
		f.mu.Unlock()
		fmt.Fprintf(w, `{"ok":true,"channel":{"id":"D%s"}}`, r.Form.Get("users"))
	default:
		f.mu.Unlock()
		fmt.Fprint(w, `{"ok":true}`)
	}
}

func (f *fakeSlackAPI) message(ts string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.msgs[ts]
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// child is one `serve` process.
type child struct {
	cmd  *exec.Cmd
	logs *consoletest.Buffer
	done chan error
}

func startChild(t *testing.T, vars map[string]string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SUSHIGO_SERVE_CHILD=1")
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	c := &child{cmd: cmd, logs: &consoletest.Buffer{}, done: make(chan error, 1)}
	cmd.Stdout, cmd.Stderr = c.logs, c.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	eventually(t, "serve ready", func() bool { code, _ := get("http://" + vars["HTTP_ADDR"] + "/readyz"); return code == 200 })
	return c
}

func signedSlack(addr, path, secret string, body []byte) (*http.Response, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte("v0:" + ts + ":"))
	mac.Write(body)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Slack-Request-Timestamp", ts)
	req.Header.Set("X-Slack-Signature", "v0="+hex.EncodeToString(mac.Sum(nil)))
	return (&http.Client{Timeout: 10 * time.Second}).Do(req)
}

var addBotAction = regexp.MustCompile(`sg1:addbot:[a-z0-9]+:1`)

// TestKilledMidDeliveryThenRestarted is the crash the outbox exists for: a
// Slack click is acknowledged, its table edit is on its way to a stalled
// Slack, and the process is stopped: killed (-9), or sent SIGTERM, which
// gives up on the stalled call after its grace. A new process on the same
// Redis delivers the edit: the acknowledged click is applied and shown, on
// the one lobby message. (Before, the edit lived only in the old process.)
func TestKilledMidDeliveryThenRestarted(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			stopMidDelivery(t, sig)
		})
	}
}

// testRedis is database 15 of the local Redis (or SUSHIGO_TEST_REDIS_URL,
// as for the storage tests) under a key prefix of the test's own, deleted
// when it ends; in CI a missing Redis fails the test.
func testRedis(t *testing.T) (url, prefix string, rc *goredis.Client) {
	url = "redis://127.0.0.1:6379/15"
	if u := os.Getenv("SUSHIGO_TEST_REDIS_URL"); u != "" {
		url = u
	}
	opts, err := goredis.ParseURL(url)
	if err != nil {
		t.Fatalf("SUSHIGO_TEST_REDIS_URL: %v", err)
	}
	rc = goredis.NewClient(opts)
	t.Cleanup(func() { rc.Close() }) // after the key clean-up below, which uses it
	if err := rc.Ping(context.Background()).Err(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Redis is required in CI: %v", err)
		}
		t.Skipf("no Redis at %s: %v", url, err)
	}
	prefix = fmt.Sprintf("sushigo-test:cmd:%x:", rand.Uint64())
	t.Cleanup(func() {
		ctx := context.Background()
		iter := rc.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			rc.Del(ctx, iter.Val())
		}
		if err := iter.Err(); err != nil {
			t.Errorf("cleaning up %s*: %v", prefix, err)
		}
	})
	return url, prefix, rc
}

func stopMidDelivery(t *testing.T, sig syscall.Signal) {
	redisURL, prefix, _ := testRedis(t)
	api := &fakeSlackAPI{msgs: map[string]string{}}
	apiSrv := httptest.NewServer(api)
	defer apiSrv.Close()
	const secret = "fault-secret"
	addr := freeAddr(t)
	vars := map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": secret,
		"SLACK_API_URL": apiSrv.URL + "/", "REDIS_URL": redisURL, "REDIS_PREFIX": prefix, "HTTP_ADDR": addr,
		"DATA_DIR": t.TempDir(), "LOG_LEVEL": "info",
		// A short lease: the restarted process takes the dead one's
		// claim over after 3 s rather than the default 30.
		"CLAIM_LEASE": "3s"}
	a := startChild(t, vars)

	form := url.Values{"team_id": {"T1"}, "channel_id": {"C1"}, "user_id": {"U1"}, "user_name": {"ann"},
		"command": {"/sushigo"}, "text": {"new bots=1 timer=0"}, "response_url": {apiSrv.URL + "/response"}}
	resp, err := signedSlack(addr, "/slack/commands", secret, []byte(form.Encode()))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/sushigo new: %v %v", resp, err)
	}
	resp.Body.Close()
	var lobbyTS, action string
	eventually(t, "the lobby posted", func() bool {
		api.mu.Lock()
		defer api.mu.Unlock()
		for ts, b := range api.msgs {
			if id := addBotAction.FindString(b); id != "" {
				lobbyTS, action = ts, id
				return true
			}
		}
		return false
	})

	api.mu.Lock()
	api.hang = true
	api.mu.Unlock()
	payload, _ := json.Marshal(map[string]any{
		"type": "block_actions", "user": map[string]string{"id": "U1", "username": "ann", "name": "ann", "team_id": "T1"},
		"team": map[string]string{"id": "T1"}, "channel": map[string]string{"id": "C1"},
		"container":    map[string]any{"type": "message", "message_ts": lobbyTS, "channel_id": "C1", "is_ephemeral": false},
		"response_url": apiSrv.URL + "/response",
		"actions":      []map[string]string{{"action_id": action, "value": action, "type": "button", "block_id": "row0"}},
	})
	resp, err = signedSlack(addr, "/slack/interactivity", secret, []byte("payload="+url.QueryEscape(string(payload))))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("Add bot click: %v %v", resp, err)
	}
	resp.Body.Close()
	// The edit is on its way to the stalled Slack: stop the process now.
	eventually(t, "the edit in flight", func() bool {
		api.mu.Lock()
		defer api.mu.Unlock()
		return api.stalled > 0
	})
	_ = a.cmd.Process.Signal(sig)
	select {
	case <-a.done:
	case <-time.After(40 * time.Second):
		t.Fatalf("serve did not stop on %s", sig)
	}
	if strings.Count(api.message(lobbyTS), "-bot") != 1 {
		t.Fatalf("setup: the lobby already shows the second bot: %s", api.message(lobbyTS))
	}

	api.mu.Lock()
	api.hang = false
	api.mu.Unlock()
	b := startChild(t, vars)
	// The dead process's claim on the delivery lapses after its 3 s lease;
	// then the new one sends it.
	deadline := time.Now().Add(30 * time.Second)
	for strings.Count(api.message(lobbyTS), "-bot") < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("after the restart the lobby never showed the acknowledged Add bot:\n%s\n%s", api.message(lobbyTS), b.logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	api.mu.Lock()
	posts := api.posts
	api.mu.Unlock()
	if posts != 1 {
		t.Errorf("%d messages posted to the channel, want the one lobby", posts)
	}
	// SIGTERM: a clean exit.
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-b.done:
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM:\n%s", err, b.logs.String())
		}
	case <-time.After(25 * time.Second):
		t.Fatal("serve did not exit after SIGTERM")
	}
}
