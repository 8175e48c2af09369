// Package shell is the workbench window's frame: the tabs of the panels,
// the one current position they share (ui/state), the menus, keyboard
// routing, recent files, remembered window size, the guard against losing
// an unsaved position and its recovery after a crash. It builds no panel:
// ui/panels builds every one and wires them together, giving the frame the
// editor and the viewer (AddEditorAndViewer), which its menus, keys, file
// opening and quit guards work on, and adding the others with AddPanels.
package shell

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/editor"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/state"
	"arimaa-workbench/ui/tip"
	"arimaa-workbench/ui/viewer"
)

// Options configure a workbench.
type Options struct {
	// Dialogs asks the user questions; nil uses Fyne's dialogs in the
	// window.
	Dialogs files.Dialogs
	// RecoveryPath is where the editor keeps its unsaved position; "" turns
	// recovery off (tests).
	RecoveryPath string
}

// Workbench is the window's content and the state the panels share.
type Workbench struct {
	App     fyne.App
	Window  fyne.Window
	Current *state.Current
	Dialogs files.Dialogs
	Recent  files.Recent
	Editor  *editor.Panel
	Viewer  *viewer.Panel

	tabs   *container.AppTabs
	status *widget.Label
	// messages holds each panel's last status message: the bar shows the
	// message of the panel shown, so one panel's news does not linger over
	// another.
	messages map[string]string
	content  fyne.CanvasObject
	recovery *editor.Recovery
}

// Names of the built-in panels, for Select and --tab. The viewer's panel
// is the analysis view: the game with the engine, the explorer and the
// similar positions around one board; --tab viewer names it too.
const (
	EditorPanel = "Editor"
	ViewerPanel = "Analysis"
)

// New builds the workbench's frame in w (content, menus, keys, close
// guard); AddEditorAndViewer gives it its first two panels.
func New(a fyne.App, w fyne.Window, opts Options) *Workbench {
	d := opts.Dialogs
	if d == nil {
		d = files.FyneDialogs{Window: w}
	}
	wb := &Workbench{App: a, Window: w, Dialogs: d,
		Current:  state.NewCurrent(rules.StartPosition(), "start"),
		Recent:   files.Recent{Prefs: a.Preferences(), Max: 12},
		status:   widget.NewLabel(readyText),
		messages: map[string]string{},
	}
	wb.status.Truncation = fyne.TextTruncateEllipsis
	if opts.RecoveryPath != "" {
		wb.recovery = &editor.Recovery{Path: opts.RecoveryPath, Delay: 700e6}
	}

	wb.tabs = container.NewAppTabs()
	wb.tabs.SetTabLocation(container.TabLocationLeading)
	wb.content = tip.Wrap(w.Canvas(), container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), field.Compact(wb.status)), nil, nil, wb.tabs))
	prefs := a.Preferences()
	wb.tabs.OnSelected = func(it *container.TabItem) {
		prefs.SetString("panel.last", it.Text)
		wb.showStatus(it.Text)
		if it.Text == ViewerPanel && wb.Viewer != nil {
			// Back in the analysis view, its position is the current one
			// again (the editor's may have been since), so that the
			// engine's lines and the explorer are of the board shown.
			wb.Current.Set(wb.Viewer.Snapshot())
		}
	}

	w.SetContent(wb.content)
	w.SetIcon(board.WindowIconResource())
	wb.setMenu()
	wb.setKeys()
	w.SetCloseIntercept(wb.Quit)
	return wb
}

