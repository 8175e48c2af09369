package cli

import (
	"errors"
	"net"
	"strings"
	"testing"
)

func TestNoDisplay(t *testing.T) {
	tests := []struct {
		name string
		goos string
		env  map[string]string
		want bool // the window cannot open
	}{
		{"linux without a display", "linux", nil, true},
		{"linux with empty variables", "linux", map[string]string{"DISPLAY": "", "WAYLAND_DISPLAY": ""}, true},
		{"linux with X11 (or Xvfb)", "linux", map[string]string{"DISPLAY": ":99"}, false},
		{"linux with Wayland", "linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, false},
		{"freebsd without a display", "freebsd", nil, true},
		{"macOS needs no variable", "darwin", nil, false},
		{"windows needs no variable", "windows", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := NoDisplay(tt.goos, func(k string) string { return tt.env[k] })
			if (msg != "") != tt.want {
				t.Fatalf("NoDisplay = %q, want a message: %v", msg, tt.want)
			}
			if msg != "" && (strings.Contains(msg, "\n") || !strings.Contains(msg, "no display found") || !strings.Contains(msg, "arimaa-workbench help")) {
				t.Errorf("message %q: want one line that says no display was found and names the command-line tools", msg)
			}
		})
	}
}

// TestUnreachableDisplay: a DISPLAY no server listens on is said in one
// line; one that answers (on its socket or, for a host, on TCP) is not;
// Wayland and the other systems are not checked.
func TestUnreachableDisplay(t *testing.T) {
	listening := map[string]bool{"unix /tmp/.X11-unix/X0": true, "tcp remote:6010": true}
	var tried []string
	dial := func(network, addr string) (net.Conn, error) {
		tried = append(tried, network+" "+addr)
		if listening[network+" "+addr] {
			a, b := net.Pipe()
			b.Close()
			return a, nil
		}
		return nil, errors.New("connection refused")
	}
	tests := []struct {
		goos string
		env  map[string]string
		want string // a part of the message, "" for none
	}{
		{"linux", map[string]string{"DISPLAY": ":0"}, ""},
		{"linux", map[string]string{"DISPLAY": ":0.0"}, ""},
		{"linux", map[string]string{"DISPLAY": ":99"}, "no X server answers on DISPLAY=:99"},
		{"linux", map[string]string{"DISPLAY": "remote:10"}, ""},
		{"linux", map[string]string{"DISPLAY": "remote:11"}, "no X server answers"},
		{"linux", map[string]string{"DISPLAY": "nonsense"}, "is not a display name"},
		{"linux", map[string]string{"DISPLAY": ":99", "WAYLAND_DISPLAY": "wayland-0"}, ""},
		{"linux", nil, ""},
		{"darwin", map[string]string{"DISPLAY": ":99"}, ""},
	}
	for _, tt := range tests {
		tried = nil
		conn, msg := UnreachableDisplay(tt.goos, func(k string) string { return tt.env[k] }, dial)
		if (conn != nil) != (msg == "" && len(tried) > 0) {
			t.Errorf("%s %v: connection %v with message %q after trying %v: want one held open exactly when a server answered", tt.goos, tt.env, conn, msg, tried)
		}
		if conn != nil {
			conn.Close()
		}
		if tt.want == "" && msg != "" || tt.want != "" && !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s %v: %q (tried %v), want %q", tt.goos, tt.env, msg, tried, tt.want)
		}
	}
}
