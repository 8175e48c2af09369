package engines

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/wheel"
)

// ParseOptions reads options written one per line as "name = value";
// blank lines and lines starting with # are skipped. An error names the
// line.
func ParseOptions(text string) ([]Option, error) {
	var out []Option
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, fmt.Errorf("%w: line %d: write an option as \"name = value\"", ErrOption, i+1)
		}
		out = append(out, Option{name, value})
	}
	return out, nil
}

// FormatOptions writes options the way ParseOptions reads them.
func FormatOptions(opts []Option) string {
	var b strings.Builder
	for _, o := range opts {
		fmt.Fprintf(&b, "%s = %s\n", o.Name, o.Value)
	}
	return b.String()
}

// Editor is the form that keeps the list of external engines: a list on
// the left, the selected engine's name, command line, folder and options on
// the right. Every change is saved to the settings file at once.
type Editor struct {
	path     string
	settings Settings
	current  string // name of the engine being edited, "" for a new one

	list    *widget.List
	name    *widget.Entry
	command *widget.Entry
	dir     *widget.Entry
	options *widget.Entry
	save    *widget.Button
	remove  *widget.Button
	status  *widget.Label
	content fyne.CanvasObject

	// OnChanged is called after each save with the new list.
	OnChanged func(Settings)
}

// NewEditor loads the settings at path and builds the editor. A file that
// cannot be read is reported in the editor and left untouched until the
// user saves.
func NewEditor(path string) *Editor {
	e := &Editor{path: path}
	e.list = widget.NewList(
		func() int { return len(e.settings.Engines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(e.settings.Engines) {
				o.(*widget.Label).SetText(e.settings.Engines[i].Name)
			}
		})
	e.list.OnSelected = func(i widget.ListItemID) {
		if i < len(e.settings.Engines) {
			e.show(e.settings.Engines[i])
		}
	}
	e.name = widget.NewEntry()
	e.name.PlaceHolder = "a name for the chooser"
	e.command = widget.NewEntry()
	e.command.PlaceHolder = "/path/to/engine --flags (quotes allowed)"
	e.dir = widget.NewEntry()
	e.dir.PlaceHolder = "working folder (optional)"
	e.options = widget.NewMultiLineEntry()
	e.options.PlaceHolder = "hash = 64\ndepth = 8"
	e.options.SetMinRowsVisible(4)
	e.status = widget.NewLabel("")
	e.status.Wrapping = fyne.TextWrapWord
	e.save = widget.NewButtonWithIcon("Save engine", theme.DocumentSaveIcon(), func() { e.Save() })
	e.save.Importance = widget.HighImportance
	e.remove = widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), func() { e.Remove() })
	add := widget.NewButtonWithIcon("New engine", theme.ContentAddIcon(), e.New)

	form := widget.NewForm(
		widget.NewFormItem("Name", e.name),
		widget.NewFormItem("Command", e.command),
		widget.NewFormItem("Folder", e.dir),
		widget.NewFormItem("Options", e.options),
	)
	title := widget.NewLabel("External AEI engines — " + path)
	title.TextStyle.Bold = true
	title.Truncation = fyne.TextTruncateEllipsis
	right := container.NewBorder(nil, container.NewVBox(container.NewHBox(e.save, e.remove), e.status), nil, nil, form)
	left := container.NewBorder(nil, add, nil, nil, wheel.List(e.list))
	split := container.NewHSplit(left, right)
	split.Offset = 0.3
	e.content = container.NewBorder(title, nil, nil, nil, split)

	s, err := Load(path)
	if err != nil {
		e.say(err.Error(), true)
	}
	e.settings = s
	e.New()
	if err != nil {
		e.say(err.Error(), true)
	}
	return e
}

// Content is the editor's root object.
func (e *Editor) Content() fyne.CanvasObject { return e.content }

// Settings returns the list as last saved.
func (e *Editor) Settings() Settings { return e.settings }

// New clears the form for a new engine.
func (e *Editor) New() {
	e.list.UnselectAll()
	e.show(Engine{})
}

func (e *Editor) show(en Engine) {
	e.current = en.Name
	e.name.SetText(en.Name)
	e.command.SetText(en.Command)
	e.dir.SetText(en.Dir)
	e.options.SetText(FormatOptions(en.Options))
	field.Enable(e.remove, en.Name != "")
	e.say("", false)
}

// Save puts the form's engine in the list and writes the file; it reports
// success, and shows what is wrong otherwise.
func (e *Editor) Save() bool {
	opts, err := ParseOptions(e.options.Text)
	if err != nil {
		e.say(err.Error(), true)
		return false
	}
	en := Engine{
		Name:    strings.TrimSpace(e.name.Text),
		Command: strings.TrimSpace(e.command.Text),
		Dir:     strings.TrimSpace(e.dir.Text),
		Options: opts,
	}
	next := Settings{Engines: append([]Engine(nil), e.settings.Engines...)}
	if en.Name != e.current {
		if _, taken := next.Find(en.Name); taken {
			e.say(fmt.Sprintf("%v: there is already an engine called %q", ErrDuplicate, en.Name), true)
			return false
		}
	}
	next.Put(e.current, en)
	if err := Save(e.path, next); err != nil {
		e.say(err.Error(), true)
		return false
	}
	e.settings = next
	e.current = en.Name
	e.list.Refresh()
	e.remove.Enable()
	e.say("Saved.", false)
	if e.OnChanged != nil {
		e.OnChanged(next)
	}
	return true
}

// Remove deletes the engine being edited and writes the file.
func (e *Editor) Remove() bool {
	next := Settings{Engines: append([]Engine(nil), e.settings.Engines...)}
	if !next.Remove(e.current) {
		e.say(errors.New("this engine is not saved yet").Error(), true)
		return false
	}
	if err := Save(e.path, next); err != nil {
		e.say(err.Error(), true)
		return false
	}
	e.settings = next
	e.list.Refresh()
	e.New()
	e.say("Removed.", false)
	if e.OnChanged != nil {
		e.OnChanged(next)
	}
	return true
}

func (e *Editor) say(msg string, bad bool) {
	e.status.Importance = widget.MediumImportance
	if bad {
		e.status.Importance = widget.DangerImportance
	}
	e.status.SetText(msg)
}
