package gamedb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// TableSize is what one table of the database takes in its file, its
// indexes included.
type TableSize struct {
	Name  string
	Bytes int64
}

// tableSizes counts the pages of each table's b-trees (and of their
// overflow chains) by reading the file as SQLite's file format lays it
// out, read-only: SQLite itself tells this only when built with its
// dbstat table, which the driver is not by default. Pages still in the
// write-ahead log are not counted.
func (d *DB) tableSizes() ([]TableSize, error) {
	rows, err := d.db.Query(`SELECT tbl_name, rootpage FROM sqlite_schema WHERE rootpage > 0 ORDER BY rowid`)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	type root struct {
		table string
		page  uint32
	}
	var roots []root
	for rows.Next() {
		var r root
		if err := rows.Scan(&r.table, &r.page); err != nil {
			rows.Close()
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
		roots = append(roots, r)
	}
	rows.Close()
	f, err := os.Open(d.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pf, err := newPageFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	var out []TableSize
	at := map[string]int{}
	for _, r := range roots {
		n, err := pf.treePages(r.page)
		if err != nil {
			return nil, fmt.Errorf("%s: table %s: %w", d.path, r.table, err)
		}
		i, ok := at[r.table]
		if !ok {
			i = len(out)
			at[r.table] = i
			out = append(out, TableSize{Name: r.table})
		}
		out[i].Bytes += n * int64(pf.size)
	}
	return out, nil
}

// pageFile reads the pages of an SQLite database file.
type pageFile struct {
	f      *os.File
	size   int // page size
	usable int // page size less the reserved bytes
	pages  uint32
	buf    []byte
}

func newPageFile(f *os.File) (*pageFile, error) {
	var h [100]byte
	if _, err := f.ReadAt(h[:], 0); err != nil {
		return nil, err
	}
	size := int(binary.BigEndian.Uint16(h[16:]))
	if size == 1 {
		size = 65536
	}
	if size < 512 {
		return nil, errors.New("not an SQLite page size")
	}
	return &pageFile{f: f, size: size, usable: size - int(h[20]), pages: binary.BigEndian.Uint32(h[28:]), buf: make([]byte, size)}, nil
}

// page reads page n (from 1) and returns it with the offset of its b-tree
// header (100 on page 1, after the file's header).
func (pf *pageFile) page(n uint32) ([]byte, int, error) {
	if n < 1 || n > pf.pages {
		return nil, 0, fmt.Errorf("page %d out of the file's %d", n, pf.pages)
	}
	if _, err := pf.f.ReadAt(pf.buf, int64(n-1)*int64(pf.size)); err != nil {
		return nil, 0, err
	}
	if n == 1 {
		return pf.buf, 100, nil
	}
	return pf.buf, 0, nil
}

// treePages counts the pages of the b-tree at root, its overflow pages
// included.
func (pf *pageFile) treePages(root uint32) (int64, error) {
	var n int64
	stack := []uint32{root}
	for len(stack) > 0 {
		pg := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b, h, err := pf.page(pg)
		if err != nil {
			return n, err
		}
		n++
		kind := b[h]
		cells := int(binary.BigEndian.Uint16(b[h+3:]))
		switch kind {
		case 0x02, 0x05: // interior pages: the children
			stack = append(stack, binary.BigEndian.Uint32(b[h+8:]))
			for i := range cells {
				off := int(binary.BigEndian.Uint16(b[h+12+2*i:]))
				stack = append(stack, binary.BigEndian.Uint32(b[off:]))
			}
		case 0x0d, 0x0a: // leaves: the overflow pages of large cells
			for i := range cells {
				off := int(binary.BigEndian.Uint16(b[h+8+2*i:]))
				n += pf.overflowPages(int(sqliteVarint(b[off:])), kind == 0x0d)
			}
		default:
			return n, fmt.Errorf("page %d is not a b-tree page", pg)
		}
	}
	return n, nil
}

// overflowPages is how many overflow pages a cell of payload bytes takes,
// by the file format's rule for table leaves or index pages.
func (pf *pageFile) overflowPages(payload int, tableLeaf bool) int64 {
	u := pf.usable
	x := (u-12)*64/255 - 23
	if tableLeaf {
		x = u - 35
	}
	if payload <= x {
		return 0
	}
	m := (u-12)*32/255 - 23
	local := m + (payload-m)%(u-4)
	if local > x {
		local = m
	}
	return int64((payload - local + u - 5) / (u - 4))
}

// sqliteVarint reads SQLite's varint at the start of b: big-endian, 7
// bits a byte, the ninth byte whole.
func sqliteVarint(b []byte) uint64 {
	var v uint64
	for i := 0; i < 9 && i < len(b); i++ {
		if i == 8 {
			return v<<8 | uint64(b[i])
		}
		v = v<<7 | uint64(b[i]&0x7f)
		if b[i] < 0x80 {
			break
		}
	}
	return v
}
