package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sushigo/sushigo/adapters/console/consoletest"
	"github.com/sushigo/sushigo/protocol"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// playTerminal plays a whole terminal game in the line mode with play's
// flags args (after --plain), answering 1 to every prompt, and returns
// what it printed.
func playTerminal(t *testing.T, vars func(string) string, args ...string) string {
	t.Helper()
	var out consoletest.Buffer
	if err := run(context.Background(), append([]string{"play", "--plain"}, args...), vars, &consoletest.Player{Out: &out, EOF: true}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestPlayWithoutConfiguration(t *testing.T) {
	var out consoletest.Buffer
	in := &consoletest.Player{Out: &out, EOF: true}
	err := run(context.Background(), []string{"play", "--seed", "9", "--bots", "2"},
		env(map[string]string{"DATA_DIR": t.TempDir()}), in, &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "🏆 Final standings") {
		t.Fatalf("the game did not reach the final standings:\n%s", out.String())
	}
}

func TestPlayVariants(t *testing.T) {
	for _, args := range [][]string{{"--dummy"}, {"--pass", "alternate", "--bots", "4"}} {
		var out consoletest.Buffer
		in := &consoletest.Player{Out: &out, EOF: true}
		err := run(context.Background(), append([]string{"play", "--seed", "4"}, args...),
			env(map[string]string{"DATA_DIR": t.TempDir()}), in, &out, io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		o := out.String()
		if !strings.Contains(o, "🏆 Final standings") {
			t.Fatalf("%v: the game did not finish:\n%s", args, o)
		}
		if args[0] == "--dummy" && (!strings.Contains(o, "2 players + dummy") || !strings.Contains(o, "Dummy (chosen by")) {
			t.Errorf("--dummy did not play the dummy variant")
		}
		if args[0] == "--pass" && !strings.Contains(o, "Pass: alternate") {
			t.Errorf("--pass alternate was not applied")
		}
	}
	if err := run(context.Background(), []string{"play", "--bots", "9"}, env(map[string]string{"DATA_DIR": t.TempDir()}), nil, io.Discard, io.Discard); err == nil {
		t.Error("--bots 9 accepted")
	}
}

// TestPlayParty plays whole Sushi Go Party! games in the terminal: a
// recommended menu by name, a menu typed as card types, a random one.
func TestPlayParty(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--party", "--menu", "Master Menu", "--bots", "7"}, "Menu: Master Menu"},
		{[]string{"--menu", "uramaki,miso,tofu,eel,spoon,menu,pudding", "--bots", "3"}, "Menu: Custom menu"},
		{[]string{"--party", "--menu", "random", "--bots", "1"}, "Menu: "},
		{[]string{"--party"}, "Menu: My First Meal"},
	} {
		var out consoletest.Buffer
		in := &consoletest.Player{Out: &out, EOF: true}
		err := run(context.Background(), append([]string{"play", "--seed", "5"}, c.args...),
			env(map[string]string{"DATA_DIR": t.TempDir()}), in, &out, io.Discard)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		o := out.String()
		if !strings.Contains(o, "🏆 Final standings") || !strings.Contains(o, "Sushi Go Party! — round 3/3") || !strings.Contains(o, c.want) {
			t.Fatalf("%v: the Party game did not finish (or not with %q):\n%s", c.args, c.want, o)
		}
	}
	for _, bad := range [][]string{{"--party", "--bots", "8"}, {"--party", "--dummy"}, {"--menu", "fish"}, {"--bots", "5"}} {
		err := run(context.Background(), append([]string{"play"}, bad...), env(map[string]string{"DATA_DIR": t.TempDir()}), nil, io.Discard, io.Discard)
		if err == nil {
			t.Errorf("%v accepted", bad)
		} else if strings.Contains(err.Error(), "`") {
			t.Errorf("%v: chat markup in a terminal error: %v", bad, err)
		}
	}
}

func TestServeNamesTheVariables(t *testing.T) {
	err := run(context.Background(), []string{"serve"}, env(map[string]string{"DATA_DIR": t.TempDir()}), nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN") || !strings.Contains(err.Error(), "SLACK_BOT_TOKEN") {
		t.Fatalf("serve without a platform: %v", err)
	}
}

func TestConfigReportsEveryProblem(t *testing.T) {
	_, err := loadConfig(env(map[string]string{
		"LOG_LEVEL": "loud", "GAME_TTL": "forever", "REDIS_URL": "http://x", "DISCORD_MODE": "pigeon",
	}))
	for _, want := range []string{"LOG_LEVEL", "GAME_TTL", "REDIS_URL", "DISCORD_MODE"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not mention %s", err, want)
		}
	}
	if _, err := loadConfig(env(nil)); err != nil {
		t.Errorf("empty environment: %v", err)
	}
	// Every form the README documents is accepted (Sentinel once was
	// refused).
	for _, u := range []string{"redis://h:6379/0", "rediss://h:6380", "redis://h1:7000?addr=h2:7001&addr=h3:7002",
		"redis+sentinel://:pw@s1:26379,s2:26379/mymaster/0"} {
		if _, err := loadConfig(env(map[string]string{"REDIS_URL": u})); err != nil {
			t.Errorf("REDIS_URL=%s: %v", u, err)
		}
	}
}

// TestOldSendLocks: the send lock of earlier releases is taken unless
// OLD_SEND_LOCKS=off says none of them runs any more.
func TestOldSendLocks(t *testing.T) {
	for v, want := range map[string]bool{"": true, "on": true, "off": false} {
		c, err := loadConfig(env(map[string]string{"OLD_SEND_LOCKS": v}))
		if err != nil || c.OldSendLocks != want {
			t.Errorf("OLD_SEND_LOCKS=%q: %t, %v; want %t", v, c.OldSendLocks, err, want)
		}
	}
}

// TestConfigNamesTheRightVariable: half a platform's configuration is a
// platform meant, and the error names what is wrong, not that nothing is
// configured or that a variable is missing when it is malformed.
func TestConfigNamesTheRightVariable(t *testing.T) {
	for _, c := range []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"SLACK_MODE": "http", "SLACK_SIGNING_SECRET": "s"}, "needs SLACK_BOT_TOKEN"},
		{map[string]string{"SLACK_BOT_TOKEN": "xapp-1", "SLACK_APP_TOKEN": "xoxb-2"}, "look swapped"},
		{map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1", "DISCORD_MODE": "http", "DISCORD_PUBLIC_KEY": "abc"}, "DISCORD_PUBLIC_KEY is not a public key"},
		{map[string]string{"DISCORD_APP_ID": "1"}, "DISCORD_TOKEN"},
		{map[string]string{"WEB_URL": "https://sushigo.example/t/"}, "WEB_URL needs WEB_SECRET"},
		{map[string]string{"WEB_URL": "https://sushigo.example/t/", "WEB_SECRET": "short"}, "at least 32 characters"},
		{map[string]string{"WEB_URL": "sushigo.example/t/", "WEB_SECRET": strings.Repeat("s", 32)}, "public address"},
		{map[string]string{"WEB_URL": "https://sushigo.example/t", "WEB_SECRET": strings.Repeat("s", 32)}, "ending in /"},
		{map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1", "DISCORD_ACTIVITY": "yes"}, "want on or off"},
		{map[string]string{"OLD_SEND_LOCKS": "no"}, "OLD_SEND_LOCKS=\"no\": want on or off"},
		{map[string]string{"DISCORD_ACTIVITY": "on", "DISCORD_CLIENT_SECRET": "c"}, "DISCORD_ACTIVITY=on needs Discord"},
		{map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1", "DISCORD_ACTIVITY": "on", "DISCORD_CLIENT_SECRET": "c"}, "needs the web table"},
		{map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APP_ID": "1", "DISCORD_ACTIVITY": "on", "WEB_URL": "https://sushigo.example/t/",
			"WEB_SECRET": strings.Repeat("s", 32)}, "needs DISCORD_CLIENT_SECRET"},
	} {
		_, err := loadConfig(env(c.vars))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.vars, err, c.want)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	if err := run(context.Background(), []string{"dance"}, env(nil), nil, io.Discard, io.Discard); err == nil {
		t.Error("unknown command accepted")
	}
}

