package ats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"arimaa-workbench/records"
)

// Suite is an ordered set of tests with unique names.
type Suite struct {
	Name  string
	Tests []*Test
}

// LoadSuite reads tests from each path: a folder (every .ats and .toml file
// in it and its subfolders, in name order; *.cfg files and the suite
// configuration ats.toml are skipped), a legacy .ats file or a TOML test
// file (with its includes). A file that cannot be read gives one error in
// the returned list, naming file, line and column, and the other files
// still load. A legacy file read with warnings loads, its warnings in the
// test's Warnings (and in Suite.Warnings). Tests are numbered from 1 in
// load order; a repeated name gets a "#2", "#3", ... suffix.
func LoadSuite(paths ...string) (*Suite, []error) {
	return LoadSuiteWith(LoadOptions{}, paths...)
}

// LoadSuiteFS is LoadSuite over a file system such as the workbench's
// bundled assets, with slash-separated paths as fs.FS uses.
func LoadSuiteFS(fsys fs.FS, paths ...string) (*Suite, []error) {
	return LoadSuiteWith(LoadOptions{FS: fsys}, paths...)
}

// LoadOptions say how LoadSuiteWith reads a suite.
type LoadOptions struct {
	// FS, when set, is the file system the paths are in (slash-separated,
	// as fs.FS uses); otherwise they name files of the operating system.
	FS fs.FS
	// Strict refuses what the original runner let pass: each warning of a
	// legacy file (Test.Warnings) becomes a load error, and the test is
	// left out. Composers checking their files want this.
	Strict bool
}

// LoadSuiteWith is LoadSuite with options.
func LoadSuiteWith(opts LoadOptions, paths ...string) (*Suite, []error) {
	l := loader{fsys: opts.FS, strict: opts.Strict, seen: map[string]bool{}, names: map[string]int{}}
	s := &Suite{}
	for _, p := range paths {
		l.load(p, s, true)
	}
	if s.Name == "" && len(paths) == 1 {
		base := l.base(paths[0])
		s.Name = strings.TrimSuffix(base, path.Ext(base))
	}
	return s, l.errs
}

// loader reads files from the operating system (fsys nil) or from fsys.
type loader struct {
	fsys   fs.FS
	strict bool
	seen   map[string]bool
	names  map[string]int
	errs   []error
}

func (l *loader) base(p string) string {
	if l.fsys != nil {
		return path.Base(p)
	}
	return filepath.Base(p)
}

func (l *loader) join(dir, rel string) string {
	if l.fsys != nil {
		if path.IsAbs(rel) {
			return strings.TrimPrefix(rel, "/")
		}
		return path.Join(path.Dir(dir), rel)
	}
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(filepath.Dir(dir), rel)
}

