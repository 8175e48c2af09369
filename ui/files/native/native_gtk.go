//go:build linux

package native

// #cgo LDFLAGS: -lX11 -ldl
// #include <X11/Xlib.h>
// #include <dlfcn.h>
// #include <stdlib.h>
//
// // GTK 3 is loaded with the first dialog, not linked: linked, its
// // libraries (GTK, GDK, Pango, Cairo, GIO and some sixty more) were
// // loaded and relocated at every start of the program, half of a
// // command-line tool's CPU. The few calls the dialogs make, and GTK's
// // constants they use (stable across GTK 3), are declared here.
// enum {
// 	ACTION_OPEN = 0, ACTION_SAVE = 1, ACTION_SELECT_FOLDER = 2,
// 	RESPONSE_ACCEPT = -3, RESPONSE_CANCEL = -6,
// };
// static struct {
// 	int (*init_check)(int *, char ***);
// 	void *(*chooser_dialog_new)(const char *, void *, int, const char *, ...);
// 	void *(*filter_new)(void);
// 	void (*filter_set_name)(void *, const char *);
// 	void (*filter_add_pattern)(void *, const char *);
// 	void (*add_filter)(void *, void *);
// 	void (*set_current_name)(void *, const char *);
// 	void (*set_do_overwrite_confirmation)(void *, int);
// 	int (*dialog_run)(void *);
// 	char *(*get_filename)(void *);
// 	void (*free_string)(void *);
// 	void (*widget_destroy)(void *);
// 	int (*events_pending)(void);
// 	int (*main_iteration)(void);
// } gtk;
// // load_gtk loads GTK 3 and finds its calls: 1 when all are there,
// // 0 when there is no GTK 3, -1 when a call is missing.
// static int load_gtk(void) {
// 	void *h = dlopen("libgtk-3.so.0", RTLD_NOW | RTLD_GLOBAL);
// 	if (h == NULL) {
// 		return 0;
// 	}
// 	struct { void **fn; const char *name; } calls[] = {
// 		{(void **)&gtk.init_check, "gtk_init_check"},
// 		{(void **)&gtk.chooser_dialog_new, "gtk_file_chooser_dialog_new"},
// 		{(void **)&gtk.filter_new, "gtk_file_filter_new"},
// 		{(void **)&gtk.filter_set_name, "gtk_file_filter_set_name"},
// 		{(void **)&gtk.filter_add_pattern, "gtk_file_filter_add_pattern"},
// 		{(void **)&gtk.add_filter, "gtk_file_chooser_add_filter"},
// 		{(void **)&gtk.set_current_name, "gtk_file_chooser_set_current_name"},
// 		{(void **)&gtk.set_do_overwrite_confirmation, "gtk_file_chooser_set_do_overwrite_confirmation"},
// 		{(void **)&gtk.dialog_run, "gtk_dialog_run"},
// 		{(void **)&gtk.get_filename, "gtk_file_chooser_get_filename"},
// 		{(void **)&gtk.free_string, "g_free"},
// 		{(void **)&gtk.widget_destroy, "gtk_widget_destroy"},
// 		{(void **)&gtk.events_pending, "gtk_events_pending"},
// 		{(void **)&gtk.main_iteration, "gtk_main_iteration"},
// 	};
// 	for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
// 		if ((*calls[i].fn = dlsym(h, calls[i].name)) == NULL) {
// 			return -1;
// 		}
// 	}
// 	return 1;
// }
// static int init_check(void) { return gtk.init_check(NULL, NULL); }
// static void *chooser(const char *title, int action, const char *accept) {
// 	return gtk.chooser_dialog_new(title, NULL, action, "_Cancel", RESPONSE_CANCEL, accept, RESPONSE_ACCEPT, NULL);
// }
// static void *filter_new(void) { return gtk.filter_new(); }
// static void filter_set_name(void *f, const char *name) { gtk.filter_set_name(f, name); }
// static void filter_add_pattern(void *f, const char *p) { gtk.filter_add_pattern(f, p); }
// static void add_filter(void *c, void *f) { gtk.add_filter(c, f); }
// static void set_current_name(void *c, const char *name) { gtk.set_current_name(c, name); }
// static void confirm_overwrite(void *c) { gtk.set_do_overwrite_confirmation(c, 1); }
// static int dialog_run(void *d) { return gtk.dialog_run(d); }
// static char *get_filename(void *c) { return gtk.get_filename(c); }
// static void free_string(void *p) { gtk.free_string(p); }
// static void widget_destroy(void *w) { gtk.widget_destroy(w); }
// static int events_pending(void) { return gtk.events_pending(); }
// static void main_iteration(void) { gtk.main_iteration(); }
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"unsafe"

	"arimaa-workbench/ui/files"
)