// TestCommandLineSaysThingsOnce: no command is a usage error (usage on
// standard error, exit 2), every play error names play, and an unknown
// card is said once, as the error.
func TestCommandLineSaysThingsOnce(t *testing.T) {
	var out, errs strings.Builder
	if err := run(context.Background(), nil, env(nil), nil, &out, &errs); !errors.Is(err, errUsage) || out.Len() != 0 ||
		!strings.Contains(errs.String(), "--timer D] [--plain]") {
		t.Errorf("no command: %v, stdout %q, stderr %q", err, out.String(), errs.String())
	}
	if err := run(context.Background(), []string{"play", "--bots", "0"}, env(nil), strings.NewReader(""), io.Discard, io.Discard); err == nil ||
		!strings.HasPrefix(err.Error(), "play: --bots") {
		t.Errorf("play --bots 0: %v", err)
	}
	// A menu the table cannot play is refused before a lobby that the
	// terminal could not fix.
	if err := run(context.Background(), []string{"play", "--party", "--bots", "7", "--menu", "points platter"}, env(map[string]string{"DATA_DIR": t.TempDir()}),
		strings.NewReader(""), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "Special order can't be used with 8 players") {
		t.Errorf("play with a menu the table cannot play: %v", err)
	}
	out.Reset()
	err := run(context.Background(), []string{"rules", "wasabbi"}, env(nil), nil, &out, io.Discard)
	if err == nil || out.Len() != 0 || strings.Count(err.Error(), "wasabbi") != 1 || !strings.Contains(err.Error(), "chopsticks") {
		t.Errorf("rules wasabbi: %v, stdout %q", err, out.String())
	}
	// The page heads nigiri as nigiri, and names commands this command
	// line has, not the chat's `new party`.
	out.Reset()
	if err := run(context.Background(), []string{"rules"}, env(nil), nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "🍣 Nigiri —") || strings.Contains(out.String(), "Salmon —") ||
		!strings.Contains(out.String(), "sushigo play --party") || strings.Contains(out.String(), "new party") {
		t.Errorf("rules: %v\n%s", err, out.String())
	}
}

