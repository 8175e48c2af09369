// Package states tests the whole workbench window, every panel in it, in
// the states a user meets while work runs, in Fyne's test driver: that in
// each (an analysis running and finished, a game against the engine, an
// analysed game, a suite run, a match playing, a long validation message)
// the window asks for no more than a laptop screen, and that no button,
// tab, check or choice moves under the mouse while the engine, a
// whole-game analysis, a game against the engine or a match starts, runs
// or ends. It holds no code of its own: the window is ui/panels' and
// ui/shell's; ui/panels/window tests its layout at screen sizes. The two
// are packages apart so that go test runs them side by side.
package states
