package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

// runGUI opens the workbench window.
func runGUI(args []string, io stdio) int {
	a := app.NewWithID("org.arimaa.workbench")
	w := a.NewWindow("Arimaa Workbench")
	w.SetContent(widget.NewLabel("Arimaa Workbench"))
	w.Resize(fyne.NewSize(800, 600))
	w.ShowAndRun()
	return 0
}
