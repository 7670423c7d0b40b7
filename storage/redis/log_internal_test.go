package redis

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestLimitedLogOneLinePerInterval(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(0, 0)
	g := newLimitedLog(slog.New(slog.NewJSONHandler(&buf, nil)), 10*time.Second, func() time.Time { return now })
	for range 50 {
		g.Printf(context.Background(), "redis: dial tcp %s: connection refused", "127.0.0.1:1")
		now = now.Add(100 * time.Millisecond)
	}
	now = now.Add(10 * time.Second)
	g.Printf(context.Background(), "redis: still down")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines for 51 messages over 15 s, want 2:\n%s", len(lines), buf.String())
	}
	if !strings.Contains(lines[0], `"level":"WARN"`) || !strings.Contains(lines[1], `"suppressed_since_last":49`) {
		t.Errorf("lines %q", lines)
	}
}
