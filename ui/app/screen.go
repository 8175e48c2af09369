package app

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"fyne.io/fyne/v2"
)

// screenSize returns the size, in Fyne's units, of the screen the first
// window opens on (the primary monitor), or zero when it cannot be told.
// Fyne does not tell the screen's size, so GLFW, which Fyne's driver has
// initialised by the time a window exists, is asked directly. It must run
// on the main goroutine, before the driver's event loop starts.
func screenSize(a fyne.App) fyne.Size {
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}
	}
	mode := m.GetVideoMode()
	if mode == nil || mode.Width <= 0 || mode.Height <= 0 {
		return fyne.Size{}
	}
	scale := monitorScale(m, mode.Width)
	if user := a.Settings().Scale(); user > 0 {
		scale *= user
	}
	return fyne.NewSize(float32(mode.Width)/scale, float32(mode.Height)/scale)
}

// monitorScale is the scale Fyne's driver gives a monitor on X11 and
// Windows: its density over 120 dpi, never below 1 (Wayland and macOS scale
// by themselves and report a matching size).
func monitorScale(m *glfw.Monitor, widthPx int) float32 {
	widthMm, _ := m.GetPhysicalSize()
	if widthMm <= 0 {
		return 1
	}
	dpi := float32(widthPx) / (float32(widthMm) / 25.4)
	if dpi > 1000 || dpi < 10 || dpi <= 120 {
		return 1
	}
	return dpi / 120
}
