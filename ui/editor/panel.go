package editor

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/prefs"
	"arimaa-workbench/ui/state"
)

// Panel is the position editor on screen: the board, the palette, side and
// turn, the edit actions and the validation list.
type Panel struct {
	Model    *Model
	Board    *board.Board
	Dialogs  files.Dialogs
	Current  *state.Current // told of every edit; may be nil
	Recovery *Recovery      // may be nil
	// OnOpened is called with each file opened or saved, for recent files.
	OnOpened func(path string)
	// Status shows a short message; may be nil.
	Status func(string)

	tool     rules.Piece
	palette  map[rules.Piece]*paletteItem
	side     *widget.RadioGroup
	turn     *widget.Entry
	problems *widget.Label
	title    *widget.Label
	undo     *widget.Button
	redo     *widget.Button
	content  fyne.CanvasObject
	split    *container.Split
	rng      *rand.Rand
	show     board.Show
	updating bool
}

// The validation's height, about three lines of text: a longer one
// scrolls; and the width the board starts with, the controls having the
// rest.
const (
	validationHeight = 76
	boardShare       = 0.62
)

// KeepLayout remembers where the user leaves the divider between the board
// and the controls between sessions, in p.
func (e *Panel) KeepLayout(p fyne.Preferences) {
	prefs.RememberSplit(p, prefSplit, e.split)
}

// prefSplit is the preference key of the divider's place.
const prefSplit = "editor.split"

// NewPanel builds the editor around m.
func NewPanel(m *Model, d files.Dialogs, cur *state.Current) *Panel {
	e := &Panel{Model: m, Dialogs: d, Current: cur, tool: rules.GoldRabbit, show: board.DefaultShow,
		rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
	e.Board = board.New(m.Position())
	e.Board.OnTapped = func(sq rules.Square) { e.Model.Place(sq, e.tool) }
	e.Board.OnTappedSecondary = func(sq rules.Square) { e.Model.Remove(sq) }
	e.Board.OnDragged = func(from, to rules.Square) {
		if p := e.Model.Position(); p.At(from) == rules.Empty {
			// A drag from an empty square places the palette's piece where
			// it ends, as a click there would.
			if to.Valid() {
				e.Model.Place(to, e.tool)
			}
			return
		}
		e.Model.MovePiece(from, to)
	}
	m.OnChange = e.refresh

	gold, silver := e.buildPalette()

	e.side = widget.NewRadioGroup([]string{"Gold", "Silver"}, func(s string) {
		if e.updating {
			return
		}
		c := rules.Gold
		if s == "Silver" {
			c = rules.Silver
		}
		e.Model.SetSide(c)
	})
	e.side.Horizontal = true
	e.side.Required = true
	e.turn = widget.NewEntry()
	e.turn.OnSubmitted = func(s string) { e.setTurn(s) }
	e.turn.Validator = func(s string) error {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || n < 0 {
			return fmt.Errorf("turn number: a whole number, 0 if unknown")
		}
		return nil
	}
	e.turn.OnChanged = func(s string) {
		if !e.updating && e.turn.Validate() == nil {
			e.setTurn(s)
		}
	}

	e.problems = widget.NewLabel("")
	e.problems.Wrapping = fyne.TextWrapWord
	e.title = widget.NewLabel("")
	e.title.TextStyle.Bold = true
	e.undo = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), func() { e.Model.Undo() })
	e.redo = widget.NewButtonWithIcon("Redo", theme.ContentRedoIcon(), func() { e.Model.Redo() })

	btn := func(label string, icon fyne.Resource, fn func()) *widget.Button {
		return widget.NewButtonWithIcon(label, icon, fn)
	}
	actions := container.NewGridWithColumns(2,
		e.undo, e.redo,
		btn("Clear", theme.DeleteIcon(), func() { e.Model.Clear() }),
		btn("Basic setup", theme.HomeIcon(), func() { e.Model.BasicSetup() }),
		btn("Random setup", theme.ViewRefreshIcon(), func() { e.Model.RandomSetup(e.rng) }),
		btn("Swap colours", theme.MediaReplayIcon(), func() { e.Model.SwapColours() }),
		btn("Mirror", theme.ViewRestoreIcon(), func() { e.Model.Mirror() }),
		btn("Flip board", theme.MoveDownIcon(), func() { e.Board.SetFlipped(!e.Board.Flipped()) }),
	)
	clip := container.NewGridWithColumns(2,
		btn("Copy", theme.ContentCopyIcon(), func() { e.Copy(false) }),
		btn("Copy compact", theme.ContentCopyIcon(), func() { e.Copy(true) }),
		btn("Paste", theme.ContentPasteIcon(), func() { e.PasteClipboard() }),
	)
	// The file's buttons stay at the top and the validation at the bottom,
	// whatever the window's height and however long the validation; the
	// controls between them scroll.
	fileRow := container.NewGridWithColumns(2,
		btn("New", theme.DocumentCreateIcon(), func() { e.New() }),
		btn("Open…", theme.FolderOpenIcon(), func() { e.OpenDialog() }),
		btn("Save", theme.DocumentSaveIcon(), func() { e.Save() }),
		btn("Save as…", theme.DocumentSaveIcon(), func() { e.SaveAs() }),
	)
	side := container.NewVBox(
		widget.NewLabel("Palette: click a square or drag a piece there to place it;\nright-click removes, dragging on the board moves"),
		container.NewGridWithColumns(7, gold...),
		container.NewGridWithColumns(7, silver...),
		container.NewBorder(nil, nil, widget.NewLabel("To move"), nil, e.side),
		container.NewBorder(nil, nil, widget.NewLabel("Turn"), nil, e.turn),
		widget.NewSeparator(), actions,
		widget.NewSeparator(), clip,
		board.ShowControls(&e.show, e.refresh),
	)
	problems := container.NewVScroll(e.problems)
	problems.SetMinSize(fyne.NewSize(0, validationHeight))
	validation := container.NewBorder(container.NewVBox(widget.NewSeparator(),
		widget.NewLabelWithStyle("Validation", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})), nil, nil, nil, problems)
	column := container.NewBorder(container.NewPadded(container.NewVBox(e.title, fileRow)), container.NewPadded(validation),
		nil, nil, field.VScroll(container.NewPadded(side)))
	e.split = container.NewHSplit(e.Board, column)
	e.split.Offset = boardShare
	e.content = e.split
	e.SetTool(rules.GoldRabbit)
	e.refresh()
	return e
}

