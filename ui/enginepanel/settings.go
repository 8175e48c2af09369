package enginepanel

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/field"
)

// ConfigStore holds the builtin engine's configuration for the workbench:
// the settings form edits it, each analysis and suite run takes a copy, and
// it is kept in a TOML file (see config.Load) between sessions.
type ConfigStore struct {
	mu   sync.Mutex
	cfg  config.Config
	path string
}

// DefaultConfigPath is the builtin engine's configuration file:
// engine.toml in the workbench's configuration folder (ats.ConfigDir).
func DefaultConfigPath() (string, error) { return ats.ConfigPath("engine.toml") }

// NewConfigStore reads the configuration at path; a missing file gives the
// defaults. path "" keeps the configuration in memory only.
func NewConfigStore(path string) (*ConfigStore, error) {
	s := &ConfigStore{cfg: config.Default(), path: path}
	if path == "" {
		return s, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	defer f.Close()
	c, err := config.Load(f, path)
	if err != nil {
		return s, err
	}
	s.cfg = c
	return s, nil
}

// Path is the file the store saves to.
func (s *ConfigStore) Path() string { return s.path }

// Get returns a copy of the configuration.
func (s *ConfigStore) Get() config.Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.cfg)
}

// clone copies c deeply (its lists included) by writing and reading it.
func clone(c config.Config) config.Config {
	var b bytes.Buffer
	if err := c.WriteTOML(&b); err != nil {
		return c
	}
	out, err := config.Load(&b, "copy")
	if err != nil {
		return c
	}
	return out
}

// Apply sets every key of values, all or none: when any value is refused or
// the result does not validate, the configuration is left unchanged and the
// errors (each naming its key) are returned.
func (s *ConfigStore) Apply(values map[string]string) []error {
	s.mu.Lock()
	next := clone(s.cfg)
	s.mu.Unlock()
	var errs []error
	for _, k := range next.Keys() {
		v, ok := values[k.Name]
		if !ok || v == k.Value {
			continue
		}
		if err := next.Set(k.Name, v); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := next.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	s.mu.Lock()
	s.cfg = next
	s.mu.Unlock()
	return nil
}

// Reset returns to the default configuration.
func (s *ConfigStore) Reset() {
	s.mu.Lock()
	s.cfg = config.Default()
	s.mu.Unlock()
}

// Save writes the configuration to its file atomically.
func (s *ConfigStore) Save() error {
	if s.path == "" {
		return errors.New("this configuration has no file")
	}
	var b bytes.Buffer
	cfg := s.Get()
	if err := cfg.WriteTOML(&b); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	return fsutil.WriteBytes(s.path, b.Bytes())
}

// ConfigForm edits a ConfigStore: one field per key, grouped by table, with
// each key's comment and range under its field.
type ConfigForm struct {
	// OnApplied, when set, is called after the store's configuration
	// changed through the form (Apply, Save, Defaults).
	OnApplied func()

	store   *ConfigStore
	fields  map[string]fieldWidget
	status  *widget.Label
	content fyne.CanvasObject
}

// fieldWidget reads and writes one key's text.
type fieldWidget struct {
	get func() string
	set func(string)
}

// NewConfigForm builds the form over store.
func NewConfigForm(store *ConfigStore) *ConfigForm {
	f := &ConfigForm{store: store, fields: map[string]fieldWidget{}}
	cfg := store.Get()
	// Each table's keys in two columns: the key's name, and its field over
	// its explanation and range, wrapped to the width there is. A form is
	// made once with all its rows: adding them one by one lays the
	// wrapped explanations out again at each row.
	var sections []string
	rows := map[string][]fyne.CanvasObject{}
	for _, k := range cfg.Keys() {
		section, name, _ := strings.Cut(k.Name, ".")
		if rows[section] == nil {
			sections = append(sections, section)
		}
		var obj fyne.CanvasObject
		if k.Type == "bool" {
			c := widget.NewCheck("", nil)
			c.SetChecked(k.Value == "true")
			f.fields[k.Name] = fieldWidget{
				get: func() string { return fmt.Sprint(c.Checked) },
				set: func(v string) { c.SetChecked(v == "true") },
			}
			obj = c
		} else {
			e := widget.NewEntry()
			if k.Type == "list" {
				e = widget.NewMultiLineEntry()
				e.Wrapping = fyne.TextWrapWord
			}
			e.SetText(k.Value)
			f.fields[k.Name] = fieldWidget{get: func() string { return e.Text }, set: e.SetText}
			obj = e
		}
		help := k.Doc
		if k.Range != "" {
			help += " Range " + strings.Replace(k.Range, ",", " to ", 1) + "."
		}
		label := widget.NewLabel(name)
		label.TextStyle.Bold = true
		hint := widget.NewLabel(help)
		hint.Wrapping = fyne.TextWrapWord
		hint.Importance = widget.LowImportance
		hint.SizeName = theme.SizeNameCaptionText
		rows[section] = append(rows[section], label, container.New(layout.NewCustomPaddedVBoxLayout(0), obj, hint))
	}
	items := make([]*widget.AccordionItem, len(sections))
	for i, s := range sections {
		items[i] = widget.NewAccordionItem("["+s+"]", container.New(layout.NewFormLayout(), rows[s]...))
	}
	acc := widget.NewAccordion(items...)

	f.status = widget.NewLabel("")
	f.status.Wrapping = fyne.TextWrapWord
	f.status.Hide()
	apply := widget.NewButtonWithIcon("Apply", theme.ConfirmIcon(), func() { f.Apply() })
	apply.Importance = widget.HighImportance
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), func() {
		if f.Apply() {
			if err := store.Save(); err != nil {
				f.say(err.Error(), true)
			} else {
				f.say("Applied and saved to "+store.Path()+".", false)
			}
		}
	})
	if store.Path() == "" {
		save.Disable()
	}
	revert := widget.NewButtonWithIcon("Revert", theme.ContentUndoIcon(), f.Load)
	defaults := widget.NewButtonWithIcon("Defaults", theme.HistoryIcon(), func() {
		store.Reset()
		f.Load()
		f.applied()
		f.say("Default configuration restored (not saved yet).", false)
	})
	title := widget.NewLabel("Builtin engine configuration — applies to the next analysis or suite run")
	title.TextStyle.Bold = true
	title.Wrapping = fyne.TextWrapWord
	bar := container.NewVBox(title, container.NewHBox(apply, save, revert, defaults), f.status)
	// The explanations wrap, so the form scrolls only up and down.
	f.content = container.NewBorder(bar, nil, nil, nil, container.New(&openLater{acc: acc}, field.VScroll(acc)))
	return f
}

