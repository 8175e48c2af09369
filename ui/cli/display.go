package cli

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
