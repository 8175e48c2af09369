//go:build linux

package native

// #cgo pkg-config: gtk+-3.0
// #cgo LDFLAGS: -lX11
// #include <X11/Xlib.h>
// #include <gtk/gtk.h>
// #include <stdlib.h>
// static GtkWidget* chooser(const char *title, GtkFileChooserAction action, const char *accept) {
// 	return gtk_file_chooser_dialog_new(title, NULL, action, "_Cancel", GTK_RESPONSE_CANCEL, accept, GTK_RESPONSE_ACCEPT, NULL);
// }
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
var errNoDisplay = errors.New("the system's file dialogs cannot start: no display for GTK")

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

// onGTK runs f on GTK's thread, starting GTK first when needed.
func onGTK(f func()) error {
	gtkThread.once.Do(func() {
		ready := make(chan bool)
		go func() {
			runtime.LockOSThread()
			ok := C.gtk_init_check(nil, nil) == C.TRUE
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
	kind, accept := C.GtkFileChooserAction(C.GTK_FILE_CHOOSER_ACTION_OPEN), "_Open"
	switch a {
	case saveFile:
		kind, accept = C.GTK_FILE_CHOOSER_ACTION_SAVE, "_Save"
	case openFolder:
		kind = C.GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
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
	fc := (*C.GtkFileChooser)(unsafe.Pointer(dlg))
	for _, f := range fs {
		ff := C.gtk_file_filter_new()
		C.gtk_file_filter_set_name(ff, cstr(f.desc))
		for _, e := range f.exts {
			pattern := "*." + e
			if e == "*" {
				pattern = "*" // names without a dot too
			}
			C.gtk_file_filter_add_pattern(ff, cstr(pattern))
		}
		C.gtk_file_chooser_add_filter(fc, ff)
	}
	if name != "" {
		C.gtk_file_chooser_set_current_name(fc, cstr(name))
	}
	C.gtk_file_chooser_set_do_overwrite_confirmation(fc, C.TRUE)
	r := C.gtk_dialog_run((*C.GtkDialog)(unsafe.Pointer(dlg)))
	var path string
	if r == C.GTK_RESPONSE_ACCEPT {
		if p := C.gtk_file_chooser_get_filename(fc); p != nil {
			path = C.GoString(p)
			C.g_free(C.gpointer(unsafe.Pointer(p)))
		}
	}
	C.gtk_widget_destroy(dlg)
	// Without a GTK main loop the dialog leaves the screen only once its
	// pending events are handled.
	for C.gtk_events_pending() != 0 {
		C.gtk_main_iteration()
	}
	return path, r == C.GTK_RESPONSE_ACCEPT && path != ""
}