// AddEditorAndViewer makes ed and v the workbench's editor and viewer, its
// first two tabs, the analysis view first, the panel a new user sees
// (call it before AddPanels): their status messages, the
// files they open (recent files), the editor's crash recovery, their
// remembered layout and the flipped boards are the frame's. Links between
// panels are the caller's (ui/panels).
func (wb *Workbench) AddEditorAndViewer(ed *editor.Panel, v *viewer.Panel) {
	wb.Editor, wb.Viewer = ed, v
	ed.Recovery = wb.recovery
	ed.Status = wb.StatusFor(EditorPanel)
	ed.OnOpened = wb.opened
	v.Status = wb.StatusFor(ViewerPanel)
	v.OnOpened = wb.opened
	wb.AddPanels(container.NewTabItemWithIcon(ViewerPanel, theme.MediaPlayIcon(), v.Content()),
		container.NewTabItemWithIcon(EditorPanel, theme.DocumentCreateIcon(), ed.Content()))
	prefs := wb.App.Preferences()
	ed.KeepLayout(prefs)
	v.KeepLayout(prefs)
	if prefs.Bool("board.flipped") {
		ed.Board.SetFlipped(true)
		v.Board.SetFlipped(true)
	}
}

// Content is the window content.
func (wb *Workbench) Content() fyne.CanvasObject { return wb.content }

// AddPanel adds a panel as a new tab. It is the one call a further panel
// (the engine, the test suite) needs; a panel that handles keys implements
// KeyHandler and ShortcutHandler.
func (wb *Workbench) AddPanel(name string, icon fyne.Resource, content fyne.CanvasObject) *container.TabItem {
	item := container.NewTabItemWithIcon(name, icon, content)
	wb.AddPanels(item)
	return item
}

// AddPanels adds panels as new tabs, in order, at once: Fyne lays out and
// redraws every tab's content whenever a tab is added, so panels added
// one at a time pay that for every panel before them. Each content is
// held by field.Lazy: a hidden panel is not refreshed whenever another is
// chosen.
func (wb *Workbench) AddPanels(items ...*container.TabItem) {
	for _, it := range items {
		it.Content = field.Lazy(it.Content)
	}
	wb.tabs.SetItems(append(wb.tabs.Items, items...))
}

// Select shows the panel called name; it reports false when there is none.
// Matching ignores case, so --tab viewer works.
func (wb *Workbench) Select(name string) bool {
	if strings.EqualFold(name, "viewer") {
		name = ViewerPanel
	}
	return field.SelectTab(wb.tabs, name)
}

// RestoreLastPanel shows the panel that was shown when the workbench last
// closed; call it once every panel is added.
func (wb *Workbench) RestoreLastPanel() {
	if last := wb.App.Preferences().String("panel.last"); last != "" {
		wb.Select(last)
	}
}

// Panels returns the names of the panels in order.
func (wb *Workbench) Panels() []string {
	var names []string
	for _, it := range wb.tabs.Items {
		names = append(names, it.Text)
	}
	return names
}

// Selected returns the name of the panel shown.
func (wb *Workbench) Selected() string {
	if it := wb.tabs.Selected(); it != nil {
		return it.Text
	}
	return ""
}

// EditPosition brings p into the editor as a new unsaved position, after
// the guard against losing the one there, and shows the editor: "Edit here"
// in the viewer and "To editor" in the suite panel. The editor does not
// follow the shared position by itself, since browsing a game must not
// overwrite a position being edited.
func (wb *Workbench) EditPosition(p rules.Position, source string) {
	wb.Editor.Edit(p, source)
	wb.Select(EditorPanel)
}

// SetAnalyser registers the engine panel's entry point: the viewer then
// shows "Analyse here", which calls fn with the cursor's snapshot (and makes
// it the current position first).
func (wb *Workbench) SetAnalyser(fn func(state.Snapshot)) {
	if fn == nil {
		wb.Viewer.SetAnalyse(nil)
		return
	}
	wb.Viewer.SetAnalyse(func(s state.Snapshot) {
		wb.Current.Set(s)
		fn(s)
	})
}

// readyText is the status bar of a panel that has said nothing yet.
const readyText = "Ready"

// Status shows msg in the status bar as the message of the panel shown.
func (wb *Workbench) Status(msg string) { wb.StatusFor(wb.Selected())(msg) }