// openLater opens the accordion's first table when the form is first laid
// out at a real width: opened at once, its wrapped explanations were laid
// out word by word at no width, which took most of the time the whole
// window took to build.
type openLater struct {
	acc    *widget.Accordion
	opened bool
}

func (l *openLater) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
	if !l.opened && size.Width > 0 && len(l.acc.Items) > 0 {
		l.opened = true
		l.acc.Open(0)
		// The scroll sizes its content again to the opened table.
		for _, o := range objs {
			o.Refresh()
		}
	}
}

func (l *openLater) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// Content is the form's root object.
func (f *ConfigForm) Content() fyne.CanvasObject { return f.content }

// Load shows the store's current values.
func (f *ConfigForm) Load() {
	cfg := f.store.Get()
	for _, k := range cfg.Keys() {
		if w, ok := f.fields[k.Name]; ok {
			w.set(k.Value)
		}
	}
	f.say("", false)
}

// Apply puts the form's values into the store; it reports success, and
// shows the errors otherwise.
func (f *ConfigForm) Apply() bool {
	values := make(map[string]string, len(f.fields))
	for k, w := range f.fields {
		values[k] = strings.TrimSpace(w.get())
	}
	if errs := f.store.Apply(values); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		f.say(strings.Join(msgs, "\n"), true)
		return false
	}
	f.Load()
	f.say("Applied.", false)
	f.applied()
	return true
}

func (f *ConfigForm) applied() {
	if f.OnApplied != nil {
		f.OnApplied()
	}
}

func (f *ConfigForm) say(msg string, bad bool) {
	f.status.Importance = widget.MediumImportance
	if bad {
		f.status.Importance = widget.DangerImportance
	}
	f.status.SetText(msg)
	// An empty line would only take room from the fields.
	if msg == "" {
		f.status.Hide()
	} else {
		f.status.Show()
	}
}
