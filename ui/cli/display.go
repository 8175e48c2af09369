package cli

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// NoDisplay says, in one line, why the window cannot open on a system
// goos whose environment getenv reads: on the X11 and Wayland systems
// (Linux and the BSDs) a window needs DISPLAY or WAYLAND_DISPLAY, and
// without either the windowing library would panic. It returns "" when a
// display may be there (always on macOS and Windows). The window's start
// calls it before the driver, so a headless machine gets this line and the
// way to the command-line tools instead of a stack trace; Xvfb sets
// DISPLAY, so --screenshot under it still works.
func NoDisplay(goos string, getenv func(string) string) string {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
	default:
		return ""
	}
	if getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != "" {
		return ""
	}
	return "arimaa-workbench: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window cannot open; " +
		"the command-line tools need none: 'arimaa-workbench help' lists them (e.g. 'arimaa-workbench ats run SUITE')"
}

// UnreachableDisplay says, in one line, that the X display DISPLAY names
// cannot be reached (no server listens on its socket), where the windowing
// library would panic with "GLFW library is not initialized". It returns
// "" when there is nothing to check (Wayland, macOS, Windows, no DISPLAY:
// NoDisplay's case) or when a server answers. dial connects as net.Dial
// does.
//
// The connection that answered is returned open, for the caller to close
// once the window system holds its own: an X server with no clients left
// resets itself (Xvfb does, unless started with -noreset), and a window
// system connecting during that reset is refused.
func UnreachableDisplay(goos string, getenv func(string) string, dial func(network, addr string) (net.Conn, error)) (net.Conn, string) {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
	default:
		return nil, ""
	}
	display := getenv("DISPLAY")
	if display == "" || getenv("WAYLAND_DISPLAY") != "" {
		return nil, ""
	}
	host, rest, ok := strings.Cut(display, ":")
	if !ok {
		return nil, fmt.Sprintf("arimaa-workbench: DISPLAY=%q is not a display name (host:number, e.g. :0), so the window cannot open", display)
	}
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return nil, fmt.Sprintf("arimaa-workbench: DISPLAY=%q is not a display name (host:number, e.g. :0), so the window cannot open", display)
	}
	var tries [][2]string
	if host == "" || host == "unix" {
		path := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		tries = append(tries, [2]string{"unix", path})
		if goos == "linux" {
			tries = append(tries, [2]string{"unix", "@" + path})
		}
	}
	if host != "" && host != "unix" || len(tries) == 0 {
		tries = append(tries, [2]string{"tcp", net.JoinHostPort(host, strconv.Itoa(6000+n))})
	}
	for _, t := range tries {
		if c, err := dial(t[0], t[1]); err == nil {
			return c, ""
		}
	}
	return nil, fmt.Sprintf("arimaa-workbench: no X server answers on DISPLAY=%s, so the window cannot open; "+
		"start one or set DISPLAY to one that runs (the command-line tools need none: 'arimaa-workbench help')", display)
}