// StatusFor returns the function through which the panel called name shows
// status messages: a message is kept for that panel and shown while the
// panel is, and again whenever it is selected; "" clears it.
func (wb *Workbench) StatusFor(name string) func(string) {
	return func(msg string) {
		wb.messages[name] = msg
		if wb.Selected() == name {
			wb.showStatus(name)
		}
	}
}

// showStatus puts the message of the panel called name in the bar.
func (wb *Workbench) showStatus(name string) {
	msg, ok := wb.messages[name]
	switch {
	case !ok:
		msg = readyText
	case msg == "":
		msg = " " // an empty label would collapse the bar
	}
	wb.status.SetText(msg)
}

// StatusText is the status bar's text.
func (wb *Workbench) StatusText() string { return wb.status.Text }

func (wb *Workbench) opened(path string) {
	wb.Recent.Add(path)
	wb.setMenu()
}

// Open opens a file in the right panel, as records.Detect tells what it
// holds: an archive in the analysis view's own tab; a game record, a
// position (as a game from it, to analyse and play on; "Edit here" takes
// it to the editor, whose own Open… loads a position to edit) or anything
// else in the analysis view, after its unsaved-game guard, whose reader
// says what is wrong with a file it cannot read.
func (wb *Workbench) Open(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if records.Detect(data) == records.KindArchive {
		wb.Select(ViewerPanel)
		// An archive opens in its own tab and replaces no game.
		return wb.Viewer.OpenFile(path)
	}
	var verr error
	wb.Viewer.Guard("open "+filepath.Base(path), func() {
		if verr = wb.Viewer.OpenFile(path); verr == nil {
			wb.Select(ViewerPanel)
		}
	})
	return verr
}

// OpenDialog asks for any file the workbench reads and opens it.
func (wb *Workbench) OpenDialog() {
	files.OpenWith(wb.Dialogs, "Open position, game record or archive", nil, wb.Open)
}

// Quit closes the window after the guards against losing the editor's
// unsaved position and the viewer's unsaved game, remembering the window
// size.
func (wb *Workbench) Quit() {
	wb.Viewer.Guard("quit", func() { wb.quitEditor() })
}

func (wb *Workbench) quitEditor() {
	wb.Editor.Guard("quit", func() {
		rememberWindowSize(wb.App.Preferences(), wb.Window.Canvas().Size())
		if wb.recovery != nil {
			wb.recovery.Clear()
		}
		wb.Window.Close()
	})
}

// SaveBoardPNG asks for a file and saves the board of the panel shown as
// a PNG diagram: the viewer's with its last move's arrows, any other
// panel's current position.
func (wb *Workbench) SaveBoardPNG() {
	if wb.Selected() == ViewerPanel {
		wb.Viewer.SaveBoardPNG()
		return
	}
	s := wb.Current.Get()
	d := board.Diagram{Position: s.Position, Size: 480, Flipped: wb.Viewer.Board.Flipped(),
		Overlays: board.Overlays{Selected: rules.NoSquare}}
	wb.Dialogs.Save("Save board as PNG", []string{".png"}, "board.png", func(path string) {
		if err := board.WritePNG(path, d); err != nil {
			wb.Dialogs.Error(err)
			return
		}
		wb.Status("board saved to " + path)
	})
}

// OfferRecovery asks whether to restore a position left unsaved by an
// earlier run that did not end cleanly.
func (wb *Workbench) OfferRecovery() {
	p, ok := wb.recovery.Load()
	if !ok {
		return
	}
	wb.Dialogs.Confirm("Restore unsaved position", "The workbench did not close cleanly last time. Restore the position you were editing?", func(yes bool) {
		if !yes {
			wb.recovery.Clear()
			return
		}
		wb.Editor.Model.Reset(p, "")
		wb.Editor.Model.MarkDirty()
		wb.Select(EditorPanel)
		wb.Status("unsaved position restored")
	})
}

// KeyHandler is implemented by panels that take keys when shown.
type KeyHandler interface {
	TypedKey(k fyne.KeyName) bool
}

