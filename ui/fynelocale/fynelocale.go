// Package fynelocale keeps Fyne from logging an error at every start on
// systems whose locale is C.UTF-8 or POSIX.UTF-8 (Debian's default, and what
// CI machines and containers run with): Fyne reads "C" as a language tag
// and complains on stderr, which also lands in every command-line tool's
// output. Importing this package for its side effect names English through
// $LANGUAGE in that case, which the C locale's own programs ignore.
//
// It imports nothing of Fyne, so Go's initialisation order (packages sorted
// by import path, each once its imports are ready) runs it before Fyne's
// language setup.
package fynelocale

import (
	"os"
	"strings"
)

func init() {
	if os.Getenv("LANGUAGE") != "" {
		return
	}
	loc := ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = os.Getenv(name); loc != "" {
			break
		}
	}
	if strings.HasPrefix(loc, "C.") || strings.HasPrefix(loc, "POSIX.") {
		os.Setenv("LANGUAGE", "en")
	}
}
