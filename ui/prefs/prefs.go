// Package prefs keeps what a user sets between sessions, in the app's
// preferences: what is typed in a field (the time per analysis, the time
// per test) and where a split's divider was left.
package prefs

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// RememberEntry fills e from the preference key when it holds a text ok
// accepts, and keeps each accepted text there as the user types (a text
// half typed, or wrong, is not kept). p nil remembers nothing. It takes
// e's OnChanged.
func RememberEntry(p fyne.Preferences, key string, e *widget.Entry, ok func(string) bool) {
	if p == nil {
		return
	}
	if s := p.String(key); s != "" && ok(s) {
		e.SetText(s)
	}
	e.OnChanged = func(s string) {
		if ok(s) {
			p.SetString(key, strings.TrimSpace(s))
		}
	}
}