// ShortcutHandler is implemented by panels that take the shortcuts "undo",
// "redo", "copy", "paste", "save" when shown.
type ShortcutHandler interface {
	Shortcut(name string) bool
}

func (wb *Workbench) activeHandler() any {
	switch wb.Selected() {
	case EditorPanel:
		return wb.Editor
	case ViewerPanel:
		return wb.Viewer
	}
	if it := wb.tabs.Selected(); it != nil {
		return field.TabContent(it)
	}
	return nil
}

// TypedKey routes a key to the panel shown.
func (wb *Workbench) TypedKey(k fyne.KeyName) bool {
	if h, ok := wb.activeHandler().(KeyHandler); ok {
		return h.TypedKey(k)
	}
	return false
}

// Shortcut routes a named shortcut to the panel shown.
func (wb *Workbench) Shortcut(name string) bool {
	if h, ok := wb.activeHandler().(ShortcutHandler); ok {
		return h.Shortcut(name)
	}
	return false
}

func (wb *Workbench) setKeys() {
	c := wb.Window.Canvas()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) { wb.TypedKey(e.Name) })
	// The desktop driver turns Ctrl+Z and Ctrl+Y (Cmd on macOS) into its own
	// undo and redo shortcuts, never into custom ones, so those are what
	// the canvas must listen for. Ctrl+Shift+Z, the other usual redo, does
	// arrive as a custom shortcut.
	c.AddShortcut(&fyne.ShortcutUndo{}, func(fyne.Shortcut) { wb.Shortcut("undo") })
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { wb.Shortcut("redo") })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}, func(fyne.Shortcut) { wb.Shortcut("redo") })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { wb.Shortcut("save") })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}, func(fyne.Shortcut) { wb.OpenDialog() })
	c.AddShortcut(&fyne.ShortcutCopy{}, func(fyne.Shortcut) { wb.Shortcut("copy") })
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { wb.Shortcut("paste") })
}

func (wb *Workbench) setMenu() {
	var recent []*fyne.MenuItem
	for _, p := range wb.Recent.List() {
		recent = append(recent, fyne.NewMenuItem(p, func() {
			if err := wb.Open(p); err != nil {
				if errors.Is(err, os.ErrNotExist) {
					wb.Recent.Remove(p)
					wb.setMenu()
				}
				wb.Dialogs.Error(err)
			}
		}))
	}
	recentItem := fyne.NewMenuItem("Open recent", nil)
	if len(recent) == 0 {
		recentItem.Disabled = true
	} else {
		recentItem.ChildMenu = fyne.NewMenu("", recent...)
	}
	// Our own Quit item replaces the one Fyne would add, which quits
	// without the unsaved-position guard.
	quit := fyne.NewMenuItem("Quit", wb.Quit)
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		fyne.NewMenuItem("New position", func() { wb.Select(EditorPanel); wb.Editor.New() }),
		fyne.NewMenuItem("Open…", wb.OpenDialog),
		recentItem,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Save position", func() { wb.Editor.Save() }),
		fyne.NewMenuItem("Save position as…", func() { wb.Editor.SaveAs() }),
		fyne.NewMenuItem("Save board as PNG…", wb.SaveBoardPNG),
		fyne.NewMenuItemSeparator(),
		quit,
	)
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Flip boards", func() {
			f := !wb.Viewer.Board.Flipped()
			wb.Editor.Board.SetFlipped(f)
			wb.Viewer.Board.SetFlipped(f)
			wb.App.Preferences().SetBool("board.flipped", f)
		}),
	)
	help := fyne.NewMenu("Help",
		fyne.NewMenuItem("Keyboard and board marks…", wb.ShowKeyboardHelp),
		fyne.NewMenuItem("About", func() {
			wb.Status(fmt.Sprintf("Arimaa Workbench %s", wb.App.Metadata().Version))
		}))
	wb.Window.SetMainMenu(fyne.NewMainMenu(file, view, help))
}
