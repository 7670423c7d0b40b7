package redistest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"

	goredis "github.com/redis/go-redis/v9"
)

// TestStartRefusesATakenPort: a port taken between FreePort and the bind
// (here by a listener, as by anything else on the machine) is reported as
// taken, which Fresh answers by trying another port.
func TestStartRefusesATakenPort(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	argv, log := serverArgs(t, port, nil)
	if _, err := start(t, port, argv, log); !errors.Is(err, errTaken) {
		t.Fatalf("redis-server on a port a listener holds: %v, want %v", err, errTaken)
	}
}

// TestStartRefusesAnotherServersPort: on another test's server's port the
// new server is refused, and the first still answers as itself: a test is
// never handed a server it did not start.
func TestStartRefusesAnotherServersPort(t *testing.T) {
	port, first := Fresh(t)
	argv, log := serverArgs(t, port, nil)
	if _, err := start(t, port, argv, log); !errors.Is(err, errTaken) {
		t.Fatalf("a second redis-server on port %d: %v, want %v", port, err, errTaken)
	}
	c := goredis.NewClient(&goredis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	defer c.Close()
	info, err := c.Info(context.Background(), "server").Result()
	if err != nil || !strings.Contains(info, fmt.Sprintf("process_id:%d\r", first.Process.Pid)) {
		t.Fatalf("the first server no longer answers on its port: %v", err)
	}
}