func init() {
	// Xlib's threads must be set up before any other Xlib call of the
	// process, the window's own (GLFW) included; it opens no connection.
	C.XInitThreads()
}

// errNoDisplay is the dialogs' error when GTK cannot start: the caller
// falls back to Fyne's dialogs.
var errNoDisplay = errors.New("the system's file dialogs cannot start: no display for GTK, or no GTK 3")

// gtkThread runs every GTK call on one locked OS thread, GTK's own, which
// starts with the first dialog: GTK is not safe to call from several
// threads, and starting it is left until a dialog is asked for so that
// the command-line tools never pay for it. The process has one GTK, so
// this is the process's one thread for it.
var gtkThread = struct {
	once  sync.Once
	ok    bool
	calls chan func()
}{calls: make(chan func())}

// What loadGTK finds.
const (
	gtkMissing     = 0  // no GTK 3 on the system
	gtkLoaded      = 1  // GTK 3 with every call the dialogs make
	gtkCallMissing = -1 // GTK 3 without one of them
)

// loadGTK loads GTK 3 and finds the calls the dialogs make. It connects to
// no display.
func loadGTK() int { return int(C.load_gtk()) }

// onGTK runs f on GTK's thread, starting GTK first when needed.
func onGTK(f func()) error {
	gtkThread.once.Do(func() {
		ready := make(chan bool)
		go func() {
			runtime.LockOSThread()
			ok := loadGTK() == gtkLoaded && C.init_check() != 0
			ready <- ok
			if !ok {
				return
			}
			for call := range gtkThread.calls {
				call()
			}
		}()
		gtkThread.ok = <-ready
	})
	if !gtkThread.ok {
		return errNoDisplay
	}
	done := make(chan struct{})
	gtkThread.calls <- func() {
		defer close(done)
		f()
	}
	<-done
	return nil
}

// choose asks with GTK's file chooser.
func choose(title string, a action, fs []filter, name string) (string, error) {
	var path string
	var accepted bool
	err := onGTK(func() { path, accepted = runChooser(title, a, fs, name) })
	switch {
	case err != nil:
		return "", err
	case !accepted:
		return "", files.ErrCancelled
	}
	return path, nil
}

// runChooser shows the file chooser and waits for the user's answer; on
// GTK's thread.
func runChooser(title string, a action, fs []filter, name string) (string, bool) {
	kind, accept := C.int(C.ACTION_OPEN), "_Open"
	switch a {
	case saveFile:
		kind, accept = C.ACTION_SAVE, "_Save"
	case openFolder:
		kind = C.ACTION_SELECT_FOLDER
	}
	var cs []*C.char
	cstr := func(s string) *C.char {
		c := C.CString(s)
		cs = append(cs, c)
		return c
	}
	defer func() {
		for _, c := range cs {
			C.free(unsafe.Pointer(c))
		}
	}()
	dlg := C.chooser(cstr(title), kind, cstr(accept))
	for _, f := range fs {
		ff := C.filter_new()
		C.filter_set_name(ff, cstr(f.desc))
		for _, e := range f.exts {
			pattern := "*." + e
			if e == "*" {
				pattern = "*" // names without a dot too
			}
			C.filter_add_pattern(ff, cstr(pattern))
		}
		C.add_filter(dlg, ff)
	}
	if name != "" {
		C.set_current_name(dlg, cstr(name))
	}
	C.confirm_overwrite(dlg)
	r := C.dialog_run(dlg)
	var path string
	if r == C.RESPONSE_ACCEPT {
		if p := C.get_filename(dlg); p != nil {
			path = C.GoString(p)
			C.free_string(unsafe.Pointer(p))
		}
	}
	C.widget_destroy(dlg)
	// Without a GTK main loop the dialog leaves the screen only once its
	// pending events are handled.
	for C.events_pending() != 0 {
		C.main_iteration()
	}
	return path, r == C.RESPONSE_ACCEPT && path != ""
}
