package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hostileProfiles are profile files made to cost: each is broken, and
// each must be refused or read in well under a second and 100 MB.
func hostileProfiles() map[string][]byte {
	short := func(i int) string { return strconv.FormatInt(int64(i), 36) }
	var many, settings, deepTable strings.Builder
	many.WriteString("base = \"fide\"\n")
	for i := 0; many.Len() < MaxProfileBytes-16; i++ {
		fmt.Fprintf(&many, "k%s=1\n", short(i))
	}
	settings.WriteString("base = \"fide\"\n[settings]\n")
	for i := 0; settings.Len() < MaxProfileBytes-16; i++ {
		fmt.Fprintf(&settings, "s%s=\"x\"\n", short(i))
	}
	deepTable.WriteString("base = \"fide\"\n[settings." + strings.Repeat("n", 500_000) + "]\n")
	for i := 0; deepTable.Len() < MaxProfileBytes-16; i++ {
		fmt.Fprintf(&deepTable, "f%s=1\n", short(i))
	}
	return map[string][]byte{
		// One dotted key of 40,000 parts, 80 KB.
		"dotted.toml": []byte("base = \"fide\"\n" + strings.Repeat("a.", 39_999) + "a = 1\n"),
		// As many top-level keys as fit in the size limit.
		"keys.toml": []byte(many.String()),
		// As many unknown settings.
		"settings.toml": []byte(settings.String()),
		// Many keys under a table of a long name.
		"long-table.toml": []byte(deepTable.String()),
		// One unknown setting of a long name.
		"long-setting.toml": []byte("base = \"fide\"\n[settings]\n" + strings.Repeat("e", MaxProfileBytes-64) + " = \"x\"\n"),
		// The hostile file of the finding: 100,000 keys, over the limit.
		"over-limit.toml": func() []byte {
			var b strings.Builder
			b.WriteString("base = \"fide\"\n")
			for i := range 100_000 {
				fmt.Fprintf(&b, "k%d = 1\n", i)
			}
			return []byte(b.String())
		}(),
	}
}

// TestHostileProfilesCostLittle: each hostile file is refused with a
// ProfileError and little allocated. The time each takes is logged, not
// asserted (it says nothing on a loaded machine); a file that took
// without end would meet the test's deadline.
func TestHostileProfilesCostLittle(t *testing.T) {
	for name, data := range hostileProfiles() {
		t.Run(name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			p, err := ParseProfile(name, data)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatalf("a broken file read as profile %s", p.Name)
			}
			var pe *ProfileError
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *ProfileError: %.200v", err, err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100<<20 {
				t.Errorf("%d MB allocated, want under 100", alloc>>20)
			}
			t.Logf("%v, %d KB allocated: %.160s", took, (after.TotalAlloc-before.TotalAlloc)>>10, err.Error())
		})
	}
}

// A file over MaxProfileBytes is refused with the limit named, and is not
// read whole: /dev/zero ends at once. A file at the limit is read.
func TestProfileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	at := "base = \"fide\"\n" + strings.Repeat("#", MaxProfileBytes-15) + "\n"
	if len(at) != MaxProfileBytes {
		t.Fatalf("test file of %d bytes", len(at))
	}
	path := filepath.Join(dir, "at.toml")
	if err := os.WriteFile(path, []byte(at), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(path); err != nil {
		t.Errorf("a file of exactly the limit: %v", err)
	}
	over := filepath.Join(dir, "over.toml")
	if err := os.WriteFile(over, []byte(at+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{over}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files = append(files, "/dev/zero")
	}
	for _, f := range files {
		_, err := LoadFile(f)
		var pe *ProfileError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "1 MiB") {
			t.Errorf("%s: want a *ProfileError naming the 1 MiB limit, got %v", f, err)
		}
	}
	if _, err := ReadProfile("<stdin>", strings.NewReader(at+"\n")); err == nil || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("ReadProfile over the limit: %v", err)
	}
}

// The line index costs what the text costs, whatever the limits let
// through: a key of many parts, many keys under a table of a long name.
func TestIndexLinesIsLinear(t *testing.T) {
	long := strings.Repeat("n", 200_000)
	var under strings.Builder
	under.WriteString("[" + long + "]\n")
	for i := range 20_000 {
		fmt.Fprintf(&under, "f%d = 1\n", i)
	}
	cases := []struct {
		name string
		data string
		key  []string
		line int
	}{
		{"dotted", "x = 1\n" + strings.Repeat("a.", 39_999) + "a = 1\n", []string{"a", "a", "a"}, 2},
		{"under a long table", under.String(), []string{long, "f19999"}, 20_001},
		{"a quoted name with a dot", "x = 1\n\"a.b\" = 2\n", []string{"a.b"}, 2},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		kl := indexLines([]byte(c.data))
		runtime.ReadMemStats(&after)
		if got := kl.lookup(c.key); got != c.line {
			t.Errorf("%s: line %d, want %d", c.name, got, c.line)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: %d MB allocated for a %d KB text", c.name, alloc>>20, len(c.data)>>10)
		}
	}
}
