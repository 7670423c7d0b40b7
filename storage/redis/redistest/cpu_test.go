package redistest

import (
	"testing"
	"time"
)

func TestParseCPU(t *testing.T) {
	got, err := parseCPU("# CPU\r\nused_cpu_sys:1.500000\r\nused_cpu_user:0.250000\r\nused_cpu_sys_children:9.000000\r\n")
	if err != nil || got != 1750*time.Millisecond {
		t.Errorf("parseCPU = %v, %v; want 1.75s", got, err)
	}
	for _, info := range []string{
		"# CPU\r\nused_cpu_sys:1.5\r\nused_cpu_user:n/a\r\n",
		"# CPU\r\nused_cpu_sys:1.5\r\n",
		"",
	} {
		if got, err := parseCPU(info); err == nil {
			t.Errorf("parseCPU(%q) = %v; want an error, not a figure", info, got)
		}
	}
}

// TestMustCPU: a live server's reading is a positive time.
func TestMustCPU(t *testing.T) {
	s := Store(t, Prefix("cpu"))
	if cpu := MustCPU(t, s.Client()); cpu <= 0 {
		t.Errorf("MustCPU = %v; want the server's CPU so far, above zero", cpu)
	}
}
