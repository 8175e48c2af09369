package viewer

import (
	"bytes"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/tip"
)

// What Copy puts on the clipboard.
const (
	CopyPosition = "position" // the cursor's position in the long format
	CopyCompact  = "compact"  // the cursor's position in the compact format
	CopyRecord   = "record"   // the game record, with variations and comments
)

// CopyText gives the text the Copy menu puts on the clipboard for kind.
func (m *Model) CopyText(kind string) (string, error) {
	switch kind {
	case CopyPosition:
		return records.FormatPosition(m.Position()), nil
	case CopyCompact:
		return records.FormatCompact(m.Position()), nil
	case CopyRecord:
		t, err := m.Tree()
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

// copyMenu is the Copy menu: the position or the game record to the
// clipboard, or the board as a PNG file. Of the panel it uses the tree
// (Model), the board's orientation, the dialogs and status.
type copyMenu struct {
	v      *Panel
	button *tip.Button
}

func newCopyMenu(v *Panel) *copyMenu {
	c := &copyMenu{v: v}
	c.button = tip.NewMenuButton("", theme.ContentCopyIcon(), "Copy the position or the game record (Ctrl+C: the position), or save the board as a PNG", c.items)
	return c
}

// items are the entries of the menu.
func (c *copyMenu) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Position (long)", func() { c.copy(CopyPosition) }),
		fyne.NewMenuItem("Position (compact)", func() { c.copy(CopyCompact) }),
		fyne.NewMenuItem("Game record", func() { c.copy(CopyRecord) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Save board as PNG…", c.savePNG),
	}
}

// copy puts the position or the game record on the clipboard.
func (c *copyMenu) copy(kind string) {
	text, err := c.v.Model.CopyText(kind)
	if err != nil {
		c.v.Dialogs.Error(err)
		return
	}
	app := fyne.CurrentApp()
	if app == nil {
		return
	}
	app.Clipboard().SetContent(text)
	switch kind {
	case CopyRecord:
		c.v.status("game record copied")
	default:
		c.v.status(kind + " position copied")
	}
}

// savePNG asks for a file and saves the board as shown (with the last
// move's arrows) as a PNG diagram.
func (c *copyMenu) savePNG() {
	v := c.v
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
