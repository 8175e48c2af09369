package cli

import (
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
