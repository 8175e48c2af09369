package shell

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
)

// The smallest and largest window --size accepts, and the size the first
// window takes when the screen's size is not known.
var (
	MinWindowSize     = fyne.NewSize(640, 480)
	MaxWindowSize     = fyne.NewSize(7680, 4320)
	unknownScreenSize = fyne.NewSize(1180, 800)
)

// Preference keys of the remembered window size.
const (
	prefWindowWidth  = "window.width"
	prefWindowHeight = "window.height"
)

// FirstWindowSize is the size of the first window on a screen of the
// given size (in Fyne's units; zero when unknown). It leaves room for the
// title bar, a task bar and a little of the desktop, and does not spread
// over a large screen: the panels are usable from 1024x660 and have little
// more to show beyond 1680x1050.
func FirstWindowSize(screen fyne.Size) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 {
		return unknownScreenSize
	}
	w := min(screen.Width*0.94, 1680)
	h := min(screen.Height*0.9, 1050)
	// A small screen gets all of it rather than a window too small to use.
	if w < 1024 {
		w = min(1024, screen.Width)
	}
	if h < 660 {
		h = min(660, screen.Height)
	}
	return fyne.NewSize(float32(int(w)), float32(int(h)))
}

// WindowSize returns the size the user last left the window at, made to
// fit the screen (a smaller one than then, say), or FirstWindowSize when
// nothing is remembered. screen is zero when unknown.
func WindowSize(p fyne.Preferences, screen fyne.Size) fyne.Size {
	w := float32(p.Float(prefWindowWidth))
	h := float32(p.Float(prefWindowHeight))
	if w < MinWindowSize.Width || h < MinWindowSize.Height {
		return FirstWindowSize(screen)
	}
	return FitScreen(fyne.NewSize(w, h), screen)
}

// FitScreen returns size made to fit screen (zero when unknown): no
// larger than it either way, as the remembered size and --size are.
func FitScreen(size, screen fyne.Size) fyne.Size {
	if screen.Width > 0 && screen.Height > 0 {
		size = fyne.NewSize(min(size.Width, screen.Width), min(size.Height, screen.Height))
	}
	return size
}

// rememberWindowSize keeps the window's size for the next start.
func rememberWindowSize(p fyne.Preferences, sz fyne.Size) {
	if sz.Width >= MinWindowSize.Width && sz.Height >= MinWindowSize.Height {
		p.SetFloat(prefWindowWidth, float64(sz.Width))
		p.SetFloat(prefWindowHeight, float64(sz.Height))
	}
}

// ParseWindowSize reads a window size written WIDTHxHEIGHT (1280x800), as
// --size takes it, within MinWindowSize and MaxWindowSize.
func ParseWindowSize(s string) (fyne.Size, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	w, werr := strconv.Atoi(ws)
	h, herr := strconv.Atoi(hs)
	if !ok || werr != nil || herr != nil {
		return fyne.Size{}, fmt.Errorf("window size %q: want WIDTHxHEIGHT in whole pixels, e.g. 1280x800", s)
	}
	if float32(w) < MinWindowSize.Width || float32(h) < MinWindowSize.Height ||
		float32(w) > MaxWindowSize.Width || float32(h) > MaxWindowSize.Height {
		return fyne.Size{}, fmt.Errorf("window size %q: width must be %v to %v and height %v to %v",
			s, MinWindowSize.Width, MaxWindowSize.Width, MinWindowSize.Height, MaxWindowSize.Height)
	}
	return fyne.NewSize(float32(w), float32(h)), nil
}
