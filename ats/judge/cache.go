package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Cache keeps the teacher's verdicts in a file, so that a second run on
// the same positions asks the teacher only about moves it has not seen.
// Its first line names the teacher and its limits: a cache is only ever
// used with the teacher that filled it. It is safe for concurrent use; a
// nil *Cache keeps nothing.
type Cache struct {
	mu  sync.Mutex
	log *fsutil.LineLog
	m   map[string]Verdict
}

// errCacheTeacher is the error for a cache made by another teacher.
var errCacheTeacher = errors.New("the cache holds another teacher's scores")

// OpenCache opens the cache at path for the teacher named by teacher (its
// spec and limits, one line), creating it when missing, under its lock.
func OpenCache(path, teacher string) (*Cache, error) {
	log, data, err := fsutil.OpenLineLog(path)
	if err != nil {
		return nil, err
	}
	c := &Cache{log: log, m: map[string]Verdict{}}
	head := "# teacher: " + field(teacher) + "\n"
	if len(data) == 0 {
		err = log.Append(head)
	} else {
		err = c.parse(string(data), path, head)
	}
	if err != nil {
		log.Close()
		return nil, err
	}
	return c, nil
}

func (c *Cache) parse(text, path, head string) error {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if lines[0]+"\n" != head {
		return fmt.Errorf("%s:1: %w (%s), not this run's (%s)", path, errCacheTeacher,
			strings.TrimPrefix(lines[0], "# teacher: "), strings.TrimSpace(strings.TrimPrefix(head, "# teacher: ")))
	}
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return fmt.Errorf("%s:%d: %d columns, not 3 (key, score, best move)", path, i+2, len(f))
		}
		v, err := strconv.Atoi(f[1])
		if err != nil || v < -Decided || v > Decided {
			return fmt.Errorf("%s:%d: column 2: %q is not a score", path, i+2, f[1])
		}
		c.m[f[0]] = Verdict{Score: v, Best: f[2]}
	}
	return nil
}

// Len is the number of verdicts kept.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Get returns the verdict kept under k.
func (c *Cache) Get(k string) (Verdict, bool) {
	if c == nil {
		return Verdict{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// Put keeps v under k, in the file at once.
func (c *Cache) Put(k string, v Verdict) error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return nil
	}
	c.m[k] = v
	return c.log.Append(k + "\t" + strconv.Itoa(v.Score) + "\t" + field(v.Best) + "\n")
}

// Close closes the file.
func (c *Cache) Close() error {
	if c == nil {
		return nil
	}
	return c.log.Close()
}

// cacheKey names the position at the end of g with its history (the
// teacher's answer depends on which moves would repeat a position), and
// the move after ("" for none) that led to it from the position judged.
func cacheKey(g *rules.Game, after string) string {
	h := sha256.New()
	start := g.Start()
	fmt.Fprintf(h, "%s\n%s\n%s", records.FormatCompact(start), records.FormatMoveList(g), after)
	return hex.EncodeToString(h.Sum(nil)[:16])
}
