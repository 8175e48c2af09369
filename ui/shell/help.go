package shell

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// KeyboardHelp is the text of Help > Keyboard and board marks, in
// Markdown: the keys of each panel and what the marks on the boards mean.
// The keys listed are the ones setKeys and the panels' TypedKey and
// Shortcut methods handle.
const KeyboardHelp = `## Everywhere

- **Ctrl+O**: open a position, game record or archive
- **Ctrl+S**: save the editor's position, or the viewer's game with its variations and comments
- **Ctrl+Z**: undo (an edit in the editor, a step of the move being entered in the viewer)
- **Ctrl+Y** or **Ctrl+Shift+Z**: redo
- **Ctrl+C** / **Ctrl+V**: copy / paste the editor's position; in the viewer Ctrl+C copies the position shown

On macOS, Cmd takes the place of Ctrl. A text field that has the focus takes these keys for its own text.

## Viewer

- **Left** / **Right**: previous / next move (a whole turn)
- **Up** / **Down**: previous / next step, the piece sliding
- **Home** / **End**: start / end of the line shown

The buttons above the board, left to right: start, previous move, previous step, next step, next move, end.
The arrow keys move by a whole turn; the arrow buttons by a step. A move entered where the game goes on
with another starts a variation (indented in the move list); the arrow up and the bin beside Finish turn
promote it to the main line or delete it. A tap on the game analysis graph goes to that position;
?? marks a blunder, with the engine's better move.

## Board marks

- **blue ring**: a frozen piece (shown with "frozen")
- **red ring**: a piece that can be captured next turn (shown with "in danger")
- **purple arrows**: a goal the side not to move threatens (shown with "goal threats")
- **blue arrows**: the last move, or the steps entered so far
- **green arrows**: the best move, a candidate, or the rest of the turn in a line; in the Engine panel the engine's best three moves, fainter and thinner with rank, each with its win ratio for the side to move at its end
- **bar beside the Engine panel's board**: Gold's win ratio, Gold's share in light gold from Gold's side, the figure printed on it
- **orange squares** (Engine panel): where the engine's first steps go, deeper orange for more visits of first steps to that square
- **yellow frame** and **green dots**: the piece selected and the squares it may step to
`

// ShowKeyboardHelp shows KeyboardHelp in a dialog over the window.
func (wb *Workbench) ShowKeyboardHelp() {
	text := widget.NewRichTextFromMarkdown(KeyboardHelp)
	text.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(text)
	d := dialog.NewCustom("Keyboard and board marks", "Close", scroll, wb.Window)
	// Tall enough for the viewer's keys without scrolling, and no taller
	// than the smallest window the workbench supports.
	d.Resize(fyne.NewSize(640, 560))
	d.Show()
}
