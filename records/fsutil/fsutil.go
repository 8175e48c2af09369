// Package fsutil writes files so that a reader, or the next start after a
// crash, sees either the old content or the new one and never half of it,
// and keeps two runs from writing one file at once (LockFile).
// It imports nothing of this module, so the rules core's neighbours, the
// records readers, the suite runner and the window can all use it.
package fsutil

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
)

// newFileMode is the mode of a file WriteFile creates: the usual mode of a
// saved document or report. os.CreateTemp makes files private (0600), which
// is wrong for output other programs read.
const newFileMode fs.FileMode = 0o644

// maxLinks bounds how many symbolic links WriteFile follows, as the
// kernel's own limit does, so a loop of links is an error, not a hang.
const maxLinks = 40

// WriteFile writes path with what write writes, atomically: it writes a
// temporary file in the target's folder, syncs it to disk, renames it over
// the target and syncs the folder, so the rename itself survives a crash.
//
// An existing target keeps its mode; a new file gets 0644. When path is a
// symbolic link, the file it points to is written and the link stays (a
// link to a file that does not exist yet creates that file). When write or
// any step fails, the temporary file is removed and the target is left as
// it was. write gets a buffered writer; WriteFile flushes it.
func WriteFile(path string, write func(io.Writer) error) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	mode := newFileMode
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// WriteBytes is WriteFile writing data, for callers that hold the whole
// file in memory.
func WriteBytes(path string, data []byte) error {
	return WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// CreateNew creates path, which must not exist, for writing, and syncs
// its folder, so that a crash after the caller has synced what it wrote
// does not lose the file's name. Files that grow by appending (a run's
// results, a match's games) start so.
func CreateNew(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, newFileMode)
	if err != nil {
		return nil, err
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return f, nil
}

// resolve follows path while it is a symbolic link and returns the file
// it finally names, which need not exist. filepath.EvalSymlinks would
// refuse a link to a missing file, which saving must create.
func resolve(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// syncDir makes a rename in dir durable. Windows cannot sync a folder
// (and makes renames durable itself), and some file systems refuse to;
// there the rename is as durable as the system makes it.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) {
		return nil
	}
	return err
}