// TestEnvExampleListsEveryVariable keeps .env.example and loadConfig in
// step: every variable read is documented, and nothing documented is unread.
func TestEnvExampleListsEveryVariable(t *testing.T) {
	var read []string
	_, _ = loadConfig(func(k string) string {
		if k != "XDG_DATA_HOME" && k != "COLUMNS" { // set by the shell, not configuration
			read = append(read, k)
		}
		return ""
	})
	f, err := os.Open("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var listed []string
	re := regexp.MustCompile(`^([A-Z_]+)=`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			listed = append(listed, m[1])
		}
	}
	slices.Sort(read)
	read = slices.Compact(read)
	slices.Sort(listed)
	if !slices.Equal(read, listed) {
		t.Errorf("loadConfig reads %v\n.env.example lists %v", read, listed)
	}
}

func TestServeDiscordHTTPMode(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	addr, stop := startServe(t, map[string]string{
		"DISCORD_MODE": "http", "DISCORD_TOKEN": "x", "DISCORD_APP_ID": "1", "DISCORD_PUBLIC_KEY": hex.EncodeToString(pub),
	})
	defer stop()
	var resp *http.Response
	var err error
	for range 100 {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v", err)
	}
	resp.Body.Close()
	body := []byte(`{"id":"1","application_id":"1","type":1,"token":"t","version":1}`)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/discord/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...))))
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.TrimSpace(string(got)) != `{"type":1}` {
		t.Errorf("PING answered %d %q", resp.StatusCode, got)
	}
}

func TestDiscordHTTPNeedsPublicKey(t *testing.T) {
	_, err := loadConfig(env(map[string]string{"DISCORD_MODE": "http", "DISCORD_TOKEN": "x", "DISCORD_APP_ID": "1"}))
	if err == nil || !strings.Contains(err.Error(), "DISCORD_PUBLIC_KEY") {
		t.Errorf("got %v", err)
	}
}