// buildPalette makes the palette's pieces, a row for each colour, and the
// eraser.
func (e *Panel) buildPalette() (gold, silver []fyne.CanvasObject) {
	e.palette = map[rules.Piece]*paletteItem{}
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		for t := rules.Elephant; t >= rules.Rabbit; t-- {
			pc := rules.MakePiece(c, t)
			b := newPaletteItem(pc, func() { e.SetTool(pc) })
			b.onDrop = func(abs fyne.Position) { e.dropPiece(pc, abs) }
			e.palette[pc] = b
			if c == rules.Gold {
				gold = append(gold, b)
			} else {
				silver = append(silver, b)
			}
		}
	}
	eraser := newPaletteItem(rules.Empty, func() { e.SetTool(rules.Empty) })
	e.palette[rules.Empty] = eraser
	return append(gold, widget.NewLabel("")), append(silver, eraser)
}

// dropPiece places pc where a drag from the palette ended (abs is in window
// coordinates), and selects it in the palette.
func (e *Panel) dropPiece(pc rules.Piece, abs fyne.Position) {
	app := fyne.CurrentApp()
	if app == nil {
		return
	}
	origin := app.Driver().AbsolutePositionForObject(e.Board)
	if sq := e.Board.SquareAt(abs.Subtract(origin)); sq.Valid() {
		e.SetTool(pc)
		e.Model.Place(sq, pc)
	}
}

// Content returns the panel's canvas object.
func (e *Panel) Content() fyne.CanvasObject { return e.content }

// Tool returns the palette's selected piece; rules.Empty is the eraser.
func (e *Panel) Tool() rules.Piece { return e.tool }

// SetTool selects a palette piece, or the eraser with rules.Empty.
func (e *Panel) SetTool(pc rules.Piece) {
	e.tool = pc
	for p, b := range e.palette {
		b.setSelected(p == pc)
	}
}

func (e *Panel) setTurn(s string) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		e.Model.SetTurn(n)
	}
}

// ProblemsText is the validation shown next to the board.
func (e *Panel) ProblemsText() string { return e.problems.Text }

func (e *Panel) refresh() {
	m := e.Model
	p := m.Position()
	t := eval.FindTactics(p, eval.TacticsFilter(e.show))
	e.Board.Display(p, board.NoOverlays.WithTactics(t.Frozen, t.Danger, t.Goal))
	e.updating = true
	if p.Side() == rules.Gold {
		e.side.SetSelected("Gold")
	} else {
		e.side.SetSelected("Silver")
	}
	if want := strconv.Itoa(p.Turn()); e.turn.Text != want {
		if n, err := strconv.Atoi(strings.TrimSpace(e.turn.Text)); err != nil || n != p.Turn() {
			e.turn.SetText(want)
		}
	}
	e.updating = false
	lines, _ := Verdict(p)
	e.problems.SetText(strings.Join(lines, "\n"))
	name := "Untitled position"
	if m.Path() != "" {
		name = filepath.Base(m.Path())
	}
	if m.Dirty() {
		name += " •"
	}
	e.title.SetText(name)
	field.Enable(e.undo, m.CanUndo())
	field.Enable(e.redo, m.CanRedo())
	if m.Dirty() {
		e.Recovery.Save(p)
	} else {
		e.Recovery.Clear()
	}
	if e.Current != nil {
		e.Current.Set(state.Snapshot{Position: p, Source: "Editor"})
	}
}