func (l *loader) key(p string) string {
	if l.fsys != nil {
		return path.Clean(p)
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

func (l *loader) stat(p string) (fs.FileInfo, error) {
	if l.fsys != nil {
		return fs.Stat(l.fsys, p)
	}
	return os.Stat(p)
}

func (l *loader) walk(root string, fn fs.WalkDirFunc) error {
	if l.fsys != nil {
		return fs.WalkDir(l.fsys, root, fn)
	}
	return filepath.WalkDir(root, fn)
}

func (l *loader) open(p string) (io.ReadCloser, error) {
	if l.fsys != nil {
		return l.fsys.Open(p)
	}
	return os.Open(p)
}

func (l *loader) add(s *Suite, t *Test) {
	base := t.Name
	l.names[base]++
	if n := l.names[base]; n > 1 {
		t.Name = base + "#" + strconv.Itoa(n)
	}
	t.Number = len(s.Tests) + 1
	s.Tests = append(s.Tests, t)
}

func (l *loader) load(p string, s *Suite, top bool) {
	k := l.key(p)
	if l.seen[k] {
		return
	}
	l.seen[k] = true
	info, err := l.stat(p)
	if err != nil {
		l.errs = append(l.errs, err)
		return
	}
	if info.IsDir() {
		var files []string
		err := l.walk(p, func(f string, d fs.DirEntry, err error) error {
			if err != nil {
				l.errs = append(l.errs, err)
				return nil
			}
			if d.IsDir() {
				return nil
			}
			switch strings.ToLower(path.Ext(d.Name())) {
			case ".ats":
				files = append(files, f)
			case ".toml":
				if !strings.EqualFold(d.Name(), "ats.toml") {
					files = append(files, f)
				}
			}
			return nil
		})
		if err != nil {
			l.errs = append(l.errs, err)
		}
		sort.Strings(files)
		for _, f := range files {
			l.load(f, s, false)
		}
		return
	}
	f, err := l.open(p)
	if err != nil {
		l.errs = append(l.errs, err)
		return
	}
	defer f.Close()
	if strings.EqualFold(path.Ext(l.base(p)), ".toml") {
		tf, err := ReadTOML(f, p)
		if tf == nil {
			l.errs = append(l.errs, err)
			return
		}
		l.errs = append(l.errs, tf.Errors...)
		if top && tf.Name != "" && s.Name == "" {
			s.Name = tf.Name
		}
		for _, t := range tf.Tests {
			l.add(s, t)
		}
		for _, inc := range tf.Include {
			l.load(l.join(p, inc), s, false)
		}
		return
	}
	t, err := ReadATS(f, p)
	if err != nil {
		l.errs = append(l.errs, err)
		return
	}
	if l.strict && len(t.Warnings) > 0 {
		for _, w := range t.Warnings {
			l.errs = append(l.errs, w.Strict())
		}
		return
	}
	l.add(s, t)
}

// Warnings returns the warnings of every test of s, in test order.
func (s *Suite) Warnings() []records.ParseWarning {
	var out []records.ParseWarning
	for _, t := range s.Tests {
		out = append(out, t.Warnings...)
	}
	return out
}

// ErrFilter is wrapped by the errors of ParseFilter.
var ErrFilter = errors.New("bad test filter")

// Filter selects tests by number, range of numbers, tag or name.
type Filter struct {
	items []filterItem
}

type filterItem struct {
	lo, hi int    // a number range when hi > 0
	tag    string // tag:NAME
	name   string // a name or a glob pattern over names
}

// ParseFilter reads a filter: items separated by commas or spaces, each a
// test number ("7"), a range ("3-9"), a tag ("tag:goal") or a name, where
// a name may be a pattern ("goal-*"). A test passes if it matches any
// item; the empty filter passes every test.
func ParseFilter(s string) (Filter, error) {
	var f Filter
	for _, it := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		switch {
		case strings.HasPrefix(it, "tag:"):
			if len(it) == 4 {
				return Filter{}, fmt.Errorf("%w: %q names no tag", ErrFilter, it)
			}
			f.items = append(f.items, filterItem{tag: it[4:]})
		case isNumber(it):
			n, _ := strconv.Atoi(it)
			f.items = append(f.items, filterItem{lo: n, hi: n})
		case strings.Count(it, "-") == 1 && isNumber(strings.Split(it, "-")[0]) && isNumber(strings.Split(it, "-")[1]):
			parts := strings.Split(it, "-")
			lo, _ := strconv.Atoi(parts[0])
			hi, _ := strconv.Atoi(parts[1])
			if lo < 1 || hi < lo {
				return Filter{}, fmt.Errorf("%w: range %q is empty", ErrFilter, it)
			}
			f.items = append(f.items, filterItem{lo: lo, hi: hi})
		default:
			if _, err := path.Match(it, ""); err != nil {
				return Filter{}, fmt.Errorf("%w: %q is not a valid name pattern", ErrFilter, it)
			}
			f.items = append(f.items, filterItem{name: it})
		}
	}
	return f, nil
}

func isNumber(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Match reports whether the filter selects t.
func (f Filter) Match(t *Test) bool {
	if len(f.items) == 0 {
		return true
	}
	for _, it := range f.items {
		switch {
		case it.hi > 0:
			if t.Number >= it.lo && t.Number <= it.hi {
				return true
			}
		case it.tag != "":
			if t.HasTag(it.tag) {
				return true
			}
		default:
			if ok, _ := path.Match(it.name, t.Name); ok || it.name == t.Name {
				return true
			}
		}
	}
	return false
}

// Select returns the tests of s the filter selects, in suite order.
func (f Filter) Select(s *Suite) []*Test {
	var out []*Test
	for _, t := range s.Tests {
		if f.Match(t) {
			out = append(out, t)
		}
	}
	return out
}
