package viewer

import (
	"bytes"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/board"
)

// What Copy puts on the clipboard.
const (
	CopyPosition = "position" // the cursor's position in the long format
	CopyCompact  = "compact"  // the cursor's position in the compact format
	CopyRecord   = "record"   // the game record, with variations and comments
)

// CopyText gives the text Copy puts on the clipboard for kind.
func (v *Panel) CopyText(kind string) (string, error) {
	switch kind {
	case CopyPosition:
		return records.FormatPosition(v.Model.Position()), nil
	case CopyCompact:
		return records.FormatCompact(v.Model.Position()), nil
	case CopyRecord:
		t, err := v.Model.Tree()
		if err != nil {
			return "", err
		}
		var b bytes.Buffer
		if err := records.WriteTree(&b, t); err != nil {
			return "", err
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("nothing to copy called %q", kind)
}

// Copy puts the position or the game record on the clipboard.
func (v *Panel) Copy(kind string) {
	text, err := v.CopyText(kind)
	if err != nil {
		v.Dialogs.Error(err)
		return
	}
	app := fyne.CurrentApp()
	if app == nil {
		return
	}
	app.Clipboard().SetContent(text)
	switch kind {
	case CopyRecord:
		v.status("game record copied")
	default:
		v.status(kind + " position copied")
	}
}

// SaveBoardPNG asks for a file and saves the board as shown (with the
// last move's arrows) as a PNG diagram.
func (v *Panel) SaveBoardPNG() {
	p := v.Model.Position()
	d := board.Diagram{Position: p, Size: 480, Flipped: v.Board.Flipped(),
		Overlays: board.Overlays{Selected: rules.NoSquare, LastMove: v.Model.Highlight()}}
	name := "board-" + strings.ReplaceAll(rules.TurnLabel(p.Turn(), p.Side()), " ", "") + ".png"
	v.Dialogs.Save("Save board as PNG", []string{".png"}, name, func(path string) {
		if err := board.WritePNG(path, d); err != nil {
			v.Dialogs.Error(err)
			return
		}
		v.status("board saved to " + path)
	})
}

// copyItems are the entries of the Copy menu.
func (v *Panel) copyItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Position (long)", func() { v.Copy(CopyPosition) }),
		fyne.NewMenuItem("Position (compact)", func() { v.Copy(CopyCompact) }),
		fyne.NewMenuItem("Game record", func() { v.Copy(CopyRecord) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Save board as PNG…", v.SaveBoardPNG),
	}
}
