// Package window tests the whole workbench window, every panel in it, at
// the sizes of laptop and desktop screens, in Fyne's test driver: each
// panel laid out at 1024x700, the first window's size and 1920x1080 with
// its board and key controls in view (and painted once), and the rows the
// lists show. It holds no code of its own: the window is ui/panels' and
// ui/shell's; the tests of how the panels are wired together are
// ui/panels', those of the window while work runs ui/panels/window/states'.
package window