func TestServeSlackHTTPMode(t *testing.T) {
	addr, stop := startServe(t, map[string]string{"SLACK_MODE": "http", "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_SIGNING_SECRET": "s3cret"})
	defer stop()
	post := func(secret string) int {
		body := []byte("team_id=T1&channel_id=C1&user_id=U1&user_name=ann&command=%2Fsushigo&text=help&response_url=http%3A%2F%2F127.0.0.1%3A1%2Fx")
		var resp *http.Response
		var err error
		for range 100 {
			ts := strconv.FormatInt(time.Now().Unix(), 10)
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write([]byte("v0:" + ts + ":"))
			mac.Write(body)
			req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/slack/commands", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Slack-Request-Timestamp", ts)
			req.Header.Set("X-Slack-Signature", "v0="+hex.EncodeToString(mac.Sum(nil)))
			if resp, err = http.DefaultClient.Do(req); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("s3cret"); code != http.StatusOK {
		t.Errorf("signed /sushigo help: %d", code)
	}
	if code := post("wrong"); code != http.StatusUnauthorized {
		t.Errorf("badly signed request: %d", code)
	}
}

// startServe runs `serve` on a free loopback port with vars; stop shuts it
// down and checks it returned cleanly.
func startServe(t *testing.T, vars map[string]string) (addr string, stop func()) {
	t.Helper()
	if vars["LOG_LEVEL"] == "" {
		vars["LOG_LEVEL"] = "error"
	}
	return startServeLogging(t, vars, io.Discard)
}

// startServeLogging is startServe with serve's log written to stderr.
func startServeLogging(t *testing.T, vars map[string]string, stderr io.Writer) (addr string, stop func()) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = l.Addr().String()
	l.Close()
	vars["DATA_DIR"], vars["HTTP_ADDR"] = t.TempDir(), addr
	acceptingPlatforms(t, vars)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, env(vars), nil, io.Discard, stderr) }()
	return addr, func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve returned %v after shutdown", err)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not shut down")
		}
	}
}

// acceptingPlatforms points a configured platform without an API URL at a
// local stand-in that accepts any credentials, as the real one would
// accept good ones: serve checks them before it says it is ready.
func acceptingPlatforms(t *testing.T, vars map[string]string) {
	t.Helper()
	if vars["SLACK_BOT_TOKEN"] != "" && vars["SLACK_API_URL"] == "" {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"ok":true}`)
		}))
		t.Cleanup(srv.Close)
		vars["SLACK_API_URL"] = srv.URL + "/"
	}
	if vars["DISCORD_TOKEN"] != "" && vars["DISCORD_API_URL"] == "" {
		app := vars["DISCORD_APP_ID"]
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if strings.HasSuffix(r.URL.Path, "/applications/@me") {
				fmt.Fprintf(w, `{"id":%q}`, app)
				return
			}
			fmt.Fprint(w, "[]")
		}))
		t.Cleanup(srv.Close)
		vars["DISCORD_API_URL"] = srv.URL
	}
}

type fakeTicker struct {
	mu    sync.Mutex
	calls int
}

func (f *fakeTicker) Tick(context.Context) ([]protocol.Outbound, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.calls > 1 {
		return nil, nil
	}
	return []protocol.Outbound{
		{Where: protocol.Location{Platform: "discord"}, Game: "d1"},
		{Where: protocol.Location{Platform: "slack"}, Game: "s1"},
		{Where: protocol.Location{Platform: "pigeon"}, Game: "p1"},
	}, nil
}

func TestTickLoopRoutesByPlatform(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]string{}
	record := func(platform string) func(context.Context, protocol.Outbound) {
		return func(_ context.Context, o protocol.Outbound) {
			mu.Lock()
			defer mu.Unlock()
			got[platform] = append(got[platform], o.Game)
		}
	}
	var logs consoletest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		tickLoop(ctx, &fakeTicker{}, nil, map[string]func(context.Context, protocol.Outbound){"discord": record("discord"), "slack": record("slack")},
			slog.New(slog.NewTextHandler(&logs, nil)), time.Millisecond)
		close(done)
	}()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n == 2 || time.Now().After(deadline) {
			break
		}
	}
	cancel()
	<-done
	if !slices.Equal(got["discord"], []string{"d1"}) || !slices.Equal(got["slack"], []string{"s1"}) {
		t.Errorf("routed %v", got)
	}
	if !strings.Contains(logs.String(), "pigeon") {
		t.Errorf("a delivery for an unserved platform was not logged: %s", logs.String())
	}
}

// TestPlayCommandLine: each problem found trying the terminal game as a
// newcomer, fixed — help without "flag: help requested", bad flags
// reported once in CLI words, stray arguments and conflicting flags
// refused, flags that a saved game would ignore refused with --new
// offered.
func TestPlayCommandLine(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"DATA_DIR": dir})
	var out bytes.Buffer
	if err := run(context.Background(), []string{"play", "--help"}, vars, nil, &out, io.Discard); err != nil {
		t.Fatalf("--help: %v", err)
	}
	for _, flag := range []string{"-bots", "-level", "-timer", "-name", "-party", "-menu", "-new", "-seed", "-pass", "-dummy"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("--help does not list %s:\n%s", flag, out.String())
		}
	}
	if strings.Contains(out.String(), "help requested") {
		t.Errorf("--help: %s", out.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "abc"}, "does not take that value"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--pass", "right"}, "--pass takes left or alternate"},
		{[]string{"--dummy", "--bots", "2"}, "--dummy plays against one bot"},
		{[]string{"--timer", "5s"}, "--timer takes 10s to 1h"},
		{[]string{"--level", "godlike"}, "level"},
	} {
		out.Reset()
		err := run(context.Background(), append([]string{"play"}, c.args...), vars, nil, &out, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "`") {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
		if out.Len() > 0 {
			t.Errorf("%v printed as well as failing:\n%s", c.args, out.String())
		}
	}
	// A saved game, then flags that would not change it.
	var o consoletest.Buffer
	if err := run(context.Background(), []string{"play", "--seed", "3"}, vars, strings.NewReader("quit\n"), &o, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(o.String(), "Your unfinished game is saved") {
		t.Errorf("quitting a game in play:\n%s", o.String())
	}
	err := run(context.Background(), []string{"play", "--bots", "2"}, vars, strings.NewReader("quit\n"), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--new") {
		t.Errorf("--bots with a saved game: %v", err)
	}
	o = consoletest.Buffer{}
	if err := run(context.Background(), []string{"play", "--bots", "2", "--new"}, vars, strings.NewReader("quit\n"), &o, io.Discard); err != nil {
		t.Fatalf("--new: %v", err)
	}
	if !strings.Contains(o.String(), "-- ⏳ You") || strings.Count(o.String(), "Aiko-bot") == 0 || strings.Contains(o.String(), "Mei-bot") {
		t.Errorf("--bots 2 --new did not start a 3-seat game:\n%s", o.String())
	}
}