func (e *Panel) status(msg string) {
	if e.Status != nil {
		e.Status(msg)
	}
}

// Copy puts the position on the clipboard as long or compact text.
func (e *Panel) Copy(compact bool) {
	if app := fyne.CurrentApp(); app != nil {
		app.Clipboard().SetContent(e.Model.Text(compact))
		e.status("position copied")
	}
}

// PasteClipboard reads a position from the clipboard.
func (e *Panel) PasteClipboard() {
	app := fyne.CurrentApp()
	if app == nil {
		return
	}
	if err := e.Model.Paste(app.Clipboard().Content()); err != nil {
		e.Dialogs.Error(fmt.Errorf("paste: %w", err))
		return
	}
	e.status("position pasted")
}

// Guard runs fn at once when there are no unsaved changes, and otherwise
// asks: Save saves the position (asking for a file when it has none) and
// then runs fn, Discard runs fn, Cancel does nothing.
func (e *Panel) Guard(what string, fn func()) {
	files.Guard(e.Dialogs, e.Model.Dirty(), "Unsaved position",
		"The edited position has not been saved. Save it before you "+what+", or discard it?", e.saveThen, fn)
}

// New starts an empty position (after the unsaved-changes guard).
func (e *Panel) New() {
	e.Guard("start a new one", func() {
		e.Recovery.Clear()
		e.Model.Reset(rules.NewPosition(rules.Gold, 2, [64]rules.Piece{}), "")
	})
}

// Edit loads p from elsewhere (the viewer's "edit here") as a new unsaved
// position, after the guard.
func (e *Panel) Edit(p rules.Position, source string) {
	e.Guard("edit the position from "+source, func() {
		e.Model.Reset(p, "")
		e.Model.MarkDirty()
	})
}

// OpenDialog asks for a position file and loads it.
func (e *Panel) OpenDialog() {
	e.Guard("open another", func() { files.OpenWith(e.Dialogs, "Open position", []string{".ari", ".txt", ".pos"}, e.LoadFile) })
}

// LoadFile loads the position in path, replacing the current one without
// asking (callers guard).
func (e *Panel) LoadFile(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := e.Model.Load(bytes.NewReader(b), path); err != nil {
		return err
	}
	e.Recovery.Clear()
	if e.OnOpened != nil {
		e.OnOpened(path)
	}
	e.status("opened " + path)
	return nil
}

// Save writes to the file the position came from, or asks for one.
func (e *Panel) Save() { e.saveThen(nil) }

// saveThen saves the position to its file, or asks for one when it has
// none, and runs then (when not nil) once it is saved: not when saving
// fails or the user cancels the file dialog.
func (e *Panel) saveThen(then func()) {
	if e.Model.Path() == "" {
		e.saveAsThen(then)
		return
	}
	e.saveTo(e.Model.Path(), then)
}

func (e *Panel) saveTo(path string, then func()) {
	if err := e.SaveFile(path); err != nil {
		e.Dialogs.Error(err)
		return
	}
	if then != nil {
		then()
	}
}

// SaveAs asks for a file and writes the position to it.
func (e *Panel) SaveAs() { e.saveAsThen(nil) }

func (e *Panel) saveAsThen(then func()) {
	name := "position.ari"
	if e.Model.Path() != "" {
		name = filepath.Base(e.Model.Path())
	}
	e.Dialogs.Save("Save position", []string{".ari", ".txt"}, name, func(path string) { e.saveTo(path, then) })
}

// SaveFile writes the position to path atomically.
func (e *Panel) SaveFile(path string) error {
	if err := fsutil.WriteBytes(path, []byte(e.Model.Text(false))); err != nil {
		return fmt.Errorf("save position: %w", err)
	}
	e.Model.Saved(path)
	e.Recovery.Clear()
	if e.OnOpened != nil {
		e.OnOpened(path)
	}
	e.status("saved " + path)
	return nil
}

// Shortcut handles the editor's keys: Ctrl+Z, Ctrl+Y, Ctrl+C, Ctrl+V, Ctrl+S.
func (e *Panel) Shortcut(name string) bool {
	switch name {
	case "undo":
		e.Model.Undo()
	case "redo":
		e.Model.Redo()
	case "copy":
		e.Copy(false)
	case "paste":
		e.PasteClipboard()
	case "save":
		e.Save()
	default:
		return false
	}
	return true
}