// TestPlayLineModeLeftovers: the line mode starts at the table (no chat
// lobby), a game opened by typing `new` has no turn timer, and the end
// of the game points at the standings above, not at a channel.
func TestPlayLineModeLeftovers(t *testing.T) {
	vars := env(map[string]string{"DATA_DIR": t.TempDir()})
	var o consoletest.Buffer
	if err := run(context.Background(), []string{"play", "--seed", "5", "--bots", "1", "--plain"}, vars, strings.NewReader("end\nnew bots=1\nquit\n"), &o, io.Discard); err != nil {
		t.Fatal(err)
	}
	out := o.String()
	first := strings.Index(out, "— round 1/3")
	if first < 0 || strings.Contains(out[:first], "lobby") || strings.Contains(out[:first], "Join") {
		t.Errorf("the terminal game opened with a chat lobby:\n%s", out[:max(first, 0)])
	}
	if strings.Contains(out, "Timer: 90") || !strings.Contains(out[max(0, strings.Index(out, "— lobby")):], "Timer: off") {
		t.Errorf("`new` in the terminal set a turn timer:\n%s", out)
	}
	o = consoletest.Buffer{}
	in := &consoletest.Player{Out: &o, EOF: true}
	if err := run(context.Background(), []string{"play", "--seed", "9", "--bots", "1", "--new"}, vars, in, &o, io.Discard); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(o.String(), "in the channel") || !strings.Contains(o.String(), "🍮") {
		t.Errorf("chat words at the end of a terminal game:\n%s", o.String()[max(0, len(o.String())-800):])
	}
}

// TestArenaDeals: `arena --deals` plays the listed deals, from the command
// line or a file, and refuses a word that is not a seed.
func TestArenaDeals(t *testing.T) {
	file := filepath.Join(t.TempDir(), "deals")
	if err := os.WriteFile(file, []byte("3\n4\n5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ deals, want string }{{"3,4", "4 games"}, {"@" + file, "6 games"}} {
		var out bytes.Buffer
		err := run(context.Background(), []string{"arena", "--players", "2", "--deals", c.deals, "normal", "random"},
			env(nil), strings.NewReader(""), &out, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "2 players, classic Sushi Go!, "+c.want) {
			t.Errorf("--deals %s:\n%s", c.deals, out.String())
		}
	}
	err := run(context.Background(), []string{"arena", "--deals", "3,x", "normal", "random"}, env(nil), strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), `"x" is not a deal seed`) {
		t.Errorf("--deals 3,x: %v", err)
	}
}
